package solve_test

import (
	"testing"
	"time"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/solve"
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

// BenchmarkLayers reports positions/s of CountLayers and SolveLayers on
// kingulu:holes=5,seeds=3 (293,833 positions in 2,606 layers), with the
// waiting keys and layers in TempDir and, "kept", in a LayerDir saved
// every 100 ms (a long run saves every minute, but has thousands of
// waiting files at each save, as this board has at every tenth of a
// second), and the CPU time per run, cpu-ns/op.
func BenchmarkLayers(b *testing.B) {
	g := engine.MustParse("kingulu:holes=5,seeds=3")
	for _, c := range []struct {
		name       string
		kept, solv bool
	}{{"count", false, false}, {"count-kept", true, false}, {"solve", false, true}, {"solve-kept", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			var positions int64
			cpu0 := enginetest.CPUSeconds()
			for b.Loop() {
				opt := solve.Options{TempDir: b.TempDir(), MaxPositions: 1 << 20}
				if c.kept {
					opt.LayerDir, opt.Checkpoint = b.TempDir(), 100*time.Millisecond
				}
				if c.solv {
					r, err := solve.SolveLayers(g.NewState(), opt)
					if err != nil {
						b.Fatal(err)
					}
					positions = r.Positions
				} else {
					r, err := solve.CountLayers(g.NewState(), opt, func(solve.LayerSize) error { return nil })
					if err != nil {
						b.Fatal(err)
					}
					positions = r.Positions
				}
			}
			if cpu0 > 0 {
				b.ReportMetric((enginetest.CPUSeconds()-cpu0)*1e9/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkDepthFirst reports positions/s, bytes/position and the CPU
// time per solve, cpu-ns/op, of the depth-first method on one worker, as
// baolab solve --method dfs --workers 1 runs it, on
// kimasai-four-rows:holes=6 (1,668,199 positions; holes=7, the board the
// C of testdata/csolve/four.c is compared on, has 22,163,050).
func BenchmarkDepthFirst(b *testing.B) {
	g := engine.MustParse("kimasai-four-rows:holes=6")
	var r *solve.Result
	cpu0 := enginetest.CPUSeconds()
	for b.Loop() {
		var err error
		if r, err = solve.Solve(g.NewState(), solve.Options{Method: solve.MethodDFS, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	if cpu0 > 0 {
		b.ReportMetric((enginetest.CPUSeconds()-cpu0)*1e9/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(r.Positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(r.Bytes)/float64(r.Positions), "bytes/position")
}
