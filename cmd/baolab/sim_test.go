package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/buildinfo"
)

func writeSimConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "exp.toml")
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSimBadInputExitsTwo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	base := []string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "10", "--out", out}
	badRule := writeSimConfig(t, "rules = [\n  \"kingulu\",\n  \"kingulu:seeds=99\",\n]\nagents = [\"random\"]\ngames = 10\nout = \""+out+"\"\n")
	unknownKey := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\ngame = 10\n")
	noGames := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\n")
	badLadder := writeSimConfig(t, "rules = [\"kingulu\"]\nladder = [\n  \"random\",\n  \"minimax\",\n]\ngames = 10\nout = \""+out+"\"\n")
	upperKey := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\nGAMES = 7\n")
	// Values are checked once, after the flags' overlay: a bad value of
	// the file is located at its line, unless a flag replaced it.
	fewWorkers := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = -5\nworkers = -2\n")
	wideMargin := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 7\n\nequivalence_margin = 0.7\n")
	manyWorkers := writeSimConfig(t, "rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 7\nworkers = 100000\n")
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--bogus"}, "unknown flag"},
		{append(base, "--shard", "2/2"), "--shard \"2/2\""},
		{append(base, "--shard", "x"), "want K/N"},
		{[]string{"sim", "--rules", "chess", "--agents", "random", "--games", "1", "--out", out}, "--rules: ruleset \"chess\": unknown variant"},
		{[]string{"sim", "--rules", "kingulu", "--agents", "mcts:iters=0", "--games", "1", "--out", out}, "option \"iters\": value \"0\" not allowed"},
		{[]string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "1"}, "no output directory"},
		{[]string{"sim", "--rules", "kingulu", "--agents", "random", "--out", out}, "--games: games per cell must be at least 1"},
		{append(base, "--workers", "-1"), "--workers: workers must be at least 1"},
		{append(base, "--seed", "-3"), "invalid argument"},
		{[]string{"sim", "--config", badRule}, badRule + ":3: key rules[1]: ruleset \"kingulu:seeds=99\""},
		{[]string{"sim", "--config", unknownKey}, unknownKey + ":3:1: unknown key \"game\""},
		{[]string{"sim", "--config", noGames, "--out", out}, noGames + ": games per cell must be at least 1"},
		{[]string{"sim", "--config", filepath.Join(out, "missing.toml")}, "missing.toml: no such file"},
		{[]string{"sim", "--rules", "kingulu", "--ladder", "random", "--ladder", "alphabeta:depth=0", "--games", "1", "--out", out}, "--ladder: agent spec \"alphabeta:depth=0\": alphabeta: option \"depth\": value \"0\" not allowed"},
		{[]string{"sim", "--rules", "kingulu", "--ladder", "random", "--ladder", " random", "--games", "1", "--out", out}, "--ladder: ladder agent \" random\" is \"random\" again"},
		{append(base, "--opening-plies", "-1"), "--opening-plies: opening plies must be 0..1000, not -1"},
		{[]string{"sim", "--config", badLadder}, badLadder + ":4: key ladder[1]: agent spec \"minimax\": unknown agent"},
		{[]string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "3000000000000", "--out", out}, "--games: 3000000000000 games per cell in batches of 16384 make 183105469 files per table"},
		{append(base, "--workers", "100000"), "--workers: 100000: at most"},
		{[]string{"sim", "--config", upperKey}, upperKey + ":3:1: unknown key \"GAMES\""},
		{[]string{"sim", "--config", manyWorkers, "--out", out}, manyWorkers + ":4: key workers: 100000: at most"},
		{[]string{"sim", "--config", fewWorkers, "--out", out}, fewWorkers + ":4: key workers: workers must be at least 1 (or 0 for one per CPU), not -2"},
		{[]string{"sim", "--config", fewWorkers, "--workers", "1", "--out", out}, fewWorkers + ":3: key games: games per cell must be at least 1, not -5"},
		{[]string{"sim", "--config", fewWorkers, "--workers", "1", "--games", "0", "--out", out}, "--games: games per cell must be at least 1, not 0"},
		{[]string{"sim", "--config", wideMargin, "--out", out}, wideMargin + ":5: key equivalence_margin: equivalence margin must be at least 0 and below 0.5, not 0.7"},
	} {
		_, stderr, code := baolab(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "baolab: ") {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2, one line containing %q", i, c.args[1:], code, stderr, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command created the output directory")
	}
}

func TestSimRunResumeRefuseForce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"sim", "--rules", "kingulu", "--rules", "kimasai-four-rows:holes=6", "--agents", "random", "--games", "300", "--batch", "100", "--out", out}
	stdout, stderr, code := baolab(t, args...)
	if code != 0 || stdout != "" {
		t.Fatalf("sim: exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	// Not a terminal: plain lines, one per cell, and a summary.
	for _, want := range []string{"cell 1/2 kingulu × random/random done: 300 games", "cell 2/2 kimasai-four-rows:holes=6 × random/random done", "sim: 600 games,", "games/s", "dataset complete"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress output lacks %q:\n%s", want, stderr)
		}
	}
	m, err := dataset.ReadManifest(out)
	if err != nil || !m.Complete || m.Games != 600 || len(m.Builds) != 1 || m.Builds[0] != manifestBuild(buildinfo.Read()) {
		t.Fatalf("manifest: %+v, %v", m, err)
	}
	_, stderr, code = baolab(t, append(args, "--quiet")...)
	if code != 0 || stderr != "" {
		t.Errorf("quiet rerun: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = baolab(t, append(args, "--workers", "1")...)
	if code != 0 || !strings.Contains(stderr, "resuming: 6 of 6 batches") || !strings.Contains(stderr, "sim: 0 games") {
		t.Errorf("rerun of a finished run: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = baolab(t, append(args, "--seed", "2")...)
	if code != 2 || !strings.Contains(stderr, "holds another experiment (seed 1 → 2)") || !strings.Contains(stderr, "--force") {
		t.Errorf("other experiment: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = baolab(t, append(args, "--seed", "2", "--force", "-q")...)
	if m, _ := dataset.ReadManifest(out); code != 0 || m.Experiment.Seed != 2 || !m.Complete {
		t.Errorf("--force: exit %d, stderr %q, seed %d", code, stderr, m.Experiment.Seed)
	}
}

func TestSimFlagsOverrideConfig(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeSimConfig(t, "rules = [\"chess\"]\nagents = [\"random\"]\ngames = 1000\nseed = 5\nmoves = true\nout = \"elsewhere\"\n")
	_, stderr, code := baolab(t, "sim", "--config", cfg, "--rules", "kingulu", "--games", "20", "--moves=false", "--out", out, "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m, err := dataset.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	e := m.Experiment
	if len(e.Rules) != 1 || e.Rules[0] != "kingulu" || e.Games != 20 || e.Seed != 5 || e.Moves || e.Agents[0] != "random/random" {
		t.Errorf("experiment %+v", e)
	}
	if _, err := os.Stat(filepath.Join(out, dataset.Moves)); err == nil {
		t.Error("--moves=false wrote moves/")
	}
}

func TestSimShardFromSlurm(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "--rules", "kingulu", "--agents", "random", "--games", "40", "--batch", "10", "--out", "ds", "-q"}
	for _, id := range []string{"1", "2"} { // a 1-based array 1..2
		_, stderr, code := baolabIn(t, dir, []string{"SLURM_ARRAY_TASK_ID=" + id, "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=2"}, args...)
		if code != 0 {
			t.Fatalf("task %s: exit %d: %s", id, code, stderr)
		}
	}
	m, err := dataset.ReadManifest(filepath.Join(dir, "ds"))
	if err != nil || !m.Complete || len(m.Shards) != 2 || m.Shards[1].Shard != 1 || m.Shards[1].Shards != 2 {
		t.Fatalf("manifest after two Slurm tasks: %+v, %v", m.Shards, err)
	}
	_, stderr, code := baolabIn(t, dir, []string{"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_COUNT=2"}, args...)
	if code != 2 || !strings.Contains(stderr, "give --shard K/N") {
		t.Errorf("task id out of range: exit %d, %q", code, stderr)
	}
}

func TestSimGridInConfigAndFlags(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cfg := writeSimConfig(t, "rules = [\"kingulu:penultimate=*,min_lift=*\"]\nagents = [\"random\"]\ngames = 20\nmoves = false\nout = \""+out+"\"\n")
	if _, stderr, code := baolab(t, "sim", "--config", cfg, "-q"); code != 0 {
		t.Fatalf("sim: exit %d, stderr %s", code, stderr)
	}
	m, err := dataset.ReadManifest(out)
	want := "kingulu | kingulu:min_lift=2 | kingulu:penultimate=origin | kingulu:min_lift=2,penultimate=origin | kingulu:penultimate=never | kingulu:min_lift=2,penultimate=never"
	if err != nil || strings.Join(m.Experiment.Rules, " | ") != want || m.Games != 120 {
		t.Fatalf("manifest: rules %q, games %d, %v; want %s", m.Experiment.Rules, m.Games, err, want)
	}
	bad := writeSimConfig(t, "rules = [\n  \"kingulu\",\n  \"kingulu:holes=2..4\",\n]\nagents = [\"random\"]\ngames = 10\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--config", bad, "--out", out + "2"}, bad + `:3: key rules[1]: ruleset "kingulu:holes=2..4": kingulu: option "holes": range "2..4" not allowed (allowed: 3..12)`},
		{[]string{"sim", "--rules", "kingulu:skip_origin=1..2", "--agents", "random", "--games", "1", "--out", out + "2"}, `--rules: ruleset "kingulu:skip_origin=1..2": kingulu: option "skip_origin": value "1..2" not allowed: a range a..b needs an integer option`},
	} {
		_, stderr, code := baolab(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for a child's writes and the test's
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestSimSigtermStopsAtOnce sends SIGTERM to `baolab sim` in the middle
// of a game that takes seconds: it says "stopping" at once and exits 1
// within a move, leaving a resumable dataset.
func TestSimSigtermStopsAtOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(os.Args[0], "sim", "--rules", "kingulu", "--agents", "mcts:iters=200000", "--games", "1", "--out", out)
	cmd.Env = append(os.Environ(), "BAOLAB_RUN_MAIN=1")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stderr.String(), "games to play") {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no start line: %q", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	took := time.Since(sent)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	s := stderr.String()
	if !strings.Contains(s, "sim: stopping (terminated signal received)") || !strings.Contains(s, "interrupted") {
		t.Errorf("stderr %q: want the stopping line and the interrupted error", s)
	}
	if took > 10*time.Second { // one move is about 0.4 s of CPU; the machine may be loaded
		t.Errorf("took %v to stop", took)
	}
	// The game (about 6 s of CPU) was dropped, not finished.
	if files, _ := dataset.Files(out, dataset.Games); len(files) != 0 {
		t.Errorf("%d games files: the game in play was finished", len(files))
	}
}
