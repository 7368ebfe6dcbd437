package kingulu_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/internal/testenv"
)

// TestRandomGames runs the shared random-game invariants: 10,000 games of
// the default rules and a few thousand of other option sets.
func TestRandomGames(t *testing.T) {
	n, m := 10000, 2000
	if testenv.Short() {
		n, m = 1000, 200
	}
	enginetest.RandomGames(t, engine.MustParse("kingulu"), n, 1)
	for i, rs := range []string{
		"kingulu:infinite=draw",
		"kingulu:lap_limit=20",
		"kingulu:penultimate=origin,min_lift=2",
		"kingulu:penultimate=never,first_lap_rule=off",
		"kingulu:skip_origin=on,first=north",
		"kingulu:holes=3,seeds=12,skip_origin=on",
		"kingulu:holes=12,seeds=12,first_lap_rule=off,max_plies=300",
		"kingulu:holes=4,seeds=1",
		"kingulu:max_plies=10",
		"kingulu:max_reserved=0,lap_limit=20000",
		"kingulu:max_reserved=1,penultimate=never,skip_origin=on",
		"kingulu:max_reserved=2,holes=8,seeds=3,lap_limit=10000",
	} {
		enginetest.RandomGames(t, engine.MustParse(rs), m, uint64(i+2))
	}
}

// TestMaxReservedRandom: in random games no player ever holds more
// reserved holes than max_reserved, a hole becomes reserved exactly when
// MoveInfo.Reserved says so (one hole, by the mover, in the opponent's
// row), and a reservation never counts as a capture.
func TestMaxReservedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		rs  string
		max int
	}{{"kingulu:max_reserved=0", 0}, {"kingulu:max_reserved=1", 1}, {"kingulu:max_reserved=2,penultimate=origin", 2}, {"kingulu", 6}} {
		g := engine.MustParse(c.rs)
		reached := 0
		for game := 0; game < 2000; game++ {
			s := g.NewState().(*kingulu.State)
			var buf []engine.Move
			for !s.Over() {
				before := s.Position()
				mover := s.Player()
				buf = s.Candidates(buf[:0])
				info, err := s.Apply(buf[rng.IntN(len(buf))])
				if err != nil {
					continue
				}
				after := s.Position()
				var held [2]int
				newly := 0
				for pl := 0; pl < 2; pl++ {
					for i := 0; i < 6; i++ {
						if after.Reserved[pl][i] {
							held[1-pl]++ // a reserved hole belongs to the player across
						}
						if after.Reserved[pl][i] && !before.Reserved[pl][i] {
							newly++
							if engine.Player(pl) != mover.Other() {
								t.Fatalf("%s: %v reserved its own hole %d", c.rs, mover, i)
							}
						}
					}
				}
				if held[0] > c.max || held[1] > c.max {
					t.Fatalf("%s: players hold %v reserved holes\n%s", c.rs, held, s)
				}
				if held[mover] == c.max && c.max > 0 {
					reached++
				}
				if (newly == 1) != info.Reserved || newly > 1 {
					t.Fatalf("%s: %d holes newly reserved, info %+v\n%s", c.rs, newly, info, s)
				}
				if info.Reserved && info.Captures != 0 {
					t.Fatalf("%s: a reservation counted as a capture: %+v", c.rs, info)
				}
			}
		}
		if c.max > 0 && c.max < 6 && reached == 0 {
			t.Errorf("%s: no player ever reached max_reserved", c.rs)
		}
	}
}

// TestNoAllocs: Candidates and Apply do not allocate.
func TestNoAllocs(t *testing.T) {
	for _, rs := range []string{"kingulu", "kingulu:infinite=draw,skip_origin=on", "kingulu:holes=12,seeds=12,first_lap_rule=off"} {
		enginetest.NoAllocs(t, engine.MustParse(rs))
	}
	// Also the never-ending detection and Legal.
	s := stateAt(t, "kingulu", "3 1 2 0 1 0 / 1 10 1 11 2 1 / 13 2", N)
	spare := s.Clone()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	allocs := testing.AllocsPerRun(5, func() {
		spare.CopyFrom(s)
		buf = spare.Legal(buf[:0])
		spare.Apply(5)
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per never-ending check", allocs)
	}
	var _ engine.State = (*kingulu.State)(nil)
}

// TestHashAndRepeat: the hash covers the player to move, banks and
// reservations; repeated positions are reported.
func TestHashAndRepeat(t *testing.T) {
	a := stateAt(t, "kingulu", "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", S)
	b := stateAt(t, "kingulu", "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", N)
	c := stateAt(t, "kingulu", "0 0 0 0 0 1 / 1 0 0 2 0 0 / 1 0", S)
	d := stateAt(t, "kingulu", "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 1", S)
	e := stateAt(t, "kingulu", "0 0 0 0 0 [1] / 1 0 0 2 0 0 / 0 0", S)
	seen := map[uint64]bool{}
	for _, s := range []*kingulu.State{a, b, c, d, e} {
		if seen[s.Hash()] {
			t.Errorf("hash collision:\n%s", s)
		}
		seen[s.Hash()] = true
	}
	// FirstRepeatPly against a map of whole positions.
	rng := rand.New(rand.NewPCG(5, 5))
	repeats := 0
	for i := 0; i < 3000; i++ {
		g := engine.MustParse([]string{"kingulu", "kingulu:holes=3,seeds=1", "kingulu:holes=3,seeds=2,first_lap_rule=off", "kingulu:holes=4,seeds=1,min_lift=2"}[i%4])
		s := g.NewState().(*kingulu.State)
		type key struct {
			p  kingulu.Position
			pl engine.Player
		}
		seen := map[key]bool{{s.Position(), s.Player()}: true}
		first := -1
		for !s.Over() {
			cands := s.Candidates(nil)
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil {
				continue
			}
			k := key{s.Position(), s.Player()}
			if seen[k] && first < 0 {
				first = s.Ply()
			}
			seen[k] = true
		}
		if s.FirstRepeatPly() != first {
			t.Fatalf("game %d: FirstRepeatPly %d, want %d", i, s.FirstRepeatPly(), first)
		}
		if first >= 0 {
			repeats++
		}
	}
	if repeats == 0 {
		t.Error("no game repeated a position")
	}
	t.Logf("%d of 3000 games repeated a position", repeats)
}
