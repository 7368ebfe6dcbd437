package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

func newEndgameCmd() *cobra.Command {
	var ruleset, out, method string
	var seeds, stones, workers int
	var maxPos int64
	cmd := &cobra.Command{
		Use:   "endgame --rules RULESET (--seeds K | --stones K) --out DIR",
		Short: "Build an endgame database: exact values of every position with at most K seeds in play (kingulu) or K stones (kimasai-four-rows)",
		Long: `Build the endgame database of a kingulu or kimasai-four-rows ruleset
(the default boards included); see go doc ./solve/endgame.

kingulu (--seeds K): the positions with at most K seeds in play. The
canonical positions, with the other seeds in South's bank and the reserved
holes emptied, are solved with every position they lead to; a position of
a real game is looked up through its canonical one, its values shifted by
the difference of the material margins. K is at most 60-4*holes (36 on the
default board). A ruleset with infinite=draw is refused.

kimasai-four-rows (--stones K): every placement of 1..K stones on the
board (both players' together), each player to move, solved as it stands
(stones only leave the board, so no move leads out of it). K is 1..4*holes;
holes=16 is refused (its keys take 65 bits). No position of the game can
repeat, so the values hold under every repetition option.

It writes DIR/solved.parquet (the canonical positions' values, the form of
baolab solve --out) and DIR/endgame.json (format, ruleset, K, count), which
agents load (alphabeta:...,endgame=DIR), and prints

  positions=<canonical positions> solved=<positions solved> seconds=<wall time>

The cost grows fast with K (see docs/exact.md). Bad input, --seeds for
four-rows or --stones for kingulu included, is one line on stderr and exit
status 2.`,
		Example: `  baolab endgame --rules kingulu --seeds 4 --out endgame/k4
  baolab sim --rules kingulu --agents random/alphabeta:depth=4,endgame=endgame/k4 --games 100 --out runs/e
  baolab endgame --rules kimasai-four-rows --stones 5 --out endgame/s5
  baolab sim --rules kimasai-four-rows --agents random/alphabeta:depth=4,endgame=endgame/s5 --games 100 --out runs/e4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := engine.Parse(ruleset)
			if err != nil {
				return badInput(err)
			}
			k, err := endgameK(cmd, g, seeds, stones)
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
	cmd.Flags().StringVar(&ruleset, "rules", "kingulu", "kingulu or kimasai-four-rows ruleset the database serves")
	cmd.Flags().IntVar(&seeds, "seeds", 4, "K for kingulu: the most seeds in play (in unreserved holes) of a position in the database")
	cmd.Flags().IntVar(&stones, "stones", 4, "K for kimasai-four-rows: the most stones on the board (both players') of a position in the database")
	cmd.Flags().StringVar(&out, "out", "", "directory to write the database to (required)")
	cmd.Flags().Int64Var(&maxPos, "max-positions", solve.DefaultMaxPositions, "refuse to solve more positions than this")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines generating moves (0: one per core)")
	cmd.Flags().StringVar(&method, "method", "sweep", "lists: predecessor lists (about 25 bytes per position); sweep: no move lists (about 14.5)")
	return cmd
}

// endgameK returns the K of an endgame database of g: --stones for
// kimasai-four-rows, --seeds otherwise; the flag of the other game, given,
// is an error.
func endgameK(cmd *cobra.Command, g engine.Game, seeds, stones int) (int, error) {
	if g.Variant() == kimasai4.Name {
		if cmd.Flags().Changed("seeds") {
			return 0, fmt.Errorf("%s counts stones, not seeds: use --stones K", g.Variant())
		}
		return stones, nil
	}
	if cmd.Flags().Changed("stones") {
		return 0, fmt.Errorf("--stones K is for kimasai-four-rows; %s: use --seeds K", g.Variant())
	}
	return seeds, nil
}
