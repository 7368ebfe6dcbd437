package sim

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/testenv"
)

// killPlan is the experiment of TestResumeAfterKill9: enough batches that
// a kill lands in the middle of the run.
var killPlan = Plan{Rules: []string{"kingulu", "kimasai-four-rows:holes=6"}, Agents: []string{"random"}, Games: 3000, Seed: 7, Batch: 50, Moves: true}

// TestMain lets the test binary play the child of TestResumeAfterKill9.
func TestMain(m *testing.M) {
	if dir := os.Getenv("BAOLAB_SIM_TEST_CHILD"); dir != "" {
		exp, err := killPlan.Experiment()
		if err == nil {
			_, err = Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1})
		}
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func startChild(t *testing.T, dir string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BAOLAB_SIM_TEST_CHILD="+dir)
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
