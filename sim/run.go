package sim

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baolab/baolab/dataset"
)

// Commit is the VCS revision recorded in manifests when the build carries
// none (set it with -ldflags "-X github.com/baolab/baolab/sim.Commit=...").
var Commit string

// BuildInfo returns the build record of this binary: version as given,
// the commit from Commit or else from the Go build's VCS stamp.
func BuildInfo(version string) dataset.Build {
	b := dataset.Build{Version: version, Commit: Commit, GoVersion: runtime.Version()}
	if info, ok := debug.ReadBuildInfo(); ok && b.Commit == "" {
		var rev, dirty string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "+dirty"
				}
			}
		}
		if rev != "" {
			b.Commit = rev + dirty
		}
	}
	return b
}

// Options configures Run.
type Options struct {
	// Experiment is the experiment in canonical form (see Plan.Experiment).
	Experiment dataset.Experiment
	// Dir is the dataset directory; it is created if needed.
	Dir string
	// Workers is the number of games played at once (one batch each).
	// Zero means runtime.NumCPU().
	Workers int
	// Shard and Shards select the batches this process plays: batch b of
	// every cell when b mod Shards == Shard. Shards 0 means 1.
	Shard, Shards int
	// Force replaces a dataset of another experiment in Dir.
	Force bool
	// Observer follows the run; nil means none.
	Observer Observer
	// Build identifies the program in the manifest.
	Build dataset.Build
	// ManifestInterval is the least time between two rewrites of the
	// manifests while the run goes on (0: 2 s). Data files never wait for
	// it: a batch is finished as soon as its files are renamed.
	ManifestInterval time.Duration
	// StopGrace is how long a cancelled run waits for its workers (0:
	// 1 s). Workers stop before their next move, but one move can take
	// seconds (a long never-ending check of kimasai-two-rows, a strong
	// agent's search); after StopGrace Run removes the temporary files
	// still being written, records the run as interrupted and returns,
	// leaving such a worker to stop on its own (a program exiting then
	// ends it). Negative: wait for every worker.
	StopGrace time.Duration

	create func(string) (dataset.SyncFile, error) // test hook; nil: dataset.CreateFile
}

// ErrInterrupted is returned (wrapped) when the context is cancelled
// before the run ends. Finished batches are kept; running the same
// experiment again resumes.
var ErrInterrupted = errors.New("interrupted")

type job struct{ cell, batch int }

type result struct {
	batchResult
	err error
}

// Run plays the batches of shard Shard/Shards of the experiment that are
// not yet finished in Dir and writes their files. It returns the summary
// of the run; on error the summary counts what was finished and every
// file left in Dir is complete.
func Run(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	exp := o.Experiment
	if err := exp.Check(); err != nil {
		return Summary{}, err
	}
	if err := prepareAgents(exp); err != nil {
		return Summary{}, err
	}
	if o.Shards == 0 {
		o.Shards = 1
	}
	if o.Shards < 1 || o.Shard < 0 || o.Shard >= o.Shards {
		return Summary{}, fmt.Errorf("shard %d/%d: want 0 <= K < N", o.Shard, o.Shards)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.Workers > MaxWorkers() {
		return Summary{}, fmt.Errorf("%d workers: at most %d here (4 per CPU); more workers than CPUs only cost memory", o.Workers, MaxWorkers())
	}
	if o.ManifestInterval <= 0 {
		o.ManifestInterval = 2 * time.Second
	}
	if o.StopGrace == 0 {
		o.StopGrace = time.Second
	}
	obs := o.Observer
	if obs == nil {
		obs = nopObserver{}
	}
	host, _ := os.Hostname()
	st, err := openStore(o.Dir, exp, o.Shard, o.Shards, o.Force, dataset.Run{
		Build: o.Build, Host: host, PID: os.Getpid(), Workers: o.Workers, Start: start.UTC(), Status: "running",
	})
	if err != nil {
		return Summary{}, err
	}
	defer st.close()
	st.removeBatchTemps()

	// Plan: every batch of this shard, skipping those already complete.
	var (
		jobs    []job
		plan    = Start{Experiment: exp, Shard: o.Shard, Shards: o.Shards, Workers: o.Workers}
		pending = make([]int, exp.NumCells()) // batches left per cell
		sum     Summary
	)
	for c := range exp.NumCells() {
		for b := range exp.NumBatches() {
			if dataset.ShardOf(b, o.Shards) != o.Shard {
				continue
			}
			if b%256 == 0 && ctx.Err() != nil {
				break // checking a large dataset's files takes a while
			}
			lo, hi := exp.BatchRange(b)
			plan.Batches++
			plan.Games += int64(hi - lo)
			if rec, ok := st.finished(c, b); ok {
				st.add(rec, false)
				plan.BatchesDone++
				plan.GamesDone += int64(hi - lo)
				continue
			}
			st.forget(c, b)
			jobs = append(jobs, job{c, b})
			pending[c]++
		}
	}
	sum.Skipped = plan.GamesDone
	var played atomic.Int64
	plan.Played = played.Load
	obs.Start(plan)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	temps := &tempSet{}
	var stop atomic.Bool // runCtx is done: workers drop the game in play
	defer context.AfterFunc(runCtx, func() { stop.Store(true) })()
	jobCh := make(chan job)
	resCh := make(chan result, o.Workers)
	var wg sync.WaitGroup
	for range min(o.Workers, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(exp, o.Dir, o.create, temps)
			w.played = &played
			w.stop = &stop
			for j := range jobCh {
				r, err := w.runBatch(runCtx, j.cell, j.batch)
				resCh <- result{r, err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobCh)
		for _, j := range jobs {
			select {
			case jobCh <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(resCh) }()

	type tally struct {
		games, plies int64
		results      [4]int64
	}
	cells := make([]tally, exp.NumCells())
	var (
		runErr, flushErr error
		cancelled        = runCtx.Done()
		grace            <-chan time.Time
	)
results:
	for {
		var r result
		select {
		case <-cancelled:
			cancelled = nil
			if o.StopGrace > 0 {
				grace = time.After(o.StopGrace)
			}
			continue
		case <-grace:
			// A worker is still in a long move: do not wait for it (its
			// last results, if any, are drained and dropped).
			temps.removeAll()
			go func() {
				for range resCh {
				}
			}()
			break results
		case res, ok := <-resCh:
			if !ok {
				break results
			}
			r = res
		}
		if r.err != nil {
			if runErr == nil && !(errors.Is(r.err, context.Canceled) && runCtx.Err() != nil) {
				runErr = r.err
			}
			cancel()
			continue
		}
		c := r.rec.Cell
		st.add(r.rec, true)
		sum.Games += int64(r.rec.Games)
		sum.Plies += r.rec.Plies
		t := &cells[c]
		t.games += int64(r.rec.Games)
		t.plies += r.rec.Plies
		for i := range t.results {
			t.results[i] += r.results[i]
		}
		obs.Batch(Batch{Cell: exp.Cell(c), Batch: r.rec.Batch, Games: r.rec.Games, Plies: r.rec.Plies, Results: r.results})
		if pending[c]--; pending[c] == 0 {
			obs.CellDone(CellDone{Cell: exp.Cell(c), Cells: exp.NumCells(), Games: t.games, Plies: t.plies, Results: t.results, Elapsed: time.Since(start)})
		}
		if err := st.flush(false, o.ManifestInterval); err != nil && flushErr == nil {
			flushErr = err // a manifest is a record, not data: keep playing, report at the end
		}
	}
	if runErr == nil && ctx.Err() != nil {
		runErr = fmt.Errorf("%w (%v): finished batches are kept; run the same command again to resume", ErrInterrupted, context.Cause(ctx))
	}
	status := "done"
	switch {
	case errors.Is(runErr, ErrInterrupted):
		status = "interrupted"
	case runErr != nil:
		status = "failed"
	}
	complete, err := st.finish(status, runErr)
	if runErr == nil {
		runErr = flushErr
	}
	if runErr == nil {
		runErr = err
	}
	sum.Elapsed = time.Since(start)
	sum.DatasetComplete = complete
	sum.Err = runErr
	obs.Done(sum)
	return sum, runErr
}
