package agent

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/evaluate"
)

// Evaluations of alphabeta (the eval key).
const (
	EvalMaterial = "material" // the material difference (the default)
	EvalFitted   = "fitted"   // the variant's fitted model (package sim/evaluate)
)

// StrongNodes is the node budget of the strong agent when neither depth
// nor nodes is given.
const StrongNodes = 20000

// evals caches the fitted models of the process, one per variant.
var evals perProcess[*evaluate.Model]

// loadEval returns the committed fitted model of g's variant. The error
// wraps ErrPrepare.
func loadEval(g engine.Game) (*evaluate.Model, error) {
	return evals.get(g.Variant(), func() (*evaluate.Model, error) {
		m, err := evaluate.Fitted(g.Variant())
		if err != nil {
			return nil, fmt.Errorf("%w: alphabeta:eval=fitted: %w", ErrPrepare, err)
		}
		return m, nil
	})
}

// strongKind declares the strong agent: the alphabeta searcher with the
// fitted evaluation. It takes alphabeta's keys, eval defaulting to fitted
// and, when neither depth nor nodes is given, nodes to StrongNodes. Its
// specs are AlphaBeta specs, so its canonical form is alphabeta's (strong
// is alphabeta:nodes=20000,eval=fitted).
var strongKind = Kind{
	Name:    "strong",
	Doc:     "alphabeta with the fitted evaluation and a budget of " + fmt.Sprint(StrongNodes) + " nodes unless depth or nodes is given (its canonical form is alphabeta's)",
	Options: strongOptions(),
	parse:   parseStrong,
}

// strongOptions returns alphabeta's keys with strong's defaults in their
// help: eval fitted, nodes StrongNodes when depth is not given either.
func strongOptions() []engine.Option {
	opts := append([]engine.Option(nil), alphabetaKind.Options...)
	for i, o := range opts {
		switch o.Key {
		case "eval":
			opts[i].Default = EvalFitted
		case "nodes":
			opts[i].Help = fmt.Sprintf("moves played per search, the root's included; left out: %d unless depth is given", StrongNodes)
		}
	}
	return opts
}

// parseStrong parses the keys text of "strong[:KEYS]" as alphabeta's,
// with strong's defaults added.
func parseStrong(spec, text string) (Spec, error) {
	var items []string
	given := map[string]bool{}
	if strings.TrimSpace(text) != "" {
		items = strings.Split(text, ",")
		for _, it := range items {
			k, _, _ := strings.Cut(it, "=")
			given[strings.TrimSpace(k)] = true
		}
	}
	if !given["eval"] {
		items = append(items, "eval="+EvalFitted)
	}
	if !given["depth"] && !given["nodes"] {
		items = append(items, fmt.Sprintf("nodes=%d", StrongNodes))
	}
	return alphabetaKind.parse(spec, strings.Join(items, ","))
}
