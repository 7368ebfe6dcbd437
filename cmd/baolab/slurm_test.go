package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const slurmTestConfig = `rules  = ["kingulu"]
agents = ["random"]
games  = 100
out    = "runs/q"
`

// baolabIn runs the command in dir with extra environment variables and
// returns stdout, stderr and the exit code.
func baolabIn(t *testing.T, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "BAOLAB_RUN_MAIN=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func writeSlurmConfig(t *testing.T, dir, text string) string {
	t.Helper()
	p := filepath.Join(dir, "quick start.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSlurmWritesScripts checks the defaults: DIR from the file's out,
// relative to the working directory; scripts beside DIR; the report in
// DIR/report; this binary; a job name from the file name.
func TestSlurmWritesScripts(t *testing.T) {
	dir := t.TempDir()
	writeSlurmConfig(t, dir, slurmTestConfig)
	out, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data := filepath.Join(dir, "runs", "q")
	scripts := data + ".slurm"
	if !strings.Contains(out, "wrote "+filepath.Join(scripts, "sim.sbatch")+" (3-task array)") {
		t.Errorf("output does not name the written script:\n%s", out)
	}
	if !strings.Contains(out, "A=$(sbatch --parsable "+filepath.Join(scripts, "sim.sbatch")+")") {
		t.Errorf("output does not say how to submit by hand:\n%s", out)
	}
	sim, err := os.ReadFile(filepath.Join(scripts, "sim.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	self, _ := os.Executable()
	for _, want := range []string{
		"#SBATCH --job-name=baolab-quick_start\n",
		"#SBATCH --array=0-2\n",
		"exec " + self + " sim --config '" + filepath.Join(dir, "quick start.toml") + "' --out " + data + ` --shard "${SLURM_ARRAY_TASK_ID}/3" --workers "${SLURM_CPUS_PER_TASK:-1}"` + "\n",
	} {
		if !strings.Contains(string(sim), want) {
			t.Errorf("sim.sbatch lacks %q:\n%s", want, sim)
		}
	}
	an, err := os.ReadFile(filepath.Join(scripts, "analyze.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec " + self + " analyze " + data + " --out " + filepath.Join(data, "report") + "\n"; !strings.Contains(string(an), want) {
		t.Errorf("analyze.sbatch lacks %q:\n%s", want, an)
	}

	// Flags override every default.
	_, errOut, code = baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "2",
		"--out", "elsewhere", "--report", "/r", "--script-dir", "s", "--binary", "/opt/baolab", "--name", "x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sim, err = os.ReadFile(filepath.Join(dir, "s", "sim.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec /opt/baolab sim --config '" + filepath.Join(dir, "quick start.toml") + "' --out " + filepath.Join(dir, "elsewhere"); !strings.Contains(string(sim), want) {
		t.Errorf("sim.sbatch lacks %q:\n%s", want, sim)
	}
}

func TestSlurmBadInput(t *testing.T) {
	dir := t.TempDir()
	good := writeSlurmConfig(t, dir, slurmTestConfig)
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("rules = [\"kingulu\"]\nagents = [\"random\", \"nosuchagent\"]\ngames = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noOut := filepath.Join(dir, "noout.toml")
	if err := os.WriteFile(noOut, []byte("rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", good}, `"tasks" not set`},
		{[]string{"--config", good, "--tasks", "0"}, "--tasks must be at least 1"},
		{[]string{"--config", filepath.Join(dir, "missing.toml"), "--tasks", "2"}, "missing.toml"},
		{[]string{"--config", bad, "--tasks", "2"}, "bad.toml:2: key agents[1]"},
		{[]string{"--config", noOut, "--tasks", "2"}, "no dataset directory"},
		{[]string{"--config", good, "--tasks", "2", "--time", "2h"}, `--time "2h"`},
		{[]string{"--config", good, "--tasks", "2", "--sbatch", "-p x"}, "--sbatch"},
	} {
		_, errOut, code := baolabIn(t, dir, nil, append([]string{"slurm"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("slurm %v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "runs")); err == nil {
		t.Error("a refused command wrote scripts")
	}
}

// TestSlurmSubmit submits through a stand-in sbatch on PATH.
func TestSlurmSubmit(t *testing.T) {
	dir := t.TempDir()
	cfg := writeSlurmConfig(t, dir, slurmTestConfig)
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	sbatch := `#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls"
case "$*" in
*analyze.sbatch) echo 4312 ;;
*) echo "4311;cluster" ;;
esac
`
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte(sbatch), 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + bin + ":" + os.Getenv("PATH")}
	out, errOut, code := baolabIn(t, dir, env, "slurm", "--config", cfg, "--tasks", "4", "--submit")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"submitted job array 4311 (4 tasks)", "submitted analysis job 4312 (runs when every task of 4311 has succeeded)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	calls, err := os.ReadFile(filepath.Join(bin, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "--dependency=afterok:4311 --kill-on-invalid-dep=yes"; !strings.Contains(string(calls), want) {
		t.Errorf("sbatch calls lack %q:\n%s", want, calls)
	}

	// A refused submission is a one-line error with sbatch's reason, exit 1.
	refuse := "#!/bin/sh\necho 'sbatch: error: invalid partition specified: nope' >&2\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte(refuse), 0o755); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = baolabIn(t, dir, env, "slurm", "--config", cfg, "--tasks", "4", "--submit")
	// (4 tasks for the config's one batch per cell also give a warning line.)
	_, errLine, _ := strings.Cut(errOut, "baolab:")
	if code != 1 || !strings.Contains(errLine, "invalid partition specified: nope") || strings.Count(errLine, "\n") != 1 {
		t.Errorf("refused submission: exit %d, stderr %q", code, errOut)
	}

	// No sbatch at all: the scripts are still written, and the error says why.
	_, errOut, code = baolabIn(t, dir, []string{"PATH=" + t.TempDir()}, "slurm", "--config", cfg, "--tasks", "4", "--submit")
	if code != 1 || !strings.Contains(errOut, "sbatch not found") {
		t.Errorf("no sbatch: exit %d, stderr %q", code, errOut)
	}
}

// TestSlurmLadderConfig: a ladder experiment without agent pairs is a
// complete experiment for baolab slurm too, and a bad ladder agent is
// located in the file.
func TestSlurmLadderConfig(t *testing.T) {
	dir := t.TempDir()
	writeSlurmConfig(t, dir, "rules = [\"kingulu\"]\nladder = [\"random\", \"greedy\"]\nopening_plies = 2\ngames = 10\nout = \"runs/l\"\n")
	if _, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "2"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	writeSlurmConfig(t, dir, "rules = [\"kingulu\"]\nladder = [\n  \"random\",\n  \"chess\",\n]\ngames = 10\nout = \"runs/l\"\n")
	_, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "2")
	if code != 2 || !strings.Contains(errOut, ":4: key ladder[1]: agent spec \"chess\"") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestSlurmTasksWarning: more tasks than the experiment has batches per
// cell (slurmTestConfig has one) gives a warning line that says which
// tasks will play nothing and how many to give; as many tasks as batches
// give none. (Shown to fail with the warning's condition >= for >: one
// task warned, and with it removed: no warning.)
func TestSlurmTasksWarning(t *testing.T) {
	dir := t.TempDir()
	writeSlurmConfig(t, dir, slurmTestConfig)
	_, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "100000000")
	want := "slurm: warning: --tasks 100000000 is more than the experiment's 1 batch per cell: tasks 1 to 99999999 will play nothing (give --tasks 1 at most"
	if code != 0 || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("--tasks 100000000: exit %d, stderr %q; want exit 0 and one line %q...", code, errOut, want)
	}
	if _, errOut, code := baolabIn(t, dir, nil, "slurm", "--config", "quick start.toml", "--tasks", "1"); code != 0 || errOut != "" {
		t.Errorf("--tasks 1: exit %d, stderr %q; want no warning", code, errOut)
	}
}
