package sim

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/testenv"
)

// killPlan is the experiment of TestResumeAfterKill9: enough batches that
// a kill lands in the middle of the run.
var killPlan = Plan{Rules: []string{"kingulu", "kimasai-four-rows:holes=6"}, Agents: []string{"random"}, Games: 3000, Seed: 7, Batch: 50, Moves: true}

// pointPlan is the experiment of TestKill9AtEachPoint: small, two cells
// of six batches, moves logged.
var pointPlan = Plan{Rules: []string{"kingulu", "kimasai-four-rows:holes=6"}, Agents: []string{"random"}, Games: 60, Seed: 5, Batch: 10, Moves: true}

// TestMain lets the test binary play the child of TestResumeAfterKill9
// and TestKill9AtEachPoint. BAOLAB_SIM_TEST_KILL=point:substring:n makes
// the child play pointPlan, rewriting its manifests after every batch,
// and kill itself with SIGKILL the n-th time it reaches the named point
// (dataset.FaultHook) for a path containing substring.
func TestMain(m *testing.M) {
	if dir := os.Getenv("BAOLAB_SIM_TEST_CHILD"); dir != "" {
		plan, o := killPlan, Options{Dir: dir, Workers: 1}
		if kill := os.Getenv("BAOLAB_SIM_TEST_KILL"); kill != "" {
			plan, o.ManifestInterval = pointPlan, time.Nanosecond
			killAt(kill)
		}
		exp, err := plan.Experiment()
		if err == nil {
			o.Experiment = exp
			_, err = Run(context.Background(), o)
		}
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// killAt sets dataset.FaultHook to kill this process with SIGKILL at the
// point that spec (point:substring:n, "-" for any point) names; "never"
// kills at no point.
func killAt(spec string) {
	parts := strings.SplitN(spec, ":", 3)
	if len(parts) < 3 {
		return
	}
	n, _ := strconv.Atoi(parts[2])
	var seen atomic.Int64
	dataset.FaultHook = func(point, path string) {
		if (parts[0] == "-" || point == parts[0]) && strings.Contains(path, parts[1]) && seen.Add(1) == int64(n) {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is on its way
		}
	}
}

func startChild(t *testing.T, dir string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "BAOLAB_SIM_TEST_CHILD="+dir), env...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func countFiles(dir, table string) int {
	files, _ := dataset.Files(dir, table)
	return len(files)
}

// TestResumeAfterKill9 kills a child process that is writing a dataset
// with SIGKILL, runs it again, and checks that the dataset ends with
// exactly the rows of an uninterrupted run.
func TestResumeAfterKill9(t *testing.T) {
	exp := mustExperiment(t, killPlan)
	total := exp.NumCells() * exp.NumBatches()
	dir := t.TempDir()
	child := startChild(t, dir)
	deadline := time.Now().Add(30 * time.Second)
	for countFiles(dir, dataset.Games) < 3 {
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatal("child wrote no batch in 30 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	child.Process.Kill() // SIGKILL
	err := child.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child was not killed: %v", err)
	}
	done := countFiles(dir, dataset.Games)
	t.Logf("killed after %d of %d batches", done, total)
	if done >= total {
		t.Fatalf("child finished all %d batches before the kill; make killPlan bigger", total)
	}
	// Every file under its final name is complete.
	for _, table := range []string{dataset.Games, dataset.Moves} {
		files, _ := dataset.Files(dir, table)
		for _, f := range files {
			if _, err := dataset.CheckFile(f.Path); err != nil {
				t.Errorf("after kill: %v", err)
			}
		}
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil || m.Shards[0].Runs[0].Status != "running" {
		t.Errorf("manifest after kill: %v, %+v", err, m.Shards)
	}
	child = startChild(t, dir)
	if err := child.Wait(); err != nil {
		t.Fatalf("resumed child: %v", err)
	}
	assertOnlyCompleteFiles(t, dir)
	m, err = dataset.ReadManifest(dir)
	if err != nil || !m.Complete || len(m.Shards[0].Runs) != 2 || m.Shards[0].Runs[1].Games >= int64(exp.Games*exp.NumCells()) {
		t.Errorf("manifest after resume: %v, complete %v, runs %+v", err, m.Complete, m.Shards[0].Runs)
	}
	ref := t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref, Workers: 2})
	for _, table := range []string{dataset.Games, dataset.Moves} {
		equalRows(t, table+" after kill and resume", rows(t, dir, table), rows(t, ref, table))
	}
	checkCounts(t, dir, exp)
}

// killedBySIGKILL fails unless the child ended by SIGKILL.
func killedBySIGKILL(t *testing.T, child *exec.Cmd, what string) {
	t.Helper()
	err := child.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("%s: child was not killed: %v", what, err)
	}
}

// TestKill9AtEachPoint kills a child writing a dataset with SIGKILL at
// each named point of a batch's life (dataset.FaultHook): inside a write
// of a data file, between its sync and its rename, between the rename and
// the directory's sync, between a batch's moves file and its games file,
// between a finished batch and the manifest update, and inside the update
// of either manifest. After each kill every file under its final name is
// complete and the manifests read; the resumed dataset's files are byte
// for byte those of an uninterrupted run, and every batch is recorded
// with its checksums.
func TestKill9AtEachPoint(t *testing.T) {
	exp := mustExperiment(t, pointPlan)
	ref := t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref, Workers: 1})
	for _, kill := range []string{
		dataset.FaultWrite + ":/moves/:3",
		dataset.FaultWrite + ":/games/:2",
		dataset.FaultSynced + ":/moves/:2",
		dataset.FaultSynced + ":/games/:4",
		dataset.FaultRenamed + ":/games/:3",
		dataset.FaultCommitted + ":/moves/:4", // between moves and games
		dataset.FaultCommitted + ":/games/:5", // before the manifest update
		dataset.FaultManifest + ":" + dataset.ShardDir + ":4",
		dataset.FaultManifest + ":" + dataset.ManifestName + ":6",
	} {
		dir := t.TempDir()
		killedBySIGKILL(t, startChild(t, dir, "BAOLAB_SIM_TEST_KILL="+kill), kill)
		for _, table := range []string{dataset.Games, dataset.Moves} {
			files, _ := dataset.Files(dir, table)
			for _, f := range files {
				if _, err := dataset.CheckFile(f.Path); err != nil {
					t.Errorf("%s: after the kill: %v", kill, err)
				}
			}
		}
		before, err := dataset.ReadManifest(dir)
		if err != nil {
			t.Errorf("%s: manifest after the kill: %v", kill, err)
		}
		if before.Complete {
			t.Fatalf("%s: the dataset was complete at the kill", kill)
		}
		child := startChild(t, dir, "BAOLAB_SIM_TEST_KILL=never")
		if err := child.Wait(); err != nil {
			t.Fatalf("%s: resumed child: %v", kill, err)
		}
		assertOnlyCompleteFiles(t, dir)
		sameFiles(t, kill, dir, ref)
		checkCounts(t, dir, exp)
		m, err := dataset.ReadManifest(dir)
		if err != nil || !m.Complete {
			t.Fatalf("%s: manifest after the resume: %v, complete %v", kill, err, m.Complete)
		}
		for _, b := range m.Shards[0].Batches {
			if b.GamesFile == nil || b.MovesFile == nil {
				t.Errorf("%s: batch %d of cell %d recorded without checksums", kill, b.Batch, b.Cell)
			}
		}
		t.Logf("%s: killed with %d of %d batches in the manifest", kill, before.BatchesDone, before.Batches)
	}
}

// failingFile fails with ENOSPC once the shared budget of bytes is spent.
type failingFile struct {
	*os.File
	budget *int
}

func (f failingFile) Write(p []byte) (int, error) {
	if *f.budget < len(p) {
		n := max(*f.budget, 0)
		f.File.Write(p[:n])
		*f.budget = 0
		return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	*f.budget -= len(p)
	return f.File.Write(p)
}

// TestWriteErrorStopsCleanly injects a full disk after some batches: the
// run must stop with an error naming the problem, leave only complete
// files, and resume to the right rows once there is space again.
func TestWriteErrorStopsCleanly(t *testing.T) {
	p := testPlan
	p.Rules = p.Rules[:1]
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	budget := 60000
	create := func(path string) (dataset.SyncFile, error) {
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		return failingFile{f, &budget}, nil
	}
	s, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1, create: create})
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || !strings.Contains(err.Error(), ".parquet") {
		t.Fatalf("full disk: %v", err)
	}
	if s.Games == 0 {
		t.Fatalf("no batch finished before the disk filled up; raise the budget")
	}
	assertOnlyCompleteFiles(t, dir)
	m, _ := dataset.ReadManifest(dir)
	if r := m.Shards[0].Runs[0]; r.Status != "failed" || !strings.Contains(r.Error, "no space") {
		t.Errorf("manifest run record: %+v", r)
	}
	run(t, Options{Experiment: exp, Dir: dir})
	ref := t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref})
	equalRows(t, "moves after the disk was freed", rows(t, dir, dataset.Moves), rows(t, ref, dataset.Moves))
}

// mountTmpfs mounts a tmpfs of the given options, or skips the test (fails
// it under CI).
func mountTmpfs(t *testing.T, opts string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		testenv.Missing(t, "not root (euid %d): the full-disk test needs root to mount a tmpfs", os.Geteuid())
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		testenv.Missing(t, "cannot mount a tmpfs for the full-disk test: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// TestFullDisk fills a real 1 MiB tmpfs.
func TestFullDisk(t *testing.T) {
	dir := mountTmpfs(t, "size=1m")
	p := testPlan
	p.Rules, p.Agents, p.Games, p.Batch = p.Rules[:1], p.Agents[:1], 40000, 2000
	exp := mustExperiment(t, p)
	_, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || strings.Contains(err.Error(), "unknown error") {
		t.Fatalf("full tmpfs: %v", err)
	}
	assertOnlyCompleteFiles(t, dir)
}

// TestUnwritableDir writes to a read-only tmpfs and to a path under a
// regular file.
func TestUnwritableDir(t *testing.T) {
	exp := mustExperiment(t, Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 10, Moves: true})
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o666)
	_, err := Run(context.Background(), Options{Experiment: exp, Dir: filepath.Join(file, "out")})
	if err == nil || !strings.Contains(err.Error(), "output directory") || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("output under a file: %v", err)
	}
	ro := mountTmpfs(t, "ro,size=1m")
	_, err = Run(context.Background(), Options{Experiment: exp, Dir: filepath.Join(ro, "out")})
	if err == nil || !strings.Contains(err.Error(), "read-only file system") {
		t.Errorf("read-only filesystem: %v", err)
	}
}

// syncCounter counts, through the writers' file hooks, the syncs of the
// data files and of their directories.
type syncCounter struct {
	nopObserver
	t                 *testing.T
	dir               string
	exp               dataset.Experiment
	mu                sync.Mutex
	synced, dirSynced map[string]bool // final paths
	fileSyncs, dirs   int
	batches           int
}

type countedFile struct {
	*os.File
	c     *syncCounter
	final string // "" for a directory
}

func (f countedFile) Sync() error {
	err := f.File.Sync()
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if f.final != "" {
		if _, serr := os.Stat(f.final); serr == nil {
			f.c.t.Errorf("%s synced after its rename", f.final)
		}
		f.c.synced[f.final] = true
		f.c.fileSyncs++
		return err
	}
	f.c.dirs++
	ents, _ := os.ReadDir(f.Name())
	for _, e := range ents {
		f.c.dirSynced[filepath.Join(f.Name(), e.Name())] = true
	}
	return err
}

// Batch checks, when a batch counts as done, that both its files were
// synced under their temporary names and their directories synced
// after the renames.
func (c *syncCounter) Batch(b Batch) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.batches++
	for _, table := range []string{dataset.Games, dataset.Moves} {
		p := dataset.BatchPath(c.dir, table, b.Cell.Ruleset, b.Cell.Index, b.Batch)
		if !c.synced[p] || !c.dirSynced[p] {
			c.t.Errorf("batch %d of cell %d done with %s synced %v, its directory synced after the rename %v", b.Batch, b.Cell.Index, p, c.synced[p], c.dirSynced[p])
		}
	}
}

// TestBatchDoneOnlyWhenSynced counts the fsyncs of a run through the
// writer's file hooks: a batch counts as done (the observer hears of it,
// the manifest records it) only once its data files were synced before
// their rename and their directory after it.
func TestBatchDoneOnlyWhenSynced(t *testing.T) {
	exp := mustExperiment(t, verifyPlan)
	dir := t.TempDir()
	c := &syncCounter{t: t, dir: dir, exp: exp, synced: map[string]bool{}, dirSynced: map[string]bool{}}
	create := func(p string) (dataset.SyncFile, error) {
		f, err := dataset.CreateFile(p)
		if err != nil {
			return nil, err
		}
		base, _ := dataset.TempBatch(filepath.Base(p))
		return countedFile{f.(*os.File), c, filepath.Join(filepath.Dir(p), base)}, nil
	}
	openDir := func(p string) (dataset.SyncFile, error) {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		return countedFile{f, c, ""}, nil
	}
	run(t, Options{Experiment: exp, Dir: dir, Workers: 2, create: create, openDir: openDir, Observer: c})
	n := exp.NumBatches() * exp.NumCells()
	if c.batches != n || c.fileSyncs != 2*n || c.dirs != 2*n {
		t.Errorf("%d batches done, %d file syncs, %d directory syncs; want %d, %d, %d", c.batches, c.fileSyncs, c.dirs, n, 2*n, 2*n)
	}
}

// TestCancelWhilePreparing cancels a run while perfect solves a board
// that takes over a minute (kingulu:seeds=3): Run must return
// ErrInterrupted within seconds, having played nothing.
func TestCancelWhilePreparing(t *testing.T) {
	exp := mustExperiment(t, Plan{Rules: []string{"kingulu:seeds=3"}, Agents: []string{"perfect/random"}, Games: 4, Seed: 1})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := Run(ctx, Options{Experiment: exp, Dir: t.TempDir()})
	if took := time.Since(start); !errors.Is(err, ErrInterrupted) || took > 5*time.Second {
		t.Errorf("cancelled while preparing: %v after %v; want ErrInterrupted within 5 s", err, took)
	}
}
