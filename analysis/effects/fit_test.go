package effects

import (
	"math"
	"math/rand/v2"
	"testing"
)

func logit(p float64) float64 { return math.Log(p / (1 - p)) }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Two cells, one option with two levels: the MLE is the log odds of the
// first cell's share and the log odds ratio of the second against it; the
// standard error of the log odds ratio is sqrt(1/a + 1/b + 1/c + 1/d).
func TestLogisticTwoCellsClosedForm(t *testing.T) {
	fit, err := Logistic([]Cell{
		{X: []float64{1, 0}, N: 100, Sum: 30, SumSq: 30},
		{X: []float64{1, 1}, N: 200, Sum: 120, SumSq: 120},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !near(fit.Coef[0], math.Log(30.0/70), 1e-9) || !near(fit.Coef[1], math.Log(120.0/80)-math.Log(30.0/70), 1e-9) {
		t.Errorf("coefficients %v", fit.Coef)
	}
	if se := math.Sqrt(1.0/30 + 1.0/70 + 1.0/120 + 1.0/80); !near(fit.SE[1], se, 1e-9) {
		t.Errorf("SE %v, want %v", fit.SE[1], se)
	}
	if se := math.Sqrt(1.0/30 + 1.0/70); !near(fit.SE[0], se, 1e-9) {
		t.Errorf("intercept SE %v, want %v", fit.SE[0], se)
	}
}

// A saturated 2×2 design with the interaction: the interaction is the
// difference of the log odds ratios, logit(p11) − logit(p10) − logit(p01) +
// logit(p00).
func TestLogisticSaturatedInteraction(t *testing.T) {
	p := map[[2]int]float64{{0, 0}: 0.40, {1, 0}: 0.55, {0, 1}: 0.20, {1, 1}: 0.70}
	var cells []Cell
	for k, v := range p {
		a, b := float64(k[0]), float64(k[1])
		cells = append(cells, Cell{X: []float64{1, a, b, a * b}, N: 100, Sum: 100 * v, SumSq: 100 * v})
	}
	fit, err := Logistic(cells)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{logit(0.4), logit(0.55) - logit(0.4), logit(0.2) - logit(0.4), logit(0.7) - logit(0.55) - logit(0.2) + logit(0.4)}
	for j := range want {
		if !near(fit.Coef[j], want[j], 1e-9) {
			t.Errorf("coefficient %d = %v, want %v", j, fit.Coef[j], want[j])
		}
	}
	// Saturated, 0/1 outcomes: the SE of the interaction is the root of the
	// sum of 1/count over the eight counts.
	se := 0.0
	for _, v := range p {
		se += 1/(100*v) + 1/(100*(1-v))
	}
	if !near(fit.SE[3], math.Sqrt(se), 1e-9) {
		t.Errorf("SE %v, want %v", fit.SE[3], math.Sqrt(se))
	}
}

// Fractional outcomes (scores of 1, 1/2, 0): in a saturated design the
// estimate is still the log odds of each cell's mean score.
func TestLogisticFractional(t *testing.T) {
	// Cell 0: 40 wins, 20 halves, 40 losses: mean 0.5. Cell 1: 60 wins, 10
	// halves, 30 losses: mean 0.65.
	fit, err := Logistic([]Cell{
		{X: []float64{1, 0}, N: 100, Sum: 40 + 10, SumSq: 40 + 5},
		{X: []float64{1, 1}, N: 100, Sum: 60 + 5, SumSq: 60 + 2.5},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !near(fit.Coef[1], logit(0.65), 1e-9) || !near(fit.Coef[0], 0, 1e-9) {
		t.Errorf("coefficients %v", fit.Coef)
	}
	// Sandwich variance of a cell's log odds: Σ(y−μ)² / (Nμ(1−μ))², with
	// Σ(y−μ)² = SumSq − N·μ² = 45 − 25 = 20 in cell 0 and 62.5 − 42.25 =
	// 20.25 in cell 1.
	v := 20/math.Pow(100*0.25, 2) + 20.25/math.Pow(100*0.65*0.35, 2)
	if !near(fit.SE[1], math.Sqrt(v), 1e-9) {
		t.Errorf("SE %v, want %v", fit.SE[1], math.Sqrt(v))
	}
}

// Expected counts of an additive logistic model on a 3×2 design (no
// interaction): the fit of the main-effects model recovers the
// coefficients.
func TestLogisticKnownEffects(t *testing.T) {
	beta := []float64{-0.3, 0.5, -0.8, 0.25}
	var cells []Cell
	for a := 0; a < 3; a++ {
		for b := 0; b < 2; b++ {
			x := []float64{1, b2f(a == 1), b2f(a == 2), float64(b)}
			e := 0.0
			for j := range x {
				e += x[j] * beta[j]
			}
			n := 1000.0 * float64(1+a+b) // unbalanced on purpose
			cells = append(cells, Cell{X: x, N: n, Sum: n * sigmoid(e), SumSq: n * sigmoid(e)})
		}
	}
	fit, err := Logistic(cells)
	if err != nil {
		t.Fatal(err)
	}
	for j := range beta {
		if !near(fit.Coef[j], beta[j], 1e-8) {
			t.Errorf("coefficient %d = %v, want %v", j, fit.Coef[j], beta[j])
		}
	}
}

// Random games from a known model: estimates within 4 standard errors,
// and the 2×2 linear fit equals the closed form.
func TestSyntheticGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	beta := []float64{0.2, -0.4, 0.3}
	var logCells, linCells []Cell
	for a := 0; a < 2; a++ {
		for b := 0; b < 2; b++ {
			x := []float64{1, float64(a), float64(b)}
			pr := sigmoid(beta[0] + beta[1]*x[1] + beta[2]*x[2])
			mean := 50 + 10*x[1] - 5*x[2]
			c, l := Cell{X: x}, Cell{X: x}
			for i := 0; i < 5000; i++ {
				c.N++
				if rng.Float64() < pr {
					c.Sum++
					c.SumSq++
				}
				y := mean + 20*rng.NormFloat64()
				l.N++
				l.Sum += y
				l.SumSq += y * y
			}
			logCells, linCells = append(logCells, c), append(linCells, l)
		}
	}
	fit, err := Logistic(logCells)
	if err != nil {
		t.Fatal(err)
	}
	lin, err := Linear(linCells)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range beta {
		if math.Abs(fit.Coef[j]-want) > 4*fit.SE[j] || fit.SE[j] > 0.1 {
			t.Errorf("logistic %d: %v ± %v, want %v", j, fit.Coef[j], fit.SE[j], want)
		}
	}
	for j, want := range []float64{50, 10, -5} {
		if math.Abs(lin.Coef[j]-want) > 4*lin.SE[j] || lin.SE[j] > 1 {
			t.Errorf("linear %d: %v ± %v, want %v", j, lin.Coef[j], lin.SE[j], want)
		}
	}
}

// Two cells: the linear fit is the difference of means with the HC0
// standard error sqrt(S₁/N₁² + S₀/N₀²).
func TestLinearTwoCells(t *testing.T) {
	// Cell 0: {1, 2, 3, 6}: mean 3, S = 4+1+0+9 = 14. Cell 1: {10, 12}:
	// mean 11, S = 2.
	fit, err := Linear([]Cell{
		{X: []float64{1, 0}, N: 4, Sum: 12, SumSq: 1 + 4 + 9 + 36},
		{X: []float64{1, 1}, N: 2, Sum: 22, SumSq: 100 + 144},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !near(fit.Coef[0], 3, 1e-12) || !near(fit.Coef[1], 8, 1e-12) {
		t.Errorf("coefficients %v", fit.Coef)
	}
	if se := math.Sqrt(14.0/16 + 2.0/4); !near(fit.SE[1], se, 1e-12) {
		t.Errorf("SE %v, want %v", fit.SE[1], se)
	}
}

// A level without events: its log odds ratio is undefined; the others
// stay finite.
func TestLogisticSeparation(t *testing.T) {
	fit, err := Logistic([]Cell{
		{X: []float64{1, 0, 0}, N: 1000, Sum: 20, SumSq: 20},
		{X: []float64{1, 1, 0}, N: 1000, Sum: 0, SumSq: 0},
		{X: []float64{1, 0, 1}, N: 1000, Sum: 40, SumSq: 40},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(fit.Coef[1]) || !math.IsNaN(fit.SE[1]) {
		t.Errorf("level without events: %v ± %v, want undefined", fit.Coef[1], fit.SE[1])
	}
	if !near(fit.Coef[2], logit(0.04)-logit(0.02), 1e-6) {
		t.Errorf("other level: %v, want %v", fit.Coef[2], logit(0.04)-logit(0.02))
	}
	if _, err := Logistic([]Cell{{X: []float64{1, 0}, N: 10}, {X: []float64{1, 1}, N: 10}}); err == nil {
		t.Error("no events at all: no error")
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Designs that cannot be fitted are refused with an error, not fitted to
// NaN: no cells, rows of different lengths, a column that no cell has
// (not identified), and outcomes that never vary.
func TestFitErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells []Cell
	}{
		{"no cells", nil},
		{"rows of different lengths", []Cell{{X: []float64{1, 0}, N: 10, Sum: 3, SumSq: 3}, {X: []float64{1}, N: 10, Sum: 5, SumSq: 5}}},
		{"column never set", []Cell{{X: []float64{1, 0}, N: 10, Sum: 3, SumSq: 3}, {X: []float64{1, 0}, N: 10, Sum: 5, SumSq: 5}}},
	} {
		if _, err := Logistic(c.cells); err == nil {
			t.Errorf("Logistic, %s: no error", c.name)
		}
		if _, err := Linear(c.cells); err == nil {
			t.Errorf("Linear, %s: no error", c.name)
		}
	}
	allEvents := []Cell{{X: []float64{1, 0}, N: 10, Sum: 10, SumSq: 10}, {X: []float64{1, 1}, N: 20, Sum: 20, SumSq: 20}}
	if _, err := Logistic(allEvents); err == nil {
		t.Error("Logistic, every game an event: no error")
	}
}
