package sim

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/baolab/baolab/dataset"
)

// benchRun plays b.N games of one cell with all CPUs and reports games/s
// and plies/s (files included: encoding, zstd, fsync).
func benchRun(b *testing.B, rules string, moves bool) {
	exp := mustExperiment(b, Plan{Rules: []string{rules}, Agents: []string{"random"}, Games: max(b.N, 1), Seed: 1, Moves: moves})
	dir := b.TempDir()
	b.ResetTimer()
	s, err := Run(context.Background(), Options{Experiment: exp, Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(s.Games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(s.Plies)/b.Elapsed().Seconds(), "plies/s")
}

func BenchmarkRunKinguluMoves(b *testing.B)    { benchRun(b, "kingulu", true) }
func BenchmarkRunKinguluGames(b *testing.B)    { benchRun(b, "kingulu", false) }
func BenchmarkRunKimasai4Moves(b *testing.B)   { benchRun(b, "kimasai-four-rows", true) }
func BenchmarkRunKimasai2Lap2000(b *testing.B) { benchRun(b, "kimasai-two-rows:lap_limit=2000", true) }

// BenchmarkPlay measures one worker's game loop alone (no files).
func BenchmarkPlay(b *testing.B) {
	for _, rules := range []string{"kingulu", "kimasai-four-rows", "kimasai-two-rows:lap_limit=2000", "kimasai-two-rows"} {
		b.Run(rules, func(b *testing.B) {
			exp := mustExperiment(b, Plan{Rules: []string{rules}, Agents: []string{"random"}, Games: 1 << 30, Batch: 1 << 20, Moves: true})
			w := newWorker(exp, b.TempDir(), nil, nil)
			cs, err := w.cell(0)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var plies int64
			for i := 0; b.Loop(); i++ {
				if w.m.Len() > dataset.MoveRowGroup {
					w.m.Reset()
					w.g.Reset()
				}
				if err := w.play(cs, i); err != nil {
					b.Fatal(err)
				}
				plies += w.plies
				w.plies = 0
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// BenchmarkWriteMoves measures the moves file alone: one row group of
// kingulu random games' moves (dataset.MoveRowGroup rows), encoded,
// compressed and written per iteration.
func BenchmarkWriteMoves(b *testing.B) {
	exp := mustExperiment(b, Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 1 << 30, Batch: 1 << 20, Moves: true})
	dir := b.TempDir()
	w := newWorker(exp, dir, nil, nil)
	cs, err := w.cell(0)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; w.m.Len() < dataset.MoveRowGroup; i++ {
		if err := w.play(cs, i); err != nil {
			b.Fatal(err)
		}
	}
	out := dataset.NewWriter()
	path := filepath.Join(dir, "m.parquet")
	rows := w.m.Len()
	b.ReportAllocs()
	for b.Loop() {
		f, err := out.Open(path, dataset.Moves)
		if err != nil {
			b.Fatal(err)
		}
		if err := f.WriteMoves(&w.m); err != nil {
			b.Fatal(err)
		}
		if err := f.Commit(dataset.FileMeta{}); err != nil {
			b.Fatal(err)
		}
		if err := os.Remove(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*rows)/b.Elapsed().Seconds(), "moves/s")
}
