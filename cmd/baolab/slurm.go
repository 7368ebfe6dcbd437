package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/buildinfo"
	"github.com/baolab/baolab/sim/config"
	"github.com/baolab/baolab/sim/slurm"
	"github.com/baolab/baolab/solve"
)

func newSlurmCmd(build buildinfo.Info) *cobra.Command {
	var f slurmFlags
	cmd := &cobra.Command{
		Use:   "slurm --config FILE --tasks N [--out DIR] [--partition P --time T --cpus C ...] [--submit] | slurm --solve --rules R --dir DIR [...]",
		Short: "Play an experiment as a Slurm job array, then analyse it (writes and submits sbatch scripts)",
		Long: `Write two sbatch scripts that play the experiment of FILE on a Slurm cluster:
a job array of N tasks, where task K runs
  baolab sim --config FILE --out DIR --shard K/N
and a job that runs "baolab analyze DIR --out REPORT" once every task has
succeeded. With --submit, submit both with sbatch and print their job ids.

FILE is checked as baolab sim checks it (rulesets, agents, games) before
anything is written; --out defaults to its "out" (relative to the current
directory). DIR, FILE and this binary (--binary) must be where every node sees
them at the same path: a shared filesystem on a real cluster. The scripts use
absolute paths and go to --script-dir (default DIR.slurm/, beside DIR), the
jobs' logs to its logs/ subdirectory. Each task runs as many simulator
workers as it has CPUs (--cpus, default 1).

When some tasks fail, the analysis is cancelled; run the same command again:
the simulator resumes, so only the missing batches are played, and the
dataset ends equal to that of a clean run.`,
		Example: `  baolab slurm --config configs/balance.toml --tasks 16 --out /shared/runs/balance
  baolab slurm --solve --rules kingulu:holes=5,seeds=2 --dir /shared/solve/k52 --cpus 4 --time 1:00:00 --submit
  baolab slurm --config configs/balance.toml --tasks 16 --partition short --time 2:00:00 --cpus 4 --submit`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSlurmCmd(cmd, f, build) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.job.Config, "config", "", "experiment file played by every task (required)")
	fl.IntVar(&f.job.Tasks, "tasks", 0, "number of array tasks, one shard each (required); with --solve, the most tasks of a wave (default 1000)")
	fl.StringVar(&f.job.Dir, "out", "", "dataset directory, on a filesystem all nodes share (default: the file's out)")
	fl.StringVar(&f.job.Report, "report", "", "report directory of the analysis (default DIR/report)")
	fl.StringVar(&f.job.ScriptDir, "script-dir", "", "where to write the scripts; logs go to its logs/ (default DIR.slurm)")
	fl.StringVar(&f.job.Binary, "binary", "", "baolab binary the jobs run, as the nodes see it (default: this binary)")
	fl.StringVar(&f.job.Name, "name", "", "job name of the array (default baolab-<config file name>)")
	fl.StringVar(&f.job.Partition, "partition", "", "partition to run in (default: the cluster's default)")
	fl.StringVar(&f.job.Time, "time", "", "time limit of each task, e.g. 2:00:00 (default: the partition's)")
	fl.StringVar(&f.job.AnalyzeTime, "analyze-time", "", "time limit of the analysis job, with --solve of the finish job (default: the partition's)")
	fl.IntVar(&f.job.CPUs, "cpus", 0, "CPUs per task, also baolab sim --workers (default: Slurm's default, 1)")
	fl.StringVar(&f.job.Mem, "mem", "", "memory per task, e.g. 4G (default: the partition's)")
	fl.StringVar(&f.job.Account, "account", "", "account to charge (default: yours)")
	fl.StringArrayVar(&f.job.SbatchOpts, "sbatch", nil, "another sbatch option for both jobs, e.g. --sbatch=--qos=short (repeatable)")
	fl.BoolVar(&f.submit, "submit", false, "submit both jobs with sbatch and print their ids")
	fl.BoolVar(&f.solve, "solve", false, "solve a board layer by layer instead of playing an experiment (see above)")
	fl.StringVar(&f.solveJob.Rules, "rules", "", "with --solve: the ruleset to solve")
	fl.StringVar(&f.job.Dir, "dir", "", "with --solve: the solve's directory, on a filesystem all nodes share")
	fl.IntVar(&f.solveJob.Throttle, "throttle", 0, "with --solve: at most this many tasks of a wave running at once (0: no limit)")
	fl.Int64Var(&f.solveJob.LayerMem, "layer-mem", 0, "with --solve: baolab solve's --layer-mem in the enumeration and the wave tasks, bytes of memory one layer may take before it spills to disk (0: every layer in memory)")
	return cmd
}

// slurmFlags holds the flags of `baolab slurm`.
type slurmFlags struct {
	job      slurm.Job
	submit   bool
	solveJob slurm.SolveJob
	solve    bool // --solve: a solve's job, not an experiment's
}

// runSlurmCmd writes (and with --submit submits) the jobs of an
// experiment, or with --solve those of a solve.
func runSlurmCmd(cmd *cobra.Command, f slurmFlags, build buildinfo.Info) error {
	j, sj := f.job, f.solveJob
	if f.solve {
		sj.Job = j
		sj.MaxTasks = j.Tasks
		return runSlurmSolve(cmd, sj, f.submit, build)
	}
	if sj.Rules != "" || sj.Throttle != 0 || sj.LayerMem != 0 {
		return badInput(errors.New("--rules, --throttle and --layer-mem go with --solve"))
	}
	var missing []string
	for _, name := range []string{"config", "tasks"} {
		if !cmd.Flags().Changed(name) {
			missing = append(missing, strconv.Quote(name))
		}
	}
	if len(missing) > 0 {
		return badInput(fmt.Errorf("required flag(s) %s not set (or give --solve --rules R --dir DIR)", strings.Join(missing, ", ")))
	}
	batches, err := completeSlurmJob(&j)
	if err != nil {
		return badInput(err)
	}
	if err := j.Validate(); err != nil {
		return badInput(err)
	}
	j.Version = "baolab " + build.Version
	if j.Tasks > batches {
		// Task K plays batch b of every cell when b mod N = K.
		unit := "batches"
		if batches == 1 {
			unit = "batch"
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "slurm: warning: --tasks %d is more than the experiment's %d %s per cell: tasks %d to %d will play nothing (give --tasks %d at most, or a smaller batch in the file)\n",
			j.Tasks, batches, unit, batches, j.Tasks-1, batches)
	}
	return runSlurm(cmd, j, f.submit)
}

// completeSlurmJob fills in defaults and makes every path absolute. It
// returns the number of batches per cell of the experiment.
func completeSlurmJob(j *slurm.Job) (int, error) {
	var err error
	if j.Binary == "" {
		if j.Binary, err = os.Executable(); err != nil {
			return 0, fmt.Errorf("finding this binary's path (give --binary): %w", err)
		}
	}
	out, batches, err := checkExperiment(j.Config)
	if err != nil {
		return 0, err
	}
	if j.Dir == "" {
		if out == "" {
			return 0, fmt.Errorf("no dataset directory: give --out DIR (or out in %s)", j.Config)
		}
		j.Dir = out
	}
	if j.Name == "" {
		base := strings.TrimSuffix(filepath.Base(j.Config), filepath.Ext(j.Config))
		j.Name = "baolab-" + strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
				return r
			}
			return '_'
		}, base)
	}
	for _, p := range []*string{&j.Binary, &j.Config, &j.Dir, &j.Report, &j.ScriptDir} {
		if *p == "" {
			continue
		}
		if *p, err = filepath.Abs(*p); err != nil {
			return 0, err
		}
	}
	if j.Dir == "" || j.Dir == "/" {
		return 0, fmt.Errorf("--out %q is not a dataset directory", j.Dir)
	}
	if j.Report == "" {
		j.Report = filepath.Join(j.Dir, "report")
	}
	if j.ScriptDir == "" {
		j.ScriptDir = j.Dir + ".slurm"
	}
	return batches, nil
}

// checkExperiment reads the experiment file the tasks will play and checks
// it as `baolab sim` does, so that a broken file fails here, with its file,
// line and key, rather than in every task of the array. It returns the
// file's out and the experiment's batches per cell.
func checkExperiment(path string) (string, int, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return "", 0, err
	}
	e, err := cfg.Experiment()
	if err != nil {
		return "", 0, locateFieldError(err, cfg, nil)
	}
	return cfg.Out, e.NumBatches(), nil
}

func runSlurm(cmd *cobra.Command, j slurm.Job, submit bool) error {
	out := cmd.OutOrStdout()
	if err := j.Write(); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s (%d-task array) and %s\n", j.SimScriptPath(), j.Tasks, j.AnalyzeScriptPath())
	if !submit {
		return printHowToSubmit(out, j)
	}
	sub, err := slurm.Submitter{}.Submit(cmd.Context(), j)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "submitted job array %s (%d tasks): logs in %s\n", sub.Array, j.Tasks, filepath.Join(j.LogDir(), "sim-"+sub.Array+"_K.out"))
	fmt.Fprintf(out, "submitted analysis job %s (runs when every task of %s has succeeded): report in %s\n", sub.Analyze, sub.Array, j.Report)
	return nil
}

func printHowToSubmit(out io.Writer, j slurm.Job) error {
	_, err := fmt.Fprintf(out, "submit both with --submit, or by hand:\n  %s\n", strings.Join(j.SubmitCommands(), "\n  "))
	return err
}

// runSlurmSolve writes (and with submit submits) the jobs of a layered
// solve: the enumeration's, or, once DIR holds the enumeration, the
// waves' and the finish job's.
func runSlurmSolve(cmd *cobra.Command, j slurm.SolveJob, submit bool, build buildinfo.Info) error {
	if j.Config != "" || j.Report != "" {
		return badInput(errors.New("--config and --report do not go with --solve"))
	}
	if j.Rules == "" || j.Dir == "" {
		return badInput(errors.New("--solve needs --rules R and --dir DIR"))
	}
	g, err := engine.Parse(j.Rules)
	if err != nil {
		return badInput(err)
	}
	j.Rules = g.Ruleset()
	if j.Binary == "" {
		if j.Binary, err = os.Executable(); err != nil {
			return fmt.Errorf("finding this binary's path (give --binary): %w", err)
		}
	}
	for _, p := range []*string{&j.Binary, &j.Dir, &j.ScriptDir} {
		if *p != "" {
			if *p, err = filepath.Abs(*p); err != nil {
				return err
			}
		}
	}
	if j.ScriptDir == "" {
		j.ScriptDir = j.Dir + ".slurm"
	}
	if j.Name == "" {
		j.Name = "baolab-solve"
	}
	j.Version = "baolab " + build.Version
	waves, err := solve.ReadLayerWaves(j.Dir)
	switch {
	case errors.Is(err, solve.ErrNotEnumerated):
		j.Again = slurmSolveArgs(j)
	case err != nil:
		return badInput(err)
	case waves.Ruleset != j.Rules:
		return badInput(fmt.Errorf("--dir %s holds a solve of %s, not of %s", j.Dir, waves.Ruleset, j.Rules))
	default:
		j.Waves = []int{}
		for _, wv := range waves.Waves {
			j.Waves = append(j.Waves, len(wv))
		}
	}
	if err := j.Validate(); err != nil {
		return badInput(err)
	}
	if err := j.Write(); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if j.Waves == nil {
		fmt.Fprintf(out, "wrote %s (the enumeration, which then writes and submits the waves)\n", j.EnumerateScriptPath())
	} else {
		fmt.Fprintf(out, "wrote %s ... %s (%d waves) and %s\n", j.WaveScriptPath(0), j.WaveScriptPath(len(j.Waves)-1), len(j.Waves), j.FinishScriptPath())
	}
	if !submit {
		_, err := fmt.Fprintf(out, "submit with --submit, or by hand:\n  %s\n", strings.Join(j.SubmitCommands(), "\n  "))
		return err
	}
	ids, err := slurm.Submitter{}.SubmitSolve(cmd.Context(), j)
	if err != nil {
		return err
	}
	if j.Waves == nil {
		fmt.Fprintf(out, "submitted enumeration job %s: log in %s\n", ids[0], filepath.Join(j.LogDir(), "enumerate-"+ids[0]+".out"))
		return nil
	}
	for w := range j.Waves {
		fmt.Fprintf(out, "submitted wave %d job array %s (%d tasks)\n", w, ids[w], j.WaveTasks(w))
	}
	fmt.Fprintf(out, "submitted finish job %s: values in %s\n", ids[len(ids)-1], filepath.Join(j.LogDir(), "finish-"+ids[len(ids)-1]+".out"))
	return nil
}

// slurmSolveArgs is the baolab slurm --solve command line (without the
// binary) that the enumeration job runs to submit the waves: j's settings,
// with --submit.
func slurmSolveArgs(j slurm.SolveJob) []string {
	a := []string{"slurm", "--solve", "--rules", j.Rules, "--dir", j.Dir, "--script-dir", j.ScriptDir, "--binary", j.Binary, "--name", j.Name}
	for _, f := range []struct{ flag, v string }{{"--partition", j.Partition}, {"--time", j.Time}, {"--analyze-time", j.AnalyzeTime}, {"--mem", j.Mem}, {"--account", j.Account}} {
		if f.v != "" {
			a = append(a, f.flag, f.v)
		}
	}
	for _, f := range []struct {
		flag string
		v    int
	}{{"--cpus", j.CPUs}, {"--tasks", j.MaxTasks}, {"--throttle", j.Throttle}} {
		if f.v != 0 {
			a = append(a, f.flag, strconv.Itoa(f.v))
		}
	}
	if j.LayerMem != 0 {
		a = append(a, "--layer-mem", strconv.FormatInt(j.LayerMem, 10))
	}
	for _, o := range j.SbatchOpts {
		a = append(a, "--sbatch="+o)
	}
	return append(a, "--submit")
}
