package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
)

func newPerftCmd() *cobra.Command {
	var ruleset string
	var depth int
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft --rules RULESET --depth D [--divide]",
		Short: "Count legal move sequences from the initial position (a cross-check between implementations)",
		Long: `Print perft(d), the number of distinct legal move sequences of length d from the
initial position of RULESET, one line "depth=<d> nodes=<n>" for d = 1..D.
Perft ignores max_plies and repetition. --divide also prints, for depth D,
one line "move=<m> nodes=<n>" per legal first move. Timing goes to stderr.`,
		Example: `  baolab perft --rules kingulu --depth 6
  baolab perft --rules kimasai-four-rows:holes=6 --depth 4 --divide`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := engine.Parse(ruleset)
			if err != nil {
				return badInput(err)
			}
			if depth < 0 {
				return badInput(fmt.Errorf("--depth must be 0 or more, got %d", depth))
			}
			return runPerft(cmd.OutOrStdout(), cmd.ErrOrStderr(), g, depth, divide)
		},
	}
	cmd.Flags().StringVar(&ruleset, "rules", "", "ruleset, e.g. kingulu or kingulu:penultimate=never (required)")
	cmd.Flags().IntVar(&depth, "depth", 1, "deepest depth to count")
	cmd.Flags().BoolVar(&divide, "divide", false, "also print per-first-move counts at the deepest depth")
	cmd.MarkFlagRequired("rules")
	return cmd
}

func runPerft(out, log io.Writer, g engine.Game, depth int, divide bool) error {
	s := g.NewState()
	start := time.Now()
	var total uint64
	for d := 1; d <= depth; d++ {
		n := g.Perft(s, d)
		total += n
		if _, err := fmt.Fprintf(out, "depth=%d nodes=%d\n", d, n); err != nil {
			return err
		}
	}
	if divide && depth >= 1 {
		for _, m := range s.Legal(nil) {
			c := s.Clone()
			if _, err := c.Apply(m); err != nil {
				return fmt.Errorf("divide: move %d: %w", m, err)
			}
			n := g.Perft(c, depth-1)
			total += n
			if _, err := fmt.Fprintf(out, "move=%d nodes=%d\n", m, n); err != nil {
				return err
			}
		}
	}
	el := time.Since(start)
	fmt.Fprintf(log, "perft %s: %d nodes in %v (%.1f M nodes/s)\n", g.Ruleset(), total, el.Round(time.Millisecond), float64(total)/el.Seconds()/1e6)
	return nil
}
