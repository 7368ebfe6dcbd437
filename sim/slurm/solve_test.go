package slurm

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// solveJob is a layered solve of three waves (5, 1 and 1200 layers), with
// every field set, so the golden scripts show every line SolveJob writes.
func solveJob() SolveJob {
	j := fullJob()
	j.Config, j.Report, j.Tasks = "", "", 0
	j.Dir, j.ScriptDir, j.Name = "/scratch/ana/k52", "/scratch/ana/k52.slurm", "baolab-k52"
	return SolveJob{Job: j, Rules: "kingulu:holes=5,seeds=2", Waves: []int{5, 1, 1200}, Throttle: 8, LayerMem: 8 << 30,
		Again: []string{"slurm", "--solve", "--rules", "kingulu:holes=5,seeds=2", "--dir", "/scratch/ana/k52", "--submit"}}
}

// TestSolveScriptsGolden: the enumeration's, every wave's and the finish
// job's scripts are the golden ones; a wave of more layers than
// MaxTasks (default 1000) gets MaxTasks tasks, which share its layers
// out. (Checked: dropping the throttle from --array, or the min with
// MaxTasks, fails the goldens.)
func TestSolveScriptsGolden(t *testing.T) {
	j := solveJob()
	wave := func(w int) string {
		s, err := j.WaveScript(w)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	checkGolden(t, filepath.Join("testdata", "solve-wave-0.sbatch"), wave(0))
	checkGolden(t, filepath.Join("testdata", "solve-wave-2.sbatch"), wave(2))
	fin, err := j.FinishScript()
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("testdata", "solve-finish.sbatch"), fin)
	if s := wave(0); !strings.Contains(s, "#SBATCH --array=0-4%8\n") {
		t.Errorf("wave 0 of 5 layers:\n%s", s)
	}
	j.Waves = nil
	en, err := j.EnumerateScript()
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("testdata", "solve-enumerate.sbatch"), en)
	j.Waves, j.MaxTasks, j.Throttle = []int{5, 1, 1200}, 3, 0
	if s := wave(2); !strings.Contains(s, "#SBATCH --array=0-2\n") || !strings.Contains(s, "--tasks 3 ") {
		t.Errorf("wave 2 of 1200 layers, at most 3 tasks:\n%s", s)
	}
	if _, err := j.WaveScript(3); err == nil {
		t.Error("a fourth wave of three was written")
	}
	for _, bad := range []func(*SolveJob){
		func(j *SolveJob) { j.Rules = "" },
		func(j *SolveJob) { j.Dir = "k52" },
		func(j *SolveJob) { j.Waves = []int{3, 0} },
		func(j *SolveJob) { j.Throttle = -1 },
		func(j *SolveJob) { j.LayerMem = -1 },
		func(j *SolveJob) { j.Name = "a b" },
	} {
		j := solveJob()
		bad(&j)
		if err := j.Validate(); err == nil {
			t.Errorf("%+v validates", j)
		}
	}
}

// TestSubmitSolve: the waves are submitted in order, each after the
// previous one with afterok, then the finish job after the last wave; the
// by-hand commands say the same; before the enumeration only its job is
// submitted. A refusal half-way names the jobs queued.
func TestSubmitSolve(t *testing.T) {
	j := solveJob()
	sbatch, calls := fakeSbatch(t, "11", "12", "13", "14")
	ids, err := Submitter{Sbatch: sbatch}.SubmitSolve(context.Background(), j)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"--parsable /scratch/ana/k52.slurm/wave-0.sbatch",
		"--parsable --dependency=afterok:11 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/wave-1.sbatch",
		"--parsable --dependency=afterok:12 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/wave-2.sbatch",
		"--parsable --dependency=afterok:13 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/finish.sbatch",
	}
	if got := readCalls(t, calls); strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(ids, ",") != "11,12,13,14" {
		t.Errorf("sbatch calls:\n got %q\nwant %q\nids %v", got, want, ids)
	}
	hand := strings.Join(j.SubmitCommands(), "\n")
	wantHand := `W0=$(sbatch --parsable /scratch/ana/k52.slurm/wave-0.sbatch)
W1=$(sbatch --parsable --dependency=afterok:$W0 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/wave-1.sbatch)
W2=$(sbatch --parsable --dependency=afterok:$W1 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/wave-2.sbatch)
sbatch --dependency=afterok:$W2 --kill-on-invalid-dep=yes /scratch/ana/k52.slurm/finish.sbatch`
	if hand != wantHand {
		t.Errorf("by hand:\n%s\nwant\n%s", hand, wantHand)
	}
	sbatch, _ = fakeSbatch(t, "21", "fail Job dependency problem")
	ids, err = Submitter{Sbatch: sbatch}.SubmitSolve(context.Background(), j)
	if err == nil || !strings.Contains(err.Error(), "scancel 21") || len(ids) != 1 {
		t.Errorf("refused half-way: %v, ids %v", err, ids)
	}
	j.Waves = nil
	sbatch, calls = fakeSbatch(t, "31")
	if ids, err := (Submitter{Sbatch: sbatch}).SubmitSolve(context.Background(), j); err != nil || len(ids) != 1 || readCalls(t, calls)[0] != "--parsable /scratch/ana/k52.slurm/enumerate.sbatch" {
		t.Errorf("before the enumeration: %v, %v, calls %q", ids, err, readCalls(t, calls))
	}
}
