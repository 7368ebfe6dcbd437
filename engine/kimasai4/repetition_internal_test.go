package kimasai4

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestNoCycles checks, over every position of the 4- and 5-hole boards,
// that no sequence of steps without a capture leads back to a position:
// the graph of capture-free steps has no cycle. Captures are irreversible
// (stones only leave the board), so no position of a kimasai-four-rows
// game can ever repeat, and the repetition option never fires in play (the
// package doc gives the proof for every board size). The repetition
// readings are tested below by planting earlier occurrences in the
// history.
//
// The rules are symmetric in player-relative numbering, so a position is
// the pair (mover's bitboard, opponent's bitboard), and a step leads from
// (me, op) to (op, me').
func TestNoCycles(t *testing.T) {
	for _, n := range []int{4, 5} {
		g := engine.MustParse("kimasai-four-rows:holes=" + string(rune('0'+n))).(*Game)
		bitsPer := uint(2 * n)
		states := 1 << (2 * bitsPer)
		color := make([]uint8, states) // 0 unseen, 1 on the DFS path, 2 done
		type frame struct {
			me, op uint32
			cand   uint32 // candidates not yet explored
		}
		var stack []frame
		key := func(me, op uint32) int { return int(me)<<bitsPer | int(op) }
		edges := 0
		for root := 0; root < states; root++ {
			if color[root] != 0 {
				continue
			}
			me, op := uint32(root>>bitsPer), uint32(root)&g.full
			color[root] = 1
			stack = append(stack[:0], frame{me, op, g.candidates(me)})
			for len(stack) > 0 {
				f := &stack[len(stack)-1]
				if f.cand == 0 {
					color[key(f.me, f.op)] = 2
					stack = stack[:len(stack)-1]
					continue
				}
				from := uint32(0)
				for f.cand&(1<<from) == 0 {
					from++
				}
				f.cand &^= 1 << from
				if f.me == 0 || f.op == 0 {
					continue // the game is over here
				}
				me2, op2, taken := g.step(f.me, f.op, from)
				if taken != 0 {
					continue
				}
				edges++
				k := key(op2, me2)
				switch color[k] {
				case 1:
					t.Fatalf("holes=%d: cycle through mover %b opponent %b", n, op2, me2)
				case 0:
					color[k] = 1
					stack = append(stack, frame{op2, me2, g.candidates(op2)})
				}
			}
		}
		if edges == 0 {
			t.Fatalf("holes=%d: no capture-free step explored", n)
		}
	}
}

// planted returns a state of rs at the hand-built position d (holes=4)
// whose history already holds the position after South's step from hole 1
// k times, as if it had occurred earlier in the game.
func planted(t *testing.T, rs string, k int) *State {
	t.Helper()
	g := engine.MustParse(rs)
	g.(*Game).trackAll = true
	p, err := ParseDiagram(g, `
1 1 1 0
0 0 1 1
0 0 1 1
1 1 1 0`)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewStateAt(g, p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	probe := s.Clone()
	if info, err := probe.Apply(1); err != nil || info.Captures != 0 {
		t.Fatalf("probe: %v %+v", err, info)
	}
	for i := 0; i < k; i++ {
		s.Track.Plant(probe.Hash())
	}
	return s
}

// TestRepetitionReadings: each reading of the repetition rule, with the
// position reached by a move already seen k times before (the history
// planted, with trackAll on, since no position can recur in play).
func TestRepetitionReadings(t *testing.T) {
	cases := []struct {
		rep       string
		k         int // earlier occurrences
		over      bool
		firstRep  int
		countsAll bool
	}{
		{"first", 0, false, -1, false},
		{"first", 1, true, 1, false}, // second occurrence: drawn
		{"third", 1, false, 1, true}, // second occurrence: goes on, first repeat noted
		{"third", 2, true, 1, true},  // third occurrence: drawn
		{"none", 1, false, 1, false}, // never drawn
		{"none", 5, false, 1, false},
	}
	for i, c := range cases {
		rs := "kimasai-four-rows:holes=4,repetition=" + c.rep
		s := planted(t, rs, c.k)
		if _, err := s.Apply(1); err != nil {
			t.Fatal(err)
		}
		if s.Over() != c.over || s.FirstRepeatPly() != c.firstRep {
			t.Errorf("case %d %s, %d earlier: over %v first repeat %d", i, rs, c.k, s.Over(), s.FirstRepeatPly())
		}
		if c.over && (s.Result() != engine.Draw || s.EndReason() != engine.Repetition) {
			t.Errorf("case %d: result %v reason %v", i, s.Result(), s.EndReason())
		}
		if !c.over && (s.Result() != engine.Ongoing || len(s.Candidates(nil)) == 0) {
			t.Errorf("case %d: result %v", i, s.Result())
		}
		if s.Track.CountsAll() != c.countsAll {
			t.Errorf("case %d: CountAll %v", i, s.Track.CountsAll())
		}
	}
	// repetition=none: after a repeat the game goes on to max_plies.
	s := planted(t, "kimasai-four-rows:holes=4,repetition=none,max_plies=3", 1)
	for !s.Over() {
		s.Apply(s.Candidates(nil)[0])
	}
	if s.Result() != engine.Unfinished || s.EndReason() != engine.MaxPlies || s.FirstRepeatPly() != 1 || s.Ply() != 3 {
		t.Errorf("none: result %v reason %v first repeat %d ply %d", s.Result(), s.EndReason(), s.FirstRepeatPly(), s.Ply())
	}
	// A capture resets the history (earlier positions can never recur).
	s = planted(t, "kimasai-four-rows:holes=4,repetition=third", 1)
	for ply := 0; !s.Over(); ply++ {
		n := s.Track.HistoryLen()
		info, err := s.Apply(s.Candidates(nil)[0])
		if err != nil {
			t.Fatal(err)
		}
		if info.Captures == 0 && s.Track.HistoryLen() != n+1 {
			t.Errorf("ply %d: history %d -> %d without a capture", ply, n, s.Track.HistoryLen())
		}
		if info.Captures != 0 && s.Track.HistoryLen() != 1 {
			t.Errorf("ply %d: history %d after a capture", ply, s.Track.HistoryLen())
		}
	}
}

// TestTrackAll plays random games with every position recorded (trackAll)
// and checks that none repeats, and that the games are the same as with
// the default recording (every step irreversible).
func TestTrackAll(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows", "kimasai-four-rows:repetition=third,holes=4",
		"kimasai-four-rows:holes=7,empty_start=right", "kimasai-four-rows:holes=16,first=north"} {
		fast := engine.MustParse(rs)
		full := engine.MustParse(rs)
		full.(*Game).trackAll = true
		rngA := rand.New(rand.NewPCG(3, 4))
		rngB := rand.New(rand.NewPCG(3, 4))
		a, b := fast.NewState(), full.NewState()
		var ms []engine.Move
		for game := 0; game < 3000; game++ {
			a.CopyFrom(fast.NewState())
			b.CopyFrom(full.NewState())
			for !a.Over() {
				ms = a.Candidates(ms[:0])
				a.Apply(ms[rngA.IntN(len(ms))])
				ms = b.Candidates(ms[:0])
				b.Apply(ms[rngB.IntN(len(ms))])
			}
			if !b.Over() || a.Hash() != b.Hash() || a.Ply() != b.Ply() || a.Result() != b.Result() || a.EndReason() != b.EndReason() {
				t.Fatalf("%s game %d: games differ:\n%s\n%s", rs, game, a, b)
			}
			if b.FirstRepeatPly() != -1 || a.FirstRepeatPly() != -1 {
				t.Fatalf("%s game %d: a position repeated at ply %d:\n%s", rs, game, b.FirstRepeatPly(), b)
			}
		}
	}
}

// TestCheckCatches makes sure Check reports broken invariants.
func TestCheckCatches(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows")
	breakers := map[string]func(s *State){
		"hash":         func(s *State) { s.hash ^= 1 },
		"conservation": func(s *State) { s.pos.Stones[engine.North] &^= 1 },
		"lost":         func(s *State) { s.lost[engine.South]++ },
		"off board":    func(s *State) { s.pos.Stones[engine.South] |= 1 << 30 },
		"candidates":   func(s *State) { s.cand |= 1 },
	}
	for name, breakIt := range breakers {
		s := g.NewState().(*State)
		if err := s.Check(); err != nil {
			t.Fatalf("%s: fresh state: %v", name, err)
		}
		breakIt(s)
		if err := s.Check(); err == nil {
			t.Errorf("%s: Check did not notice", name)
		}
	}
}
