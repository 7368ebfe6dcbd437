package analysis

import (
	"math"
	"testing"

	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
)

func TestDoubledBy(t *testing.T) {
	for _, c := range []struct {
		a, b, key string
		budget    float64
	}{
		{"alphabeta:nodes=1000", "alphabeta:nodes=2000", "nodes", 1000},
		{"mcts:iters=400,c=1.4", "mcts:iters=800,c=1.4", "iters", 400},
		{"alphabeta:depth=6,nodes=500", "alphabeta:depth=6,nodes=1000", "nodes", 500},
		{"alphabeta:nodes=1000", "alphabeta:nodes=3000", "", 0},                // tripled
		{"alphabeta:nodes=2000", "alphabeta:nodes=1000", "", 0},                // halved
		{"alphabeta:depth=2", "alphabeta:depth=4", "", 0},                      // depth is not a budget
		{"mcts:iters=400,c=1.4", "mcts:iters=800,c=2.8", "", 0},                // two keys differ
		{"mcts:iters=400,c=1.4", "mcts:iters=800,c=1.4,rollout=greedy", "", 0}, // a key more
		{"alphabeta:nodes=1000", "mcts:nodes=2000", "", 0},                     // another agent
		{"random", "random", "", 0},
	} {
		key, budget, ok := doubledBy(c.a, c.b)
		if key != c.key || budget != c.budget || ok != (c.key != "") {
			t.Errorf("doubledBy(%q, %q) = %q, %v, %v; want %q, %v", c.a, c.b, key, budget, ok, c.key, c.budget)
		}
	}
}

// TestDoublings checks the doubling rows of a hand-built ladder: N=1000
// against 2N in both seat orders, 2N against 4N in one only (listed
// first: the rows still come by budget), and random (no budget).
func TestDoublings(t *testing.T) {
	cell := func(rs, south, north string, s, n, d, u int64) summary.Cell {
		games := s + n + d + u
		return summary.Cell{Ruleset: rs, Variant: "kingulu", AgentSouth: south, AgentNorth: north, Games: games,
			Outcomes: summary.Outcomes{South: summary.Share{Count: s}, North: summary.Share{Count: n}, Draw: summary.Share{Count: d}, Unfinished: summary.Share{Count: u}}}
	}
	const n1, n2, n4 = "alphabeta:nodes=1000", "alphabeta:nodes=2000", "alphabeta:nodes=4000"
	cells := []summary.Cell{
		cell("k", n4, n2, 52, 48, 0, 0), // 4N: 52 of 100
		cell("k", "random", n1, 0, 50, 0, 0),
		cell("k", n2, n1, 60, 30, 10, 0), // 2N as South: 60 wins + 5 = 65
		cell("k", n1, n2, 40, 50, 0, 10), // 2N as North: 50 wins + 5 = 55
	}
	got := doublings(cells, 0.95)
	if len(got) != 2 {
		t.Fatalf("%d rows, want 2: %+v", len(got), got)
	}
	lo, hi := stats.Wilson(120, 200, 0.95)
	d := got[0]
	if d.Agent != n1 || d.Doubled != n2 || d.Key != "nodes" || d.Budget != 1000 || d.Score.Games != 200 ||
		d.Score.Value != 0.6 || math.Abs(float64(d.Score.Lo)-lo) > 1e-12 || math.Abs(float64(d.Score.Hi)-hi) > 1e-12 || !d.Detectable || d.Verdict != summary.DoublingGain {
		t.Errorf("1000 vs 2000: %+v, want 120 of 200 = 0.6 [%v, %v], detectable, a gain", d, lo, hi)
	}
	if d := got[1]; d.Agent != n2 || d.Doubled != n4 || d.Score.Games != 100 || d.Score.Value != 0.52 || d.Detectable || d.Verdict != summary.DoublingNone {
		t.Errorf("2000 vs 4000: %+v, want 52 of 100, not detectable", d)
	}
}
