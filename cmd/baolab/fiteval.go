package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/renameio/v2"
	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/evaluate"
	"github.com/baolab/baolab/solve"
)

func newFitEvalCmd() *cobra.Command {
	var rules []string
	var out string
	var positions int
	var seed uint64
	var ridge float64
	var maxPos int64
	cmd := &cobra.Command{
		Use:   "fit-eval --rules RULESET [--rules RULESET...] --out FILE",
		Short: "Fit the evaluation of alphabeta:eval=fitted on positions the exact solver labels",
		Long: `Fit the weights of a variant's evaluation (see go doc ./sim/evaluate):
each ruleset's board is solved, at most --positions of its positions that
are not over are picked at random (seeded by --seed), each is labelled
with its exact outcome for the player to move (win 1, loss 0, draw or
endless 1/2), and a logistic regression of the labels on the variant's
features is fitted by iteratively reweighted least squares. Every
ruleset must be of one variant. The weights are written to FILE as JSON
with the command that made them; the same command writes the same file.

It prints, for the positions used, the fit's mean log-loss and its
accuracy on the decisive positions, and the same for the material-only
model (a logistic regression on the material difference alone):

  positions=<n> log_loss=<x> accuracy=<x> material_log_loss=<x> material_accuracy=<x>

The committed weights, sim/evaluate/weights/VARIANT.json, are the ones
alphabeta:eval=fitted and the strong agent play; each file records the
command that made it. Bad input is one line on stderr and exit status 2.`,
		Example: `  baolab fit-eval --rules kimasai-four-rows:holes=5 --rules kimasai-four-rows:holes=6 --out w.json`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch {
			case len(rules) == 0:
				return badInput(errors.New("--rules RULESET is required"))
			case out == "":
				return badInput(errors.New("--out FILE is required"))
			case positions < 1:
				return badInput(fmt.Errorf("--positions must be 1 or more, got %d", positions))
			case !(ridge >= 0 && ridge <= 1):
				return badInput(fmt.Errorf("--ridge must be 0..1, got %g", ridge))
			case maxPos < 1:
				return badInput(fmt.Errorf("--max-positions must be 1 or more, got %d", maxPos))
			}
			var games []engine.Game
			for _, r := range rules {
				g, err := engine.Parse(r)
				if err != nil {
					return badInput(err)
				}
				if _, err := evaluate.Names(g.Variant()); err != nil {
					return badInput(err)
				}
				if len(games) > 0 && g.Variant() != games[0].Variant() {
					return badInput(fmt.Errorf("--rules %s is %s, not %s: one variant per fit", r, g.Variant(), games[0].Variant()))
				}
				games = append(games, g)
			}
			m := &evaluate.Model{Variant: games[0].Variant(), Seed: seed}
			m.Features, _ = evaluate.Names(m.Variant)
			var samples []evaluate.Sample
			for i, g := range games {
				s, err := evaluate.Label(g, positions, seed+uint64(i), solve.Options{MaxPositions: maxPos})
				if err != nil {
					if errors.Is(err, solve.ErrTooBig) {
						return badInput(err)
					}
					return err
				}
				samples = append(samples, s...)
				m.Rulesets = append(m.Rulesets, g.Ruleset())
			}
			w, err := evaluate.Fit(samples, len(m.Features), ridge)
			if err != nil {
				return err
			}
			mat, err := evaluate.Fit(samples, 1, ridge)
			if err != nil {
				return err
			}
			m.Weights, m.Positions = w, len(samples)
			ll, acc, _ := evaluate.Score(w, samples)
			mll, macc, _ := evaluate.Score(mat, samples)
			m.LogLoss = ll
			var c strings.Builder
			c.WriteString("baolab fit-eval")
			for _, g := range games {
				c.WriteString(" --rules " + g.Ruleset())
			}
			fmt.Fprintf(&c, " --positions %d --seed %d", positions, seed)
			if ridge != defaultRidge {
				c.WriteString(" --ridge " + strconv.FormatFloat(ridge, 'g', -1, 64))
			}
			c.WriteString(" --out " + out)
			m.Command = c.String()
			var buf bytes.Buffer
			if err := m.Write(&buf); err != nil {
				return err
			}
			if err := renameio.WriteFile(out, buf.Bytes(), 0o644); err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "positions=%d log_loss=%.4f accuracy=%.4f material_log_loss=%.4f material_accuracy=%.4f\n", len(samples), ll, acc, mll, macc)
			return err
		},
	}
	cmd.Flags().StringArrayVar(&rules, "rules", nil, "ruleset whose solved positions label the fit (repeatable; one variant)")
	cmd.Flags().StringVar(&out, "out", "", "file to write the weights to (required)")
	cmd.Flags().IntVar(&positions, "positions", 20000, "most positions taken from each ruleset")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the choice of positions (ruleset i uses seed+i)")
	cmd.Flags().Float64Var(&ridge, "ridge", defaultRidge, "ridge penalty on the weights (keeps separable data finite)")
	cmd.Flags().Int64Var(&maxPos, "max-positions", solve.DefaultMaxPositions, "refuse to solve a board with more positions than this")
	return cmd
}

// defaultRidge is fit-eval's default --ridge.
const defaultRidge = 1e-4
