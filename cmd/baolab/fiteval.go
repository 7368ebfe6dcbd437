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

// fitEvalFlags holds the flags of `baolab fit-eval`.
type fitEvalFlags struct {
	rules     []string
	out       string
	positions int
	seed      uint64
	ridge     float64
	maxPos    int64
}

func newFitEvalCmd() *cobra.Command {
	var f fitEvalFlags
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
		RunE:    func(cmd *cobra.Command, _ []string) error { return runFitEval(cmd, f) },
	}
	cmd.Flags().StringArrayVar(&f.rules, "rules", nil, "ruleset whose solved positions label the fit (repeatable; one variant)")
	cmd.Flags().StringVar(&f.out, "out", "", "file to write the weights to (required)")
	cmd.Flags().IntVar(&f.positions, "positions", 20000, "most positions taken from each ruleset")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the choice of positions (ruleset i uses seed+i)")
	cmd.Flags().Float64Var(&f.ridge, "ridge", defaultRidge, "ridge penalty on the weights (keeps separable data finite)")
	cmd.Flags().Int64Var(&f.maxPos, "max-positions", solve.DefaultMaxPositions, "refuse to solve a board with more positions than this")
	return cmd
}

// runFitEval labels the positions of f's rulesets, fits the model and
// the material-only one, writes the model and prints both fits' scores.
func runFitEval(cmd *cobra.Command, f fitEvalFlags) error {
	if err := f.check(); err != nil {
		return badInput(err)
	}
	games, err := fitEvalGames(f.rules)
	if err != nil {
		return badInput(err)
	}
	m := &evaluate.Model{Variant: games[0].Variant(), Seed: f.seed}
	m.Features, _ = evaluate.Names(m.Variant)
	var samples []evaluate.Sample
	for i, g := range games {
		s, err := evaluate.Label(g, f.positions, f.seed+uint64(i), solve.Options{MaxPositions: f.maxPos})
		if err != nil {
			if errors.Is(err, solve.ErrTooBig) {
				return badInput(err)
			}
			return err
		}
		samples = append(samples, s...)
		m.Rulesets = append(m.Rulesets, g.Ruleset())
	}
	w, err := evaluate.Fit(samples, len(m.Features), f.ridge)
	if err != nil {
		return err
	}
	mat, err := evaluate.Fit(samples, 1, f.ridge)
	if err != nil {
		return err
	}
	m.Weights, m.Positions = w, len(samples)
	ll, acc, _ := evaluate.Score(w, samples)
	mll, macc, _ := evaluate.Score(mat, samples)
	m.LogLoss = ll
	m.Command = f.command(games)
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		return err
	}
	if err := renameio.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	_, err = fmt.Fprintf(cmd.OutOrStdout(), "positions=%d log_loss=%.4f accuracy=%.4f material_log_loss=%.4f material_accuracy=%.4f\n", len(samples), ll, acc, mll, macc)
	return err
}

// check refuses missing and out-of-range flags.
func (f fitEvalFlags) check() error {
	switch {
	case len(f.rules) == 0:
		return errors.New("--rules RULESET is required")
	case f.out == "":
		return errors.New("--out FILE is required")
	case f.positions < 1:
		return fmt.Errorf("--positions must be 1 or more, got %d", f.positions)
	case !(f.ridge >= 0 && f.ridge <= 1):
		return fmt.Errorf("--ridge must be 0..1, got %g", f.ridge)
	case f.maxPos < 1:
		return fmt.Errorf("--max-positions must be 1 or more, got %d", f.maxPos)
	}
	return nil
}

// fitEvalGames returns the games of rules, all of one variant with an
// evaluation.
func fitEvalGames(rules []string) ([]engine.Game, error) {
	var games []engine.Game
	for _, r := range rules {
		g, err := engine.Parse(r)
		if err != nil {
			return nil, err
		}
		if _, err := evaluate.Names(g.Variant()); err != nil {
			return nil, err
		}
		if len(games) > 0 && g.Variant() != games[0].Variant() {
			return nil, fmt.Errorf("--rules %s is %s, not %s: one variant per fit", r, g.Variant(), games[0].Variant())
		}
		games = append(games, g)
	}
	return games, nil
}

// command returns the fit-eval command line that makes the model of
// games again, as the model records it.
func (f fitEvalFlags) command(games []engine.Game) string {
	var c strings.Builder
	c.WriteString("baolab fit-eval")
	for _, g := range games {
		c.WriteString(" --rules " + g.Ruleset())
	}
	fmt.Fprintf(&c, " --positions %d --seed %d", f.positions, f.seed)
	if f.ridge != defaultRidge {
		c.WriteString(" --ridge " + strconv.FormatFloat(f.ridge, 'g', -1, 64))
	}
	c.WriteString(" --out " + f.out)
	return c.String()
}

// defaultRidge is fit-eval's default --ridge.
const defaultRidge = 1e-4
