//go:build slurm

package slurm

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/baolab/baolab/internal/testenv"
)

// e2eSolveRules is the board the solve end-to-end test solves: 1.9e6
// positions in 536 layers and 9 waves (the last, the start's layer,
// alone), cyclic, a few CPU seconds in all.
const e2eSolveRules = "kingulu:holes=6,seeds=1"

var (
	enumerateRE = regexp.MustCompile(`(?m)^submitted enumeration job (\d+):`)
	waveRE      = regexp.MustCompile(`(?m)^submitted wave (\d+) job array (\d+) \((\d+) tasks\)`)
	finishRE    = regexp.MustCompile(`(?m)^submitted finish job (\d+):`)
)

// TestSlurmSolveEndToEnd solves e2eSolveRules through `baolab slurm
// --solve --submit` on the cluster (the enumeration job, which submits
// one array per wave of two tasks each, where the wave has two layers or
// more, and the finish job): the finish job prints exactly what `baolab
// solve --method layers` prints in one process, and every solved layer
// file is byte for byte that of the same steps run in one process. Then
// again with a task of the largest wave killed (SIGKILL) once it has
// solved one of its layers, while it solves the next, and requeued
// (scontrol requeue): the same lines and the same bytes; and with
// --layer-mem, the larger layers spilled to disk in the tasks.
func TestSlurmSolveEndToEnd(t *testing.T) {
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
	start := time.Now()
	want := e.run(e.bin, "solve", "--rules", e2eSolveRules, "--method", "layers")
	local := filepath.Join(e.work, "solve-local")
	e.run(e.bin, "solve", "--rules", e2eSolveRules, "--layers", "--dir", local, "--enumerate")
	waves := 0
	for ; ; waves++ {
		if _, err := os.Stat(filepath.Join(local, "layers")); err != nil {
			t.Fatal(err)
		}
		cmd := []string{"solve", "--rules", e2eSolveRules, "--layers", "--dir", local, "--wave", fmt.Sprint(waves)}
		out, err := e.try(e.bin, cmd...)
		if err != nil {
			if !strings.Contains(out, "has waves 0 to") {
				t.Fatalf("%v: %s", err, out)
			}
			break
		}
	}
	if got := e.run(e.bin, "solve", "--rules", e2eSolveRules, "--layers", "--dir", local, "--finish"); got != want {
		t.Fatalf("the steps in one process print\n%s\n--method layers prints\n%s", got, want)
	}
	t.Logf("one-process solve and its %d waves as steps: %v", waves, time.Since(start).Round(time.Millisecond))

	t.Run("clean", func(t *testing.T) {
		e := e.with(t)
		start := time.Now()
		dir := filepath.Join(e.work, "solve-clean")
		e.solveThroughSlurm(e.bin, dir, waves, want)
		e.compareLayers(local, dir)
		t.Logf("enumeration, %d wave arrays and finish through Slurm: %v", waves, time.Since(start).Round(time.Millisecond))
	})

	// The same with --layer-mem 1000000: the larger layers (up to 270,429
	// positions, about 7 MB to solve in memory) are enumerated and solved
	// out of core in the tasks, and the layer files are still those of
	// the in-memory steps.
	t.Run("spilled", func(t *testing.T) {
		e := e.with(t)
		start := time.Now()
		dir := filepath.Join(e.work, "solve-spilled")
		e.solveThroughSlurm(e.bin, dir, waves, want, "--layer-mem", "1000000")
		e.compareLayers(local, dir)
		t.Logf("the same with --layer-mem 1000000: %v", time.Since(start).Round(time.Millisecond))
	})

	t.Run("killed-and-requeued", func(t *testing.T) {
		e := e.with(t)
		start := time.Now()
		dir := filepath.Join(e.work, "solve-killed")
		wrapper, mark := e.requeueWrapper(dir, waves-2)
		e.solveThroughSlurm(wrapper, dir, waves, want)
		b, err := os.ReadFile(mark)
		if err != nil {
			t.Fatalf("no task was killed: %v", err)
		}
		t.Logf("killed: %s", strings.TrimSpace(string(b)))
		job := regexp.MustCompile(`job (\d+_\d+)`).FindStringSubmatch(string(b))
		if job == nil {
			t.Fatalf("no job id in %q", b)
		}
		if info := e.run("scontrol", "--oneliner", "show", "job", job[1]); !regexp.MustCompile(`\bRestarts=[1-9]`).MatchString(info) {
			t.Errorf("task %s was not restarted: %s", job[1], info)
		}
		e.compareLayers(local, dir)
		t.Logf("the same with a task killed and requeued: %v", time.Since(start).Round(time.Millisecond))
	})
}

// try runs a command and returns its output (stdout and stderr) and error.
func (e *e2e) try(name string, args ...string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// solveThroughSlurm submits the solve of e2eSolveRules into dir, with
// binary as the jobs' baolab, waits for the enumeration, the waves it
// submits and the finish job, and checks they completed and the finish
// job printed want; extra are more flags of baolab slurm --solve.
func (e *e2e) solveThroughSlurm(binary, dir string, waves int, want string, extra ...string) {
	e.t.Helper()
	args := append([]string{"slurm", "--solve", "--rules", e2eSolveRules, "--dir", dir, "--binary", binary, "--cpus", "1", "--time", "10", "--tasks", "2", "--submit"}, extra...)
	out := e.run(e.bin, args...)
	m := enumerateRE.FindStringSubmatch(out)
	if m == nil {
		e.t.Fatalf("baolab slurm --solve --submit printed no enumeration job:\n%s", out)
	}
	e.wait(m[1])
	e.expectStates(m[1], "COMPLETED")
	logs := filepath.Join(dir+".slurm", "logs")
	log, err := os.ReadFile(filepath.Join(logs, "enumerate-"+m[1]+".out"))
	if err != nil {
		e.t.Fatal(err)
	}
	ws := waveRE.FindAllStringSubmatch(string(log), -1)
	f := finishRE.FindStringSubmatch(string(log))
	if len(ws) != waves || f == nil {
		e.t.Fatalf("the enumeration job submitted %d waves (want %d) and finish %v:\n%s", len(ws), waves, f, log)
	}
	ids := []string{}
	for _, w := range ws {
		ids = append(ids, w[2])
		if w[3] != "2" && w[3] != "1" {
			e.t.Errorf("wave %s: %s tasks, want 2 (1 for a wave of one layer)", w[1], w[3])
		}
	}
	e.waitLong(append(ids, f[1])...)
	for _, id := range ids {
		e.expectStates(id, "COMPLETED")
	}
	e.expectStates(f[1], "COMPLETED")
	got, err := os.ReadFile(filepath.Join(logs, "finish-"+f[1]+".out"))
	if err != nil {
		e.t.Fatal(err)
	}
	if string(got) != want {
		e.t.Errorf("the finish job printed\n%s\nbaolab solve --method layers prints\n%s", got, want)
	}
}

// waitLong is wait with a longer limit: a requeued task waits the
// cluster's cred_expire before it starts again.
func (e *e2e) waitLong(ids ...string) {
	e.t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
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
			e.t.Fatalf("jobs %v still running after 5 minutes:\n%s", ids, e.run("squeue"))
		}
		time.Sleep(time.Second)
	}
}

// compareLayers checks that dir holds the solved layer files of want, byte
// for byte, and no others.
func (e *e2e) compareLayers(want, dir string) {
	e.t.Helper()
	a, _ := filepath.Glob(filepath.Join(want, "layers", "*.solved"))
	b, _ := filepath.Glob(filepath.Join(dir, "layers", "*.solved"))
	if len(a) == 0 || len(a) != len(b) {
		e.t.Fatalf("%d solved layers in %s, %d in the one-process run", len(b), dir, len(a))
	}
	sort.Strings(a)
	differ := 0
	for _, f := range a {
		x, err1 := os.ReadFile(f)
		y, err2 := os.ReadFile(filepath.Join(dir, "layers", filepath.Base(f)))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			differ++
			if differ <= 3 {
				e.t.Errorf("layer file %s differs from the one-process run's (%v, %v)", filepath.Base(f), err1, err2)
			}
		}
	}
	if differ > 0 {
		e.t.Errorf("%d of %d layer files differ", differ, len(a))
	}
}

// requeueWrapper writes a stand-in for baolab that passes every call on
// to the real binary, except the first run of task 0 of wave w: that one
// is killed with SIGKILL once a layer of the wave is solved (a layer file
// newer than the task's start), while it solves one of its layers, and the task
// requeues itself (scontrol requeue); run again, it runs normally. The
// mark file says what was killed.
func (e *e2e) requeueWrapper(dir string, w int) (string, string) {
	e.t.Helper()
	path := filepath.Join(e.work, "baolab-requeue")
	mark := filepath.Join(e.work, "wave-task-killed")
	script := fmt.Sprintf(`#!/bin/bash
real=%s mark=%s dir=%s
case " $* " in
*" --wave %d --task 0 "*) ;;
*) exec "$real" "$@" ;;
esac
[ -e "$mark" ] && exec "$real" "$@"
stamp=$(mktemp)
"$real" "$@" & pid=$!
for _ in $(seq 6000); do
	if [ -n "$(find "$dir/layers" -name '*.solved' -newer "$stamp" 2>/dev/null | head -n 1)" ]; then
		kill -KILL "$pid"; wait "$pid"
		echo "wave %d task 0 (PID $pid) after $(find "$dir/layers" -name '*.solved' -newer "$stamp" | wc -l) layers of the wave were solved, job ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}" >"$mark"
		scontrol requeue "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"
		sleep 60
		exit 1
	fi
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.01
done
echo "requeue wrapper: the task ended before it could be killed" >&2
wait "$pid"; exit 1
`, shellQuote(e.bin), shellQuote(mark), shellQuote(dir), w, w)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		e.t.Fatal(err)
	}
	return path, mark
}
