package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveDistributedCommands runs a distributed solve through the
// command, as a user (or a Slurm job) runs its steps: --enumerate, every
// wave with two tasks, --finish; --finish prints exactly the lines of
// --method layers in one process. A wave run before the one it needs
// exits 2 with one line naming the missing layer; bad combinations exit
// 2. The plan's total positions are the solve's.
func TestSolveDistributedCommands(t *testing.T) {
	const rules = "kingulu:holes=3,seeds=2,first_lap_rule=off"
	one, _, code := baolab(t, "solve", "--rules", rules, "--method", "layers")
	if code != 0 {
		t.Fatalf("--method layers: exit %d", code)
	}
	dir := filepath.Join(t.TempDir(), "d")
	out, errOut, code := baolab(t, "solve", "--rules", rules, "--layers", "--dir", dir, "--enumerate")
	var layers, waves, positions int
	if _, err := fmt.Sscanf(out, "enumerated layers=%d waves=%d positions=%d", &layers, &waves, &positions); code != 0 || err != nil || waves < 3 {
		t.Fatalf("--enumerate: exit %d, %q (%v), stderr %q", code, out, err, errOut)
	}
	if !strings.Contains(one, fmt.Sprintf("positions=%d ", positions)) {
		t.Errorf("--enumerate counts %d positions; --method layers prints\n%s", positions, one)
	}
	_, errOut, code = baolab(t, "solve", "--rules", rules, "--layers", "--dir", dir, "--wave", "1", "--task", "0", "--tasks", "2")
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "wave 0) is not solved") {
		t.Errorf("wave 1 before wave 0: exit %d, stderr %q; want 2 and one line naming a layer of wave 0", code, errOut)
	}
	for w := range waves {
		for task := range 2 {
			out, errOut, code := baolab(t, "solve", "--rules", rules, "--layers", "--dir", dir, "--wave", fmt.Sprint(w), "--task", fmt.Sprint(task), "--tasks", "2")
			if code != 0 || !strings.HasPrefix(out, fmt.Sprintf("wave %d task %d/2: solved=", w, task)) {
				t.Fatalf("wave %d task %d: exit %d, %q, stderr %q", w, task, code, out, errOut)
			}
		}
	}
	got, errOut, code := baolab(t, "solve", "--rules", rules, "--layers", "--dir", dir, "--finish")
	if code != 0 || got != one {
		t.Errorf("--finish: exit %d, stderr %q, printed\n%s\n--method layers printed\n%s", code, errOut, got, one)
	}

	out, _, code = baolab(t, "solve", "--rules", rules, "--layers", "--plan", "--json", "--nodes", "2", "--cores", "4", "--mem", "1")
	var plan struct {
		Positions int64
		Complete  bool
		Waves     [][]struct{ Positions int64 }
		Cluster   struct{ Nodes, Cores int }
	}
	if err := json.Unmarshal([]byte(out), &plan); code != 0 || err != nil || plan.Positions != int64(positions) || !plan.Complete || len(plan.Waves) != waves || plan.Cluster.Nodes != 2 {
		t.Errorf("--plan --json: exit %d, %v, %+v; want %d positions in %d waves", code, err, plan, positions, waves)
	}
	out, _, code = baolab(t, "solve", "--rules", rules, "--layers", "--plan")
	if code != 0 || !strings.HasPrefix(out, "plan kingulu:") || !strings.Contains(strings.SplitN(out, "\n", 2)[0], fmt.Sprintf(": layers=%d waves=%d positions=%d ", layers, waves, positions)) || !strings.Contains(out, "\ncluster nodes=1 cores=1 mem_gib=8 ") {
		t.Errorf("--plan: exit %d:\n%s", code, out)
	}

	for _, args := range [][]string{
		{"--layers", "--plan", "--dir", dir},
		{"--layers", "--finish"},
		{"--layers", "--dir", dir, "--finish", "--enumerate"},
		{"--plan"},
		{"--layers", "--dir", dir, "--wave", "0", "--task", "2", "--tasks", "2"},
		{"--layers", "--dir", dir, "--wave", "99"},
		{"--layers", "--dir", dir, "--layer", "nonesuch"},
		{"--layers", "--nodes", "3"},
		{"--layers", "--plan", "--cores", "0"},
	} {
		_, errOut, code := baolab(t, append([]string{"solve", "--rules", rules}, args...)...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("solve %s: exit %d, stderr %q; want 2 and one line", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestSlurmSolveScripts: baolab slurm --solve writes the enumeration's
// script before DIR is enumerated (which runs the same command again,
// with --submit), and one script per wave plus the finish job's after;
// bad combinations exit 2 with one line.
func TestSlurmSolveScripts(t *testing.T) {
	const rules = "kingulu:holes=4,seeds=2"
	dir := filepath.Join(t.TempDir(), "k42")
	out, errOut, code := baolab(t, "slurm", "--solve", "--rules", rules, "--dir", dir, "--tasks", "2", "--binary", "/opt/baolab")
	if code != 0 || !strings.Contains(out, "enumerate.sbatch") || !strings.Contains(out, "sbatch "+dir+".slurm/enumerate.sbatch") {
		t.Fatalf("before the enumeration: exit %d, %q, stderr %q", code, out, errOut)
	}
	script, err := os.ReadFile(filepath.Join(dir+".slurm", "enumerate.sbatch"))
	if err != nil || !strings.Contains(string(script), "exec /opt/baolab slurm --solve --rules "+rules+" --dir "+dir+" --script-dir "+dir+".slurm --binary /opt/baolab --name baolab-solve --tasks 2 --submit\n") {
		t.Errorf("enumerate.sbatch (%v):\n%s", err, script)
	}
	if _, _, code := baolab(t, "solve", "--rules", rules, "--layers", "--dir", dir, "--enumerate"); code != 0 {
		t.Fatalf("--enumerate: exit %d", code)
	}
	out, errOut, code = baolab(t, "slurm", "--solve", "--rules", rules, "--dir", dir, "--tasks", "2", "--binary", "/opt/baolab")
	waves, _ := filepath.Glob(filepath.Join(dir+".slurm", "wave-*.sbatch"))
	if code != 0 || len(waves) != 9 || !strings.Contains(out, "(9 waves)") || !strings.Contains(out, "--dependency=afterok:$W7 --kill-on-invalid-dep=yes "+dir+".slurm/wave-8.sbatch") {
		t.Errorf("after the enumeration: exit %d, %d wave scripts, %q, stderr %q", code, len(waves), out, errOut)
	}
	w0, _ := os.ReadFile(filepath.Join(dir+".slurm", "wave-0.sbatch"))
	if !strings.Contains(string(w0), "#SBATCH --array=0-1\n") || !strings.Contains(string(w0), "--wave 0 --task \"${SLURM_ARRAY_TASK_ID}\" --tasks 2 ") {
		t.Errorf("wave-0.sbatch (10 layers, 2 tasks):\n%s", w0)
	}
	// --layer-mem reaches the enumeration's, the waves' and the finish
	// job's baolab solve, and the command the enumeration runs again.
	memDir := filepath.Join(t.TempDir(), "k42mem")
	if _, errOut, code := baolab(t, "slurm", "--solve", "--rules", rules, "--dir", memDir, "--layer-mem", "4096", "--binary", "/opt/baolab"); code != 0 {
		t.Fatalf("--layer-mem: exit %d, stderr %q", code, errOut)
	}
	en, _ := os.ReadFile(filepath.Join(memDir+".slurm", "enumerate.sbatch"))
	if !strings.Contains(string(en), "--dir "+memDir+" --layer-mem 4096 --enumerate ") || !strings.Contains(string(en), " --layer-mem 4096 --submit\n") {
		t.Errorf("enumerate.sbatch with --layer-mem 4096:\n%s", en)
	}
	if _, _, code := baolab(t, "solve", "--rules", rules, "--layers", "--dir", memDir, "--layer-mem", "4096", "--enumerate"); code != 0 {
		t.Fatalf("--enumerate --layer-mem: exit %d", code)
	}
	if _, errOut, code := baolab(t, "slurm", "--solve", "--rules", rules, "--dir", memDir, "--layer-mem", "4096", "--binary", "/opt/baolab"); code != 0 {
		t.Fatalf("--layer-mem after the enumeration: exit %d, stderr %q", code, errOut)
	}
	for _, name := range []string{"wave-0.sbatch", "finish.sbatch"} {
		if b, _ := os.ReadFile(filepath.Join(memDir+".slurm", name)); !strings.Contains(string(b), "--dir "+memDir+" --layer-mem 4096 --") {
			t.Errorf("%s with --layer-mem 4096:\n%s", name, b)
		}
	}
	for _, args := range [][]string{
		{"slurm", "--solve", "--rules", rules},
		{"slurm", "--solve", "--dir", dir},
		{"slurm", "--solve", "--rules", "kingulu:holes=4,seeds=3", "--dir", dir},
		{"slurm", "--solve", "--rules", "nonesuch", "--dir", dir},
		{"slurm", "--rules", rules, "--config", "x.toml", "--tasks", "2"},
		{"slurm", "--tasks", "2"},
		{"slurm", "--solve", "--rules", rules, "--dir", dir, "--layer-mem", "-1"},
		{"slurm", "--config", "x.toml", "--tasks", "2", "--layer-mem", "100"},
	} {
		_, errOut, code := baolab(t, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestSolvePlanEstimate: --plan --estimate lists every layer the rules
// allow with its bound and estimated positions, and marks the plan, the
// waves and the total as estimates; with --plan-budget the layers counted
// are exact; a board counted to the end gives the counted plan; --json
// carries the model and the bound; bad combinations exit 2 with one line.
func TestSolvePlanEstimate(t *testing.T) {
	const rules = "kingulu:holes=4,seeds=2"
	out, errOut, code := baolab(t, "solve", "--rules", rules, "--layers", "--plan", "--estimate", "--nodes", "2", "--cores", "4", "--mem", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) < 6 || !strings.HasPrefix(lines[0], "plan "+rules+": layers=3020 ") || !strings.HasSuffix(lines[0], " complete=no estimated=yes bound=6.485e+06") ||
		!strings.HasPrefix(lines[2], "estimate: share=min(1,exp(") || !strings.Contains(out, " method=estimated bound=") || strings.Contains(out, "method=counted") ||
		!strings.Contains(out, "\nwave=0 layers=") || !strings.Contains(lines[len(lines)-2], "total layers=3020 ") || !strings.HasSuffix(lines[len(lines)-2], " estimated=yes bound=6.485e+06") ||
		!strings.HasPrefix(lines[len(lines)-1], "cluster nodes=2 cores=4 mem_gib=1 ") {
		t.Errorf("--estimate: exit %d, stderr %q:\n%s", code, errOut, strings.Join(lines[:min(len(lines), 4)], "\n"))
	}
	out, _, code = baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--layers", "--plan", "--estimate", "--plan-budget", "3000")
	if code != 0 || !strings.Contains(out, " method=counted bound=") || !strings.Contains(out, " method=estimated bound=") || !strings.Contains(out, "estimated=yes") {
		t.Errorf("--estimate --plan-budget 3000: exit %d:\n%.600s", code, out)
	}
	out, _, code = baolab(t, "solve", "--rules", rules, "--layers", "--plan", "--estimate", "--plan-budget", "100000")
	if code != 0 || !strings.Contains(out, ": layers=21 waves=9 positions=104 ") || strings.Contains(out, "estimated") {
		t.Errorf("--estimate with a budget over the board: exit %d:\n%.600s", code, out)
	}
	out, _, code = baolab(t, "solve", "--rules", rules, "--layers", "--plan", "--estimate", "--json")
	var plan struct {
		Positions int64
		Bound     float64
		Model     *struct{ PerReserved float64 }
		Waves     [][]struct{ Method string }
	}
	if err := json.Unmarshal([]byte(out), &plan); code != 0 || err != nil || plan.Model == nil || plan.Model.PerReserved >= 0 || plan.Bound != 6485002 || len(plan.Waves) == 0 || plan.Waves[0][0].Method != "estimated" {
		t.Errorf("--estimate --json: exit %d, %v, positions %d, bound %g, model %v", code, err, plan.Positions, plan.Bound, plan.Model)
	}
	for _, args := range [][]string{
		{"--layers", "--estimate"},
		{"--estimate"},
		{"--plan", "--estimate"},
		{"--layers", "--dir", t.TempDir(), "--enumerate", "--estimate"},
		{"--layers", "--plan", "--estimate", "--plan-budget", "-1"},
	} {
		_, errOut, code := baolab(t, append([]string{"solve", "--rules", rules}, args...)...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("solve %s: exit %d, stderr %q; want 2 and one line", strings.Join(args, " "), code, errOut)
		}
	}
	if _, errOut, code := baolab(t, "solve", "--rules", "kimasai-two-rows:holes=4", "--layers", "--plan", "--estimate"); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("--estimate of a game without layers: exit %d, stderr %q", code, errOut)
	}
}
