package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// TestBestValuedRanksNoneAsPerfect: from kingulu's start, South's move 0
// leads to a position North wins by 3, move 1 to one neither side can
// force a finished game from (none for both), and the others to positions
// the value function does not know. As perfect ranks values (a loss below
// endless play), endgame play takes move 1; ranking none worst would take
// the loss.
func TestBestValuedRanksNoneAsPerfect(t *testing.T) {
	g := engine.MustParse("kingulu")
	s := g.NewState()
	moves := s.Candidates(nil)
	if len(moves) < 3 {
		t.Fatalf("only %d moves at the start", len(moves))
	}
	child := g.NewState()
	vals := map[uint64]solve.Value{}
	applyOn(child, s, moves[0])
	vals[child.Hash()] = solve.Value{South: -3, North: -3}
	applyOn(child, s, moves[1])
	vals[child.Hash()] = solve.Value{South: solve.None, North: solve.None}
	value := func(c engine.State) (solve.Value, bool) { v, ok := vals[c.Hash()]; return v, ok }
	var r seeded
	r.init(streamAlphaBeta)
	for seed := range uint64(20) {
		r.Reset(seed)
		if m := bestValued(&r, s, moves, child, value); m != moves[1] {
			t.Fatalf("seed %d: chose move %d, want %d (endless play above a loss)", seed, m, moves[1])
		}
	}
	// A forced win beats both.
	applyOn(child, s, moves[2])
	vals[child.Hash()] = solve.Value{South: 1, North: 2}
	if m := bestValued(&r, s, moves, child, value); m != moves[2] {
		t.Fatalf("chose move %d, want the win %d", m, moves[2])
	}
}

// TestTableBoundFlags checks what the transposition table stores and what
// its probe answers. A search that fails low stores an upper bound (the
// true value is at most the stored one), one that fails high a lower
// bound; an exact search an exact value. A stored upper bound answers a
// later search only when it is at most that search's alpha, a lower bound
// only when it is at least its beta (an answer plays no move).
func TestTableBoundFlags(t *testing.T) {
	const depth = 3
	g := engine.MustParse("kingulu")
	s := positions(t, "kingulu", 1, 5)[6]
	a := newAlphaBeta(g, 8, 0, TTBits)
	slot := func() *ttEntry { k := ttKey(s); return &a.tt[k&uint64(len(a.tt)-1)] }

	a.gen++
	v := a.search(s, 0, depth, -scoreInf, scoreInf)
	if e := slot(); e.flag != ttExact || e.val != v {
		t.Fatalf("full window: stored flag %d value %d, want exact (%d) %d", e.flag, e.val, ttExact, v)
	}
	a.gen++
	lo := a.search(s, 0, depth, v+10, v+20) // fails low
	if e := slot(); lo > v+10 || e.flag != ttUpper || e.val < v {
		t.Fatalf("fail low (value %d): returned %d, stored flag %d value %d; want an upper bound (%d) >= %d", v, lo, e.flag, e.val, ttUpper, v)
	}
	a.gen++
	hi := a.search(s, 0, depth, v-20, v-10) // fails high
	if e := slot(); hi < v-10 || e.flag != ttLower || e.val > v {
		t.Fatalf("fail high (value %d): returned %d, stored flag %d value %d; want a lower bound (%d) <= %d", v, hi, e.flag, e.val, ttLower, v)
	}

	// The probe: an upper bound u answers a window with alpha >= u, not
	// one with beta <= u; a lower bound the other way round.
	for _, c := range []struct {
		flag        uint8
		alpha, beta int32
		answers     bool
	}{
		{ttUpper, v + 5, v + 30, true},
		{ttUpper, v - 30, v - 5, false},
		{ttLower, v - 30, v - 5, true},
		{ttLower, v + 5, v + 30, false},
	} {
		a.gen++
		*slot() = ttEntry{key: ttKey(s), val: v, gen: a.gen, depth: depth, flag: c.flag}
		nodes := a.nodes
		got := a.search(s, 0, depth, c.alpha, c.beta)
		if answered := a.nodes == nodes; answered != c.answers || (answered && got != v) {
			t.Errorf("flag %d value %d, window (%d, %d): table answered %v (returned %d), want %v", c.flag, v, c.alpha, c.beta, answered, got, c.answers)
		}
	}
}
