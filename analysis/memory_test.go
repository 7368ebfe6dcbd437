package analysis

import (
	"context"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/internal/testenv"
)

// peakHeap runs f while sampling the heap every millisecond and returns
// the largest sample. The collector runs at GOGC=20 meanwhile, so a sample
// holds little garbage beside the live heap: at the default 100 the
// garbage alone made the peak of one run twice another's (20 against 42
// MB for the same dataset), and the test failed at random.
func peakHeap(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// TestMemoryBounded analyses two datasets with the same batches, one with
// five times as many games, and checks that the peak heap does not grow
// with the number of games.
func TestMemoryBounded(t *testing.T) {
	if testenv.Short() {
		t.Skip("writes 30,000 games")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	cell := synth.Cell{Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 30, PFirst: 0.5, PDraw: 0.05}
	const per = 1000
	small, large := t.TempDir(), t.TempDir()
	for b := 0; b < 30; b++ {
		games := synth.RandomGames(rng, cell, int64(b*per), per)
		if b < 6 {
			if err := synth.WriteBatch(small, 0, b, games, true); err != nil {
				t.Fatal(err)
			}
		}
		if err := synth.WriteBatch(large, 0, b, games, true); err != nil {
			t.Fatal(err)
		}
	}
	peak := func(dir string) uint64 {
		ds, err := load.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return peakHeap(func() {
			if _, err := Analyze(context.Background(), ds, Options{Workers: 2}); err != nil {
				t.Fatal(err)
			}
		})
	}
	ps, pl := peak(small), peak(large)
	t.Logf("peak heap: %.1f MB for 6,000 games, %.1f MB for 30,000", float64(ps)/1e6, float64(pl)/1e6)
	if pl > ps*3/2+8<<20 {
		t.Errorf("peak heap grew from %d to %d bytes with 5 times the games", ps, pl)
	}
}
