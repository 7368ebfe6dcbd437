package sim

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baolab/baolab/dataset"
)

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

	create  func(string) (dataset.SyncFile, error) // test hook; nil: dataset.CreateFile
	openDir func(string) (dataset.SyncFile, error) // test hook; nil: os.Open
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
	if err := o.check(ctx); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%v) while preparing the agents: %v; nothing was played", ErrInterrupted, context.Cause(ctx), err)
		}
		return Summary{}, err
	}
	host, _ := os.Hostname()
	st, err := openStore(o.Dir, o.Experiment, o.Shard, o.Shards, o.Force, dataset.Run{
		Build: o.Build, Host: host, PID: os.Getpid(), Workers: o.Workers, Start: start.UTC(), Status: "running",
	})
	if err != nil {
		return Summary{}, err
	}
	defer st.close()
	st.removeBatchTemps()
	if err := st.checkForeignFiles(); err != nil {
		st.finish("failed", err)
		return Summary{}, err
	}

	jobs, plan, pending := planJobs(ctx, o, st)
	if st.readWhole > 0 {
		st.notes = append(st.notes, fmt.Sprintf("%d finished batch files had no checksum in the manifest (an older dataset or a lost manifest): verified by reading them whole, their checksums now recorded", st.readWhole))
	}
	plan.Notes = st.notes
	var played atomic.Int64
	plan.Played = played.Load
	o.Observer.Start(plan)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stop atomic.Bool // runCtx is done: workers drop the game in play
	defer context.AfterFunc(runCtx, func() { stop.Store(true) })()
	temps := &tempSet{}
	c := collector{o: o, st: st, start: start, pending: pending, cancel: cancel, temps: temps,
		cells: make([]tally, o.Experiment.NumCells()), sum: Summary{Skipped: plan.GamesDone}}
	c.collect(runCtx, startWorkers(runCtx, o, jobs, &played, &stop, temps))

	runErr := c.runErr
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
		runErr = c.flushErr
	}
	if runErr == nil {
		runErr = err
	}
	sum := c.sum
	sum.Elapsed = time.Since(start)
	sum.DatasetComplete = complete
	sum.Err = runErr
	o.Observer.Done(sum)
	return sum, runErr
}

// check checks o and fills in the defaults of its zero fields, and
// prepares the agents (stopping when ctx is done).
func (o *Options) check(ctx context.Context) error {
	if err := o.Experiment.Check(); err != nil {
		return err
	}
	if err := prepareAgents(ctx, o.Experiment); err != nil {
		return err
	}
	if o.Shards == 0 {
		o.Shards = 1
	}
	if o.Shards < 1 || o.Shard < 0 || o.Shard >= o.Shards {
		return fmt.Errorf("shard %d/%d: want 0 <= K < N", o.Shard, o.Shards)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.Workers > MaxWorkers() {
		return fmt.Errorf("%d workers: at most %d here (4 per CPU); more workers than CPUs only cost memory", o.Workers, MaxWorkers())
	}
	if o.ManifestInterval <= 0 {
		o.ManifestInterval = 2 * time.Second
	}
	if o.StopGrace == 0 {
		o.StopGrace = time.Second
	}
	if o.Observer == nil {
		o.Observer = nopObserver{}
	}
	return nil
}

// planJobs lists every batch of this shard that is not yet complete on
// disk (recording the complete ones in st), and the batches left per cell.
func planJobs(ctx context.Context, o Options, st *store) (jobs []job, plan Start, pending []int) {
	exp := o.Experiment
	plan = Start{Experiment: exp, Shard: o.Shard, Shards: o.Shards, Workers: o.Workers}
	pending = make([]int, exp.NumCells())
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
	return jobs, plan, pending
}

// startWorkers starts the workers, which play jobs until there are none
// left or ctx is done, and returns their results. The channel is closed
// once every worker has stopped.
func startWorkers(ctx context.Context, o Options, jobs []job, played *atomic.Int64, stop *atomic.Bool, temps *tempSet) <-chan result {
	jobCh := make(chan job)
	resCh := make(chan result, o.Workers)
	var wg sync.WaitGroup
	for range min(o.Workers, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(o.Experiment, o.Dir, o.create, temps)
			w.out.OpenDir = o.openDir
			w.played = played
			w.stop = stop
			for j := range jobCh {
				r, err := w.runBatch(ctx, j.cell, j.batch)
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
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(resCh) }()
	return resCh
}

// tally counts the games, plies and results of one cell in this run.
type tally struct {
	games, plies int64
	results      [4]int64
}

// collector takes the workers' results: it records each finished batch
// in the store, tells the observer, and keeps the first error.
type collector struct {
	o       Options
	st      *store
	start   time.Time
	pending []int // batches left per cell
	cancel  context.CancelFunc
	temps   *tempSet
	cells   []tally
	sum     Summary
	// runErr is the first error of a worker; flushErr the first error
	// of writing a manifest (a record, not data: the run goes on).
	runErr, flushErr error
}

// collect takes results until the workers have stopped or, once ctx is
// done, StopGrace has passed.
func (c *collector) collect(ctx context.Context, results <-chan result) {
	cancelled := ctx.Done()
	var grace <-chan time.Time
	for {
		select {
		case <-cancelled:
			cancelled = nil
			if c.o.StopGrace > 0 {
				grace = time.After(c.o.StopGrace)
			}
		case <-grace:
			// A worker is still in a long move: do not wait for it (its
			// last results, if any, are drained and dropped).
			c.temps.removeAll()
			go func() {
				for range results {
				}
			}()
			return
		case r, ok := <-results:
			if !ok {
				return
			}
			c.add(ctx, r)
		}
	}
}

// add takes one worker's result.
func (c *collector) add(ctx context.Context, r result) {
	if r.err != nil {
		if c.runErr == nil && !(errors.Is(r.err, context.Canceled) && ctx.Err() != nil) {
			c.runErr = r.err
		}
		c.cancel()
		return
	}
	exp := c.o.Experiment
	cell := r.rec.Cell
	c.st.add(r.rec, true)
	c.sum.Games += int64(r.rec.Games)
	c.sum.Plies += r.rec.Plies
	t := &c.cells[cell]
	t.games += int64(r.rec.Games)
	t.plies += r.rec.Plies
	for i := range t.results {
		t.results[i] += r.results[i]
	}
	c.o.Observer.Batch(Batch{Cell: exp.Cell(cell), Batch: r.rec.Batch, Games: r.rec.Games, Plies: r.rec.Plies, Results: r.results})
	if c.pending[cell]--; c.pending[cell] == 0 {
		c.o.Observer.CellDone(CellDone{Cell: exp.Cell(cell), Cells: exp.NumCells(), Games: t.games, Plies: t.plies, Results: t.results, Elapsed: time.Since(c.start)})
	}
	if err := c.st.flush(false, c.o.ManifestInterval); err != nil && c.flushErr == nil {
		c.flushErr = err
	}
}
