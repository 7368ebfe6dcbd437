package evaluate_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim/evaluate"
	"github.com/baolab/baolab/solve"
)

// synthetic returns n samples of 3 standard normal features labelled by
// the logistic model w: the label itself is P(win) when expected is set,
// else a draw from it.
func synthetic(n int, w []float64, expected bool, seed uint64) []evaluate.Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]evaluate.Sample, n)
	for i := range out {
		var z float64
		for j := range w {
			out[i].X[j] = rng.NormFloat64()
			z += w[j] * out[i].X[j]
		}
		p := 1 / (1 + math.Exp(-z))
		switch {
		case expected:
			out[i].Y = p
		case rng.Float64() < p:
			out[i].Y = 1
		}
	}
	return out
}

func TestFitRecoversKnownWeights(t *testing.T) {
	w := []float64{1.5, -0.7, 0.25}
	// Labels that are the model's probabilities: the log-loss is
	// minimised exactly at w.
	got, err := evaluate.Fit(synthetic(2000, w, true, 1), 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(got[j]-w[j]) > 1e-9 {
			t.Errorf("expected labels: w[%d] = %.12f, want %g", j, got[j], w[j])
		}
	}
	// Win/loss draws: the estimate's standard error is about 0.03 at this
	// size, so 0.12 is 4 of them.
	got, err = evaluate.Fit(synthetic(20000, w, false, 2), 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(got[j]-w[j]) > 0.12 {
			t.Errorf("drawn labels: w[%d] = %.4f, want %g ± 0.12", j, got[j], w[j])
		}
	}
	t.Logf("drawn labels: fitted %.4f, true %v", got, w)
}

// TestFittedBeatsMaterial fits on half the solved positions of small
// boards and compares, on the other half, the fitted model with the
// material-only model (a logistic regression on the material difference
// alone): the fitted one must have the lower log-loss and an accuracy no
// worse.
func TestFittedBeatsMaterial(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows:holes=5", "kingulu:holes=4,seeds=3", "kimasai-two-rows:holes=4,reserve=0"} {
		t.Run(rs, func(t *testing.T) {
			g := engine.MustParse(rs)
			all, err := evaluate.Label(g, 8000, 7, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			train, test := all[:len(all)/2], all[len(all)/2:]
			names, _ := evaluate.Names(g.Variant())
			w, err := evaluate.Fit(train, len(names), 1e-4)
			if err != nil {
				t.Fatal(err)
			}
			m, err := evaluate.Fit(train, 1, 1e-4)
			if err != nil {
				t.Fatal(err)
			}
			ll, acc, n := evaluate.Score(w, test)
			mll, macc, _ := evaluate.Score(m, test)
			t.Logf("%d held-out positions (%d decisive): fitted log-loss %.4f accuracy %.4f; material log-loss %.4f accuracy %.4f",
				len(test), n, ll, acc, mll, macc)
			if ll >= mll || acc < macc {
				t.Errorf("fitted (log-loss %.4f, accuracy %.4f) does not beat material (%.4f, %.4f)", ll, acc, mll, macc)
			}
		})
	}
}

func TestLabelIsReproducible(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows:holes=4")
	a, err := evaluate.Label(g, 50, 3, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := evaluate.Label(g, 50, 3, solve.Options{})
	c, _ := evaluate.Label(g, 50, 4, solve.Options{})
	if len(a) != 50 || !reflect.DeepEqual(a, b) {
		t.Fatalf("two labellings with seed 3 differ (or not 50 samples: %d)", len(a))
	}
	if reflect.DeepEqual(a, c) {
		t.Error("seeds 3 and 4 pick the same positions")
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	for _, v := range []string{"kingulu", "kimasai-four-rows", "kimasai-two-rows"} {
		m, err := evaluate.Fitted(v)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(m.Command, "baolab fit-eval ") || m.Positions == 0 || len(m.Rulesets) == 0 {
			t.Errorf("%s: weights without their provenance: %+v", v, m)
		}
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := evaluate.Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(m, back) {
			t.Errorf("%s: read back %+v, wrote %+v", v, back, m)
		}
		again, _ := evaluate.Fitted(v)
		if !reflect.DeepEqual(m, again) {
			t.Errorf("%s: two loads differ", v)
		}
	}
	bad := `{"variant":"kingulu","features":["material"],"weights":[1],"command":"","rulesets":null,"positions":0,"seed":0,"log_loss":0}`
	if _, err := evaluate.Read(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "features") {
		t.Errorf("weights with the wrong features: error %v, want one naming the features", err)
	}
}

// TestCommittedWeightsReproduce refits the committed kimasai-four-rows
// weights as their recorded command does (baolab fit-eval: Label on each
// ruleset with seed+i, then Fit with the default ridge) and checks that
// the same weights come out.
func TestCommittedWeightsReproduce(t *testing.T) {
	if testenv.Short() {
		t.Skip("solves the 5- and 6-hole boards")
	}
	const (
		variant   = "kimasai-four-rows"
		positions = 20000
		seed      = 1
		ridge     = 1e-4 // fit-eval's default
	)
	m, err := evaluate.Fitted(variant)
	if err != nil {
		t.Fatal(err)
	}
	want := "baolab fit-eval --rules kimasai-four-rows:holes=5 --rules kimasai-four-rows:holes=6 --positions 20000 --seed 1 --out sim/evaluate/weights/kimasai-four-rows.json"
	if m.Command != want || m.Seed != seed {
		t.Fatalf("committed weights made by %q (seed %d); this test refits %q", m.Command, m.Seed, want)
	}
	var samples []evaluate.Sample
	for i, rs := range m.Rulesets {
		s, err := evaluate.Label(engine.MustParse(rs), positions, seed+uint64(i), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, s...)
	}
	w, err := evaluate.Fit(samples, len(m.Features), ridge)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != m.Positions {
		t.Errorf("%d positions, the weights record %d", len(samples), m.Positions)
	}
	for i := range w {
		if math.Abs(w[i]-m.Weights[i]) > 1e-9*math.Max(1, math.Abs(w[i])) {
			t.Errorf("%s: refitted %.12g, committed %.12g", m.Features[i], w[i], m.Weights[i])
		}
	}
}
