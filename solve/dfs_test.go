package solve_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/solve"
)

// solveMethod solves s with opt under method.
func solveMethod(t testing.TB, s engine.State, opt solve.Options, method solve.Method) *solve.Result {
	t.Helper()
	opt.Method = method
	r, err := solve.Solve(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sameSolve fails unless b is a with every field both methods define:
// the counts, the start's values, distances and moves, and every entry of
// the Table (key, both values, both distances).
func sameSolve(t testing.TB, a, b *solve.Result) {
	t.Helper()
	if a.Ruleset != b.Ruleset || a.Positions != b.Positions || a.Terminal != b.Terminal || a.Edges != b.Edges ||
		a.Cyclic != b.Cyclic || a.Root != b.Root || a.RootPlies != b.RootPlies || !slices.Equal(a.Moves, b.Moves) {
		t.Fatalf("%s: predecessor lists: %d positions, %d terminal, %d moves, cyclic %v, root %v %v, moves %v\ndepth first: %d positions, %d terminal, %d moves, cyclic %v, root %v %v, moves %v",
			a.Ruleset, a.Positions, a.Terminal, a.Edges, a.Cyclic, a.Root, a.RootPlies, a.Moves,
			b.Positions, b.Terminal, b.Edges, b.Cyclic, b.Root, b.RootPlies, b.Moves)
	}
	ta, tb := a.Table, b.Table
	if ta.Ruleset != tb.Ruleset || ta.KeyBytes != tb.KeyBytes || ta.Len() != tb.Len() || tb.HasPlies() != ta.HasPlies() {
		t.Fatalf("%s: tables: %s, %d-byte keys, %d positions, distances %v; depth first: %s, %d, %d, %v",
			a.Ruleset, ta.Ruleset, ta.KeyBytes, ta.Len(), ta.HasPlies(), tb.Ruleset, tb.KeyBytes, tb.Len(), tb.HasPlies())
	}
	for i := range ta.Keys {
		if ta.Keys[i] != tb.Keys[i] || ta.Value(i) != tb.Value(i) || ta.Plies(i) != tb.Plies(i) {
			t.Fatalf("%s: node %d: predecessor lists %#x %v %v, depth first %#x %v %v", a.Ruleset, i,
				ta.Keys[i], ta.Value(i), ta.Plies(i), tb.Keys[i], tb.Value(i), tb.Plies(i))
		}
	}
}

// fourRowsBoards are the kimasai-four-rows boards of TestCSolveFourRows:
// holes 4, 5 and 6 under every repetition reading (holes=6 under
// repetition=first only with -short), the other empty start and first
// player.
func fourRowsBoards() []string {
	var out []string
	for _, h := range []int{4, 5, 6} {
		for _, r := range []string{"first", "third", "none"} {
			if h == 6 && r != "first" && testenv.Short() {
				continue
			}
			out = append(out, fmt.Sprintf("kimasai-four-rows:holes=%d,repetition=%s", h, r))
		}
	}
	return append(out, "kimasai-four-rows:holes=4,empty_start=right", "kimasai-four-rows:holes=5,first=north",
		"kimasai-four-rows:holes=5,empty_start=right,first=north,repetition=none")
}

// TestDepthFirstFourRows solves the four-rows boards with predecessor
// lists and with the method Solve chooses by itself, which must be depth
// first (the game declares itself acyclic): the same counts, start values
// and Table, entry by entry, and the same table file.
func TestDepthFirstFourRows(t *testing.T) {
	for _, rs := range fourRowsBoards() {
		s := engine.MustParse(rs).NewState()
		a := solveMethod(t, s, solve.Options{Workers: 2}, solve.MethodLists)
		b := solveMethod(t, s, solve.Options{Workers: 2}, solve.MethodAuto)
		if a.DepthFirst || !b.DepthFirst {
			t.Fatalf("%s: MethodLists depth first %v, MethodAuto depth first %v", rs, a.DepthFirst, b.DepthFirst)
		}
		sameSolve(t, a, b)
	}
	rs := "kimasai-four-rows:holes=5,first=north"
	s := engine.MustParse(rs).NewState()
	a := solveMethod(t, s, solve.Options{}, solve.MethodLists)
	b := solveMethod(t, s, solve.Options{}, solve.MethodDFS)
	if fa, fb := tableFile(t, a.Table), tableFile(t, b.Table); !bytes.Equal(fa, fb) {
		t.Fatalf("%s: the table files differ (%d and %d bytes)", rs, len(fa), len(fb))
	}
}

// tableFile returns the bytes of tab's table file.
func tableFile(t *testing.T, tab *solve.Table) []byte {
	dir := t.TempDir()
	if err := solve.WriteTable(dir, tab); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, solve.TableFile))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// depthFirstGraphs are toy graphs with margins +1 and -1 and no cycle:
// the distances of both sides where they differ, a loser's longest
// resistance, a terminal node reached by several moves, and a dead end
// (with infinite=illegal, a player whose only move never ends has none
// and loses).
var depthFirstGraphs = []string{
	"S: 1\nN: 2\nS: 3\nT +1",
	"S: 1 4\nN: 2\nS: 3\nT +1\nT +1",
	"N: 1 2\nT +1\nS: 3\nT +1",
	"S: 1 2 3\nN: 4 5\nN: 5 6\nT -1\nS: 6 3\nS: 7\nT +1\nN: 3 6",
	"N: 1 2\nS: ~3\nS: 4 3\nT +1\nN: 1 5\nT -1",
}

// TestDepthFirstGraphs solves the toy graphs, declared acyclic, both ways.
func TestDepthFirstGraphs(t *testing.T) {
	for _, text := range depthFirstGraphs {
		g := parseGraph(text, false)
		g.acyclic = true
		a := solveMethod(t, g.NewState(), solve.Options{}, solve.MethodLists)
		b := solveMethod(t, g.NewState(), solve.Options{}, solve.MethodAuto)
		if !b.DepthFirst {
			t.Fatalf("%q: not solved depth first", text)
		}
		sameSolve(t, a, b)
	}
}

// TestDepthFirstRefused checks what the depth-first method does where it
// does not apply: a board with a cycle (a small kingulu board, and a toy
// graph that wrongly declares itself acyclic) and a margin other than +1
// or -1. MethodDFS fails (with ErrCyclic for the graph's cycle); MethodAuto does not
// choose it for a game that does not declare itself acyclic (kingulu,
// kimasai-two-rows), and falls back to predecessor lists for one that
// does, with the same result as they give.
func TestDepthFirstRefused(t *testing.T) {
	for _, rs := range []string{"kingulu", "kimasai-two-rows"} {
		if a, ok := engine.MustParse(rs).(engine.Acyclic); ok && a.Acyclic() {
			t.Errorf("%s declares itself acyclic", rs)
		}
	}
	k := engine.MustParse("kingulu:holes=4,seeds=1,first_lap_rule=off").NewState()
	if _, err := solve.Solve(k, solve.Options{Method: solve.MethodDFS}); err == nil {
		t.Fatal("kingulu:holes=4,seeds=1,first_lap_rule=off depth first: no error") // a margin of 2 or a cycle, whichever comes first
	}
	if r := solveMethod(t, k, solve.Options{}, solve.MethodAuto); r.DepthFirst || !r.Cyclic {
		t.Fatalf("kingulu:holes=4,seeds=1,first_lap_rule=off: depth first %v, cyclic %v", r.DepthFirst, r.Cyclic)
	}
	for _, c := range []struct {
		graph  string
		cyclic bool
	}{
		{"S: 1 3\nN: 0 2\nT +1\nN: 4\nS: 5\nT +1", true},
		{"S: 1 2\nT +2\nN: 3\nT -1", false},
	} {
		g := parseGraph(c.graph, false)
		g.acyclic = true
		_, err := solve.Solve(g.NewState(), solve.Options{Method: solve.MethodDFS})
		if err == nil || errors.Is(err, solve.ErrCyclic) != c.cyclic {
			t.Fatalf("%q depth first: error %v", c.graph, err)
		}
		a := solveMethod(t, g.NewState(), solve.Options{}, solve.MethodLists)
		b := solveMethod(t, g.NewState(), solve.Options{}, solve.MethodAuto)
		if b.DepthFirst {
			t.Fatalf("%q: solved depth first", c.graph)
		}
		sameSolve(t, a, b)
	}
	if _, err := solve.Solve(k, solve.Options{Method: solve.MethodDFS, Sweep: true}); err == nil {
		t.Fatal("MethodDFS with Sweep: no error")
	}
}

// TestDepthFirstLimits: the depth-first method stops at Options.MaxPositions
// (ErrTooBig) and when its context is done (the context's error).
func TestDepthFirstLimits(t *testing.T) {
	s := engine.MustParse("kimasai-four-rows:holes=5").NewState()
	if _, err := solve.Solve(s, solve.Options{MaxPositions: 1000}); !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("MaxPositions 1000: error %v, want ErrTooBig", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := solve.Solve(s, solve.Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled context: error %v, want context.Canceled", err)
	}
}
