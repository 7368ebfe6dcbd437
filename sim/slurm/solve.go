package slurm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Names of the files that SolveJob.Write puts in its script directory.
const (
	EnumerateScriptName = "enumerate.sbatch"
	FinishScriptName    = "finish.sbatch"
)

// DefaultMaxTasks is the most tasks of one wave's array when
// SolveJob.MaxTasks is 0: Slurm's default MaxArraySize is 1001 (indices
// 0..1000).
const DefaultMaxTasks = 1000

// SolveJob is a layered solve of one board as Slurm jobs (see `baolab
// solve --layers --dir`): a job that enumerates the layers into Dir, then
// one job array per wave, each task solving its share of the wave's
// layers, each wave after the previous (afterok), and a job that prints
// the values (finish). The fields of Job it uses are Binary, Dir (the
// solve's directory), ScriptDir, Name, Partition, Time (of every task),
// AnalyzeTime (of the finish job), CPUs, Mem, Account, SbatchOpts and
// Version.
type SolveJob struct {
	Job
	Rules string // the ruleset solved
	// Waves is the number of layers of each wave, from the enumeration
	// (DIR/waves.json); nil before it, when only the enumeration's script
	// is written.
	Waves []int
	// MaxTasks bounds the tasks of a wave's array (0: DefaultMaxTasks): a
	// wave of more layers gives task T the layers T, T+MaxTasks, ...;
	// Throttle, when > 0, runs at most that many tasks of an array at once
	// (sbatch --array=0-N%Throttle).
	MaxTasks, Throttle int
	// LayerMem, when > 0, is the solve's --layer-mem: the bytes of memory
	// one layer may take in the enumeration and the wave tasks, a larger
	// layer spilling to disk (solve.Options.LayerMem).
	LayerMem int64
	// Again is the `baolab slurm --solve` command line that the
	// enumeration job runs when it is done, which writes and submits the
	// waves (its arguments, without the binary).
	Again []string
}

// Validate reports the first problem of j, naming the flag that sets it.
func (j SolveJob) Validate() error {
	if err := validatePaths("--binary", j.Binary, "--dir", j.Dir, "--script-dir", j.ScriptDir); err != nil {
		return err
	}
	if strings.ContainsAny(j.ScriptDir, `"\`) {
		return fmt.Errorf("--script-dir %q: sbatch cannot write logs under a path with '\"' or '\\'", j.ScriptDir)
	}
	if j.Rules == "" || strings.ContainsAny(j.Rules, "\n\r\x00") {
		return fmt.Errorf("--rules %q: want one ruleset", j.Rules)
	}
	if j.LayerMem < 0 {
		return fmt.Errorf("--layer-mem must be 0 (unset) or more bytes, got %d", j.LayerMem)
	}
	if j.MaxTasks < 0 || j.Throttle < 0 {
		return fmt.Errorf("--tasks and --throttle must be 0 (unset) or more, got %d and %d", j.MaxTasks, j.Throttle)
	}
	for w, n := range j.Waves {
		if n < 1 {
			return fmt.Errorf("wave %d has %d layers", w, n)
		}
	}
	return j.validateResources()
}

// WaveTasks returns the number of tasks of wave w's array.
func (j SolveJob) WaveTasks(w int) int {
	m := j.MaxTasks
	if m == 0 {
		m = DefaultMaxTasks
	}
	return min(j.Waves[w], m)
}

// EnumerateScriptPath, WaveScriptPath and FinishScriptPath are the
// scripts' paths.
func (j SolveJob) EnumerateScriptPath() string {
	return filepath.Join(j.ScriptDir, EnumerateScriptName)
}
func (j SolveJob) WaveScriptPath(w int) string {
	return filepath.Join(j.ScriptDir, "wave-"+strconv.Itoa(w)+".sbatch")
}
func (j SolveJob) FinishScriptPath() string { return filepath.Join(j.ScriptDir, FinishScriptName) }

// workers is the --workers argument of a task: its CPUs.
func (j SolveJob) workers() string {
	if j.CPUs > 0 {
		return strconv.Itoa(j.CPUs)
	}
	return `"${SLURM_CPUS_PER_TASK:-1}"`
}

// solveArgs is `baolab solve --rules R --layers --dir DIR`, quoted,
// with --layer-mem when j has one.
func (j SolveJob) solveArgs() string {
	a := fmt.Sprintf("%s solve --rules %s --layers --dir %s", shellQuote(j.Binary), shellQuote(j.Rules), shellQuote(j.Dir))
	if j.LayerMem > 0 {
		a += " --layer-mem " + strconv.FormatInt(j.LayerMem, 10)
	}
	return a
}

// solveHeader writes the comment at the top of every script.
func (j SolveJob) solveHeader(b *strings.Builder, what string) {
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(b, "# %s of the layered solve of %s in %s.\n", what, j.Rules, j.Dir)
	by := "`baolab slurm --solve`"
	if j.Version != "" {
		by += " (" + j.Version + ")"
	}
	fmt.Fprintf(b, "# Written by %s. Every step keeps what it finished in the directory:\n", by)
	b.WriteString("# if a job fails, run the same baolab slurm --solve command again.\n")
}

// EnumerateScript returns the script of the enumeration job: it runs
// `baolab solve --layers --dir DIR --enumerate`, then j.Again, which
// writes and submits the waves.
func (j SolveJob) EnumerateScript() (string, error) {
	if err := j.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	j.solveHeader(&b, "Enumerates the layers")
	fmt.Fprintf(&b, "#SBATCH --job-name=%s-enumerate\n", j.Name)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", sbatchPath(filepath.Join(j.LogDir(), "enumerate-%j.out")))
	b.WriteString("#SBATCH --requeue\n")
	j.resources(&b, j.Time, true)
	b.WriteString("set -euo pipefail\n")
	fmt.Fprintf(&b, "%s --enumerate --workers %s\n", j.solveArgs(), j.workers())
	quoted := make([]string, len(j.Again))
	for i, a := range j.Again {
		quoted[i] = shellQuote(a)
	}
	fmt.Fprintf(&b, "exec %s %s\n", shellQuote(j.Binary), strings.Join(quoted, " "))
	return b.String(), nil
}

// WaveScript returns the script of wave w's array: task T runs `baolab
// solve --layers --dir DIR --wave w --task T --tasks N`.
func (j SolveJob) WaveScript(w int) (string, error) {
	if err := j.Validate(); err != nil {
		return "", err
	}
	if w < 0 || w >= len(j.Waves) {
		return "", fmt.Errorf("no wave %d of %d", w, len(j.Waves))
	}
	n := j.WaveTasks(w)
	var b strings.Builder
	j.solveHeader(&b, fmt.Sprintf("Wave %d of %d (%d layers, %d tasks)", w, len(j.Waves), j.Waves[w], n))
	b.WriteString("# A task solves the layers of the wave whose index is T modulo the tasks;\n")
	b.WriteString("# run again (requeued), it solves only those it had not finished.\n")
	fmt.Fprintf(&b, "#SBATCH --job-name=%s-wave-%d\n", j.Name, w)
	array := fmt.Sprintf("0-%d", n-1)
	if j.Throttle > 0 {
		array += "%" + strconv.Itoa(j.Throttle)
	}
	fmt.Fprintf(&b, "#SBATCH --array=%s\n", array)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", sbatchPath(filepath.Join(j.LogDir(), fmt.Sprintf("wave-%d-%%A_%%a.out", w))))
	b.WriteString("#SBATCH --requeue\n")
	j.resources(&b, j.Time, true)
	b.WriteString("set -euo pipefail\n")
	b.WriteString(`if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then` + "\n")
	fmt.Fprintf(&b, "\techo %s >&2\n", shellQuote(fmt.Sprintf("wave-%d.sbatch: SLURM_ARRAY_TASK_ID is not set: submit this script with sbatch (it is a job array)", w)))
	b.WriteString("\texit 2\nfi\n")
	fmt.Fprintf(&b, "exec %s --wave %d --task \"${SLURM_ARRAY_TASK_ID}\" --tasks %d --workers %s\n", j.solveArgs(), w, n, j.workers())
	return b.String(), nil
}

// FinishScript returns the script of the job that prints the values:
// `baolab solve --layers --dir DIR --finish`.
func (j SolveJob) FinishScript() (string, error) {
	if err := j.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	j.solveHeader(&b, "Prints the values")
	fmt.Fprintf(&b, "#SBATCH --job-name=%s-finish\n", j.Name)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", sbatchPath(filepath.Join(j.LogDir(), "finish-%j.out")))
	j.resources(&b, j.AnalyzeTime, false)
	b.WriteString("set -euo pipefail\n")
	fmt.Fprintf(&b, "exec %s --finish\n", j.solveArgs())
	return b.String(), nil
}

// Write writes the scripts into j.ScriptDir: the enumeration's when
// Waves is nil, else every wave's and the finish job's.
func (j SolveJob) Write() error {
	type file struct{ path, text string }
	var files []file
	if j.Waves == nil {
		s, err := j.EnumerateScript()
		if err != nil {
			return err
		}
		files = append(files, file{j.EnumerateScriptPath(), s})
	} else {
		for w := range j.Waves {
			s, err := j.WaveScript(w)
			if err != nil {
				return err
			}
			files = append(files, file{j.WaveScriptPath(w), s})
		}
		s, err := j.FinishScript()
		if err != nil {
			return err
		}
		files = append(files, file{j.FinishScriptPath(), s})
	}
	if err := os.MkdirAll(j.LogDir(), 0o755); err != nil {
		return fmt.Errorf("creating the script directory: %w", err)
	}
	for _, f := range files {
		if err := writeFile(f.path, f.text); err != nil {
			return err
		}
	}
	return nil
}

// SubmitCommands returns the shell commands that submit the scripts Write
// wrote by hand, as SubmitSolve does.
func (j SolveJob) SubmitCommands() []string {
	if j.Waves == nil {
		return []string{"sbatch " + shellQuote(j.EnumerateScriptPath())}
	}
	var c []string
	for w := range j.Waves {
		dep := ""
		if w > 0 {
			dep = fmt.Sprintf("--dependency=afterok:$W%d --kill-on-invalid-dep=yes ", w-1)
		}
		c = append(c, fmt.Sprintf("W%d=$(sbatch --parsable %s%s)", w, dep, shellQuote(j.WaveScriptPath(w))))
	}
	return append(c, fmt.Sprintf("sbatch --dependency=afterok:$W%d --kill-on-invalid-dep=yes %s", len(j.Waves)-1, shellQuote(j.FinishScriptPath())))
}

// SubmitSolve submits the scripts Write wrote: the enumeration, or every
// wave, each with --dependency=afterok on the previous one and
// --kill-on-invalid-dep=yes, and the finish job after the last. It
// returns the ids, in that order; on an error, those already queued.
func (s Submitter) SubmitSolve(ctx context.Context, j SolveJob) ([]string, error) {
	if j.Waves == nil {
		id, err := s.sbatch(ctx, j.EnumerateScriptPath())
		if err != nil {
			return nil, fmt.Errorf("submitting the enumeration: %w", err)
		}
		return []string{id}, nil
	}
	var ids []string
	queued := func(err error) error {
		if len(ids) == 0 {
			return err
		}
		return fmt.Errorf("%w (jobs %s are queued; scancel %s stops them)", err, strings.Join(ids, ","), strings.Join(ids, " "))
	}
	for w := 0; w <= len(j.Waves); w++ {
		script := j.FinishScriptPath()
		if w < len(j.Waves) {
			script = j.WaveScriptPath(w)
		}
		args := []string{script}
		if w > 0 {
			args = []string{"--dependency=afterok:" + ids[w-1], "--kill-on-invalid-dep=yes", script}
		}
		id, err := s.sbatch(ctx, args...)
		if err != nil {
			return ids, queued(fmt.Errorf("submitting %s: %w", filepath.Base(script), err))
		}
		ids = append(ids, id)
	}
	return ids, nil
}
