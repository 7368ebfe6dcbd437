package sim

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
)

// holdAtStart is an Observer that blocks the run once it has taken its
// locks and planned, until release is closed.
type holdAtStart struct {
	nopObserver
	started, release chan struct{}
}

func (h *holdAtStart) Start(Start) {
	close(h.started)
	<-h.release
}

// startHeld starts Run with o in the background and returns once the run
// holds its locks; release lets it play, wait returns its error.
func startHeld(t *testing.T, o Options) (release func(), wait func() error) {
	t.Helper()
	h := &holdAtStart{started: make(chan struct{}), release: make(chan struct{})}
	o.Observer = h
	errc := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), o)
		errc <- err
	}()
	select {
	case <-h.started:
	case err := <-errc:
		t.Fatalf("held run ended before it started: %v", err)
	}
	var once sync.Once
	release = func() { once.Do(func() { close(h.release) }) }
	var (
		waitOnce sync.Once
		err      error
	)
	wait = func() error {
		release()
		waitOnce.Do(func() { err = <-errc })
		return err
	}
	t.Cleanup(func() { wait() })
	return release, wait
}

// TestOtherShardCountIsLocked runs a dataset with --shard 0/1 and, while
// it runs, the same experiment with --shard 0/2 (which would play the
// same batches) and another experiment with --force (which would delete
// the running run's files): both are refused. Shard 1/2 of a run with two
// shards, as a Slurm array starts it, is not refused while 0/2 runs.
// (Broken once by skipping the busyWith check in store.prepare: the 0/2
// run was accepted.)
func TestOtherShardCountIsLocked(t *testing.T) {
	p := testPlan
	p.Rules, p.Agents, p.Games, p.Batch = p.Rules[:1], p.Agents[:1], 40, 10
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	_, wait := startHeld(t, Options{Experiment: exp, Dir: dir, Workers: 1, Shards: 1})

	_, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1, Shard: 0, Shards: 2})
	if !errors.Is(err, ErrShardBusy) || !strings.Contains(err.Error(), "1 shards") {
		t.Errorf("--shard 0/2 while 0/1 runs: %v, want %v naming the other run", err, ErrShardBusy)
	}
	other := p
	other.Games = 30
	_, err = Run(context.Background(), Options{Experiment: mustExperiment(t, other), Dir: dir, Workers: 1, Force: true})
	if !errors.Is(err, ErrShardBusy) {
		t.Errorf("--force of another experiment while a run goes on: %v, want %v", err, ErrShardBusy)
	}
	if err := wait(); err != nil {
		t.Fatalf("the first run: %v", err)
	}
	checkCounts(t, dir, exp)
	assertOnlyCompleteFiles(t, dir)

	// Once it has ended, another shard count may resume the dataset.
	s, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1, Shard: 1, Shards: 2})
	if err != nil || s.Games != 0 {
		t.Errorf("--shard 1/2 after the run: played %d, %v", s.Games, err)
	}

	// Two shards of one run go on at once.
	dir2 := t.TempDir()
	_, wait0 := startHeld(t, Options{Experiment: exp, Dir: dir2, Workers: 1, Shard: 0, Shards: 2})
	_, wait1 := startHeld(t, Options{Experiment: exp, Dir: dir2, Workers: 1, Shard: 1, Shards: 2})
	if err := wait0(); err != nil {
		t.Errorf("shard 0/2: %v", err)
	}
	if err := wait1(); err != nil {
		t.Errorf("shard 1/2: %v", err)
	}
	checkCounts(t, dir2, exp)
}

// TestTempNamesAreUnique checks that two workers writing the same batch
// use different temporary files, and that a resumed shard removes the
// temporary files its earlier runs left (and only those of its batches).
func TestTempNamesAreUnique(t *testing.T) {
	if a, b := dataset.NewTag(), dataset.NewTag(); a == b {
		t.Errorf("two tags alike: %s", a)
	}
	p := testPlan
	p.Rules, p.Agents, p.Games, p.Batch = p.Rules[:1], p.Agents[:1], 40, 10
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	var (
		mu      sync.Mutex
		created []string
	)
	o := Options{Experiment: exp, Dir: dir, Workers: 2, Shard: 0, Shards: 2}
	o.create = func(path string) (dataset.SyncFile, error) {
		mu.Lock()
		created = append(created, path)
		mu.Unlock()
		return dataset.CreateFile(path)
	}
	run(t, o)
	gdir := dataset.PartitionDir(dir, dataset.Games, exp.Rules[0])
	os.Remove(filepath.Join(gdir, dataset.FileName(0, 2)))
	mine := filepath.Join(gdir, dataset.TempName(0, 2, "1-00"))   // batch 2: shard 0's
	theirs := filepath.Join(gdir, dataset.TempName(0, 1, "1-00")) // batch 1: shard 1's
	for _, f := range []string{mine, theirs} {
		os.WriteFile(f, []byte("half"), 0o666)
	}
	run(t, o)
	if _, err := os.Stat(mine); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("own stale temporary file left: %v", err)
	}
	if _, err := os.Stat(theirs); err != nil {
		t.Errorf("another shard's temporary file removed: %v", err)
	}
	seen := map[string]bool{}
	for _, path := range created {
		n := filepath.Base(path)
		if seen[path] || !strings.HasPrefix(n, ".part-c0000-b00000") || !strings.HasSuffix(n, ".tmp") {
			t.Errorf("temporary name %q (seen before: %v)", n, seen[path])
		}
		if base, ok := dataset.TempBatch(n); !ok || !strings.HasPrefix(n, dataset.TempPrefix(0, 0)[:len(".part-c0000-b")]) || !strings.HasSuffix(base, ".parquet") {
			t.Errorf("TempBatch(%q) = %q, %v", n, base, ok)
		}
		seen[path] = true
	}
	// Opening the same temporary name twice fails instead of truncating
	// the first writer's file.
	f, err := dataset.CreateFile(filepath.Join(dir, "x"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := dataset.CreateFile(filepath.Join(dir, "x")); err == nil {
		t.Error("createFile opened an existing file")
	}
}

// TestManifestsReadableLikeData checks that manifests get the same
// permissions as the data files (0666 less the umask), not 0600.
// (Fails with os.CreateTemp in dataset.WriteFileAtomic.)
func TestManifestsReadableLikeData(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	p := testPlan
	p.Rules, p.Agents, p.Games = p.Rules[:1], p.Agents[:1], 10
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	files, _ := dataset.Files(dir, dataset.Games)
	for _, f := range []string{files[0].Path, filepath.Join(dir, dataset.ManifestName), filepath.Join(dir, dataset.ShardDir, dataset.ShardManifestName(0, 1))} {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", f, st.Mode().Perm())
		}
	}
}

// cancelAtStart cancels the run right after it starts playing.
type cancelAtStart struct {
	nopObserver
	after  time.Duration
	cancel func()
	at     chan time.Time
}

func (c *cancelAtStart) Start(Start) {
	go func() {
		time.Sleep(c.after)
		c.at <- time.Now()
		c.cancel()
	}()
}

// TestCancelInsideLongGame cancels a run while its only game, which takes
// seconds (MCTS with 200,000 iterations a move, about 0.4 s of CPU per
// move), is in play: the run stops after the move in play instead of
// after the game, leaves only complete files and says interrupted.
// (Fails with the stop check in worker.play removed: the run took the
// whole game, 6 s of CPU.)
func TestCancelInsideLongGame(t *testing.T) {
	p := Plan{Rules: []string{"kingulu"}, Agents: []string{"mcts:iters=200000"}, Games: 1, Seed: 1, Moves: true}
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	obs := &cancelAtStart{after: 300 * time.Millisecond, cancel: cancel, at: make(chan time.Time, 1)}
	_, err := Run(ctx, Options{Experiment: exp, Dir: dir, Workers: 1, Observer: obs})
	took := time.Since(<-obs.at)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("cancelled run: %v", err)
	}
	if took > 10*time.Second { // one move is about 0.4 s of CPU; the machine may be loaded
		t.Errorf("the run took %v to stop after the cancel", took)
	}
	assertOnlyCompleteFiles(t, dir)
	if n := countFiles(dir, dataset.Games); n != 0 {
		t.Errorf("%d games files after a cancel in the only game", n)
	}
	if m, _ := dataset.ReadManifest(dir); len(m.Shards) != 1 || m.Shards[0].Runs[0].Status != "interrupted" {
		t.Errorf("manifest %+v", m.Shards)
	}
}

// TestStopGraceLeavesLongMove cancels a run whose only game is in a move
// that takes about 2 s of CPU (MCTS with 1,000,000 iterations): the run
// returns after StopGrace, not after the move, with the temporary files
// removed and the run recorded as interrupted. (Waiting for the workers,
// as before StopGrace, took the whole move.)
func TestStopGraceLeavesLongMove(t *testing.T) {
	p := Plan{Rules: []string{"kingulu"}, Agents: []string{"mcts:iters=1000000"}, Games: 1, Seed: 1, Moves: true}
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	obs := &cancelAtStart{after: 300 * time.Millisecond, cancel: cancel, at: make(chan time.Time, 1)}
	_, err := Run(ctx, Options{Experiment: exp, Dir: dir, Workers: 1, Observer: obs, StopGrace: 100 * time.Millisecond})
	took := time.Since(<-obs.at)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("cancelled run: %v", err)
	}
	if took > time.Second {
		t.Errorf("the run took %v to return after the cancel, with StopGrace 100ms", took)
	}
	assertOnlyCompleteFiles(t, dir)
	if m, _ := dataset.ReadManifest(dir); len(m.Shards) != 1 || m.Shards[0].Runs[0].Status != "interrupted" {
		t.Errorf("manifest %+v", m.Shards)
	}
}
