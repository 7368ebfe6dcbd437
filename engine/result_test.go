package engine_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestScoreFor: each result's score for each player, by hand.
func TestScoreFor(t *testing.T) {
	want := map[engine.Result][2]float64{ // South's, North's
		engine.SouthWins: {1, 0}, engine.NorthWins: {0, 1},
		engine.Draw: {0.5, 0.5}, engine.Unfinished: {0.5, 0.5}, engine.Ongoing: {0.5, 0.5},
	}
	for r, w := range want {
		for i, p := range []engine.Player{engine.South, engine.North} {
			if got := r.ScoreFor(p); got != w[i] {
				t.Errorf("%s.ScoreFor(%s) = %g, want %g", r, p, got, w[i])
			}
		}
	}
}
