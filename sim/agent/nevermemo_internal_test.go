package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/internal/testenv"
)

// withoutNeverMemo returns the agent of spec on g with fresh working
// states, which have no never-ending memo (engine.NeverMemo).
func withoutNeverMemo(t *testing.T, spec string, g engine.Game) Agent {
	t.Helper()
	switch a := mustSpec(t, spec).New(g).(type) {
	case *alphaBetaAgent:
		for k := range a.levels {
			a.levels[k].child = g.NewState()
		}
		return a
	case *mctsAgent:
		a.sim, a.spare = g.NewState(), g.NewState()
		return a
	case *greedyAgent:
		a.spare = g.NewState()
		return a
	}
	t.Fatalf("%s has no working states", spec)
	return nil
}

// memoVerdicts returns the never-ending verdicts the memo of a's working
// states gave.
func memoVerdicts(a Agent) int64 {
	var s engine.State
	switch a := a.(type) {
	case *alphaBetaAgent:
		s = a.levels[0].child
	case *mctsAgent:
		s = a.sim
	case *greedyAgent:
		s = a.spare
	}
	return s.(*kimasai2.State).NeverMemoVerdicts()
}

// TestNeverMemoChangesNoMove plays games of exact kimasai-two-rows (no
// lap_limit) with each searching agent, its states with the never-ending
// memo (as New makes them) and without, and requires the same choices and
// end, and the memo to have given verdicts.
func TestNeverMemoChangesNoMove(t *testing.T) {
	if testenv.Short() {
		t.Skip("exact two-rows games without the memo take long")
	}
	g := engine.MustParse("kimasai-two-rows")
	for _, spec := range []string{"alphabeta:nodes=2000", "mcts:iters=100,c=1.4", "greedy"} {
		with := mustSpec(t, spec).New(g)
		without := withoutNeverMemo(t, spec, g)
		for i := range 2 {
			seed := uint64(10*i + 3)
			mw, sw := playGame(g, with, with, seed)
			mo, so := playGame(g, without, without, seed)
			if len(mw) != len(mo) || sw.Hash() != so.Hash() || sw.Result() != so.Result() {
				t.Fatalf("%s game %d: %d moves with the memo, %d without", spec, i, len(mw), len(mo))
			}
			for k := range mw {
				if mw[k] != mo[k] {
					t.Fatalf("%s game %d: choice %d is %d with the memo, %d without", spec, i, k, mw[k], mo[k])
				}
			}
		}
		t.Logf("%s: 2 games agree; the memo gave %d verdicts", spec, memoVerdicts(with))
		if spec != "greedy" && memoVerdicts(with) < 50 {
			t.Fatalf("%s: the memo gave only %d verdicts", spec, memoVerdicts(with))
		}
		if memoVerdicts(without) != 0 {
			t.Fatalf("%s: the agent without a memo has one", spec)
		}
	}
}
