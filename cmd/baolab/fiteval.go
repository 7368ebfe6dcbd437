package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/renameio/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
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

	// Deep labels: rulesets whose played positions are labelled too, by
	// alphabeta:nodes=deepNodes self-play after deepOpening random plies.
	deep          []string
	deepPositions int
	deepNodes     int
	deepOpening   int
}

// deepFlag is the prefix of the flags that shape the deep labels; the
// recorded command writes every flag with it (command).
const deepFlag = "deep"

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

--deep RULESET adds positions of a board the solver cannot solve (the
real board), labelled by deep search: --deep-positions games are played,
each opened by --deep-opening-plies uniformly random plies and played on
to its end by alphabeta:nodes=N (--deep-nodes, the material evaluation,
so the labels do not depend on the weights being fitted) on both sides;
one position of each game after its opening, picked at random, joins the
fit, labelled with that game's outcome for its player to move (win 1,
loss 0, draw or max_plies 1/2): the outcome of the search's self-play
from the position. All is drawn from --seed (deep ruleset i uses
seed+i), so the same command writes the same file. The recorded command
holds every --deep flag.

It prints, for the positions used, the fit's mean log-loss and its
accuracy on the decisive positions, and the same for the material-only
model (a logistic regression on the material difference alone):

  positions=<n> log_loss=<x> accuracy=<x> material_log_loss=<x> material_accuracy=<x>

With --deep it adds the number of deep positions among them and both
models' mean log-loss on those alone:

  ... deep_positions=<n> deep_log_loss=<x> deep_material_log_loss=<x>

The committed weights, sim/evaluate/weights/VARIANT.json, are the ones
alphabeta:eval=fitted and the strong agent play; each file records the
command that made it. Bad input is one line on stderr and exit status 2.`,
		Example: `  baolab fit-eval --rules kimasai-four-rows:holes=5 --rules kimasai-four-rows:holes=6 --out w.json
  baolab fit-eval --rules kingulu:holes=4,seeds=3 --deep kingulu --deep-positions 2000 --deep-nodes 20000 --out w.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFitEval(cmd, f) },
	}
	cmd.Flags().StringArrayVar(&f.rules, "rules", nil, "ruleset whose solved positions label the fit (repeatable; one variant)")
	cmd.Flags().StringVar(&f.out, "out", "", "file to write the weights to (required)")
	cmd.Flags().IntVar(&f.positions, "positions", 20000, "most positions taken from each ruleset")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the choice of positions (ruleset i uses seed+i)")
	cmd.Flags().Float64Var(&f.ridge, "ridge", defaultRidge, "ridge penalty on the weights (keeps separable data finite)")
	cmd.Flags().Int64Var(&f.maxPos, "max-positions", solve.DefaultMaxPositions, "refuse to solve a board with more positions than this")
	cmd.Flags().StringArrayVar(&f.deep, deepFlag, nil, "ruleset whose played positions, labelled by deep search, join the fit (repeatable; the variant of --rules)")
	cmd.Flags().IntVar(&f.deepPositions, deepFlag+"-positions", 2000, "positions (one per game) taken from each --deep ruleset")
	cmd.Flags().IntVar(&f.deepNodes, deepFlag+"-nodes", agent.StrongNodes, "node budget per move of the alphabeta that plays the --deep games")
	cmd.Flags().IntVar(&f.deepOpening, deepFlag+"-opening-plies", 4, "uniformly random plies that open each --deep game")
	return cmd
}

// runFitEval labels the positions of f's rulesets, fits the model and
// the material-only one, writes the model and prints both fits' scores.
func runFitEval(cmd *cobra.Command, f fitEvalFlags) error {
	if err := f.check(cmd.Flags()); err != nil {
		return badInput(err)
	}
	games, err := fitEvalGames(f.rules)
	if err != nil {
		return badInput(err)
	}
	deepGames, err := fitEvalGames(f.deep)
	if err == nil && len(deepGames) > 0 && deepGames[0].Variant() != games[0].Variant() {
		err = fmt.Errorf("--deep %s is %s, not %s: one variant per fit", f.deep[0], deepGames[0].Variant(), games[0].Variant())
	}
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
	deep, err := f.deepSamples(deepGames)
	if err != nil {
		return err
	}
	if len(deepGames) > 0 {
		m.DeepAgent, m.DeepPositions = f.deepAgent().String(), len(deep)
		for _, g := range deepGames {
			m.DeepRulesets = append(m.DeepRulesets, g.Ruleset())
		}
	}
	samples = append(samples, deep...)
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
	m.Command = f.command(cmd.Flags(), games, deepGames)
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		return err
	}
	if err := renameio.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	line := fmt.Sprintf("positions=%d log_loss=%.4f accuracy=%.4f material_log_loss=%.4f material_accuracy=%.4f", len(samples), ll, acc, mll, macc)
	if len(deepGames) > 0 {
		dll, _, _ := evaluate.Score(w, deep)
		dmll, _, _ := evaluate.Score(mat, deep)
		line += fmt.Sprintf(" deep_positions=%d deep_log_loss=%.4f deep_material_log_loss=%.4f", len(deep), dll, dmll)
	}
	_, err = fmt.Fprintln(cmd.OutOrStdout(), line)
	return err
}

// deepAgent returns the spec of the agent that plays the --deep games:
// alphabeta with the node budget, the material evaluation.
func (f fitEvalFlags) deepAgent() agent.AlphaBeta { return agent.AlphaBeta{Nodes: f.deepNodes} }

// deepSamples returns the deep-labelled samples of games (the --deep
// rulesets): evaluate.PlayGames of deepAgent on both sides, ruleset i
// with seed+i.
func (f fitEvalFlags) deepSamples(games []engine.Game) ([]evaluate.Sample, error) {
	var out []evaluate.Sample
	spec := f.deepAgent()
	for i, g := range games {
		ps, err := evaluate.PlayGames(g, f.deepPositions, f.deepOpening, f.seed+uint64(i), spec.New(g), spec.New(g))
		if err != nil {
			return nil, err
		}
		out = append(out, evaluate.Samples(ps)...)
	}
	return out, nil
}

// check refuses missing and out-of-range flags, and --deep-* flags
// without --deep.
func (f fitEvalFlags) check(flags *pflag.FlagSet) error {
	if len(f.deep) == 0 {
		var given string
		flags.Visit(func(fl *pflag.Flag) {
			if given == "" && strings.HasPrefix(fl.Name, deepFlag+"-") {
				given = fl.Name
			}
		})
		if given != "" {
			return fmt.Errorf("--%s needs --%s RULESET", given, deepFlag)
		}
	}
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
	case f.deepPositions < 1:
		return fmt.Errorf("--deep-positions must be 1 or more, got %d", f.deepPositions)
	case f.deepNodes < 1 || f.deepNodes > agent.MaxNodes:
		return fmt.Errorf("--deep-nodes must be 1..%d, got %d", agent.MaxNodes, f.deepNodes)
	case f.deepOpening < 0 || f.deepOpening > dataset.MaxOpeningPlies:
		return fmt.Errorf("--deep-opening-plies must be 0..%d, got %d", dataset.MaxOpeningPlies, f.deepOpening)
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
// games (and deep, the --deep games) again, as the model records it.
// With --deep it writes every --deep-* flag of flags, defaults included,
// so a later change of a default does not change what it reruns.
func (f fitEvalFlags) command(flags *pflag.FlagSet, games, deep []engine.Game) string {
	var c strings.Builder
	c.WriteString("baolab fit-eval")
	for _, g := range games {
		c.WriteString(" --rules " + g.Ruleset())
	}
	fmt.Fprintf(&c, " --positions %d --seed %d", f.positions, f.seed)
	if f.ridge != defaultRidge {
		c.WriteString(" --ridge " + strconv.FormatFloat(f.ridge, 'g', -1, 64))
	}
	for _, g := range deep {
		c.WriteString(" --" + deepFlag + " " + g.Ruleset())
	}
	if len(deep) > 0 {
		flags.VisitAll(func(fl *pflag.Flag) {
			if strings.HasPrefix(fl.Name, deepFlag+"-") {
				c.WriteString(" --" + fl.Name + " " + fl.Value.String())
			}
		})
	}
	c.WriteString(" --out " + f.out)
	return c.String()
}

// defaultRidge is fit-eval's default --ridge.
const defaultRidge = 1e-4
