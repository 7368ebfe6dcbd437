package main

import (
	"bufio"
	"errors"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/analysis"
)

func init() {
	var id int64
	cmd := &cobra.Command{
		Use:   "replay DIR --game ID",
		Short: "Replay one logged game move by move with the board after each move",
		Long: `Find game ID (the game_id column) in the dataset in DIR, rebuild it with the
engine from its logged moves, and print every move with the board after it.
After each move the engine's mover, laps, counters sown and captured,
material and position hash are checked against the log; the first
difference stops the replay with an error.`,
		Example: `  baolab replay runs/quick --game 1234`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("game") {
				return badInput(errors.New("--game ID is required"))
			}
			ds, err := analysis.Open(args[0])
			if err != nil {
				return badInput(err)
			}
			g, err := analysis.FindGame(cmd.Context(), ds, id)
			if err != nil {
				return badInput(err)
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
	rootCmd.AddCommand(cmd)
}
