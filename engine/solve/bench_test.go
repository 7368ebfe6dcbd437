package solve_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/solve"
)

// BenchmarkSolve reports positions/s and bytes/position of whole solves.
func BenchmarkSolve(b *testing.B) {
	for _, rs := range []string{"kimasai-four-rows:holes=5", "kingulu:holes=6,seeds=1", "kimasai-two-rows:holes=4,reserve=0"} {
		b.Run(rs, func(b *testing.B) {
			g := engine.MustParse(rs)
			var r *solve.Result
			for b.Loop() {
				var err error
				if r, err = solve.Solve(g.NewState(), solve.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.Positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			b.ReportMetric(float64(r.Bytes)/float64(r.Positions), "bytes/position")
		})
	}
}
