package solve_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// TestSolverEdgeCases: boards at the solver's edges, each worked by hand
// (W(t) round by round as in TestPliesByHand; "S:" a South node, "N:" a
// North node, "~k" a never-ending move, "T" a terminal with its margin;
// infinite=illegal unless inf). Values and distances are per node, "S/N";
// every case is solved with predecessor lists and with sweeps (solveBoth).
func TestSolverEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name, graph string
		inf         bool
		values      string
		plies       string // "" for none to check
		root        engine.Result
		positions   int64
		terminal    int64
		cyclic      bool
		moves       []solve.MoveValue
	}{
		// The start is over: one position, terminal, its own margin; no
		// move and no distance. (The table keys a start position without
		// the terminal flag: see startOver.)
		{name: "single terminal position", graph: "T +3", root: engine.SouthWins, positions: 1, terminal: 1},
		{name: "single drawn position", graph: "T 0", root: engine.Draw, positions: 1, terminal: 1},
		// No legal move at the start: the only move never ends, so under
		// infinite=illegal South has no move and loses (-1) at once; under
		// infinite=draw it plays it and the game is drawn one ply later.
		{name: "no move at the start", graph: "S: ~0", values: "-1/-1", plies: "0/0",
			root: engine.NorthWins, positions: 1, terminal: 1},
		{name: "only a never-ending move, infinite=draw", graph: "S: ~0", inf: true, values: "0/0", plies: "1/1",
			root: engine.Draw, positions: 2, terminal: 1,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{South: 0, North: 0}}}},
		// Every game drawn. W_S(0): 1, 3; 0 (South, move to 1) at round 1;
		// 2 (North, moves 0 and 3 both in) at round 2. W_N(0): 1, 3; 2
		// (North, move to 3) at round 1; 0 (South, 1 and 2 in) at round 2.
		{name: "all draws, cyclic", graph: "S: 1 2\nT 0\nN: 0 3\nT 0", values: "0/0 0/0 0/0 0/0", plies: "1/2 0/0 2/1 0/0",
			root: engine.Draw, positions: 4, terminal: 2, cyclic: true,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{}}, {Move: 1, Value: solve.Value{}}}},
		{name: "all draws, acyclic", graph: "S: 1 2\nT 0\nN: 3 4\nT 0\nT 0", values: "0/0 0/0 0/0 0/0 0/0", plies: "1/2 0/0 1/1 0/0 0/0",
			root: engine.Draw, positions: 5, terminal: 3,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{}}, {Move: 1, Value: solve.Value{}}}},
		// A cycle of length 1: South's move 0 leads back to the same
		// position, South to move. South can force the loss by 1 (move 1)
		// and nothing better; North can force no finished game (South may
		// repeat forever): -1/none, a draw.
		{name: "cycle of length 1", graph: "S: 0 1\nT -1", values: "-1/none -1/-1", plies: "1/- 0/0",
			root: engine.Draw, positions: 2, terminal: 1, cyclic: true,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{South: -1, North: solve.None}}, {Move: 1, Value: solve.Value{South: -1, North: -1}}}},
		{name: "cycle of length 1 alone", graph: "S: 0", values: "none/none", plies: "-/-",
			root: engine.Draw, positions: 1, terminal: 0, cyclic: true,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{South: solve.None, North: solve.None}}}},
		// A cycle of length 2 between two South positions, one of which can
		// leave for +1: W_S(1) = {2; 1 at round 1; 0 at round 2}. North
		// never moves and South can keep cycling: none for North. South
		// wins.
		{name: "cycle of length 2, one side", graph: "S: 1\nS: 0 2\nT +1", values: "1/none 1/none 1/1", plies: "2/- 1/- 0/0",
			root: engine.SouthWins, positions: 3, terminal: 1, cyclic: true,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{South: 1, North: solve.None}}}},
		// The largest margins the solver holds, ±127: South takes +127,
		// North (at 3) takes -127. North's distance at 0 is under 127:
		// both terminals at round 0, 3 at round 1, 0 (all of 1, 2, 3 in)
		// at round 2.
		{name: "margin bounds", graph: "S: 1 2 3\nT +127\nT -127\nN: 1 2", values: "127/127 127/127 -127/-127 -127/-127", plies: "1/2 0/0 0/0 1/1",
			root: engine.SouthWins, positions: 4, terminal: 2,
			moves: []solve.MoveValue{{Move: 0, Value: solve.Value{South: 127, North: 127}}, {Move: 1, Value: solve.Value{South: -127, North: -127}}, {Move: 2, Value: solve.Value{South: -127, North: -127}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := parseGraph(c.graph, c.inf)
			if c.values == "" { // the start is over
				startOver(t, g)
				return
			}
			r, v := solved(t, g)
			expect(t, v, c.values)
			if got := strings.Join(pliesOf(t, g), " "); got != c.plies {
				t.Errorf("distances (south/north per node)\n got %s\nwant %s", got, c.plies)
			}
			if r.Root.Outcome() != c.root || r.Positions != c.positions || r.Terminal != c.terminal || r.Cyclic != c.cyclic {
				t.Errorf("outcome %v, %d positions, %d terminal, cyclic %v; want %v, %d, %d, %v",
					r.Root.Outcome(), r.Positions, r.Terminal, r.Cyclic, c.root, c.positions, c.terminal, c.cyclic)
			}
			if !slices.Equal(r.Moves, c.moves) {
				t.Errorf("moves %v, want %v", r.Moves, c.moves)
			}
		})
	}
}

// startOver checks the solve of a graph whose start (node 0) is a
// terminal node: one position, keyed in the table as a position (without
// FlagTerminal), valued at its margin both ways, at distance 0, no move.
func startOver(t *testing.T, g *graph) {
	t.Helper()
	r := solveBoth(t, g.NewState(), solve.Options{})
	m := solve.Force(g.nodes[0].margin)
	want := solve.Value{South: m, North: m}
	c, err := solve.NewCoder(g.NewState())
	if err != nil {
		t.Fatal(err)
	}
	k, terminal, margin := c.Key(g.at(0))
	if !terminal || margin != int(m) {
		t.Fatalf("the coder says terminal %v margin %d, want true and %d", terminal, margin, m)
	}
	if r.Root != want || r.RootPlies != (solve.Plies{}) || len(r.Moves) != 0 || r.Positions != 1 || r.Terminal != 1 || r.Cyclic {
		t.Errorf("root %v, distances %+v, moves %v, %d positions, %d terminal, cyclic %v; want %v, 0/0, none, 1, 1, false",
			r.Root, r.RootPlies, r.Moves, r.Positions, r.Terminal, r.Cyclic, want)
	}
	if v, ok := r.Table.Lookup(k &^ solve.FlagTerminal); !ok || v != want || len(r.Table.Keys) != 1 {
		t.Errorf("table: %d keys, start %v (found %v), want 1 key at %v", len(r.Table.Keys), v, ok, want)
	}
}

// TestMarginOutOfRange: a margin of ±128 does not fit the solver's values
// (-127..127; -128 is None's code, so a margin of -128 read back would
// be "North can force nothing"): the board is refused as too big, by both
// methods, under both readings of a never-ending move.
func TestMarginOutOfRange(t *testing.T) {
	for _, text := range []string{"S: 1 2\nT +128\nT 0", "S: 1 2\nT -128\nT 0", "N: 1\nT -128"} {
		for _, inf := range []bool{false, true} {
			for _, sweep := range []bool{false, true} {
				_, err := solve.Solve(parseGraph(text, inf).NewState(), solve.Options{Sweep: sweep})
				if !errors.Is(err, solve.ErrTooBig) || !strings.Contains(err.Error(), "-127..127") {
					t.Errorf("%q (infinite=draw %v, sweep %v): error %v, want ErrTooBig naming -127..127", text, inf, sweep, err)
				}
			}
		}
	}
}

// TestKinguluOverAtTheStart: kingulu with 3 holes, South to move with no
// seed on its side (bank 1), North with 1 + 2 seeds: the game is over at
// the start, decided by score 1 to 3. One position, terminal, margin −2;
// north wins; no move.
func TestKinguluOverAtTheStart(t *testing.T) {
	var p kingulu.Position
	p.Seeds[engine.North][0], p.Seeds[engine.North][2] = 1, 2
	p.Bank[engine.South] = 1
	s, err := kingulu.NewStateAt(engine.MustParse("kingulu:holes=3"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Over() || s.EndReason() != engine.Score {
		t.Fatalf("the position is not over by score: %v", s)
	}
	r := solveAt(t, s)
	want := solve.Value{South: -2, North: -2}
	if r.Positions != 1 || r.Terminal != 1 || r.Cyclic || r.Root != want || len(r.Moves) != 0 || r.RootPlies != (solve.Plies{}) {
		t.Errorf("got %d positions, %d terminal, cyclic %v, root %v, moves %v, distances %+v; want 1, 1, false, %v, none, 0/0",
			r.Positions, r.Terminal, r.Cyclic, r.Root, r.Moves, r.RootPlies, want)
	}
}
