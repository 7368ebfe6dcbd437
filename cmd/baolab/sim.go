package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/buildinfo"
	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/sim/config"
	"github.com/baolab/baolab/sim/progress"
)

// simFlags holds the flags of `baolab sim`: the experiment's (plan, one
// flag per field of planFields) and how to run it.
type simFlags struct {
	config string
	plan   config.Run
	shard  string
	force  bool
	quiet  bool
	dryRun bool
}

func newSimCmd(build buildinfo.Info) *cobra.Command {
	f := simFlags{plan: config.Defaults()}
	cmd := &cobra.Command{
		Use:   "sim (--config FILE | --rules R --agents PAIR --games N --out DIR) [flags]",
		Short: "Play every ruleset × agent pair N games and log them as a Parquet dataset",
		Long: `Play every ruleset × agent pair (a cell) --games games and write the
dataset DIR: games/ (one row per game) and moves/ (one row per ply), Parquet
files partitioned by ruleset, and DIR/manifest.json.

The experiment can be given by flags or by a TOML file (--config, see
configs/); flags override the file. --rules and --agents may be repeated;
an agent pair is SOUTH/NORTH, or one spec for both sides, e.g.
  --agents random --agents 'mcts:iters=400,c=1.4/greedy'

--ladder SPEC (repeatable, one agent per flag) adds a round-robin: every
ordered pair of the ladder's agents, self-play included, plays --games
games per ruleset; the manifest marks those cells as the ladder, and
'baolab analyze' fits ratings to them. --opening-plies K starts every game
with K uniformly random plies drawn from (seed, ruleset, game index), so
both seat orders of a pair play the same openings.

The same command gives the same rows for any --workers and any --shard split.
A run that is interrupted (even by kill -9) resumes when run again: finished
batches are kept and checked, the others are played. A DIR holding another
experiment is refused unless --force.

--shard K/N plays batch b of every cell when b mod N = K (K counts from 0);
without it, Slurm's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are used
when set. All shards write into the same DIR.

--dry-run prints the experiment as it would be played, and plays nothing
into DIR (which it does not need): the expanded grid (every ruleset, * and
a..b expanded, and every agent pair, ladder pairs marked), the cells, the
games per cell and in total, the batches (and this shard's share), and an
estimated time. The estimate comes from a sample: the first games of each
cell, played as sim plays them for about 200 ms per cell (at most 5 s for
the whole grid, at least one game per cell; a perfect agent's solve is
timed apart and counted once), their mean time scaled to the cell's games and divided among
the workers. It is an estimate from this machine at this moment; games of
one cell differ in length. It exits 0; bad input is refused as without
--dry-run.`,
		Example: `  baolab sim --rules kingulu --agents random --games 10000 --out runs/k
  baolab sim --config configs/quickstart.toml
  baolab sim --config configs/balance.toml --games 1000 --shard 0/4
  baolab sim --config configs/balance.toml --dry-run`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSim(cmd, f, build) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.config, "config", "", "experiment file (TOML); flags override its values")
	bindPlanFlags(fl, &f.plan)
	fl.StringVar(&f.shard, "shard", "", "play shard K/N of the experiment (K = 0..N-1)")
	fl.BoolVar(&f.force, "force", false, "replace a dataset of another experiment in the output directory")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print nothing but errors")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the expanded grid, the counts and an estimated time from a short sample of each cell; write nothing")
	return cmd
}

func runSim(cmd *cobra.Command, f simFlags, build buildinfo.Info) error {
	exp, out, workers, err := simExperiment(cmd, f)
	if err != nil {
		return badInput(err)
	}
	if out == "" && !f.dryRun {
		return badInput(errors.New("no output directory: give --out DIR (or out in the config file)"))
	}
	k, n, err := simShard(f.shard, cmd.Flags().Changed("shard"))
	if err != nil {
		return badInput(err)
	}
	if f.dryRun {
		if workers == 0 {
			workers = runtime.NumCPU()
		}
		return runDryRun(cmd.Context(), cmd.OutOrStdout(), dryRunPlan{exp: exp, workers: workers, shard: k, shards: n})
	}
	mode := progress.Auto
	if f.quiet {
		mode = progress.Quiet
	}
	// The first SIGINT or SIGTERM stops the run cleanly (workers remove
	// their temporary files, the manifest says interrupted); a second one
	// kills the process at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep := progress.New(cmd.ErrOrStderr(), mode)
	ended := make(chan struct{})
	defer close(ended)
	go func() {
		select {
		case <-ctx.Done():
			stop()
			select {
			case <-ended: // runSim returned: not a signal
			default:
				rep.Stopping(context.Cause(ctx).Error())
			}
		case <-ended:
		}
	}()
	_, err = sim.Run(ctx, sim.Options{
		Experiment: exp, Dir: out, Workers: workers, Shard: k, Shards: n, Force: f.force,
		Observer: rep, Build: manifestBuild(build),
	})
	if errors.Is(err, sim.ErrOtherExperiment) || errors.Is(err, sim.ErrShardBusy) || errors.Is(err, sim.ErrForeignFile) || errors.Is(err, agent.ErrPrepare) {
		return badInput(err)
	}
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	return nil
}

// simExperiment merges the config file (if any) and the flags into an
// experiment, and locates errors of values that came from the file.
func simExperiment(cmd *cobra.Command, f simFlags) (dataset.Experiment, string, int, error) {
	var none dataset.Experiment
	var cfg *config.Config
	changed := cmd.Flags().Changed
	if f.config != "" {
		var err error
		if cfg, err = config.Load(f.config); err != nil {
			return none, "", 0, err
		}
	}
	in := config.Defaults()
	if cfg != nil {
		in = cfg.Run
	}
	overlayFlags(&in, f.plan, changed)
	if in.Workers > sim.MaxWorkers() {
		err := &sim.FieldError{Field: "workers", Index: -1, Err: fmt.Errorf("%d: at most %d on this machine (4 per CPU); more workers than CPUs only cost memory", in.Workers, sim.MaxWorkers())}
		return none, "", 0, locateFieldError(err, cfg, changed)
	}
	exp, err := in.Experiment()
	if err != nil {
		return none, "", 0, locateFieldError(err, cfg, changed)
	}
	return exp, in.Out, in.Workers, nil
}

// simShard returns the shard to play: --shard K/N, else Slurm's array
// variables, else 0/1.
func simShard(s string, given bool) (k, n int, err error) {
	if given {
		ks, ns, ok := strings.Cut(s, "/")
		k, err1 := strconv.Atoi(strings.TrimSpace(ks))
		n, err2 := strconv.Atoi(strings.TrimSpace(ns))
		if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
			return 0, 0, fmt.Errorf("--shard %q: want K/N with N >= 1 and 0 <= K < N, e.g. 0/4", s)
		}
		return k, n, nil
	}
	id, count := os.Getenv("SLURM_ARRAY_TASK_ID"), os.Getenv("SLURM_ARRAY_TASK_COUNT")
	if id == "" || count == "" {
		return 0, 1, nil
	}
	k, err1 := strconv.Atoi(id)
	n, err2 := strconv.Atoi(count)
	if err1 != nil || err2 != nil || n < 1 {
		return 0, 0, fmt.Errorf("SLURM_ARRAY_TASK_ID=%q, SLURM_ARRAY_TASK_COUNT=%q: not a shard; give --shard K/N", id, count)
	}
	// An array 1..N (or M..M+N-1) counts shards from its first index.
	if lo, err := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_MIN")); err == nil {
		if hi, err := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_MAX")); err == nil && hi-lo+1 == n {
			k -= lo
		}
	}
	if k < 0 || k >= n {
		return 0, 0, fmt.Errorf("SLURM_ARRAY_TASK_ID=%s is not a shard of SLURM_ARRAY_TASK_COUNT=%d; give --shard K/N", id, n)
	}
	return k, n, nil
}
