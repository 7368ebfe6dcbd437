package sim

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// Plan is an experiment as a user writes it: the fields of
// dataset.Experiment (their toml tags are the keys of an experiment file,
// which sim/config decodes into a Plan, and the names FieldError gives;
// `baolab sim`'s flags are those keys with "-" for "_"), but rulesets and
// agent pairs in any accepted spelling, grids not expanded, the ladder's
// pairs not yet among the agents, and Batch 0 for
// dataset.DefaultBatch(Games). Experiment checks it and returns its
// canonical form; an experiment's fields are declared once, in
// dataset.Experiment.
type Plan dataset.Experiment

// FieldError is a problem with one value of a Plan: Field is the value's
// key (Plan's toml tag: rules, agents, ladder, games, batch,
// opening_plies, equivalence_margin) and Index the position in the list
// (0 for a single value).
type FieldError struct {
	Field string
	Index int
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Experiment checks every ruleset and agent pair (agent.ParsePair) of p
// and returns the experiment in canonical form. A ruleset may be a grid
// (engine.Expand: "*" for every value of an option, "a..b" for a range),
// which stands for its canonical rulesets in Expand's order; the
// experiment, and so the manifest, lists them one by one.
// Two spellings of one ruleset or one agent pair are an error, since they
// would be one cell twice.
func (p Plan) Experiment() (dataset.Experiment, error) {
	e := dataset.Experiment{Games: p.Games, Seed: p.Seed, Batch: p.Batch, Moves: p.Moves, OpeningPlies: p.OpeningPlies, EquivalenceMargin: p.EquivalenceMargin}
	if err := p.checkCounts(); err != nil {
		return e, err
	}
	if e.Batch == 0 {
		e.Batch = dataset.DefaultBatch(p.Games)
	}
	var err error
	if e.Rules, err = canonicalRules(p.Rules); err != nil {
		return e, err
	}
	pairs, err := canonicalPairs(p.Agents)
	if err != nil {
		return e, err
	}
	if e.Ladder, err = canonicalLadder(p.Ladder); err != nil {
		return e, err
	}
	e.Agents = pairs
	seen := make(map[string]bool, len(pairs))
	for _, c := range pairs {
		seen[c] = true
	}
	for _, a := range e.Ladder {
		for _, b := range e.Ladder {
			if c := a + "/" + b; !seen[c] {
				seen[c] = true
				e.Agents = append(e.Agents, c)
			}
		}
	}
	if err := e.Check(); err != nil {
		field := "games"
		if errors.Is(err, dataset.ErrTooManyFiles) && p.Batch != 0 {
			field = "batch"
		}
		return e, &FieldError{field, 0, err}
	}
	return e, nil
}

// checkCounts checks that p has rulesets and agents and that its
// numbers are in range.
func (p Plan) checkCounts() error {
	if !(p.EquivalenceMargin >= 0 && p.EquivalenceMargin < dataset.MaxEquivalenceMargin) {
		return &FieldError{"equivalence_margin", 0, fmt.Errorf("equivalence margin must be at least 0 and below %g, not %g", dataset.MaxEquivalenceMargin, p.EquivalenceMargin)}
	}
	if len(p.Rules) == 0 {
		return &FieldError{"rules", 0, fmt.Errorf("no ruleset given")}
	}
	if len(p.Agents) == 0 && len(p.Ladder) == 0 {
		return &FieldError{"agents", 0, fmt.Errorf("no agent pair given")}
	}
	if p.OpeningPlies < 0 || p.OpeningPlies > dataset.MaxOpeningPlies {
		return &FieldError{"opening_plies", 0, fmt.Errorf("opening plies must be 0..%d, not %d", dataset.MaxOpeningPlies, p.OpeningPlies)}
	}
	if p.Games < 1 {
		return &FieldError{"games", 0, fmt.Errorf("games per cell must be at least 1, not %d", p.Games)}
	}
	if p.Batch < 0 {
		return &FieldError{"batch", 0, fmt.Errorf("batch size must be at least 1 (or 0 for the default), not %d", p.Batch)}
	}
	if p.Batch > dataset.MaxBatch {
		return &FieldError{"batch", 0, fmt.Errorf("batch size must be at most %d (a batch's games are held in memory), not %d", dataset.MaxBatch, p.Batch)}
	}
	return nil
}

// canonicalRules returns the canonical rulesets of rules, grids
// expanded, refusing one given twice.
func canonicalRules(rules []string) ([]string, error) {
	var out []string
	seen := make(map[string]string)
	for i, r := range rules {
		expanded, err := engine.Expand(r)
		if err != nil {
			return out, &FieldError{"rules", i, fmt.Errorf("ruleset %q: %w", r, err)}
		}
		for _, c := range expanded {
			if prev, ok := seen[c]; ok {
				if engine.IsGrid(r) {
					return out, &FieldError{"rules", i, fmt.Errorf("ruleset grid %q includes %s, which %q gives already", r, c, prev)}
				}
				return out, &FieldError{"rules", i, fmt.Errorf("ruleset %q is %q again (canonical form %s)", r, prev, c)}
			}
			seen[c] = r
			out = append(out, c)
		}
	}
	return out, nil
}

// canonicalPairs returns the canonical agent pairs of agents, refusing
// one given twice.
func canonicalPairs(agents []string) ([]string, error) {
	return canonicalSpecs("agents", "agent pair", agents, func(a string) (string, error) {
		s, n, err := agent.ParsePair(a)
		if err != nil {
			return "", err
		}
		return s.String() + "/" + n.String(), nil
	})
}

// canonicalLadder returns the canonical agent specs of ladder, refusing
// one given twice.
func canonicalLadder(ladder []string) ([]string, error) {
	return canonicalSpecs("ladder", "ladder agent", ladder, func(a string) (string, error) {
		s, err := agent.Parse(a)
		if err != nil {
			return "", err
		}
		return s.String(), nil
	})
}

// canonicalSpecs returns the canonical forms of specs, the list of field
// (a what each), refusing a spec whose canonical form an earlier one has.
func canonicalSpecs(field, what string, specs []string, canonical func(string) (string, error)) ([]string, error) {
	var out []string
	seen := make(map[string]string)
	for i, a := range specs {
		c, err := canonical(a)
		if err != nil {
			return out, &FieldError{field, i, err}
		}
		if prev, ok := seen[c]; ok {
			return out, &FieldError{field, i, fmt.Errorf("%s %q is %q again (canonical form %s)", what, a, prev, c)}
		}
		seen[c] = a
		out = append(out, c)
	}
	return out, nil
}

// MaxWorkers returns the largest number of workers Run accepts: four per
// CPU, at least 8. Each worker holds a batch's rows and a Parquet writer,
// so workers beyond the CPUs cost memory and win nothing.
func MaxWorkers() int { return max(8, 4*runtime.NumCPU()) }
