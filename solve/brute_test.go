package solve_test

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// brute is a plain depth-first minimax over the positions reachable from
// a start, through the engine API only (Candidates, Apply, Hash): the
// independent reference for the retrograde solver on acyclic boards. It
// memoises values by position hash and finds cycles by the grey/black
// colouring of depth-first search.
type brute struct {
	val    map[uint64]int
	grey   map[uint64]bool
	cyclic bool
}

func nodeHash(s engine.State) uint64 {
	if s.Over() && s.Result() != engine.Unfinished {
		return s.Hash() ^ 0x5bd1e9955bd1e995 // a terminal position is a node of its own
	}
	return s.Hash()
}

func (b *brute) value(s engine.State) int {
	h := nodeHash(s)
	if v, ok := b.val[h]; ok {
		return v
	}
	if b.grey[h] {
		b.cyclic = true
		return 0
	}
	if s.Over() && s.Result() != engine.Unfinished {
		b.val[h] = solve.Margin(s)
		return b.val[h]
	}
	b.grey[h] = true
	best, any := 0, false
	s = s.Clone()
	for _, m := range s.Candidates(nil) {
		c := s.Clone()
		if _, err := c.Apply(m); errors.Is(err, engine.ErrNeverEnding) {
			s.CopyFrom(c)
			continue
		} else if err != nil {
			panic(err)
		}
		if c.Result() == engine.Unfinished {
			c = restart(c)
		}
		v := b.value(c)
		if !any || (s.Player() == engine.South && v > best) || (s.Player() == engine.North && v < best) {
			best, any = v, true
		}
	}
	if !any { // every candidate never ends: the engine has ended the game
		best = solve.Margin(s)
	}
	delete(b.grey, h)
	b.val[h] = best
	return best
}

// restart returns a state at c's position at ply 0 (max_plies is not a
// rule for the solver).
func restart(c engine.State) engine.State {
	enc := c.Game().(engine.Encoder)
	s, err := enc.StateFromKey(enc.AppendKey(nil, c))
	if err != nil {
		panic(err)
	}
	return s
}

// TestRetrogradeEqualsMinimax solves small acyclic boards and compares
// every position's two values with a brute-force minimax from that
// position: on an acyclic board both values must equal the minimax value.
// The depth-first search confirms that the board is acyclic (no position
// met again on its own path) and reaches exactly as many positions as the
// solver. kimasai-four-rows is acyclic by the theorem in its package doc;
// the kingulu boards here turn out to be acyclic too.
func TestRetrogradeEqualsMinimax(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows:holes=4", "kimasai-four-rows:holes=5,max_plies=3", "kimasai-four-rows:holes=4,first=north,empty_start=right",
		"kingulu:holes=4,seeds=3", "kingulu:holes=5,seeds=1,penultimate=never"} {
		t.Run(rs, func(t *testing.T) { checkMinimax(t, rs) })
	}
}

func checkMinimax(t *testing.T, rs string) {
	{
		g := engine.MustParse(rs)
		r := solveBoth(t, g.NewState(), solve.Options{Workers: 2})
		b := &brute{val: map[uint64]int{}, grey: map[uint64]bool{}}
		root := b.value(g.NewState())
		if b.cyclic || r.Cyclic {
			t.Fatalf("%s: cyclic: solver %v, depth-first search %v; want both acyclic", rs, r.Cyclic, b.cyclic)
		}
		if int64(len(b.val)) != r.Positions {
			t.Errorf("%s: minimax reached %d positions, the solver %d", rs, len(b.val), r.Positions)
		}
		if r.Root != (solve.Value{South: solve.Force(root), North: solve.Force(root)}) {
			t.Errorf("%s: root %v, minimax %d", rs, r.Root, root)
		}
		c, _ := solve.NewCoder(g.NewState())
		for i, k := range r.Table.Keys {
			if k&(solve.FlagTerminal|solve.FlagInfinite) != 0 {
				continue
			}
			s, err := c.State(k)
			if err != nil {
				t.Fatal(err)
			}
			want := b.value(s)
			if v := r.Table.Value(i); v.South != solve.Force(want) || v.North != solve.Force(want) {
				t.Fatalf("%s: position %#x: solver %v, minimax %d\n%s", rs, k, v, want, s)
			}
		}
		t.Logf("%s: %d positions, root %v", rs, r.Positions, r.Root)
	}
}
