package agent_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/solve"
)

// TestPerfectConverts plays perfect as South, the side that wins, against
// alphabeta:nodes=20000, random and perfect on cyclic boards, from the
// table of solve --out (format 2, with distances): on
// kimasai-two-rows:holes=4,reserve=1 (docs/exact.md's line: 4,529,719
// positions, 417,330 terminal, cyclic, South wins) and on
// kingulu:holes=4,seeds=1,first_lap_rule=off (17,368 positions, cyclic,
// South wins by 6). South must win every game, by at least the solved
// margin, within the start's distance (South's rank in W_S(value)); along
// every game South's distance falls by exactly one at each of South's
// moves with the value kept, and at each of North's moves the value stays
// or rises for South, and when it stays the distance falls by at least
// one. Against perfect on the Kimasai board (margins ±1: the value cannot
// rise) the game lasts exactly the start's distance.
func TestPerfectConverts(t *testing.T) {
	for _, c := range []struct {
		rules             string
		positions, term   int64
		value             solve.Force
		vsAlphaBeta, vsRd int
	}{
		{"kimasai-two-rows:holes=4,reserve=1", 4529719, 417330, 1, 20, 200},
		{"kingulu:holes=4,seeds=1,first_lap_rule=off", 17368, 1068, 6, 20, 200},
	} {
		g := engine.MustParse(c.rules)
		r, err := solve.Solve(g.NewState(), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Positions != c.positions || r.Terminal != c.term || !r.Cyclic || r.Root != (solve.Value{South: c.value, North: c.value}) {
			t.Fatalf("%s: %d positions, %d terminal, cyclic %v, root %v; want %d, %d, cyclic, %v", c.rules, r.Positions, r.Terminal, r.Cyclic, r.Root, c.positions, c.term, c.value)
		}
		dir := t.TempDir()
		if err := solve.WriteTable(dir, r.Table); err != nil {
			t.Fatal(err)
		}
		perfect := agent.Perfect{Table: dir}
		if err := perfect.Prepare(g); err != nil {
			t.Fatal(err)
		}
		ab, err := agent.Parse("alphabeta:nodes=20000")
		if err != nil {
			t.Fatal(err)
		}
		south := perfect.New(g)
		for _, opp := range []struct {
			spec  agent.Spec
			games int
		}{{ab, c.vsAlphaBeta}, {agent.Random{}, c.vsRd}, {perfect, 3}} {
			north := opp.spec.New(g)
			longest, total := 0, 0
			for i := range opp.games {
				plies := convertGame(t, r, g.NewState(), south, north, uint64(2*i))
				if opp.spec == agent.Spec(perfect) && g.Variant() == "kimasai-two-rows" && plies != r.RootPlies.South {
					t.Errorf("%s: perfect against perfect: %d plies, want the start's distance %d", c.rules, plies, r.RootPlies.South)
				}
				longest, total = max(longest, plies), total+plies
			}
			t.Logf("%s: perfect (South) against %v: won %d of %d games, %.1f plies on average, at most %d (start's distance %d)",
				c.rules, opp.spec, opp.games, opp.games, float64(total)/float64(opp.games), longest, r.RootPlies.South)
		}
	}
}

// convertGame plays one game from start, South the winning perfect agent,
// checks it as TestPerfectConverts says and returns its length in plies.
func convertGame(t *testing.T, r *solve.Result, start engine.State, south, north agent.Agent, seed uint64) int {
	t.Helper()
	south.Reset(seed)
	north.Reset(seed + 1)
	c, err := solve.NewCoder(start)
	if err != nil {
		t.Fatal(err)
	}
	lookup := func(s engine.State) (solve.Force, int) {
		k, _, _ := c.Key(s)
		v, d, ok := r.Table.LookupPlies(k)
		if !ok {
			t.Fatalf("seed %d: position not in the table\n%v", seed, s)
		}
		return v.South, d.South
	}
	s := start.Clone()
	v, d := lookup(s)
	moves := make([]engine.Move, 0, engine.MaxMoves)
	plies := 0
	for !s.Over() {
		mover, a := s.Player(), south
		if mover == engine.North {
			a = north
		}
		moves = s.Candidates(moves[:0])
		if _, err := s.Apply(a.Choose(s, moves)); err != nil {
			continue // a never-ending move (infinite=illegal): choose again
		}
		plies++
		v2, d2 := lookup(s)
		switch {
		case mover == engine.South && (v2 != v || d2 != d-1):
			t.Fatalf("seed %d ply %d: South's move went from %v in %d to %v in %d, want %v in %d", seed, plies, v, d, v2, d2, v, d-1)
		case mover == engine.North && (v2 < v || (v2 == v && d2 > d-1)):
			t.Fatalf("seed %d ply %d: North's move went from %v in %d to %v in %d", seed, plies, v, d, v2, d2)
		}
		v, d = v2, d2
	}
	if s.Result() != engine.SouthWins || solve.Margin(s) < int(r.Root.South) || plies > r.RootPlies.South {
		t.Fatalf("seed %d: %v after %d plies (margin %d), want a South win by at least %v within %d plies", seed, s.Result(), plies, solve.Margin(s), r.Root.South, r.RootPlies.South)
	}
	return plies
}
