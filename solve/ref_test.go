package solve_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/solve"
)

// refGraph is the independent reference for the solver on boards with
// cycles: the positions reachable from a start found by a plain
// breadth-first search through the engine API (Candidates, Apply, the
// engine's position key in a Go map), and values and distances by naive
// value iteration over them. It shares nothing with the package's
// enumeration (no key tables, no sorted keys, no predecessor lists, no
// release of terminals by margin), nor its margin function: a terminal
// node's margin is worked out here from the end reason.
type refGraph struct {
	states   []engine.State // a state at each node's position
	player   []engine.Player
	kids     [][]int
	terminal []bool
	margin   []int
}

// refNode is a node's identity: the engine key, and how the game ended
// ("" while it goes on, "over", or "infinite" for a game drawn by a
// never-ending move).
type refNode struct {
	key, end string
}

// refMargin is the margin of a finished game: South's score minus
// North's when the game was decided by score, 0 for a game drawn by a
// never-ending move whatever the material, else +1 or -1 for the winner
// (0 for any other draw).
func refMargin(s engine.State) int {
	switch {
	case s.EndReason() == engine.InfiniteMove:
		return 0
	case s.EndReason() == engine.Score:
		return s.Material(engine.South) - s.Material(engine.North)
	case s.Result() == engine.SouthWins:
		return 1
	case s.Result() == engine.NorthWins:
		return -1
	}
	return 0
}

func buildRef(start engine.State) *refGraph {
	enc := start.Game().(engine.Encoder)
	g := &refGraph{}
	ids := map[refNode]int{}
	add := func(s engine.State) int {
		id := refNode{key: string(enc.AppendKey(nil, s))}
		over := s.Over() && s.Result() != engine.Unfinished
		if over {
			id.end = "over"
			if s.EndReason() == engine.InfiniteMove {
				id.end = "infinite"
			}
		}
		if i, ok := ids[id]; ok {
			return i
		}
		if !over {
			s = restart(s) // max_plies is no rule for the solver
		}
		ids[id] = len(g.states)
		g.states = append(g.states, s)
		g.player = append(g.player, s.Player())
		g.kids = append(g.kids, nil)
		g.terminal = append(g.terminal, over)
		g.margin = append(g.margin, 0)
		if over {
			g.margin[len(g.margin)-1] = refMargin(s)
		}
		return len(g.states) - 1
	}
	add(restart(start))
	for i := 0; i < len(g.states); i++ {
		if g.terminal[i] {
			continue
		}
		s := g.states[i].Clone()
		for _, m := range s.Candidates(nil) {
			c := s.Clone()
			if _, err := c.Apply(m); errors.Is(err, engine.ErrNeverEnding) {
				s.CopyFrom(c) // the engine ends the game when no move is left
				continue
			} else if err != nil {
				panic(err)
			}
			k := add(c)
			g.kids[i] = append(g.kids[i], k)
		}
		if len(g.kids[i]) == 0 { // a dead end: the game is over here
			g.terminal[i], g.margin[i] = true, refMargin(s)
		}
	}
	return g
}

// attractor returns, for side and threshold t, the round at which each
// node joins the set of nodes from which side can force a finished game
// with a margin at least as good as t for side (-1: never), by rounds
// that each look only at the rounds before: a terminal node with such a
// margin joins at round 0; a node of side's joins at round r when a move
// leads to a node of an earlier round; an opponent's node when all its
// moves do.
func (g *refGraph) attractor(side engine.Player, t int) []int {
	good := func(m int) bool { return (side == engine.South && m >= t) || (side == engine.North && m <= t) }
	rank := make([]int, len(g.states))
	for i := range rank {
		rank[i] = -1
		if g.terminal[i] && good(g.margin[i]) {
			rank[i] = 0
		}
	}
	for round := 1; ; round++ {
		var join []int
		for i := range rank {
			if rank[i] >= 0 || g.terminal[i] {
				continue
			}
			in := func(k int) bool { return rank[k] >= 0 && rank[k] < round }
			any, all := false, true
			for _, k := range g.kids[i] {
				any, all = any || in(k), all && in(k)
			}
			if (g.player[i] == side && any) || (g.player[i] != side && all) {
				join = append(join, i)
			}
		}
		if len(join) == 0 {
			return rank
		}
		for _, i := range join {
			rank[i] = round
		}
	}
}

// solveRef returns each node's two values (math.MinInt: none) and the
// distances under them (-1 for none): South's value is the largest margin
// t whose South attractor holds the node, North's the smallest.
func (g *refGraph) solveRef() (south, north, dS, dN []int) {
	margins := map[int]bool{}
	for i, term := range g.terminal {
		if term {
			margins[g.margin[i]] = true
		}
	}
	n := len(g.states)
	south, north, dS, dN = make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	for i := range n {
		south[i], north[i], dS[i], dN[i] = math.MinInt, math.MinInt, -1, -1
	}
	for t := range margins {
		rs, rn := g.attractor(engine.South, t), g.attractor(engine.North, t)
		for i := range n {
			if rs[i] >= 0 && (south[i] == math.MinInt || t > south[i]) {
				south[i], dS[i] = t, rs[i]
			}
			if rn[i] >= 0 && (north[i] == math.MinInt || t < north[i]) {
				north[i], dN[i] = t, rn[i]
			}
		}
	}
	return south, north, dS, dN
}

// cyclic reports whether some node lies on a cycle, by removing nodes
// with no successor left until none is.
func (g *refGraph) cyclic() bool {
	left := make([]int, len(g.states))
	preds := make([][]int, len(g.states))
	var free []int
	for i, ks := range g.kids {
		left[i] = len(ks)
		for _, k := range ks {
			preds[k] = append(preds[k], i)
		}
		if len(ks) == 0 {
			free = append(free, i)
		}
	}
	removed := 0
	for len(free) > 0 {
		x := free[len(free)-1]
		free = free[:len(free)-1]
		removed++
		for _, q := range preds[x] {
			if left[q]--; left[q] == 0 {
				free = append(free, q)
			}
		}
	}
	return removed < len(g.states)
}

func refForce(v int) solve.Force {
	if v == math.MinInt {
		return solve.None
	}
	return solve.Force(v)
}

// TestSolveEqualsValueIteration compares every position's two values and
// the distances under them with the reference's, on boards with cycles
// (and one acyclic): kingulu boards of 3 and 4 holes with cycles (one
// drawn, one with infinite=draw and kuweka mtoto off), and
// kimasai-two-rows from a hand-built phase-2 start (3 cows in South's and
// North's first three inner holes, 47,328 positions). The position
// counts and whether the board has a cycle must agree too.
func TestSolveEqualsValueIteration(t *testing.T) {
	two := engine.MustParse("kimasai-two-rows:holes=4,reserve=0")
	var p kimasai2.Position
	for h := range 3 {
		p.Cows[engine.South][h], p.Cows[engine.North][h] = 1, 1
	}
	twoStart, err := kimasai2.NewStateAt(two, p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	starts := []engine.State{twoStart}
	for _, rs := range []string{"kingulu:holes=3,seeds=1,first_lap_rule=off", "kingulu:holes=3,seeds=2,max_reserved=0",
		"kingulu:holes=3,seeds=2,max_reserved=0,infinite=draw", "kingulu:holes=4,seeds=1,first_lap_rule=off", "kingulu:holes=4,seeds=2"} {
		starts = append(starts, engine.MustParse(rs).NewState())
	}
	for _, start := range starts {
		name := fmt.Sprintf("%s from\n%v", start.Game().Ruleset(), start)
		r, err := solve.Solve(start, solve.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		g := buildRef(start)
		if int64(len(g.states)) != r.Positions || g.cyclic() != r.Cyclic {
			t.Fatalf("%s: solver %d positions, cyclic %v; reference %d, cyclic %v", name, r.Positions, r.Cyclic, len(g.states), g.cyclic())
		}
		south, north, dS, dN := g.solveRef()
		c, err := solve.NewCoder(start)
		if err != nil {
			t.Fatal(err)
		}
		inexact := 0
		for i, s := range g.states {
			k, _, _ := c.Key(s)
			if g.terminal[i] && !s.Over() { // a dead end is a position, not a terminal node
				k &^= solve.FlagTerminal | solve.FlagInfinite
			}
			v, d, ok := r.Table.LookupPlies(k)
			want := solve.Value{South: refForce(south[i]), North: refForce(north[i])}
			if !ok || v != want || d != (solve.Plies{South: dS[i], North: dN[i]}) {
				t.Fatalf("%s: position %d (found %v): solver %v plies %v, reference %v plies %d/%d\n%v", name, i, ok, v, d, want, dS[i], dN[i], s)
			}
			if !want.Exact() {
				inexact++
			}
		}
		t.Logf("%s: %d positions, cyclic %v, %d with inexact values, root %v plies %+v", start.Game().Ruleset(), r.Positions, r.Cyclic, inexact, r.Root, r.RootPlies)
	}
}
