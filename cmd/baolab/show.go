package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
)

func newShowCmd() *cobra.Command {
	var ruleset, moves string
	var out diagramFiles
	cmd := &cobra.Command{
		Use:   "show --rules RULESET [--moves 3,0,5] [--svg F] [--png F] [--pdf F] [--path]",
		Short: "Print the board after a sequence of moves",
		Long: `Play the given moves from the initial position of RULESET and print the board
as South sees it (North's rows on top), with banks, reserves, reserved holes,
phase, the player to move and the result if the game is over. Moves are hole
numbers in the mover's own numbering (see "baolab rules" and docs/rules.md).

With --svg, --png or --pdf it draws the position as a board diagram (one
column of a paper wide) into that file instead: holes with their counts,
banks or reserves, reserved holes ringed in their owner's colour, the
player to move; --path also marks the last move's footprint (the hole it
started from, and every hole whose count it changed, with the change).`,
		Example: `  baolab show --rules kingulu --moves 2,3
  baolab show --rules kimasai-two-rows --moves 0,5,3 --svg board.svg --path`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := engine.Parse(ruleset)
			if err != nil {
				return badInput(err)
			}
			seq, err := parseMoves(moves)
			if err != nil {
				return badInput(err)
			}
			s, err := playMoves(g, seq)
			if err != nil {
				return badInput(err)
			}
			if out.any() {
				return out.write(g, seq)
			}
			if out.path {
				return badInput(errors.New("--path marks a diagram: give --svg, --png or --pdf too"))
			}
			_, err = io.WriteString(cmd.OutOrStdout(), s.String())
			return err
		},
	}
	cmd.Flags().StringVar(&ruleset, "rules", "", "ruleset, e.g. kimasai-two-rows:capture_sow=next (required)")
	cmd.Flags().StringVar(&moves, "moves", "", "comma-separated moves to play from the start")
	cmd.Flags().StringVar(&out.svg, "svg", "", "draw the position as an SVG diagram into this file")
	cmd.Flags().StringVar(&out.png, "png", "", "draw the position as a PNG diagram (300 dpi) into this file")
	cmd.Flags().StringVar(&out.pdf, "pdf", "", "draw the position as a PDF diagram into this file")
	cmd.Flags().BoolVar(&out.path, "path", false, "mark the last move's footprint on the diagram")
	cmd.MarkFlagRequired("rules")
	return cmd
}

// parseMoves parses "3,0,5" (spaces allowed, empty for none).
func parseMoves(text string) ([]engine.Move, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	var seq []engine.Move
	for i, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n >= engine.MaxMoves {
			return nil, fmt.Errorf("--moves: item %d (%q) is not a hole number", i+1, strings.TrimSpace(f))
		}
		seq = append(seq, engine.Move(n))
	}
	return seq, nil
}

// playMoves plays seq from the start; an illegal move is an error naming
// its ply and the legal moves at that point.
func playMoves(g engine.Game, seq []engine.Move) (engine.State, error) {
	s := g.NewState()
	for ply, m := range seq {
		if s.Over() {
			return nil, fmt.Errorf("ply %d: move %d: the game is already over (%s, %s)", ply, m, s.Result(), s.EndReason())
		}
		if _, err := s.Apply(m); err != nil {
			legal := s.Legal(nil)
			why := "not legal"
			if errors.Is(err, engine.ErrNeverEnding) {
				why = "not legal: its sowing never ends"
			}
			return nil, fmt.Errorf("ply %d: move %d is %s (legal moves: %s)", ply, m, why, joinMoves(legal))
		}
	}
	return s, nil
}

func joinMoves(ms []engine.Move) string {
	if len(ms) == 0 {
		return "none"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = strconv.Itoa(int(m))
	}
	return strings.Join(parts, ", ")
}
