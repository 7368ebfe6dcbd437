package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// solveLong is the help text of baolab solve.
const solveLong = `Solve every position reachable from the initial position of RULESET by
retrograde analysis (see go doc ./solve for what the values mean) and
print, one line each:

  positions=<n> terminal=<n> cyclic=<yes|no>
  outcome=<south|north|draw> south_can_force=<t> north_can_force=<t> plies=<n>
  move=<m> outcome=<...> south_can_force=<t> north_can_force=<t>   (one per legal first move)

plies is the winner's distance to the end: the most plies within which it
forces its win by its margin whatever the loser plays, the loser's longest
resistance (none for a draw; unknown with --method sweep or layers, which
keep no distances). max_plies is ignored. --grid FILE solves every ruleset listed in a TOML file
(rules = [...], optional max_positions = N), printing "rules=<ruleset>" before
each board's lines, or "rules=<ruleset> stopped: <why>" for a board too big
(with --out, each table goes to DIR/<escaped ruleset>/). --out DIR writes
the solved table as DIR/solved.parquet, which the perfect agent loads
(perfect:table=DIR). A board with more
positions than --max-positions fails with one line and exit status 2. A
progress bar shows each stage on a terminal (otherwise a plain line on
stderr every 30 s of a long stage); --stats prints positions/s,
bytes per position and the CPU seconds of each stage to stderr; --count only enumerates the positions and prints
"positions=<n> terminal=<n>" (a third of the work of a solve).

--method auto (the default) solves a game whose positions never recur
(kimasai-four-rows; the game declares it) depth first from the start, each
position once from its successors, in one hash table and on one worker
(--method dfs), and every other game with predecessor lists (--method
lists). --method dfs on a board with a cycle, or with a margin other than
a win or a loss, fails (exit status 2); --method auto then falls back to
lists. Every method gives the same values and distances.

--method layers solves a game whose positions fall into layers (see --layers)
one layer at a time, printing the same lines with the same values: memory
for the largest layer (--max-positions bounds it with the positions
waiting, as for --layers) instead of the whole board, the layers kept in
files under $TMPDIR, removed at the end. With --out DIR the solve is kept
in DIR instead (solve.json, the waiting keys in DIR/wait, the layers
enumerated in DIR/nodes and solved in DIR/solved, which keeps at the end
only the layers the start's values come from: remove DIR when done),
saved as a count is (below), and continued when run again with the same
DIR; a finished solve prints its lines at once. There is no Parquet table of a layered solve.
--layer-mem BYTES bounds the memory of one layer instead: a layer whose
tables outgrow it is enumerated breadth first through sorted files of
keys (runs merged, repeats dropped), and a layer whose predecessor lists
would (27 bytes per position) is solved by the sweep method with its keys
and its words in files mapped into memory; both under $TMPDIR, removed
when the layer is done. Same values, same files; a layer is then bounded
by disk, not memory (see docs/solving.md, Layers larger than memory).

--layers counts the positions layer by layer, for a game whose positions fall
into layers that no move goes back to (kingulu: the banks and the reserved
holes), holding one layer at a time (--max-positions bounds it together
with the positions waiting in memory for later layers; beyond an eighth of
the limit these wait in files under $TMPDIR, removed at the end; those of
a run killed are removed by the next run), so boards
too big for a solve, the default kingulu board among them, can be measured. It prints a line per
layer as soon as the layer is complete, in the order they are counted:

  layer <name=value ...> positions=<n> terminal=<n>

and at the end "layers=<n> positions=<n> terminal=<n> largest=<n>".
With --out DIR the count is kept in DIR (count.json and the waiting keys in
DIR/wait, instead of $TMPDIR), saved at the end of a layer every
--checkpoint (1m); a run stopped in any way, kill -9 included, continues
from the last save when run again with the same DIR, printing the layers
finished before first (a finished count prints its lines at once). A DIR
holding another board's count, or used by another run, is refused with one
line and exit status 2.

--json prints the same facts as JSON Lines, one object per line: a solved
board as
  {"ruleset":..., "positions":n, "terminal":n, "cyclic":bool,
   "outcome":"south|north|draw", "south_can_force":t, "north_can_force":t,
   "moves":[{"move":m, "outcome":..., "south_can_force":t, "north_can_force":t}, ...]}
(t a margin, or null for none), one such object per board of a --grid (or
{"ruleset":..., "stopped":why}); --count {"ruleset", "positions",
"terminal"}; --layers one {"layer":name, "positions", "terminal"} per layer
and {"ruleset", "layers", "positions", "terminal", "largest"} at the end.`

// solveOptions holds the flags of baolab solve.
type solveOptions struct {
	ruleset, out, grid, method string
	maxPos, layerMem           int64
	workers                    int
	stats, count, layers, json bool
	checkpoint                 time.Duration
	dist                       distOptions
}

func newSolveCmd() *cobra.Command {
	o := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve --rules RULESET [--out DIR] [--max-positions N] [--workers W]",
		Short: "Solve a small board exactly: the value of every reachable position under perfect play",
		Long:  solveLong + distLong,
		Example: `  baolab solve --rules kingulu:holes=3,seeds=2
  baolab solve --rules kingulu:holes=4,seeds=3 --out tables/k43
  baolab sim --rules kingulu:holes=4,seeds=3 --agents random/perfect:table=tables/k43 --games 100 --out runs/p
  baolab solve --rules kingulu:holes=4,seeds=3 --method layers
  baolab solve --rules kingulu:holes=5,seeds=3 --layers --out counts/k53
  baolab solve --rules kingulu:holes=5,seeds=2 --layers --plan --nodes 4 --cores 8 --mem 16
  baolab solve --rules kingulu --layers --plan --estimate --plan-budget 150 --nodes 16 --cores 32 --mem 128
  baolab solve --rules kingulu:holes=5,seeds=2 --layers --dir /shared/k52 --enumerate
  baolab solve --rules kingulu:holes=5,seeds=2 --layers --dir /shared/k52 --wave 0 --task 0 --tasks 4
  baolab solve --rules kingulu:holes=5,seeds=2 --layers --dir /shared/k52 --finish
  baolab solve --grid configs/solve/solved.toml
  baolab solve --rules kingulu:holes=3,seeds=2 --json`,
		Args: cobra.NoArgs,
		RunE: o.run,
	}
	f := cmd.Flags()
	f.StringVar(&o.ruleset, "rules", "", "ruleset, e.g. kingulu:holes=4,seeds=2 (required unless --grid)")
	f.StringVar(&o.out, "out", "", "directory to write the solved table to (solved.parquet); with --layers, to keep the count in; with --method layers, to keep the solve in")
	f.Int64Var(&o.maxPos, "max-positions", solve.DefaultMaxPositions, "refuse a board with more positions than this")
	f.Int64Var(&o.layerMem, "layer-mem", 0, "with --method layers or --layers (a count, a plan or a step of a distributed solve): bytes of memory one layer may take; a larger layer spills to disk, enumerated through sorted files and solved by the sweep method from mapped files (0: every layer in memory)")
	f.IntVar(&o.workers, "workers", 0, "goroutines generating moves (0: one per core)")
	f.BoolVar(&o.stats, "stats", false, "print positions/s, bytes/position and each stage's CPU seconds to stderr")
	f.BoolVar(&o.count, "count", false, "only count the reachable positions: print \"positions=<n> terminal=<n>\"")
	f.BoolVar(&o.layers, "layers", false, "count the positions of each layer (kingulu: banks and reserved holes), one layer in memory at a time")
	f.DurationVar(&o.checkpoint, "checkpoint", time.Minute, "with --layers --out or --method layers --out: how often the count or solve in DIR is saved (at the end of a layer)")
	f.StringVar(&o.method, "method", "auto", "auto: dfs for a game whose positions never recur (kimasai-four-rows), else lists; lists: predecessor lists (about 25 bytes per position); sweep: no move lists (about 14), moves generated again; dfs: depth first from the start, one hash table (about 21 to 43 bytes per position), one worker, refused on a cycle; layers: one layer at a time (kingulu), predecessor lists")
	f.BoolVar(&o.json, "json", false, "print JSON Lines instead of text: one object per board, per layer and per total (see above)")
	f.StringVar(&o.grid, "grid", "", "solve every ruleset of a TOML file (configs/solve/solved.toml) instead of --rules")
	d := &o.dist
	f.BoolVar(&d.plan, "plan", false, "with --layers: print the layers in waves with their positions, memory, disk and CPU, and what a cluster takes (see above)")
	f.BoolVar(&d.estimate, "estimate", false, "with --plan: estimate each layer's positions from the rules (a bound and a fitted share of it) instead of counting (see above)")
	f.Int64Var(&d.budget, "plan-budget", 0, "with --plan: stop counting after this many positions (0: count the whole board)")
	f.IntVar(&d.nodes, "nodes", 1, "with --plan: nodes of the cluster reckoned")
	f.IntVar(&d.cores, "cores", 1, "with --plan: cores per node")
	f.Float64Var(&d.memGiB, "mem", 8, "with --plan: GiB of memory per node")
	d.rates = solve.DefaultPlanRates
	f.Float64Var(&d.rates.PositionsPerCPUSecond, "rate", d.rates.PositionsPerCPUSecond, "with --plan: positions per CPU second of a layered solve (measure with --method layers --stats)")
	f.Float64Var(&d.rates.RAMPerPosition, "ram-per-position", d.rates.RAMPerPosition, "with --plan: bytes of memory per position of the layer being solved")
	f.StringVar(&d.dir, "dir", "", "with --layers: the directory of a distributed solve, shared by its steps (--enumerate, --wave, --layer, --finish)")
	f.BoolVar(&d.enumerate, "enumerate", false, "with --layers --dir: enumerate every layer into DIR and group them into waves (DIR/waves.json)")
	f.BoolVar(&d.finish, "finish", false, "with --layers --dir: print the values of the solve in DIR once every layer is solved")
	f.StringVar(&d.layer, "layer", "", "with --layers --dir: solve this layer (number in hexadecimal or name)")
	f.IntVar(&d.wave, "wave", 0, "with --layers --dir: solve layers of this wave (with --task and --tasks)")
	f.IntVar(&d.task, "task", 0, "with --wave: this task's number, 0..N-1")
	f.IntVar(&d.tasks, "tasks", 1, "with --wave: the number of tasks N sharing the wave")
	return cmd
}

// solveMethods maps --method to Options.Method (sweep and layers are
// chosen by other means).
var solveMethods = map[string]solve.Method{"auto": solve.MethodAuto, "lists": solve.MethodLists, "sweep": solve.MethodAuto,
	"dfs": solve.MethodDFS, "layers": solve.MethodAuto}

// checkCombination refuses flags that do not go together.
func (o *solveOptions) checkCombination(checkpointGiven bool) error {
	if _, ok := solveMethods[o.method]; !ok {
		return fmt.Errorf("--method must be auto, lists, sweep, dfs or layers, got %q", o.method)
	}
	if o.method == "layers" && (o.grid != "" || o.count || o.layers) {
		return errors.New("--method layers solves one board: it does not go with --grid, --count or --layers")
	}
	if o.layers && (o.grid != "" || o.count) {
		return errors.New("--layers counts positions only: it does not go with --grid or --count")
	}
	if checkpointGiven && (!o.layers && o.method != "layers" || o.out == "") {
		return errors.New("--checkpoint goes with --layers --out DIR or --method layers --out DIR")
	}
	if o.checkpoint <= 0 {
		return fmt.Errorf("--checkpoint must be more than 0, got %v", o.checkpoint)
	}
	return nil
}

// checkLayerMem refuses a --layer-mem below 0, or given (changed) where
// no layer is counted, solved or planned.
func (o *solveOptions) checkLayerMem(changed bool) error {
	if o.layerMem < 0 {
		return fmt.Errorf("--layer-mem must be 0 or more bytes, got %d", o.layerMem)
	}
	if changed && o.method != "layers" && !o.layers {
		return errors.New("--layer-mem goes with --method layers or --layers")
	}
	return nil
}

// board parses --rules and checks the limits of a one-board solve.
func (o *solveOptions) board() (engine.Game, error) {
	if o.ruleset == "" {
		return nil, errors.New("required flag(s) \"rules\" not set (or give --grid FILE)")
	}
	g, err := engine.Parse(o.ruleset)
	if err != nil {
		return nil, err
	}
	if o.maxPos < 1 {
		return nil, fmt.Errorf("--max-positions must be 1 or more, got %d", o.maxPos)
	}
	if o.workers < 0 || o.workers > 1024 {
		return nil, fmt.Errorf("--workers must be 0..1024, got %d", o.workers)
	}
	return g, nil
}

func (o *solveOptions) run(cmd *cobra.Command, _ []string) error {
	if err := o.checkDist(cmd.Flags().Changed); err != nil {
		return badInput(err)
	}
	distributed := o.dist.plan || o.dist.dir != ""
	if err := o.checkCombination(cmd.Flags().Changed("checkpoint") && !distributed); err != nil {
		return badInput(err)
	}
	if err := o.checkLayerMem(cmd.Flags().Changed("layer-mem")); err != nil {
		return badInput(err)
	}
	opt := solve.Options{MaxPositions: o.maxPos, Workers: o.workers, Progress: newSolveBar(cmd.ErrOrStderr()), CountOnly: o.count,
		Sweep: o.method == "sweep", Method: solveMethods[o.method], LayerMem: o.layerMem}
	if o.grid != "" {
		if o.ruleset != "" {
			return badInput(errors.New("give --rules or --grid, not both"))
		}
		opt.CountOnly = false
		return runSolveGrid(newSolvePrinter(cmd.OutOrStdout(), o.json, true), o.grid, o.out, opt, cmd.Flags().Changed("max-positions"))
	}
	g, err := o.board()
	if err != nil {
		return badInput(err)
	}
	if distributed {
		return o.runDist(newSolvePrinter(cmd.OutOrStdout(), o.json, false), cmd.OutOrStdout(), cmd.ErrOrStderr(), g, opt)
	}
	if o.layers {
		opt.LayerDir, opt.Checkpoint = o.out, o.checkpoint
		return countLayers(newSolvePrinter(cmd.OutOrStdout(), o.json, false), cmd.ErrOrStderr(), g, opt, o.stats)
	}
	return o.solveBoard(newSolvePrinter(cmd.OutOrStdout(), o.json, false), cmd.ErrOrStderr(), g, opt)
}

// solveBoard solves one board and prints its lines (or its count), the
// statistics asked for, and writes the table.
func (o *solveOptions) solveBoard(p solvePrinter, log io.Writer, g engine.Game, opt solve.Options) error {
	solveFn := solve.Solve
	if o.method == "layers" {
		solveFn = solve.SolveLayers
		opt.LayerDir, opt.Checkpoint = o.out, o.checkpoint
	}
	var clock *stageClock
	if o.stats {
		clock = newStageClock(opt.Progress, processCPU)
		opt.Progress = clock
	}
	res, err := solveFn(g.NewState(), opt)
	if err != nil {
		return solveError(err)
	}
	if res.ResumedLayers > 0 {
		fmt.Fprintf(log, "solve: continued the solve in %s: %d of %d layers were enumerated and %d solved before\n", o.out, res.ResumedLayers, res.Layers, res.ResumedSolved)
	}
	if o.count {
		return p.counted(res)
	}
	if err := p.solved(res); err != nil {
		return err
	}
	if o.stats {
		printSolveStats(log, res, opt.Sweep, o.method == "layers")
		clock.write(log)
	}
	if o.out != "" && o.method != "layers" {
		return solve.WriteTable(o.out, res.Table)
	}
	return nil
}

// solveError marks the solver's refusals of the input (a board too big,
// without layers, a DIR of another count or in use) as usage errors.
func solveError(err error) error {
	if errors.Is(err, solve.ErrTooBig) || errors.Is(err, solve.ErrNoLayers) || errors.Is(err, solve.ErrBadCount) || errors.Is(err, solve.ErrCountBusy) ||
		errors.Is(err, solve.ErrLayerMissing) || errors.Is(err, solve.ErrNotEnumerated) || errors.Is(err, solve.ErrCyclic) || errors.Is(err, solve.ErrMargin) {
		return badInput(err)
	}
	return err
}

// printSolveStats writes solve --stats' line: speed and memory per position.
func printSolveStats(log io.Writer, res *solve.Result, sweep, layered bool) {
	sec := res.Elapsed.Seconds()
	fmt.Fprintf(log, "solve %s: %d positions, %d moves in %v: %.0f positions/s, %.1f bytes/position",
		res.Ruleset, res.Positions, res.Edges, res.Elapsed.Round(time.Millisecond), float64(res.Positions)/sec, float64(res.Bytes)/float64(res.Positions))
	if res.DepthFirst {
		fmt.Fprint(log, " (depth first, one hash table)")
	} else {
		fmt.Fprintf(log, " (%.1f enumerating)", float64(res.EnumerationBytes)/float64(res.Positions))
	}
	if sweep {
		fmt.Fprintf(log, ", %d sweeps", res.Sweeps)
	}
	if layered {
		fmt.Fprintf(log, "; %d layers, the largest %d positions (%.1f bytes per position of it)",
			res.Layers, res.LargestLayer, float64(res.Bytes)/float64(res.LargestLayer))
	}
	fmt.Fprintln(log)
}

// countLayers prints the layers of g's board as solve --layers does.
func countLayers(p solvePrinter, log io.Writer, g engine.Game, opt solve.Options, stats bool) error {
	var sizes []solve.LayerSize // in the order reported: those read back from --out first
	res, err := solve.CountLayers(g.NewState(), opt, func(l solve.LayerSize) error {
		sizes = append(sizes, l)
		return p.layer(l)
	})
	if err != nil {
		return solveError(err)
	}
	if err := p.layers(res); err != nil {
		return err
	}
	if stats {
		// The bytes are this run's: per position of the largest layer it counted.
		var largest solve.LayerSize
		for _, l := range sizes[res.Resumed:] {
			if l.Positions > largest.Positions {
				largest = l
			}
		}
		n := res.Positions - res.ResumedPositions
		line := fmt.Sprintf("solve --layers %s: %d positions in %d layers in %v (%d layers read back from --out): %.0f positions/s",
			res.Ruleset, n, res.Layers-res.Resumed, res.Elapsed.Round(time.Millisecond), res.Resumed, float64(n)/res.Elapsed.Seconds())
		if largest.Positions > 0 {
			line += fmt.Sprintf(", %.1f bytes per position of the largest layer counted (%s)", float64(res.Bytes)/float64(largest.Positions), largest.Name)
		}
		fmt.Fprintln(log, line)
	}
	return nil
}

// rootPlies is the plies field of the start's line: the winner's
// distance to the end under its value (its shortest forced win; go doc
// ./solve, "Distance to the end"), "none" when neither side wins, and
// "unknown" when the method keeps no distances (sweep, layers).
func rootPlies(r *solve.Result) string {
	d := r.RootPlies.South
	switch r.Root.Outcome() {
	case engine.NorthWins:
		d = r.RootPlies.North
	case engine.Draw:
		return "none"
	}
	if d == solve.NoPlies {
		return "unknown"
	}
	return strconv.Itoa(d)
}

// solveBar shows the solver's stages as progress bars on a terminal.
// Otherwise (a log file, a Slurm job) a stage that runs longer than
// lineEvery gets a plain line every lineEvery and one when it ends, as
// sim writes them; a short solve, or a board refused early, writes
// nothing there.
type solveBar struct {
	w   io.Writer
	on  bool
	bar *progressbar.ProgressBar

	// Plain lines, every `every` of a stage.
	every        time.Duration
	name         string
	total, done  int64
	start, shown time.Time
	lines        bool // a line was written for this stage
}

// lineEvery is the time between two plain progress lines of a stage.
const lineEvery = 30 * time.Second

// newSolveBar returns the progress display writing to w: bars when w is
// a terminal, plain lines otherwise.
func newSolveBar(w io.Writer) *solveBar {
	f, ok := w.(*os.File)
	return &solveBar{w: w, on: ok && term.IsTerminal(int(f.Fd())), every: lineEvery}
}

func (b *solveBar) Stage(name string, total int64) {
	if !b.on {
		b.name, b.total, b.done, b.lines = name, total, 0, false
		b.start = time.Now()
		b.shown = b.start
		return
	}
	b.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(b.w),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("positions"),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)
}

func (b *solveBar) Add(n int64) {
	if b.bar != nil {
		b.bar.Add64(n)
		return
	}
	b.done += n
	if b.name != "" && time.Since(b.shown) >= b.every {
		b.shown, b.lines = time.Now(), true
		of := ""
		if b.total >= 0 {
			of = fmt.Sprintf(" of %d", b.total)
		}
		fmt.Fprintf(b.w, "solve: %s: %d%s positions (%s)\n", b.name, b.done, of, b.shown.Sub(b.start).Round(time.Second))
	}
}

func (b *solveBar) Done() {
	if b.bar != nil {
		b.bar.Finish()
		b.bar = nil
		return
	}
	if b.lines {
		fmt.Fprintf(b.w, "solve: %s: done, %d positions in %s\n", b.name, b.done, time.Since(b.start).Round(time.Second))
	}
	b.name, b.lines = "", false
}
