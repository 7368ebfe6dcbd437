package kimasai2

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestFirstRepeatPlyAgainstAllPositions plays random games and compares
// FirstRepeatPly with a map of every position of the game (the board as
// drawn plus the player to move, so hash collisions cannot hide a miss).
// Raids are not irreversible: positions can repeat across them.
func TestFirstRepeatPlyAgainstAllPositions(t *testing.T) {
	repeats, acrossRaid := 0, 0
	for _, rs := range []string{"kimasai-two-rows:holes=4,reserve=0,lap_limit=5000,max_plies=300",
		"kimasai-two-rows:holes=4,reserve=2,lap_limit=5000,max_plies=300",
		"kimasai-two-rows:lap_limit=5000,max_plies=400"} {
		g := engine.MustParse(rs)
		rng := rand.New(rand.NewPCG(5, 6))
		for game := 0; game < 400; game++ {
			s := g.NewState()
			seen := map[string]int{key(s): 0}
			want := -1
			lastRaid := map[string]bool{}
			var buf []engine.Move
			for !s.Over() {
				buf = s.Candidates(buf[:0])
				info, err := s.Apply(buf[rng.IntN(len(buf))])
				if errors.Is(err, engine.ErrNeverEnding) {
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				if info.Captures > 0 {
					for k := range lastRaid {
						lastRaid[k] = true
					}
				}
				k := key(s)
				if _, ok := seen[k]; ok && want < 0 {
					want = s.Ply()
					if lastRaid[k] {
						acrossRaid++
					}
				}
				if _, ok := seen[k]; !ok {
					seen[k] = s.Ply()
					lastRaid[k] = false
				}
			}
			if got := s.FirstRepeatPly(); got != want {
				t.Fatalf("%s game %d: FirstRepeatPly %d, want %d", rs, game, got, want)
			}
			if want >= 0 {
				repeats++
			}
		}
	}
	// Random play rarely repeats a whole position here; the map check still
	// guards against false repeats. TestRaidKeepsHistory covers raids.
	t.Logf("%d games with a repeated position, %d of them across a raid", repeats, acrossRaid)
}

// TestRaidKeepsHistory checks that a raid does not reset the repetition
// history: the opponent can raid the cows back later, so positions before
// a raid can recur and must stay recorded.
func TestRaidKeepsHistory(t *testing.T) {
	g := engine.MustParse("kimasai-two-rows:reserve=0,lap_limit=5000")
	rng := rand.New(rand.NewPCG(1, 1))
	raids := 0
	for game := 0; game < 50 && raids < 20; game++ {
		s := g.NewState().(*State)
		var buf []engine.Move
		for !s.Over() && s.FirstRepeatPly() < 0 {
			before := s.Track.HistoryLen()
			buf = s.Candidates(buf[:0])
			info, err := s.Apply(buf[rng.IntN(len(buf))])
			if err != nil {
				continue
			}
			if info.Captures > 0 {
				raids++
				if s.Track.HistoryLen() != before+1 {
					t.Fatalf("game %d ply %d: history %d after a raid, want %d", game, s.Ply(), s.Track.HistoryLen(), before+1)
				}
			}
		}
	}
	if raids == 0 {
		t.Fatal("no raid met")
	}
}

func key(s engine.State) string { return fmt.Sprintf("%d|%s", s.Player(), boardOnly(s.String())) }

// boardOnly drops the first line of String (it carries the ply number).
func boardOnly(text string) string {
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			return text[i+1:]
		}
	}
	return text
}
