package effects

import (
	"math"
	"math/rand/v2"
	"testing"
)

// x32 is the design row of cell (a, b) of a 3×2 grid under the main-effects
// model: intercept, a = 1, a = 2, b = 1. With six cells and four
// coefficients the model is not saturated, so the fitted shares differ from
// the cells' own and the sandwich's middle term Σ x xᵀ Σ (y − μ)² carries a
// lack-of-fit part that the model-based covariance A⁻¹ does not have.
func x32(a, b int) []float64 {
	return []float64{1, b2f(a == 1), b2f(a == 2), float64(b)}
}

// games32 is the data of the reference fits: per cell of the 3×2 grid, the
// number of games, wins and draws (the rest lost).
var games32 = []struct{ a, b, n, wins, draws int }{
	{0, 0, 120, 50, 10}, {1, 0, 80, 45, 6}, {2, 0, 100, 30, 20},
	{0, 1, 90, 50, 4}, {1, 1, 110, 40, 12}, {2, 1, 70, 35, 0},
}

// The reference values below come from statsmodels 0.13.5 (Debian's
// python3-statsmodels) on the same data expanded to one row per game:
//
//	sm.GLM(y, X, family=sm.families.Binomial()).fit(cov_type="HC0", tol=1e-14)
//
// with y the score (1 win, 1/2 draw, 0 loss) or the win indicator, and the
// model-based errors (cov_type "nonrobust") noted for contrast: a sandwich
// without the lack-of-fit term, or no sandwich at all, gives those instead.
func TestLogisticSandwichNotSaturated(t *testing.T) {
	for _, c := range []struct {
		name       string
		draw       float64 // the score of a draw
		coef, se   []float64
		modelBased []float64
	}{
		{
			name:       "scores, draws half",
			draw:       0.5,
			coef:       []float64{0.015311876184441364, -0.06716265244861742, -0.27364153451044426, 0.05318834929210967},
			se:         []float64{0.14987558996677836, 0.19408946717395772, 0.19684493393359037, 0.16352825254579748},
			modelBased: []float64{0.156083599404147, 0.2019259569860067, 0.2071908840201276, 0.1700457280475998},
		},
		{
			name:       "wins",
			draw:       0,
			coef:       []float64{-0.17321916873605547, -0.1435402771419617, -0.38195997325278025, 0.18138011980546606},
			se:         []float64{0.15625894547580027, 0.20433486749484447, 0.20880166972967085, 0.1727515557311018},
			modelBased: []float64{0.15678391555726243, 0.20286322098382956, 0.20996946328927438, 0.1715523630301723},
		},
	} {
		var cells []Cell
		for _, g := range games32 {
			w, d := float64(g.wins), float64(g.draws)
			cells = append(cells, Cell{X: x32(g.a, g.b), N: float64(g.n), Sum: w + c.draw*d, SumSq: w + c.draw*c.draw*d})
		}
		fit, err := Logistic(cells)
		if err != nil {
			t.Fatal(err)
		}
		for j := range c.coef {
			if !near(fit.Coef[j], c.coef[j], 1e-9) || !near(fit.SE[j], c.se[j], 1e-9) {
				t.Errorf("%s: coefficient %d = %v ± %v, statsmodels HC0 %v ± %v (model-based ± %v)",
					c.name, j, fit.Coef[j], fit.SE[j], c.coef[j], c.se[j], c.modelBased[j])
			}
			if v := fit.Cov.At(j, j); !near(math.Sqrt(v), fit.SE[j], 1e-12) {
				t.Errorf("%s: Cov[%d][%d] = %v, SE² = %v", c.name, j, j, v, fit.SE[j]*fit.SE[j])
			}
		}
	}
}

// lengths32 are game lengths per cell of the 3×2 grid, for the linear fit.
var lengths32 = map[[2]int][]float64{
	{0, 0}: {30, 34, 41, 37}, {1, 0}: {45, 39, 50, 44, 47}, {2, 0}: {28, 31, 25},
	{0, 1}: {36, 40, 38, 44}, {1, 1}: {52, 49, 55}, {2, 1}: {33, 29, 35, 30, 38},
}

// statsmodels 0.13.5 on the 24 lengths, one row each:
// sm.OLS(y, X).fit(cov_type="HC0"); the classical errors (nonrobust) are
// 1.4940, 1.8298, 1.8298, 1.5179.
func TestLinearSandwichNotSaturated(t *testing.T) {
	var cells []Cell
	for a := 0; a < 3; a++ {
		for b := 0; b < 2; b++ {
			c := Cell{X: x32(a, b)}
			for _, y := range lengths32[[2]int{a, b}] {
				c.N++
				c.Sum += y
				c.SumSq += y * y
			}
			cells = append(cells, c)
		}
	}
	fit, err := Linear(cells)
	if err != nil {
		t.Fatal(err)
	}
	coef := []float64{34.84782608695653, 10.788043478260885, -7.03804347826089, 5.304347826086948}
	se := []float64{1.543905807872209, 1.7479980046575545, 1.6250536858066273, 1.3294989062846037}
	for j := range coef {
		if !near(fit.Coef[j], coef[j], 1e-9) || !near(fit.SE[j], se[j], 1e-9) {
			t.Errorf("coefficient %d = %v ± %v, statsmodels HC0 %v ± %v", j, fit.Coef[j], fit.SE[j], coef[j], se[j])
		}
	}
}

// effectsReps simulated data sets per coverage check: at a true coverage
// of 0.95 the estimate's standard error is sqrt(0.95·0.05/2000) = 0.0049,
// so [0.93, 0.97] is ±4.1 of them around 0.95 (fixed seeds: every run
// draws the same data).
const effectsReps = 2000

func checkCoverage(t *testing.T, what string, covered []int) {
	t.Helper()
	for j, k := range covered {
		c := float64(k) / effectsReps
		if c < 0.93 || c > 0.97 {
			t.Errorf("%s, coefficient %d: coverage %.4f over %d fits, want within [0.93, 0.97]", what, j, c, effectsReps)
		} else {
			t.Logf("%s, coefficient %d: coverage %.4f", what, j, c)
		}
	}
}

// The robust Wald intervals of the logistic fit, Coef ± 1.96·SE, for
// first-player scores on the 3×2 main-effects design with half the games
// drawn: the score's variance is well below μ(1−μ), so model-based errors
// would be too wide (coverage near 0.99), and only the sandwich covers at
// 0.95. The true model is additive on the log odds of the mean score.
func TestLogisticCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	beta := []float64{0.2, -0.3, 0.4, 0.25}
	const n, draw = 150, 0.5
	covered := make([]int, len(beta))
	for range effectsReps {
		var cells []Cell
		for a := 0; a < 3; a++ {
			for b := 0; b < 2; b++ {
				x := x32(a, b)
				mu := sigmoid(dot(x, beta))
				// P(draw) = 0.5 and P(win) = μ − 0.25 give mean score μ.
				c := Cell{X: x}
				for range n {
					c.N++
					switch u := rng.Float64(); {
					case u < mu-draw/2:
						c.Sum++
						c.SumSq++
					case u < mu+draw/2:
						c.Sum += 0.5
						c.SumSq += 0.25
					}
				}
				cells = append(cells, c)
			}
		}
		fit, err := Logistic(cells)
		if err != nil {
			t.Fatal(err)
		}
		countCovered(covered, fit, beta)
	}
	checkCoverage(t, "logistic, scores with half the games drawn", covered)
}

// The HC0 intervals of the linear fit for lengths whose spread differs by
// cell (SD 5 to 30 plies), where the classical errors would be wrong.
func TestLinearCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 6))
	beta := []float64{40, 6, -4, 3}
	sd := []float64{5, 30, 10, 20, 8, 25}
	const n = 100
	covered := make([]int, len(beta))
	for range effectsReps {
		var cells []Cell
		for a := 0; a < 3; a++ {
			for b := 0; b < 2; b++ {
				x := x32(a, b)
				c := Cell{X: x}
				for range n {
					y := dot(x, beta) + sd[2*a+b]*rng.NormFloat64()
					c.N++
					c.Sum += y
					c.SumSq += y * y
				}
				cells = append(cells, c)
			}
		}
		fit, err := Linear(cells)
		if err != nil {
			t.Fatal(err)
		}
		countCovered(covered, fit, beta)
	}
	checkCoverage(t, "linear, unequal spreads", covered)
}

func dot(x, b []float64) float64 {
	s := 0.0
	for j := range x {
		s += x[j] * b[j]
	}
	return s
}

// countCovered counts, per coefficient, whether fit's 95% Wald interval
// holds the true value.
func countCovered(covered []int, fit Fit, beta []float64) {
	const z = 1.959963984540054
	for j, b := range beta {
		if math.Abs(fit.Coef[j]-b) <= z*fit.SE[j] {
			covered[j]++
		}
	}
}
