package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
)

// perftOptions holds the flags of baolab perft.
type perftOptions struct {
	ruleset string
	depth   int
	divide  bool
	json    bool
}

func newPerftCmd() *cobra.Command {
	o := &perftOptions{}
	cmd := &cobra.Command{
		Use:   "perft --rules RULESET --depth D [--divide] [--json]",
		Short: "Count legal move sequences from the initial position (a cross-check between implementations)",
		Long: `Print perft(d), the number of distinct legal move sequences of length d from the
initial position of RULESET, one line "depth=<d> nodes=<n>" for d = 1..D.
Perft ignores max_plies and repetition. --divide also prints, for depth D,
one line "move=<m> nodes=<n>" per legal first move. Timing goes to stderr.

--json prints one JSON object instead:
  {"ruleset":..., "depths":[{"depth":d, "nodes":n}, ...],
   "divide":[{"move":m, "nodes":n}, ...]}   (divide only with --divide)`,
		Example: `  baolab perft --rules kingulu --depth 6
  baolab perft --rules kimasai-four-rows:holes=6 --depth 4 --divide
  baolab perft --rules kimasai-two-rows --depth 3 --divide --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := engine.Parse(o.ruleset)
			if err != nil {
				return badInput(err)
			}
			if o.depth < 0 {
				return badInput(fmt.Errorf("--depth must be 0 or more, got %d", o.depth))
			}
			return runPerft(cmd.OutOrStdout(), cmd.ErrOrStderr(), g, *o)
		},
	}
	cmd.Flags().StringVar(&o.ruleset, "rules", "", "ruleset, e.g. kingulu or kingulu:penultimate=never (required)")
	cmd.Flags().IntVar(&o.depth, "depth", 1, "deepest depth to count")
	cmd.Flags().BoolVar(&o.divide, "divide", false, "also print per-first-move counts at the deepest depth")
	cmd.Flags().BoolVar(&o.json, "json", false, "print one JSON object instead of text lines")
	cmd.MarkFlagRequired("rules")
	return cmd
}

// perftDepth and perftMove are the counts of baolab perft: the nodes at
// a depth, and below one first move at the deepest depth (--divide).
type perftDepth struct {
	Depth int    `json:"depth"`
	Nodes uint64 `json:"nodes"`
}

type perftMove struct {
	Move  int    `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// perftJSON is the object of baolab perft --json.
type perftJSON struct {
	Ruleset string       `json:"ruleset"`
	Depths  []perftDepth `json:"depths"`
	Divide  []perftMove  `json:"divide,omitempty"`
}

// runPerft counts and prints; in text each count is printed as soon as it
// is known, in JSON the object at the end.
func runPerft(out, log io.Writer, g engine.Game, o perftOptions) error {
	s := g.NewState()
	start := time.Now()
	var total uint64
	res := perftJSON{Ruleset: g.Ruleset(), Depths: []perftDepth{}}
	for d := 1; d <= o.depth; d++ {
		c := perftDepth{Depth: d, Nodes: g.Perft(s, d)}
		total += c.Nodes
		res.Depths = append(res.Depths, c)
		if !o.json {
			if _, err := fmt.Fprintf(out, "depth=%d nodes=%d\n", c.Depth, c.Nodes); err != nil {
				return err
			}
		}
	}
	if o.divide && o.depth >= 1 {
		for _, m := range s.Legal(nil) {
			after := s.Clone()
			if _, err := after.Apply(m); err != nil {
				return fmt.Errorf("divide: move %d: %w", m, err)
			}
			c := perftMove{Move: int(m), Nodes: g.Perft(after, o.depth-1)}
			total += c.Nodes
			res.Divide = append(res.Divide, c)
			if !o.json {
				if _, err := fmt.Fprintf(out, "move=%d nodes=%d\n", c.Move, c.Nodes); err != nil {
					return err
				}
			}
		}
	}
	el := time.Since(start)
	fmt.Fprintf(log, "perft %s: %d nodes in %v (%.1f M nodes/s)\n", g.Ruleset(), total, el.Round(time.Millisecond), float64(total)/el.Seconds()/1e6)
	if o.json {
		return newJSONEncoder(out).Encode(res)
	}
	return nil
}
