package solve_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// solveBoth solves s with the predecessor lists and with the sweep method
// (Options.Sweep), fails unless both give the same result in every
// field and every position's values, and returns the first.
func solveBoth(t testing.TB, s engine.State, opt solve.Options) *solve.Result {
	t.Helper()
	a, err := solve.Solve(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Sweep = true
	b, err := solve.Solve(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	if a.Positions != b.Positions || a.Terminal != b.Terminal || a.Edges != b.Edges || a.Cyclic != b.Cyclic ||
		a.Root != b.Root || !slices.Equal(a.Moves, b.Moves) {
		t.Fatalf("%s: predecessor lists: %d positions, %d terminal, %d moves, cyclic %v, root %v, moves %v\nsweep: %d positions, %d terminal, %d moves, cyclic %v, root %v, moves %v",
			a.Ruleset, a.Positions, a.Terminal, a.Edges, a.Cyclic, a.Root, a.Moves, b.Positions, b.Terminal, b.Edges, b.Cyclic, b.Root, b.Moves)
	}
	if !slices.Equal(a.Table.Keys, b.Table.Keys) || !slices.Equal(a.Table.South, b.Table.South) || !slices.Equal(a.Table.North, b.Table.North) {
		for i := range a.Table.Keys {
			if a.Table.Value(i) != b.Table.Value(i) {
				t.Fatalf("%s: position %#x: predecessor lists %v, sweep %v", a.Ruleset, a.Table.Keys[i], a.Table.Value(i), b.Table.Value(i))
			}
		}
		t.Fatalf("%s: the tables differ", a.Ruleset)
	}
	return a
}

// TestSweepEqualsPredecessorLists solves real boards, acyclic and cyclic
// (kingulu with 5 holes, 1 seed and first_lap_rule=off: almost every
// position lies on or below a cycle), with both methods; the hand-worked
// toy graphs, endgames (a never-ending move under both readings among
// them) and the minimax boards go through solveBoth too.
func TestSweepEqualsPredecessorLists(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=3", "kingulu:holes=5,seeds=1,first_lap_rule=off", "kimasai-four-rows:holes=5"} {
		t.Run(rs, func(t *testing.T) {
			r := solveBoth(t, engine.MustParse(rs).NewState(), solve.Options{Workers: 2})
			t.Logf("%s: %d positions, cyclic %v, root %v", rs, r.Positions, r.Cyclic, r.Root)
		})
	}
}

// TestSweepDeepChain: a chain of 17,000 positions (South and North
// alternating, one move each) ending in a South win by 3 is deeper than
// the levels a sweep word holds (16,383): the positions past that depth
// are solved with the cyclic ones. Every position is worth 3/3.
func TestSweepDeepChain(t *testing.T) {
	const n = 17000
	var text strings.Builder
	for i := range n {
		fmt.Fprintf(&text, "%s: %d\n", []string{"S", "N"}[i%2], i+1)
	}
	text.WriteString("T +3\n")
	r, v := solved(t, parseGraph(text.String(), false))
	if r.Cyclic || r.Positions != n+1 || r.Root != (solve.Value{South: 3, North: 3}) {
		t.Errorf("cyclic %v, %d positions, root %v; want acyclic, %d, 3/3", r.Cyclic, r.Positions, r.Root, n+1)
	}
	for i, x := range v {
		if x != "3/3" {
			t.Fatalf("node %d: %s, want 3/3", i, x)
		}
	}
}

// TestSweepManyPredecessors: node X has 32,768 moves into it (4,096
// positions, each with 8 moves to X, under a tree of fan-out 8), more
// than the predecessor count that shares a word with the values during
// the first sweep (16,383): the sweep method counts apart and starts
// again. X lies on a cycle with Y; every position above X is worth -1/-1
// (North takes the -1 from X), Y 3/3.
func TestSweepManyPredecessors(t *testing.T) {
	var text strings.Builder
	next, level := 1, []int{0}
	for d := range 4 {
		var below []int
		for range level {
			fmt.Fprintf(&text, "%s:", []string{"S", "N"}[d%2])
			for range 8 {
				fmt.Fprintf(&text, " %d", next)
				below = append(below, next)
				next++
			}
			text.WriteString("\n")
		}
		level = below
	}
	x := next
	for range level {
		fmt.Fprintf(&text, "S:%s\n", strings.Repeat(fmt.Sprintf(" %d", x), 8))
	}
	fmt.Fprintf(&text, "N: %d %d\nS: %d %d\nT -1\nT +3\n", x+1, x+2, x, x+3)
	r, v := solved(t, parseGraph(text.String(), false))
	if !r.Cyclic || r.Positions != int64(x+4) || r.Edges != 8+64+512+4096+4096*8+4 {
		t.Errorf("cyclic %v, %d positions, %d moves; want cyclic, %d, %d", r.Cyclic, r.Positions, r.Edges, x+4, 8+64+512+4096+4096*8+4)
	}
	for i, s := range v[:x+1] {
		if s != "-1/-1" {
			t.Fatalf("node %d: %s, want -1/-1", i, s)
		}
	}
	if v[x+1] != "3/3" {
		t.Errorf("Y: %s, want 3/3", v[x+1])
	}
}
