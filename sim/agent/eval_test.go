package agent_test

import (
	"math"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/sim/evaluate"
)

// TestEvalSpecs: the eval key, the strong agent and mcts's solver key
// read back in canonical form, and bad values are one-line errors.
func TestEvalSpecs(t *testing.T) {
	for in, want := range map[string]string{
		"alphabeta:eval=fitted":             "alphabeta:depth=4,eval=fitted",
		"alphabeta:nodes=500,eval=fitted":   "alphabeta:nodes=500,eval=fitted",
		"alphabeta:nodes=500,eval=material": "alphabeta:nodes=500",
		"strong":                            "alphabeta:nodes=20000,eval=fitted",
		"strong:nodes=4000":                 "alphabeta:nodes=4000,eval=fitted",
		"strong:depth=3":                    "alphabeta:depth=3,eval=fitted",
		"strong:eval=material":              "alphabeta:nodes=20000",
		"mcts:iters=50,solver=true":         "mcts:iters=50,c=1.4,solver=true",
		"mcts:iters=50,solver=false":        "mcts:iters=50,c=1.4",
	} {
		s, err := agent.Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if s.String() != want {
			t.Errorf("%s: canonical %s, want %s", in, s, want)
		}
		if back, err := agent.Parse(s.String()); err != nil || back != s {
			t.Errorf("%s: %s reads back as %v, %v", in, s, back, err)
		}
	}
	for _, bad := range []string{"alphabeta:eval=deep", "strong:eval=x", "strong:colour=red", "mcts:solver=yes"} {
		if _, err := agent.Parse(bad); err == nil {
			t.Errorf("%s: no error", bad)
		} else {
			t.Log(err)
		}
	}
}

// TestFittedEvalPlays: alphabeta:eval=fitted plays a legal move on every
// variant's default board, prepares without error, and at depth 1 picks,
// over the first plies of a game, a move of largest fitted score
// round(EvalScale · logit) for the mover (no move there ends the game).
func TestFittedEvalPlays(t *testing.T) {
	for _, rs := range []string{"kingulu", "kimasai-four-rows", "kimasai-two-rows:lap_limit=2000"} {
		g := engine.MustParse(rs)
		spec, _ := agent.Parse("alphabeta:depth=1,eval=fitted")
		if err := spec.(agent.Preparer).Prepare(g); err != nil {
			t.Fatal(err)
		}
		a := spec.New(g)
		m, err := evaluate.Fitted(g.Variant())
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewState()
		for range 6 { // a few plies in
			moves := s.Candidates(nil)
			mv := a.Choose(s, moves)
			best := math.Inf(-1)
			var got float64
			for _, x := range moves {
				c := s.Clone()
				if _, err := c.Apply(x); err != nil || c.Over() {
					continue
				}
				z := math.Round(agent.EvalScale * m.Logit(c, s.Player()))
				best = math.Max(best, z)
				if x == mv {
					got = z
				}
			}
			if got != best {
				t.Fatalf("%s ply %d: depth 1 chose a move of fitted score %v, the best is %v", rs, s.Ply(), got, best)
			}
			if _, err := s.Apply(mv); err != nil {
				t.Fatal(err)
			}
			if s.Over() {
				break
			}
		}
	}
}
