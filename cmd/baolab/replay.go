package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/analysis"
	"github.com/baolab/baolab/analysis/load"
)

func newReplayCmd() *cobra.Command {
	var id int64
	var html string
	cmd := &cobra.Command{
		Use:   "replay DIR --game ID [--html FILE]",
		Short: "Replay one logged game move by move with the board after each move",
		Long: `Find game ID (the game_id column) in the dataset in DIR, rebuild it with the
engine from its logged moves, and print every move with the board after it.
After each move the engine's mover, laps, counters sown and captured,
material and position hash are checked against the log; the first
difference stops the replay with an error.

With --html FILE it writes a page instead that steps through the game in a
browser: a board diagram of every position with the move's footprint,
previous/next buttons and the arrow keys, and the move list with laps,
counters sown and captured.`,
		Example: `  baolab replay runs/quickstart --game 1234
  baolab replay runs/quickstart --game 1234 --html game-1234.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("game") {
				return badInput(errors.New("--game ID is required"))
			}
			ds, err := load.Open(args[0])
			if err != nil {
				return badInput(err)
			}
			g, err := analysis.FindGame(cmd.Context(), ds, id)
			if err != nil {
				return badInput(err)
			}
			if html != "" && g.MovesFile == "" {
				return badInput(fmt.Errorf("replay --html %s: dataset %s: %w", html, args[0], analysis.ErrNoMoves))
			}
			if html != "" {
				return writeFileAtomic(html, func(w io.Writer) error { return analysis.WriteReplayHTML(w, g, "") })
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			err = analysis.Replay(w, g)
			if ferr := w.Flush(); err == nil {
				err = ferr
			}
			return err
		},
	}
	cmd.Flags().Int64Var(&id, "game", 0, "game_id of the game to replay (required)")
	cmd.Flags().StringVar(&html, "html", "", "write the replay as a web page into this file")
	return cmd
}
