package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
)

// sameDatasetFiles fails unless the datasets in got and want hold the same
// batch files byte for byte.
func sameDatasetFiles(t *testing.T, what, got, want string) {
	t.Helper()
	read := func(dir string) map[string][]byte {
		out := map[string][]byte{}
		for _, table := range []string{dataset.Games, dataset.Moves} {
			files, err := dataset.Files(dir, table)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				b, _ := os.ReadFile(f.Path)
				rel, _ := filepath.Rel(dir, f.Path)
				out[rel] = b
			}
		}
		return out
	}
	g, w := read(got), read(want)
	if len(g) != len(w) {
		t.Errorf("%s: %d files, want %d", what, len(g), len(w))
	}
	for name, b := range w {
		if !bytes.Equal(g[name], b) {
			t.Errorf("%s: %s differs from the uninterrupted run's", what, name)
		}
	}
}

// TestSimSigtermResumes stops `baolab sim` with SIGTERM after some
// batches, checks that the manifest records them, runs the same command
// again, and compares the dataset with an uninterrupted run's: the same
// files, byte for byte. (Shown to fail with finish not writing the
// manifest when the run is interrupted.)
func TestSimSigtermResumes(t *testing.T) {
	dir := t.TempDir()
	out, ref := filepath.Join(dir, "out"), filepath.Join(dir, "ref")
	args := []string{"sim", "--rules", "kingulu", "--rules", "kimasai-four-rows:holes=6", "--agents", "random", "--games", "3000", "--batch", "50", "--seed", "9", "--workers", "2"}
	cmd := exec.Command(os.Args[0], append(args, "--out", out)...)
	cmd.Env = append(os.Environ(), "BAOLAB_RUN_MAIN=1")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		files, _ := dataset.Files(out, dataset.Games)
		if len(files) >= 4 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no four batches in 60 s: %q", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("after SIGTERM: %v, stderr %q; want exit 1 and the interrupted error", err, stderr.String())
	}
	m, err := dataset.ReadManifest(out)
	if err != nil || m.Complete {
		t.Fatalf("manifest after SIGTERM: complete %v, %v; want an incomplete dataset", m.Complete, err)
	}
	// The handler flushed: the manifest records every batch whose files
	// are on disk, and the run as interrupted.
	files, _ := dataset.Files(out, dataset.Games)
	runs := m.Shards[0].Runs
	if m.BatchesDone != len(files) || runs[len(runs)-1].Status != "interrupted" {
		t.Errorf("manifest after SIGTERM: %d batches done, %d games files on disk, last run %q; want every file recorded and the run interrupted",
			m.BatchesDone, len(files), runs[len(runs)-1].Status)
	}
	if _, errOut, code := baolab(t, append(args, "--out", out)...); code != 0 || !strings.Contains(errOut, "dataset complete") {
		t.Fatalf("resume: exit %d, stderr %q", code, errOut)
	}
	// The resume played only what was missing.
	if m2, err := dataset.ReadManifest(out); err != nil || len(m2.Shards[0].Runs) != 2 || m2.Shards[0].Runs[1].Games != m2.Games-m.Games {
		t.Errorf("resume: %v; want a second run of only the games not yet played (%d before, %d after)", err, m.Games, m2.Games)
	}
	if _, errOut, code := baolab(t, append(args, "--out", ref)...); code != 0 {
		t.Fatalf("reference run: exit %d, stderr %q", code, errOut)
	}
	sameDatasetFiles(t, "after SIGTERM and resume", out, ref)
}

// TestSimVerifiesWhatItResumes flips bytes inside a finished moves file
// and copies a games file to a name of no batch: `baolab sim` run again
// must play the corrupt batch again (saying so) rather than report the
// dataset complete over it, and refuse the extra file with exit 2.
func TestSimVerifiesWhatItResumes(t *testing.T) {
	dir := t.TempDir()
	out, ref := filepath.Join(dir, "out"), filepath.Join(dir, "ref")
	args := []string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "60", "--batch", "10", "--seed", "4", "--workers", "1"}
	for _, d := range []string{out, ref} {
		if _, errOut, code := baolab(t, append(args, "--out", d)...); code != 0 {
			t.Fatalf("sim: exit %d, %s", code, errOut)
		}
	}
	files, _ := dataset.Files(out, dataset.Moves)
	b, _ := os.ReadFile(files[3].Path)
	for i := len(b) / 2; i < len(b)/2+3; i++ {
		b[i] ^= 0x5A
	}
	os.WriteFile(files[3].Path, b, 0o666)
	_, errOut, code := baolab(t, append(args, "--out", out)...)
	if code != 0 || !strings.Contains(errOut, "played again") || !strings.Contains(errOut, "CRC-32C") {
		t.Errorf("resume over a corrupt file: exit %d, stderr %q; want the batch played again, saying why", code, errOut)
	}
	sameDatasetFiles(t, "after the corrupt batch was played again", out, ref)

	gfiles, _ := dataset.Files(out, dataset.Games)
	extra := filepath.Join(filepath.Dir(gfiles[0].Path), "part-c0000-b000000 copy.parquet")
	b, _ = os.ReadFile(gfiles[0].Path)
	os.WriteFile(extra, b, 0o666)
	_, errOut, code = baolab(t, append(args, "--out", out)...)
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "part-c0000-b000000 copy.parquet") {
		t.Errorf("resume with an extra file: exit %d, stderr %q; want exit 2 and one line naming it", code, errOut)
	}
	if _, err := os.Stat(extra); err != nil {
		t.Errorf("the extra file was not kept: %v", err)
	}
}

// TestFaultBatteryBadInput holds the bad-input cases of the fault battery
// that exit 2 with one line.
func TestFaultBatteryBadInput(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	nomoves := filepath.Join(dir, "nomoves")
	for _, c := range [][]string{
		{"sim", "--rules", "kingulu", "--agents", "random", "--games", "20", "--seed", "1", "--out", data},
		{"sim", "--rules", "kingulu", "--agents", "random", "--games", "5", "--moves=false", "--out", nomoves},
	} {
		if _, errOut, code := baolab(t, c...); code != 0 {
			t.Fatalf("%v: exit %d, %s", c, code, errOut)
		}
	}
	grid := func(text string) string {
		p := filepath.Join(t.TempDir(), "grid.toml")
		os.WriteFile(p, []byte(text), 0o666)
		return p
	}
	long := "kingulu:holes=" + strings.Repeat("9", 100_000)
	longAgent := strings.Repeat("a", 100_000)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "10", "--batch", "3000000000000", "--out", filepath.Join(dir, "b")}, "at most 1048576"},
		{[]string{"analyze", data, "--workers", "-3"}, "workers"},
		{[]string{"analyze", data, "--workers", "100000000"}, "workers"},
		{[]string{"analyze", data, "--out", filepath.Join(data, "games")}, "inside the dataset"},
		{[]string{"solve", "--grid", grid("RULES = [\"kingulu:holes=3,seeds=2\"]\n")}, `grid.toml:1:1: unknown key "RULES"`},
		{[]string{"solve", "--grid", grid("rules = [\"kingulu:holes=3,seeds=2\"]\nmax_position = 5\n")}, `grid.toml:2:1: unknown key "max_position"`},
		{[]string{"solve", "--grid", grid("rules = [\n  \"kingulu:holes=3,seeds=2\",\n  \"kingulu:bogus=1\",\n]\n")}, "grid.toml:3: key rules[1]"},
		{[]string{"sim", "--rules", long, "--agents", "random", "--games", "1", "--out", filepath.Join(dir, "l")}, "holes"},
		{[]string{"sim", "--rules", "kingulu", "--agents", longAgent, "--games", "1", "--out", filepath.Join(dir, "l")}, "unknown agent"},
		{[]string{"replay", nomoves, "--game", "1", "--html", filepath.Join(dir, "r.html")}, "no move log"},
	} {
		_, errOut, code := baolab(t, c.args...)
		line := strings.TrimSpace(errOut)
		if code != 2 || strings.Contains(line, "\n") || !strings.Contains(line, c.want) || len(line) > 1000 {
			if len(errOut) > 300 {
				errOut = errOut[:300] + "..."
			}
			t.Errorf("%.120q: exit %d, stderr (%d bytes) %q; want exit 2, one line of at most 1000 bytes with %q", c.args, code, len(line), errOut, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "games", "summary.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("analyze --out DIR/games wrote into the table: %v", err)
	}
	if _, errOut, code := baolab(t, "analyze", data, "--quiet"); code != 0 {
		t.Errorf("analyze after the refused --out: exit %d, %s", code, errOut)
	}
}

// TestOutputsHonourUmask runs analyze, show --svg and replay --html under
// umask 077: every file they write must be 0600.
func TestOutputsHonourUmask(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	if _, errOut, code := baolab(t, "sim", "--rules", "kingulu", "--agents", "random", "--games", "20", "--seed", "1", "--out", data); code != 0 {
		t.Fatalf("sim: %d %s", code, errOut)
	}
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	svg, html, report := filepath.Join(dir, "b.svg"), filepath.Join(dir, "g.html"), filepath.Join(dir, "report")
	for _, args := range [][]string{
		{"analyze", data, "--out", report, "--quiet"},
		{"show", "--rules", "kingulu", "--svg", svg},
		{"replay", data, "--game", "1", "--html", html},
	} {
		if _, errOut, code := baolab(t, args...); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
	}
	paths := []string{svg, html}
	ents, _ := os.ReadDir(report)
	for _, e := range ents {
		if !e.IsDir() {
			paths = append(paths, filepath.Join(report, e.Name()))
		}
	}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v (%v) under umask 077, want 0600", p, st.Mode().Perm(), err)
		}
	}
}

// TestSlurmWarnsOfIdleTasks asks for more array tasks than the experiment
// has batches per cell: the scripts are written, with a warning that the
// tasks beyond the batches play nothing; as many tasks as batches give
// none.
func TestSlurmWarnsOfIdleTasks(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "one.toml"), []byte("rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 10\nout = \"runs/one\"\n"), 0o666)
	_, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "one.toml", "--tasks", "100000000")
	if code != 0 || !strings.Contains(errOut, "warning") || !strings.Contains(errOut, "1 batch per cell") || !strings.Contains(errOut, "--tasks 1") {
		t.Errorf("100000000 tasks for 1 batch: exit %d, stderr %q; want a warning naming the batch count", code, errOut)
	}
	if _, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "one.toml", "--tasks", "1"); code != 0 || strings.Contains(errOut, "warning") {
		t.Errorf("1 task for 1 batch: exit %d, stderr %q; want no warning", code, errOut)
	}
}

// TestAnalyzeSigterm stops `baolab analyze` with SIGTERM as soon as its
// report directory has an entry (it is writing the report): it must exit
// 1 saying it was interrupted, or 0 if it had finished, and leave no
// hidden temporary file; run again, it must succeed and write the same
// files as an uninterrupted run, byte for byte (the dates inside PDFs
// aside). Shown to fail without the handler (killed by the signal, exit
// "signal: terminated") and with a handler that does not stop the writes
// (never interrupted: the report is finished regardless).
func TestAnalyzeSigterm(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	if _, errOut, code := baolab(t, "sim", "--rules", "kingulu", "--rules", "kimasai-four-rows:holes=6", "--agents", "random", "--agents", "greedy", "--games", "40", "--seed", "3", "--out", data); code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	ref := filepath.Join(dir, "ref")
	if _, errOut, code := baolab(t, "analyze", data, "--out", ref, "--quiet"); code != 0 {
		t.Fatalf("reference analyze: exit %d, %s", code, errOut)
	}
	interrupted := 0
	for try := 0; try < 5 && interrupted < 2; try++ {
		out := filepath.Join(dir, fmt.Sprintf("out%d", try))
		cmd := exec.Command(os.Args[0], "analyze", data, "--out", out, "--quiet")
		cmd.Env = append(os.Environ(), "BAOLAB_RUN_MAIN=1")
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(60 * time.Second); ; {
			if ents, _ := os.ReadDir(out); len(ents) > 0 {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("try %d: no report file in 60 s: %q", try, stderr.String())
			}
			time.Sleep(100 * time.Microsecond)
		}
		cmd.Process.Signal(syscall.SIGTERM)
		err := cmd.Wait()
		var ee *exec.ExitError
		switch {
		case err == nil:
			t.Logf("try %d: analyze had finished before SIGTERM", try)
		case errors.As(err, &ee) && ee.ExitCode() == 1 && strings.Contains(stderr.String(), "interrupted"):
			interrupted++
		default:
			t.Fatalf("after SIGTERM: %v, stderr %q; want exit 1 and the interrupted error", err, stderr.String())
		}
		filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp") {
				t.Errorf("try %d: hidden temporary file left: %s", try, p)
			}
			return nil
		})
		if _, errOut, code := baolab(t, "analyze", data, "--out", out, "--quiet"); code != 0 {
			t.Fatalf("rerun: exit %d, %s", code, errOut)
		}
		sameTree(t, fmt.Sprintf("try %d: rerun after SIGTERM", try), out, ref)
	}
	if interrupted == 0 {
		t.Errorf("SIGTERM never came before analyze finished: the check is vacuous")
	}
}

// pdfDate matches the creation and modification dates of a PDF.
var pdfDate = regexp.MustCompile(`/(Creation|Mod)Date \(D:[^)]*\)`)

// sameTree fails unless the directories got and want hold the same files
// with the same bytes (the dates of a PDF aside).
func sameTree(t *testing.T, what, got, want string) {
	t.Helper()
	read := func(root string) map[string][]byte {
		out := map[string][]byte{}
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, p)
				b, _ := os.ReadFile(p)
				out[rel] = pdfDate.ReplaceAll(b, nil)
			}
			return nil
		})
		return out
	}
	g, w := read(got), read(want)
	for name, b := range w {
		if gb, ok := g[name]; !ok {
			t.Errorf("%s: %s missing", what, name)
		} else if !bytes.Equal(gb, b) {
			t.Errorf("%s: %s differs from the uninterrupted run's", what, name)
		}
	}
	for name := range g {
		if _, ok := w[name]; !ok {
			t.Errorf("%s: extra file %s", what, name)
		}
	}
}

// TestSimPerfectStopsOnFirstSigterm starts `baolab sim` with the perfect
// agent on a board it takes tens of seconds to find too big (kingulu
// seeds=3), sends one SIGTERM after 2 s (its handler is installed by
// then, even on a loaded machine, and the solve has tens of seconds to
// go) and wants the process gone within 10 s, exit 1, saying it was
// interrupted, with no dataset file written. (Shown to fail with perfect's
// Prepare ignoring its context: the process ran on past the limit.)
func TestSimPerfectStopsOnFirstSigterm(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(os.Args[0], "sim", "--rules", "kingulu:seeds=3", "--agents", "perfect", "--agents", "random", "--games", "10", "--out", out, "--quiet")
	cmd.Env = append(os.Environ(), "BAOLAB_RUN_MAIN=1")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("after SIGTERM: %v, stderr %q; want exit 1 and the interrupted error", err, stderr.String())
		}
		t.Logf("stopped %v after SIGTERM", time.Since(sent).Round(time.Millisecond))
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running 10 s after SIGTERM; stderr %q", stderr.String())
	}
	if files, _ := dataset.Files(out, dataset.Games); len(files) != 0 {
		t.Errorf("%d games files written", len(files))
	}
}

// TestAnalyzeCancelledContextKeepsWriting: only a signal stops the report
// writes for the rest of the process; an analyze whose context is
// cancelled (a caller giving up, the end of a command) must not stop the
// next one's. (Failed with the handler on signal.NotifyContext of the
// command's context: the second analyze was refused "stopped before the
// file was complete".)
func TestAnalyzeCancelledContextKeepsWriting(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	if _, errOut, code := baolab(t, "sim", "--rules", "kingulu", "--agents", "random", "--games", "10", "--seed", "5", "--out", data); code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	run(ctx, []string{"analyze", data, "--out", filepath.Join(dir, "r1"), "--quiet"}, &out, &errb)
	if _, errOut, code := baolab(t, "analyze", data, "--out", filepath.Join(dir, "r2"), "--quiet"); code != 0 {
		t.Errorf("analyze after a cancelled one: exit %d, %s", code, errOut)
	}
}
