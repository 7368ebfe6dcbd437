package evaluate

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/baolab/baolab/engine"
)

// Model is a fitted evaluation of one variant: a weight per feature, and
// how the weights were made. Every feature is antisymmetric (the
// opponent's view is minus the player's), so the model has no intercept
// and the logit of one player is minus the other's: a negamax search
// scores both sides with one model.
type Model struct {
	Variant  string    `json:"variant"`
	Features []string  `json:"features"` // Names(Variant), in order
	Weights  []float64 `json:"weights"`  // one per feature
	// How the weights were made: the command that regenerates them, the
	// rulesets whose solved positions labelled the fit, the positions
	// used (deep ones included) and the seed that picked them, and the
	// fit's mean log-loss on them (natural logarithm).
	Command   string   `json:"command"`
	Rulesets  []string `json:"rulesets"`
	Positions int      `json:"positions"`
	Seed      uint64   `json:"seed"`
	LogLoss   float64  `json:"log_loss"`
	// With deep labels (fit-eval --deep; omitted without): the rulesets
	// whose played positions (PlayGames) labelled the fit too, how many
	// of Positions they gave, and the agent that played their games.
	DeepRulesets  []string `json:"deep_rulesets,omitempty"`
	DeepPositions int      `json:"deep_positions,omitempty"`
	DeepAgent     string   `json:"deep_agent,omitempty"`
}

// Logit returns w · features of s from p's view: the log-odds that p
// wins.
func (m *Model) Logit(s engine.State, p engine.Player) float64 {
	var f [MaxFeatures]float64
	n := Features(&f, s, p)
	return dot(m.Weights[:n], f[:n])
}

func dot(w, x []float64) float64 {
	var z float64
	for i := range w {
		z += w[i] * x[i]
	}
	return z
}

// Win returns the model's probability that p wins s (a draw counting 1/2).
func (m *Model) Win(s engine.State, p engine.Player) float64 {
	return sigmoid(m.Logit(s, p))
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// check verifies that m's features are its variant's, in order, with a
// finite weight each.
func (m *Model) check() error {
	want, err := Names(m.Variant)
	if err != nil {
		return err
	}
	if !slices.Equal(m.Features, want) {
		return fmt.Errorf("evaluate: weights for %s list features %v, the extractor has %v", m.Variant, m.Features, want)
	}
	if len(m.Weights) != len(want) {
		return fmt.Errorf("evaluate: weights for %s: %d weights for %d features", m.Variant, len(m.Weights), len(want))
	}
	for i, w := range m.Weights {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("evaluate: weights for %s: weight of %s is %v", m.Variant, want[i], w)
		}
	}
	return nil
}

// Read reads a model written by Write and checks that it matches its
// variant's features.
func Read(r io.Reader) (*Model, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var m Model
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("evaluate: reading weights: %w", err)
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return &m, nil
}

// Write writes m as indented JSON (weights in the shortest form that
// reads back exactly).
func (m *Model) Write(w io.Writer) error {
	if err := m.check(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

//go:embed weights/*.json
var weightFiles embed.FS

// Fitted returns the committed model of a variant (weights/VARIANT.json,
// embedded in the binary). The same call always returns the same model.
func Fitted(variant string) (*Model, error) {
	if _, err := Names(variant); err != nil {
		return nil, err
	}
	b, err := weightFiles.ReadFile("weights/" + variant + ".json")
	if err != nil {
		return nil, fmt.Errorf("evaluate: no fitted weights for %s (make them with baolab fit-eval)", variant)
	}
	m, err := Read(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if m.Variant != variant {
		return nil, fmt.Errorf("evaluate: weights/%s.json holds weights for %s", variant, m.Variant)
	}
	return m, nil
}
