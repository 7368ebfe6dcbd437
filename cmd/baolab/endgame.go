package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

func newEndgameCmd() *cobra.Command {
	var ruleset, out, method string
	var k, workers int
	var maxPos int64
	cmd := &cobra.Command{
		Use:   "endgame --rules RULESET --seeds K --out DIR",
		Short: "Build a kingulu endgame database: the exact value of every position with at most K seeds in play",
		Long: `Build the endgame database of a kingulu ruleset (the default board
included) for the positions with at most K seeds in play (see go doc
./solve/endgame: the canonical positions, with the other seeds
in South's bank and the reserved holes emptied, are solved with every
position they lead to; a position of a real game is looked up through its
canonical one, its values shifted by the difference of the material
margins). It writes DIR/solved.parquet (the canonical positions' values,
the form of baolab solve --out) and DIR/endgame.json (ruleset, K, count),
which agents load (alphabeta:...,endgame=DIR), and prints

  positions=<canonical positions> solved=<positions solved> seconds=<wall time>

K is at most 60-4*holes (36 on the default board); the cost grows fast with
K (see docs/exact.md). A ruleset with infinite=draw is refused. Bad input is
one line on stderr and exit status 2.`,
		Example: `  baolab endgame --rules kingulu --seeds 4 --out endgame/k4
  baolab sim --rules kingulu --agents random/alphabeta:depth=4,endgame=endgame/k4 --games 100 --out runs/e`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := engine.Parse(ruleset)
			if err != nil {
				return badInput(err)
			}
			switch {
			case out == "":
				return badInput(errors.New("--out DIR is required"))
			case method != "lists" && method != "sweep":
				return badInput(fmt.Errorf("--method must be lists or sweep, got %q", method))
			case maxPos < 1:
				return badInput(fmt.Errorf("--max-positions must be 1 or more, got %d", maxPos))
			case workers < 0 || workers > 1024:
				return badInput(fmt.Errorf("--workers must be 0..1024, got %d", workers))
			}
			opt := solve.Options{MaxPositions: maxPos, Workers: workers, Progress: newSolveBar(cmd.ErrOrStderr()), Sweep: method == "sweep"}
			t0 := time.Now()
			d, res, err := endgame.Build(g, k, opt)
			if err != nil {
				if errors.Is(err, solve.ErrTooBig) || errors.Is(err, endgame.ErrCannot) {
					return badInput(err)
				}
				return err
			}
			if err := endgame.Write(out, d); err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "positions=%d solved=%d seconds=%.1f\n", d.Len(), res.Positions, time.Since(t0).Seconds())
			return err
		},
	}
	cmd.Flags().StringVar(&ruleset, "rules", "kingulu", "kingulu ruleset the database serves")
	cmd.Flags().IntVar(&k, "seeds", 4, "K: the most seeds in play (in unreserved holes) of a position in the database")
	cmd.Flags().StringVar(&out, "out", "", "directory to write the database to (required)")
	cmd.Flags().Int64Var(&maxPos, "max-positions", solve.DefaultMaxPositions, "refuse to solve more positions than this")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines generating moves (0: one per core)")
	cmd.Flags().StringVar(&method, "method", "sweep", "lists: predecessor lists (about 25 bytes per position); sweep: no move lists (about 14.5)")
	return cmd
}
