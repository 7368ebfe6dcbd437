package solve_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// pliesOf solves g from node 0 with predecessor lists and returns the
// distances of every node as "S/N" strings (South's and North's
// distance, "-" for none).
func pliesOf(t *testing.T, g *graph) []string {
	t.Helper()
	r, err := solve.Solve(g.NewState(), solve.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := solve.NewCoder(g.NewState())
	text := func(d int) string {
		if d == solve.NoPlies {
			return "-"
		}
		return fmt.Sprint(d)
	}
	var out []string
	for i := range g.nodes {
		k, _, _ := c.Key(g.at(i))
		if g.nodes[i].terminal {
			k |= solve.FlagTerminal
		}
		_, d, ok := r.Table.LookupPlies(k)
		if !ok {
			t.Fatalf("node %d not solved", i)
		}
		out = append(out, text(d.South)+"/"+text(d.North))
	}
	return out
}

// TestPliesByHand checks the distances under the values on toy graphs
// worked by hand (W(t) built round by round, see the package doc; "S:"
// a South node, "N:" a North node, "T" a terminal with its margin).
func TestPliesByHand(t *testing.T) {
	for _, c := range []struct{ name, graph, values, plies string }{
		// A chain: each node one ply further from the end.
		{"chain", "S: 1\nN: 2\nS: 3\nT +1", "1/1 1/1 1/1 1/1", "3/3 2/2 1/1 0/0"},
		// South wins at once by move 1 (node 4) or in three plies through
		// 1: its distance is 1, the least. For North (any finish is +1)
		// node 0 is South's: all its moves must be in W_N(1), the last at
		// round 2 (node 1), so 3.
		{"shortest", "S: 1 4\nN: 2\nS: 3\nT +1\nT +1", "1/1 1/1 1/1 1/1 1/1", "1/3 2/2 1/1 0/0 0/0"},
		// South can win by 2 in three plies or by 1 at once: its value is
		// 2 and the distance is the one under 2 (3), not under 1 (1).
		{"own value", "S: 1 4\nN: 2\nS: 3\nT +2\nT +1", "2/2 2/2 2/2 2/2 1/1", "3/3 2/2 1/1 0/0 0/0"},
		// North loses either way: at once (node 1) or a ply later (node 2
		// first). South's distance is the loser's longest resistance, 2;
		// North's (it forces any finish, +1) its quickest finish, 1.
		{"resistance", "N: 1 2\nT +1\nS: 3\nT +1", "1/1 1/1 1/1 1/1", "2/1 0/0 1/1 0/0"},
		// A cycle 0-1-0 South can leave for a win through 3 and 4 (three
		// plies from 0); at 1 North can go back to 0, so 1 joins W_S(1)
		// after 0 (round 4). North, forcing any finish (+1 everywhere),
		// takes the win at 2 from 1 at once.
		{"cycle", "S: 1 3\nN: 0 2\nT +1\nN: 4\nS: 5\nT +1", "1/1 1/1 1/1 1/1 1/1 1/1", "3/3 4/1 0/0 2/2 1/1 0/0"},
		// TestEndlessPlayDraw's board: W_S(-1) = {2, 3; 0 at round 1; 1 at
		// round 2}; W_N(1) = {2, 3; 1 at round 1; 0 at round 2}.
		{"endless draw", "S: 1 2\nN: 0 3\nT -1\nT +1", "-1/1 -1/1 -1/-1 1/1", "1/2 2/1 0/0 0/0"},
		// TestNone's board: South's distances under 2; North's value is
		// none at 0 and 1, and in the pure cycle 3-4 both are.
		{"none", "S: 1 2 3\nN: 0\nT +2\nS: 4\nN: 3", "2/none 2/none 2/2 none/none none/none", "1/- 2/- 0/0 -/- -/-"},
		// None against margins: South can lose by 5 at once (node 1) or
		// enter the cycle 2-3 that nobody can leave. South's value is -5
		// (a finished game with margin >= -5 is in South's hands: none
		// never beats a margin in a value); North's is none (South can
		// keep the game going): outcome draw.
		{"none against a margin", "S: 1 2\nT -5\nN: 3\nS: 2", "-5/none -5/-5 none/none none/none", "1/- 0/0 -/- -/-"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := parseGraph(c.graph, false)
			r, v := solved(t, g)
			expect(t, v, c.values)
			if got := strings.Join(pliesOf(t, g), " "); got != c.plies {
				t.Errorf("distances (south/north per node)\n got %s\nwant %s", got, c.plies)
			}
			if c.name == "none against a margin" && r.Root.Outcome() != engine.Draw {
				t.Errorf("outcome %v, want draw", r.Root.Outcome())
			}
		})
	}
}

// TestInfiniteDrawMarginIsZero: the position of
// TestKinguluNeverEndingBothReadings (South's s0 never ends; s2 ends the
// game, North ahead by 4) with 3 seeds more in South's bank, so that the
// material is unequal (South 8, North 5). With infinite=draw the game
// drawn by s0 has margin 0, not the material's +3: South's best is the
// draw, 0/0 (scored by material it would be 3/3); s2 now loses by 1
// (North 7, South 3 + 3). With infinite=illegal s2 is the only move:
// -1/-1. Every value is one ply from the end.
func TestInfiniteDrawMarginIsZero(t *testing.T) {
	var p kingulu.Position
	p.Seeds[engine.South][0], p.Seeds[engine.South][2] = 3, 2
	p.Seeds[engine.North][0], p.Seeds[engine.North][2] = 1, 4
	p.Bank[engine.South] = 3
	one := solve.Plies{South: 1, North: 1}
	for _, c := range []struct {
		rules string
		root  solve.Value
		moves []solve.MoveValue
	}{
		{"kingulu:holes=3,max_reserved=0", solve.Value{South: -1, North: -1},
			[]solve.MoveValue{{Move: 2, Value: solve.Value{South: -1, North: -1}}}},
		{"kingulu:holes=3,max_reserved=0,infinite=draw", solve.Value{South: 0, North: 0},
			[]solve.MoveValue{{Move: 0, Value: solve.Value{South: 0, North: 0}}, {Move: 2, Value: solve.Value{South: -1, North: -1}}}},
	} {
		s, err := kingulu.NewStateAt(engine.MustParse(c.rules), p, engine.South)
		if err != nil {
			t.Fatal(err)
		}
		if m := s.Material(engine.South) - s.Material(engine.North); m != 3 {
			t.Fatalf("%s: material margin %d, want 3", c.rules, m)
		}
		r := solveAt(t, s)
		if r.Root != c.root || !slices.Equal(r.Moves, c.moves) {
			t.Errorf("%s: root %v moves %v, want %v and %v", c.rules, r.Root, r.Moves, c.root, c.moves)
		}
		if r, err = solve.Solve(s, solve.Options{}); err != nil || r.RootPlies != one {
			t.Errorf("%s: distances %+v (%v), want 1 and 1", c.rules, r.RootPlies, err)
		}
	}
}

// TestReadmeValues pins lines of docs/exact.md's table of solved boards (results/exact)
// ("Exact values (solver)"): positions, terminal positions, whether the
// board has a cycle and the value, cyclic boards included, with both
// methods.
func TestReadmeValues(t *testing.T) {
	for _, c := range []struct {
		rules               string
		positions, terminal int64
		cyclic              bool
		margin              solve.Force
	}{
		{"kingulu:holes=3,seeds=4", 115, 17, false, 4},
		{"kingulu:holes=4,seeds=2", 104, 21, false, -4},
		{"kingulu:holes=5,seeds=1", 5830, 506, false, 6},
		{"kingulu:holes=4,seeds=3,min_lift=2", 261, 71, false, 8},
		{"kingulu:holes=5,seeds=1,first_lap_rule=off", 297438, 9028, true, 4},
		{"kimasai-four-rows:holes=4", 6999, 178, false, 1},
		{"kimasai-four-rows:holes=4,empty_start=right", 7961, 175, false, -1},
		{"kimasai-two-rows:holes=4,reserve=0", 585617, 68042, true, -1},
	} {
		r := solveBoth(t, engine.MustParse(c.rules).NewState(), solve.Options{Workers: 2})
		if r.Positions != c.positions || r.Terminal != c.terminal || r.Cyclic != c.cyclic || r.Root != (solve.Value{South: c.margin, North: c.margin}) {
			t.Errorf("%s: positions %d terminal %d cyclic %v root %v; README: %d %d %v %v", c.rules, r.Positions, r.Terminal, r.Cyclic, r.Root,
				c.positions, c.terminal, c.cyclic, c.margin)
		}
	}
}
