package analysis

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/internal/testenv"
)

// benchDataset returns a synthetic dataset of games games with full move
// logs (mean length plies) in 4 cells and batches of 16384 games, as baolab
// sim writes large runs. It is written once into the system's temporary
// directory and reused by later runs.
func benchDataset(b *testing.B, games, plies int) string {
	b.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("baolab-analysis-bench-%d-%d-v1", games, plies))
	done := filepath.Join(dir, "complete")
	if _, err := os.Stat(done); err == nil {
		return dir
	}
	os.RemoveAll(dir)
	start := time.Now()
	const cells, batch = 4, 16384
	per := games / cells
	rng := rand.New(rand.NewPCG(uint64(games), uint64(plies)))
	for c := 0; c < cells; c++ {
		cell := synth.Cell{Ruleset: readings[c], Variant: "kingulu", South: "random", North: "random", First: "south",
			MeanPlies: plies, PFirst: 0.45 + 0.02*float64(c), PDraw: 0.05}
		for lo, bt := 0, 0; lo < per; lo, bt = lo+batch, bt+1 {
			n := min(batch, per-lo)
			if err := synth.WriteBatch(dir, c, bt, synth.RandomGames(rng, cell, int64(c*per+lo), n), true); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(done, nil, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("wrote %s in %s", dir, time.Since(start).Round(time.Second))
	return dir
}

// resetPeakRSS resets the kernel's peak resident set size of this process
// (Linux), so that peakRSS measures what follows.
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns the peak resident set size in MB (Linux), or 0.
func peakRSS() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

func benchmarkAnalyze(b *testing.B, games, plies int) {
	dir := benchDataset(b, games, plies)
	runtime.GC()
	resetPeakRSS()
	b.ResetTimer()
	var s any
	for i := 0; i < b.N; i++ {
		ds, err := load.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		sum, err := Analyze(context.Background(), ds, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if sum.Games != int64(games/4*4) {
			b.Fatalf("%d games", sum.Games)
		}
		s = sum
	}
	_ = s
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(games)/sec, "games/s")
	b.ReportMetric(float64(games*plies)/sec, "moves/s")
	b.ReportMetric(peakRSS(), "peak-RSS-MB")
}

// BenchmarkAnalyzeSmall analyses 20,000 games of 60 plies on average.
func BenchmarkAnalyzeSmall(b *testing.B) { benchmarkAnalyze(b, 20_000, 60) }

// BenchmarkAnalyzeLarge analyses 1,000,000 games of 60 plies on average
// (60 million moves; about 2.5 times as many as random kingulu games
// have) with full move logs: the target is at most 20 s on two
// cores. Writing the dataset the first time takes a few minutes.
func BenchmarkAnalyzeLarge(b *testing.B) {
	if testenv.Short() {
		b.Skip("large")
	}
	benchmarkAnalyze(b, 1_000_000, 60)
}
