package solve_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/engine/solve"
)

// BenchmarkSolve reports positions/s and bytes/position (the solver's
// arrays at their peak) of whole solves, with the predecessor lists and
// with the sweep method, and the CPU time (user and system, all
// goroutines) per solve, cpu-ns/op (enginetest.CPUSeconds).
func BenchmarkSolve(b *testing.B) {
	for _, rs := range []string{"kimasai-four-rows:holes=5", "kingulu:holes=6,seeds=1", "kimasai-two-rows:holes=4,reserve=0"} {
		for _, sweep := range []bool{false, true} {
			name := rs + "/lists"
			if sweep {
				name = rs + "/sweep"
			}
			b.Run(name, func(b *testing.B) {
				g := engine.MustParse(rs)
				var r *solve.Result
				cpu0 := enginetest.CPUSeconds()
				for b.Loop() {
					var err error
					if r, err = solve.Solve(g.NewState(), solve.Options{Sweep: sweep}); err != nil {
						b.Fatal(err)
					}
				}
				if cpu0 > 0 {
					b.ReportMetric((enginetest.CPUSeconds()-cpu0)*1e9/float64(b.N), "cpu-ns/op")
				}
				b.ReportMetric(float64(r.Positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
				b.ReportMetric(float64(r.Bytes)/float64(r.Positions), "bytes/position")
			})
		}
	}
}
