//go:build slurm

// The end-to-end test of `baolab slurm` needs a running Slurm cluster:
// scripts/test-slurm.sh brings one up on this machine, runs this test with
// SLURM_CONF pointing at it and tears it down again (`make test-slurm`).

package slurm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/baolab/baolab/internal/testenv"
)

// e2eConfig is the experiment both runs play: small, but cut into enough
// batches (16 per cell) that every one of 4 shards plays four of each cell,
// so a task can be killed half-way.
const e2eConfig = `description = "baolab slurm end-to-end test"
rules   = ["kingulu", "kimasai-four-rows"]
agents  = ["random", "greedy/random"]
games   = 1600
batch   = 100
seed    = 20240501
`

// ignoredSummaryKeys are the keys of summary.json whose values may
// legitimately differ between two runs of the same experiment (anywhere in
// the document): "dataset" is the dataset directory's path.
var ignoredSummaryKeys = map[string]bool{"dataset": true}

const e2eTasks = 4

type e2e struct {
	t      *testing.T
	bin    string // the baolab under test
	work   string
	config string
}

func TestSlurmEndToEnd(t *testing.T) {
	if os.Getenv("SLURM_CONF") == "" {
		testenv.Missing(t, "SLURM_CONF is not set: run scripts/test-slurm.sh, which brings up a Slurm cluster for this test")
	}
	e := &e2e{t: t, bin: os.Getenv("BAOLAB_BIN"), work: os.Getenv("BAOLAB_SLURM_WORK")}
	if e.work == "" {
		e.work = t.TempDir()
	}
	if err := os.MkdirAll(e.work, 0o755); err != nil {
		t.Fatal(err)
	}
	if e.bin == "" {
		e.bin = filepath.Join(e.work, "baolab")
		e.run("go", "build", "-o", e.bin, "github.com/baolab/baolab/cmd/baolab")
	}
	if help := e.run(e.bin, "sim", "--help"); !strings.Contains(help, "--shard") {
		t.Fatalf("%s sim has no --shard flag", e.bin)
	}
	e.config = filepath.Join(e.work, "e2e.toml")
	if err := os.WriteFile(e.config, []byte(e2eConfig), 0o644); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	single := filepath.Join(e.work, "single")
	e.run(e.bin, "sim", "--config", e.config, "--out", single, "--quiet")
	e.run(e.bin, "analyze", single, "--out", filepath.Join(single, "report"))
	want := e.summary(filepath.Join(single, "report"))
	t.Logf("single-process run and analysis: %v", time.Since(start).Round(time.Millisecond))

	t.Run("clean", func(t *testing.T) {
		e := e.with(t)
		start := time.Now()
		dir := filepath.Join(e.work, "clean")
		array, analyze := e.submit(e.bin, dir)
		e.wait(array, analyze)
		e.expectStates(array, "COMPLETED")
		e.expectStates(analyze, "COMPLETED")
		e.compare(single, dir, want)
		t.Logf("4-task array and analysis through Slurm: %v", time.Since(start).Round(time.Millisecond))
	})

	t.Run("resubmit-after-kill", func(t *testing.T) {
		e := e.with(t)
		start := time.Now()
		dir := filepath.Join(e.work, "killed")
		wrapper := e.killerWrapper(dir)
		array, analyze := e.submit(wrapper, dir)
		e.wait(array, analyze)
		states := e.states(array)
		wantStates := map[string]string{"0": "COMPLETED", "1": "COMPLETED", "2": "FAILED", "3": "COMPLETED"}
		if !reflect.DeepEqual(states, wantStates) {
			t.Errorf("first submission: array %s ended as %v, want %v", array, states, wantStates)
		}
		e.expectStates(analyze, "CANCELLED")
		if _, err := os.Stat(filepath.Join(dir, "report", "summary.json")); err == nil {
			t.Error("the analysis ran although a task failed")
		}
		partial := parquetFiles(t, dir)
		if n, all := len(partial), len(parquetFiles(t, single)); n == 0 || n >= all {
			t.Errorf("after the kill the dataset has %d of %d files; want some but not all", n, all)
		}

		// A batch is finished when its games file is there: the simulator
		// commits the moves file first. A moves file without its games file
		// is an unfinished batch, which the re-submission plays again.
		finished := make(map[string]bool)
		for _, f := range partial {
			if rest, ok := strings.CutPrefix(f, "games"+string(filepath.Separator)); ok {
				finished[rest] = true
			}
		}
		before := make(map[string]os.FileInfo)
		for _, f := range partial {
			_, rest, _ := strings.Cut(f, string(filepath.Separator))
			if !finished[rest] {
				continue
			}
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			before[f] = st
		}

		array, analyze = e.submit(wrapper, dir)
		e.wait(array, analyze)
		e.expectStates(array, "COMPLETED")
		e.expectStates(analyze, "COMPLETED")
		e.compare(single, dir, want)
		// Only the missing batches were played: every file of a batch
		// finished before the kill is the same file, untouched.
		for f, old := range before {
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if !os.SameFile(old, st) || !st.ModTime().Equal(old.ModTime()) {
				t.Errorf("re-submission rewrote %s, which was finished before the kill", f)
			}
		}
		for _, table := range []string{"games", "moves"} {
			filepath.WalkDir(filepath.Join(dir, table), func(p string, d fs.DirEntry, err error) error {
				if err == nil && strings.HasSuffix(p, ".tmp") {
					t.Errorf("the killed task's temporary file %s is still there", p)
				}
				return nil
			})
		}
		t.Logf("kill, re-submission and analysis through Slurm: %v", time.Since(start).Round(time.Millisecond))
	})
}

// with returns a copy of e that reports to t.
func (e *e2e) with(t *testing.T) *e2e {
	c := *e
	c.t = t
	return &c
}

// run runs a command and returns its standard output; it fails the test,
// with the command's output, if the command fails.
func (e *e2e) run(name string, args ...string) string {
	e.t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		e.t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

var (
	arrayRE   = regexp.MustCompile(`(?m)^submitted job array (\d+) \(`)
	analyzeRE = regexp.MustCompile(`(?m)^submitted analysis job (\d+) \(`)
)

// submit plays the test experiment into dir through `baolab slurm --submit`
// and returns the ids it printed.
func (e *e2e) submit(binary, dir string) (array, analyze string) {
	e.t.Helper()
	out := e.run(e.bin, "slurm", "--config", e.config, "--tasks", fmt.Sprint(e2eTasks),
		"--out", dir, "--binary", binary, "--cpus", "1", "--time", "5", "--submit")
	a, b := arrayRE.FindStringSubmatch(out), analyzeRE.FindStringSubmatch(out)
	if a == nil || b == nil {
		e.t.Fatalf("baolab slurm --submit printed no job ids:\n%s", out)
	}
	return a[1], b[1]
}

// terminal reports whether a Slurm job state is final.
func terminal(state string) bool {
	switch state {
	case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING", "STAGE_OUT", "SIGNALING":
		return false
	}
	return true
}

// states returns the state of every task of a job (the key "" for a job
// that is not an array), from scontrol.
func (e *e2e) states(id string) map[string]string {
	e.t.Helper()
	out := e.run("scontrol", "--oneliner", "show", "job", id)
	states := make(map[string]string)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var task, state string
		for _, f := range strings.Fields(line) {
			if v, ok := strings.CutPrefix(f, "ArrayTaskId="); ok {
				task = v
			}
			if v, ok := strings.CutPrefix(f, "JobState="); ok {
				state = v
			}
		}
		if state == "" {
			e.t.Fatalf("scontrol show job %s: no JobState in %q", id, line)
		}
		states[task] = state
	}
	return states
}

// wait polls until every task of every job has ended (at most 150 s).
func (e *e2e) wait(ids ...string) {
	e.t.Helper()
	deadline := time.Now().Add(150 * time.Second)
	for {
		done := true
		for _, id := range ids {
			for _, st := range e.states(id) {
				done = done && terminal(st)
			}
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("jobs %v still running after 150 s:\n%s", ids, e.run("squeue"))
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// expectStates fails the test unless every task of job id is in state want;
// it shows the jobs' logs when one is not.
func (e *e2e) expectStates(id, want string) {
	e.t.Helper()
	states := e.states(id)
	ok := len(states) > 0
	for _, st := range states {
		ok = ok && st == want
	}
	if ok {
		return
	}
	e.t.Errorf("job %s: states %v, want all %s", id, states, want)
	logs, _ := filepath.Glob(filepath.Join(e.work, "*.slurm", "logs", "*"+id+"*"))
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		e.t.Logf("%s:\n%s", l, b)
	}
}

// compare checks the dataset in dir against the single-process one: the same
// Parquet files with the same bytes (the simulator writes a batch
// identically whichever process plays it), and the same summary.json once
// the ignored keys are dropped.
func (e *e2e) compare(single, dir string, want any) {
	e.t.Helper()
	a, b := parquetFiles(e.t, single), parquetFiles(e.t, dir)
	if !reflect.DeepEqual(a, b) {
		e.t.Errorf("%s does not hold the single-process run's files: missing %v, extra %v", dir, minus(a, b), minus(b, a))
	} else {
		for _, f := range a {
			x, err1 := os.ReadFile(filepath.Join(single, f))
			y, err2 := os.ReadFile(filepath.Join(dir, f))
			if err1 != nil || err2 != nil {
				e.t.Fatal(errors.Join(err1, err2))
			}
			if !bytes.Equal(x, y) {
				e.t.Errorf("%s differs from the single-process run's file", filepath.Join(dir, f))
			}
		}
	}
	got := e.summary(filepath.Join(dir, "report"))
	if diffs := jsonDiff("", want, got); len(diffs) > 0 {
		if len(diffs) > 20 {
			diffs = append(diffs[:20], fmt.Sprintf("... and %d more", len(diffs)-20))
		}
		e.t.Errorf("summary.json of the Slurm run differs from the single-process run's:\n%s", strings.Join(diffs, "\n"))
	}
}

// summary reads REPORT/summary.json without its ignored keys.
func (e *e2e) summary(report string) any {
	e.t.Helper()
	b, err := os.ReadFile(filepath.Join(report, "summary.json"))
	if err != nil {
		e.t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		e.t.Fatalf("%s/summary.json: %v", report, err)
	}
	return dropKeys(v)
}

func dropKeys(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if ignoredSummaryKeys[k] {
				delete(v, k)
			} else {
				v[k] = dropKeys(x)
			}
		}
	case []any:
		for i := range v {
			v[i] = dropKeys(v[i])
		}
	}
	return v
}

// jsonDiff lists the paths at which two decoded JSON values differ.
func jsonDiff(path string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := make(map[string]bool)
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		var d []string
		for _, k := range sorted {
			d = append(d, jsonDiff(path+"."+k, am[k], bm[k])...)
		}
		return d
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok && len(as) == len(bs) {
		var d []string
		for i := range as {
			d = append(d, jsonDiff(fmt.Sprintf("%s[%d]", path, i), as[i], bs[i])...)
		}
		return d
	}
	if reflect.DeepEqual(a, b) {
		return nil
	}
	return []string{fmt.Sprintf("%s: single-process %v, Slurm %v", path, a, b)}
}

// minus returns the elements of a that are not in b.
func minus(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	var d []string
	for _, x := range a {
		if !in[x] {
			d = append(d, x)
		}
	}
	return d
}

// parquetFiles lists the Parquet files of a dataset, relative to it.
func parquetFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".parquet") {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// killerWrapper writes a stand-in for baolab that passes every call on to
// the real binary, except the first run of array task 2: that one is
// killed with SIGKILL as soon as it has finished one batch file, and the
// task fails. Re-submitted, task 2 runs normally.
func (e *e2e) killerWrapper(dir string) string {
	e.t.Helper()
	path := filepath.Join(e.work, "baolab-killer")
	mark := filepath.Join(e.work, "task2-killed")
	script := fmt.Sprintf(`#!/bin/bash
real=%s mark=%s dir=%s
if [ "$1" != sim ] || [ "${SLURM_ARRAY_TASK_ID:-}" != 2 ] || [ -e "$mark" ]; then
	exec "$real" "$@"
fi
touch "$mark"
"$real" "$@" & pid=$!
# Batch b of a cell belongs to shard b mod %d: wait for a finished file of shard 2.
for _ in $(seq 3000); do
	for f in "$dir"/games/*/part-c*-b*.parquet; do
		[ -e "$f" ] || continue
		b=${f##*-b}; b=${b%%.parquet}
		if [ $((10#$b %% %d)) -eq 2 ]; then
			echo "baolab-killer: killing task 2 (PID $pid) after $f" >&2
			kill -KILL "$pid"; wait "$pid"; exit $?
		fi
	done
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.01
done
echo "baolab-killer: task 2 ended before it could be killed" >&2
wait "$pid"; exit 1
`, shellQuote(e.bin), shellQuote(mark), shellQuote(dir), e2eTasks, e2eTasks)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		e.t.Fatal(err)
	}
	return path
}
