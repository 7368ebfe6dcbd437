package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
)

// withoutNeverCache returns a fresh agent of spec for g whose never-ending
// cache is switched off.
func withoutNeverCache(t *testing.T, spec string, g engine.Game) Agent {
	t.Helper()
	sp, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	switch a := sp.New(g).(type) {
	case *alphaBetaAgent:
		a.never = nil
		return a
	case *mctsAgent:
		a.never = nil
		return a
	}
	t.Fatalf("%s has no never-ending cache", spec)
	return nil
}

func cacheHits(a Agent) int64 {
	switch a := a.(type) {
	case *alphaBetaAgent:
		return a.never.hits
	case *mctsAgent:
		return a.never.hits
	}
	return 0
}

// playGame plays one game of g between south and north from the start
// (both reset with seed), as the simulator does, and returns its moves
// and final state.
func playGame(g engine.Game, south, north Agent, seed uint64) ([]engine.Move, engine.State) {
	south.Reset(seed)
	north.Reset(seed + 1)
	s := g.NewState()
	var played []engine.Move
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for !s.Over() {
		buf = s.Candidates(buf[:0])
		a := south
		if s.Player() == engine.North {
			a = north
		}
		m := a.Choose(s, buf)
		played = append(played, m)
		s.Apply(m) // a never-ending move is rejected: the agent chooses again
	}
	return played, s
}

// TestNeverCacheChangesNoMove: every agent with a never-ending cache plays
// the same games, move for move, as the same agent without one, on boards
// where search meets many never-ending moves (a small lap_limit makes
// every long sowing one), while the cache answers thousands of times.
func TestNeverCacheChangesNoMove(t *testing.T) {
	for _, tc := range []struct {
		ruleset, spec string
		games         int
	}{
		{"kimasai-two-rows:lap_limit=8,max_plies=80", "alphabeta:nodes=2000", 1},
		{"kimasai-two-rows:lap_limit=8,max_plies=80", "mcts:iters=100,c=1.4", 1},
		{"kimasai-two-rows:lap_limit=8,max_plies=60", "mcts:iters=100,c=1.4,rollout=greedy", 1},
		{"kingulu:max_reserved=0,lap_limit=6", "alphabeta:nodes=3000", 2},
		{"kingulu:max_reserved=0,lap_limit=6", "mcts:iters=200,c=1.4", 1},
	} {
		g := engine.MustParse(tc.ruleset)
		with := mustSpec(t, tc.spec).New(g)
		without := withoutNeverCache(t, tc.spec, g)
		for i := range tc.games {
			seed := uint64(10 * i)
			mw, sw := playGame(g, with, with, seed)
			mo, so := playGame(g, without, without, seed)
			if len(mw) != len(mo) || sw.Hash() != so.Hash() || sw.Result() != so.Result() {
				t.Fatalf("%s %s game %d: %d moves with the cache, %d without (results %v, %v)", tc.ruleset, tc.spec, i, len(mw), len(mo), sw.Result(), so.Result())
			}
			for k := range mw {
				if mw[k] != mo[k] {
					t.Fatalf("%s %s game %d: choice %d is %d with the cache, %d without", tc.ruleset, tc.spec, i, k, mw[k], mo[k])
				}
			}
		}
		hits := cacheHits(with)
		t.Logf("%s %s: %d games agree; the cache answered %d times", tc.ruleset, tc.spec, tc.games, hits)
		if hits < 100 {
			t.Errorf("%s %s: the cache answered only %d times", tc.ruleset, tc.spec, hits)
		}
	}
}

func mustSpec(t *testing.T, spec string) Spec {
	t.Helper()
	sp, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}
