package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/baolab/baolab/analysis"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
)

func newAnalyzeCmd() *cobra.Command {
	o := &analyzeOptions{}
	cmd := &cobra.Command{
		Use:   "analyze DIR [--out REPORT_DIR]",
		Short: "Balance statistics, tables and figures of a simulation dataset",
		Long: `Read every games and moves file of the dataset in DIR (written by baolab sim)
and write REPORT_DIR (default DIR/report): per ruleset × agent pair the
outcome shares, first-player advantage and balance with 95% intervals, end
reasons, game lengths, statistics of the move log and the convergence of
the estimate; the comparison of every two readings of one variant played
by the same agents; as tables (summary.json, .csv, .md, .tex and
comparison.*) and figures (PNG, SVG and PDF), and index.html, a page that
shows them all with the dataset's provenance and links replay pages of a
few example games (the longest of each variant, the first with a
never-ending move). Every ruleset with at most --exact-max-positions
reachable positions is also solved exactly (as baolab solve does) and
exact.{json,csv,md,tex} and the figure exact put its perfect-play value
next to random play's first-player advantage; larger boards are skipped
with a note (0: solve none). With a move log, every move of a solved
ruleset is judged by its board: accuracy.{json,csv,md,tex} and the figure
accuracy give each agent's share of moves that keep the exact outcome and
margin, and its score against perfect play from each seat. Agents played
against themselves at twice the search budget (alphabeta nodes, mcts
iters) give doubling.{json,csv,md,tex}: the doubled agent's score and
its verdict (gain, worse or none at the games played).

Files are streamed, so memory does not grow with the number of games. A
missing, foreign, truncated or corrupt file stops the analysis with one line
naming it; nothing is skipped.

DIR may also hold tables that another tool wrote (no manifest.json; games/
and optionally moves/ with Parquet files at any depth and the documented
column names, e.g. a subset filtered and re-exported by DuckDB).

Equivalence: every cell's first-player advantage and every comparison of
two readings also get a verdict from two one-sided tests (TOST) at α = 0.05
against a margin δ: balanced (shown within ±δ), not balanced (shown beyond
it) or undecided; a difference that is not significant is never read as
balance. δ is the manifest's (baolab sim --equivalence-margin or
equivalence_margin in the experiment file, chosen before the run), else
0.02; --equivalence-margin overrides it, and the output says which was used.

For a paper: the .tex tables need \usepackage{booktabs,array,longtable,siunitx};
their labels are tab:PREFIX-NAME (--label-prefix, default the dataset
directory's name), so two reports can go in one paper. methods.md and
methods.tex describe the tests, intervals, margin, seeds and versions of
the run, with references, as a paragraph to paste.

Stopped by SIGTERM or Ctrl-C, analyze removes the report file it is
writing before it is complete (no hidden temporary file is left), writes
no more and exits 1; the files already written are complete, and running
the same command again writes the whole report.`,
		Example: `  baolab analyze runs/quickstart
  baolab analyze runs/quickstart --out paper/figures
  baolab analyze runs/quickstart --equivalence-margin 0.01 --label-prefix kingulu-study`,
		Args: cobra.ExactArgs(1),
		RunE: o.run,
	}
	cmd.Flags().StringVar(&o.out, "out", "", "report directory (default DIR/report)")
	cmd.Flags().IntVar(&o.workers, "workers", 0, "files read at once (default: number of CPUs)")
	cmd.Flags().Int64Var(&o.exact, "exact-max-positions", analysis.DefaultExactMaxPositions, "solve exactly every ruleset with at most this many positions (0: none)")
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false, "print nothing but errors")
	cmd.Flags().Float64Var(&o.margin, "equivalence-margin", 0, "margin δ of the equivalence tests (TOST), overriding the manifest's (default: the manifest's, else 0.02)")
	cmd.Flags().StringVar(&o.labelPrefix, "label-prefix", "", "prefix of the LaTeX labels, tab:PREFIX-NAME (default: the dataset directory's name)")
	return cmd
}

// analyzeOptions holds the flags of baolab analyze.
type analyzeOptions struct {
	out     string
	workers int
	quiet   bool
	exact   int64
	margin  float64
	// labelPrefix is the LaTeX label prefix ("" for the default).
	labelPrefix string
}

func (o *analyzeOptions) run(cmd *cobra.Command, args []string) error {
	dir := args[0]
	prefix, err := o.check(cmd, dir)
	if err != nil {
		return badInput(err)
	}
	start := time.Now()
	ds, err := load.Open(dir)
	if err != nil {
		return badInput(err)
	}
	opt := analysis.Options{Workers: o.workers, ExactMaxPositions: o.exact, EquivalenceMargin: o.margin}
	if o.exact == 0 {
		opt.ExactMaxPositions = -1
	}
	bar := o.progressBar(cmd, len(ds.Games), &opt)
	ctx, done := stopWritingOnSignal(cmd.Context())
	defer done()
	interrupted := func(err error) error {
		if ctx.Err() == nil {
			return err
		}
		return fmt.Errorf("analyze: interrupted (%v): the report in %s is incomplete (no partial file is left); run the same command again", context.Cause(ctx), o.out)
	}
	s, err := analysis.Analyze(ctx, ds, opt)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(err)
		}
		return badInput(err)
	}
	read := time.Since(start)
	examples, err := analysis.WriteExamples(ctx, ds, o.out)
	if err != nil {
		return interrupted(err)
	}
	paths, err := analysis.WriteReportWith(s, o.out, analysis.ReportOptions{LabelPrefix: prefix})
	paths = append(examples, paths...)
	if err != nil {
		return interrupted(err)
	}
	if !o.quiet {
		o.printDone(cmd.ErrOrStderr(), s, len(paths), read, time.Since(start)-read)
	}
	return nil
}

// check refuses bad flags and a report directory that would be a
// mistake, sets the default report directory of dataset dir, and
// returns the LaTeX label prefix.
func (o *analyzeOptions) check(cmd *cobra.Command, dir string) (string, error) {
	if o.out == "" {
		o.out = filepath.Join(dir, "report")
	}
	if o.exact < 0 {
		return "", fmt.Errorf("--exact-max-positions must be 0 or more, got %d", o.exact)
	}
	if cmd.Flags().Changed("equivalence-margin") && !(o.margin > 0 && o.margin < 0.5) {
		return "", fmt.Errorf("--equivalence-margin must be above 0 and below 0.5, got %g", o.margin)
	}
	prefix, err := analysis.LabelPrefix(o.labelPrefix, dir)
	if err != nil {
		return "", err
	}
	return prefix, analysis.CheckReportDir(dir, o.out)
}

// progressBar returns a bar over the files read, reported through
// opt.Progress, when stderr is a terminal and not quiet (else nil).
func (o *analyzeOptions) progressBar(cmd *cobra.Command, files int, opt *analysis.Options) *progressbar.ProgressBar {
	f, ok := cmd.ErrOrStderr().(*os.File)
	if !ok || o.quiet || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(files, progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("analyze"), progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("files"), progressbar.OptionShowIts(), progressbar.OptionClearOnFinish())
	opt.Progress = func(done, total int) { bar.Set(done) }
	return bar
}

// stopWritingOnSignal returns a context of parent that the first SIGINT
// or SIGTERM cancels, and the function that ends the watch. That signal
// stops the run: the report files being written are removed before
// their rename (none is left half written, no hidden temporary file
// stays), later ones are not written, and the command fails saying so;
// a second signal kills the process at once. Only a signal stops the
// writes (not the end of the command, nor a cancelled parent context):
// they stay stopped for the rest of the process, which is about to exit.
func stopWritingOnSignal(parent context.Context) (context.Context, func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancelCause(parent)
	ended := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs) // a second signal kills the process
			analysis.StopWriting()
			cancel(fmt.Errorf("received %v", sig))
		case <-ended:
		}
	}()
	return ctx, func() {
		close(ended)
		cancel(nil)
		signal.Stop(sigs)
	}
}

// printDone writes what analyze read and wrote, the margin it used and
// the analysis's notes to w.
func (o *analyzeOptions) printDone(w io.Writer, s *summary.Summary, files int, read, wrote time.Duration) {
	fmt.Fprintf(w, "analyze: %d games in %d cells from %d files read and analysed (%d ruleset(s) solved exactly) in %s; %d comparisons; %d files written to %s in %s\n",
		s.Games, len(s.Cells), s.Files, len(s.Exact), read.Round(time.Millisecond), len(s.Comparisons), files, o.out, wrote.Round(time.Millisecond))
	fmt.Fprintf(w, "analyze: equivalence margin ±%g (%s)\n", s.EquivalenceMargin, analysis.MarginSource(s))
	for _, n := range s.Notes {
		fmt.Fprintf(w, "analyze: note: %s\n", n)
	}
}
