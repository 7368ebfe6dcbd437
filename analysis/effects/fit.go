package effects

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Cell holds the sufficient statistics of the per-game outcomes y of one
// cell of a design: its row X of the design matrix (the same for every
// game of the cell), the number of games N, and the sums of y and y².
// For a share y is 0 or 1 (or 1/2 for a half point of the first-player
// score); for game length y is the number of plies.
type Cell struct {
	X          []float64
	N          float64
	Sum, SumSq float64
}

// Fit is a fitted regression: the coefficients, their standard errors and
// their covariance. A coefficient whose estimate runs off to infinity
// (separation: a level with no events, or only events) is NaN, and so is
// its standard error.
type Fit struct {
	Coef, SE []float64
	Cov      *mat.SymDense
}

// maxLogOdds bounds a finite logistic coefficient: beyond it the fit is
// taken to diverge (the likelihood keeps growing as the coefficient goes to
// ±∞), which happens when a level of an option has no events or only
// events.
const maxLogOdds = 15

// Logistic fits the logistic regression logit E[y] = X·β by maximum
// likelihood (gonum/optimize's Newton method on the binomial
// log-likelihood, which for an indicator design needs only each cell's
// N and Sum). y may be fractional in [0, 1] (the quasi-likelihood of
// Papke and Wooldridge, 1996: the estimate is consistent when the mean is
// right). Standard errors are the sandwich (robust) ones,
//
//	Cov = A⁻¹ B A⁻¹,  A = Σ N μ(1−μ) x xᵀ,  B = Σ x xᵀ Σ_games (y − μ)²,
//
// where Σ_games (y − μ)² = SumSq − 2μ·Sum + N·μ². For 0/1 outcomes and a
// saturated design B = A, and the errors are the usual ones (for two cells,
// sqrt(1/a + 1/b + 1/c + 1/d) of the log odds ratio).
func Logistic(cells []Cell) (Fit, error) {
	p, err := check(cells)
	if err != nil {
		return Fit{}, err
	}
	var total, events float64
	for _, c := range cells {
		total += c.N
		events += c.Sum
	}
	if events <= 0 || events >= total {
		return Fit{}, errors.New("no variation: every game has the same outcome")
	}
	eta := func(c Cell, b []float64) float64 {
		e := 0.0
		for j, x := range c.X {
			e += x * b[j]
		}
		return e
	}
	prob := &optimize.Problem{
		Func: func(b []float64) float64 {
			f := 0.0
			for _, c := range cells {
				e := eta(c, b)
				f -= c.Sum*e - c.N*softplus(e)
			}
			return f / total
		},
		Grad: func(g, b []float64) {
			clear(g)
			for _, c := range cells {
				r := c.Sum - c.N*sigmoid(eta(c, b))
				for j, x := range c.X {
					g[j] -= r * x / total
				}
			}
		},
		Hess: func(h *mat.SymDense, b []float64) {
			zero(h)
			for _, c := range cells {
				m := sigmoid(eta(c, b))
				w := c.N * m * (1 - m) / total
				addOuter(h, c.X, w)
			}
		},
	}
	init := make([]float64, p)
	init[0] = math.Log(events / (total - events)) // the intercept column comes first
	res, err := optimize.Minimize(*prob, init, &optimize.Settings{GradientThreshold: 1e-11, MajorIterations: 200}, &optimize.Newton{})
	if res == nil {
		return Fit{}, fmt.Errorf("logistic fit: %w", err)
	}
	b := res.X
	a, bm := mat.NewSymDense(p, nil), mat.NewSymDense(p, nil)
	for _, c := range cells {
		m := sigmoid(eta(c, b))
		addOuter(a, c.X, c.N*m*(1-m))
		addOuter(bm, c.X, math.Max(0, c.SumSq-2*m*c.Sum+c.N*m*m))
	}
	diverged := make([]bool, p)
	for j, v := range b {
		diverged[j] = math.Abs(v) > maxLogOdds || math.IsNaN(v)
	}
	return sandwich(b, a, bm, diverged)
}

// Linear fits the linear regression E[y] = X·β by least squares over the
// games (each cell weighs N times), with the sandwich (HC0,
// heteroscedasticity-robust) covariance
//
//	Cov = A⁻¹ B A⁻¹,  A = Σ N x xᵀ,  B = Σ x xᵀ Σ_games (y − x·β)².
//
// With two cells it gives the difference of their means with standard
// error sqrt(S₁/N₁² + S₀/N₀²), S the sum of squared deviations in a cell.
func Linear(cells []Cell) (Fit, error) {
	p, err := check(cells)
	if err != nil {
		return Fit{}, err
	}
	a := mat.NewSymDense(p, nil)
	rhs := mat.NewVecDense(p, nil)
	for _, c := range cells {
		addOuter(a, c.X, c.N)
		for j, x := range c.X {
			rhs.SetVec(j, rhs.AtVec(j)+x*c.Sum)
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(a) {
		return Fit{}, errors.New("the design does not identify every coefficient")
	}
	var bv mat.VecDense
	if err := ch.SolveVecTo(&bv, rhs); err != nil {
		return Fit{}, err
	}
	b := make([]float64, p)
	for j := range b {
		b[j] = bv.AtVec(j)
	}
	bm := mat.NewSymDense(p, nil)
	for _, c := range cells {
		f := 0.0
		for j, x := range c.X {
			f += x * b[j]
		}
		addOuter(bm, c.X, math.Max(0, c.SumSq-2*f*c.Sum+c.N*f*f))
	}
	return sandwich(b, a, bm, make([]bool, p))
}

// sandwich returns the fit with covariance A⁻¹ B A⁻¹; coefficients marked
// diverged are NaN.
func sandwich(b []float64, a, bm *mat.SymDense, diverged []bool) (Fit, error) {
	p := len(b)
	var ch mat.Cholesky
	if !ch.Factorize(a) {
		return Fit{}, errors.New("the design does not identify every coefficient")
	}
	var ainv mat.SymDense
	if err := ch.InverseTo(&ainv); err != nil {
		return Fit{}, err
	}
	var t, cov mat.Dense
	t.Mul(&ainv, bm)
	cov.Mul(&t, &ainv)
	fit := Fit{Coef: make([]float64, p), SE: make([]float64, p), Cov: mat.NewSymDense(p, nil)}
	for i := 0; i < p; i++ {
		for j := i; j < p; j++ {
			fit.Cov.SetSym(i, j, (cov.At(i, j)+cov.At(j, i))/2)
		}
		fit.Coef[i], fit.SE[i] = b[i], math.Sqrt(math.Max(0, cov.At(i, i)))
		if diverged[i] {
			fit.Coef[i], fit.SE[i] = math.NaN(), math.NaN()
		}
	}
	return fit, nil
}

func check(cells []Cell) (int, error) {
	if len(cells) == 0 {
		return 0, errors.New("no cells")
	}
	p := len(cells[0].X)
	for _, c := range cells {
		if len(c.X) != p {
			return 0, errors.New("design rows of different lengths")
		}
	}
	return p, nil
}

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// softplus is log(1 + eˣ) without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

func zero(h *mat.SymDense) {
	n := h.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			h.SetSym(i, j, 0)
		}
	}
}

// addOuter adds w·x xᵀ to h.
func addOuter(h *mat.SymDense, x []float64, w float64) {
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		for j := i; j < len(x); j++ {
			h.SetSym(i, j, h.At(i, j)+w*xi*x[j])
		}
	}
}
