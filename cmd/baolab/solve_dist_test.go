package main

import (
	"encoding/json"
	"fmt"
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
