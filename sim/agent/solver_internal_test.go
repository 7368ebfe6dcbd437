package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// TestMCTSSolverAgreesWithSolver: on boards the exact solver solves, every
// root value MCTS-Solver proves is the solver's outcome for the player to
// move, and so is every proven value of a root move; the move chosen is
// never a proven loss while some move is not one, and from a proven win
// it is a move the solver says wins.
func TestMCTSSolverAgreesWithSolver(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=3", "kimasai-four-rows:holes=4", "kimasai-two-rows:holes=4,reserve=1"} {
		g := engine.MustParse(rs)
		exact := exactScore(t, g)
		a := newMCTS(g, 3000, DefaultC, false, true)
		buf := make([]engine.Move, 0, engine.MaxMoves)
		child := g.NewState()
		ps := positions(t, rs, 3, 9)
		proven, kids := 0, 0
		for i, s := range ps {
			buf = s.Candidates(buf[:0])
			a.Reset(uint64(i))
			m := a.Choose(s, buf)
			me := s.Player()
			if v, ok := a.rootProof(); ok {
				proven++
				if want := exact(s, me); v != want {
					t.Fatalf("%s position %d: proven %v for the mover, the solver %v\n%s", rs, i, v, want, s)
				}
			}
			root := &a.nodes[0]
			nonLosing := false
			var chosen *node
			for j := root.first; j < root.first+int32(root.n); j++ {
				nd := &a.nodes[j]
				if nd.dead {
					continue
				}
				if nd.move == m {
					chosen = nd
				}
				if !(nd.proven && nd.reward == 0) {
					nonLosing = true
				}
				if nd.proven {
					kids++
					applyOn(child, s, nd.move)
					if want := exact(child, me); nd.reward != want {
						t.Fatalf("%s position %d: move %d proven %v, the solver %v", rs, i, nd.move, nd.reward, want)
					}
				}
			}
			if chosen == nil {
				t.Fatalf("%s position %d: chose %d, not a live root move", rs, i, m)
			}
			if nonLosing && chosen.proven && chosen.reward == 0 {
				t.Fatalf("%s position %d: chose the proven loss %d while a move is not one", rs, i, m)
			}
			if v, ok := a.rootProof(); ok && v == 1 {
				applyOn(child, s, m)
				if exact(child, me) != 1 {
					t.Fatalf("%s position %d: proven win, but move %d does not win", rs, i, m)
				}
			}
		}
		t.Logf("%s: %d positions, %d root values and %d root moves proven, all as solved", rs, len(ps), proven, kids)
		if proven < len(ps)/3 {
			t.Errorf("%s: only %d of %d root values proven", rs, proven, len(ps))
		}
	}
}

// exactScore solves g's board and returns the score for p of a position's
// exact outcome (engine.Result.ScoreFor); a position not in the solved
// table fails the test.
func exactScore(t *testing.T, g engine.Game) func(s engine.State, p engine.Player) float64 {
	t.Helper()
	r, err := solve.Solve(g.NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	coder, err := solve.NewCoder(g.NewState())
	if err != nil {
		t.Fatal(err)
	}
	return func(s engine.State, p engine.Player) float64 {
		key, _, _ := coder.Key(s)
		v, ok := r.Table.Lookup(key)
		if !ok {
			t.Fatalf("%s: a position is not in the solved table:\n%s", g.Ruleset(), s)
		}
		return v.Outcome().ScoreFor(p)
	}
}
