// Package rating fits a Bradley–Terry (Elo) model with a first-move
// advantage and a draw parameter, as BayesElo does, to the results of a
// round-robin of agents (a strength ladder), by maximum likelihood; a
// seat-aware form gives every agent its own first-move advantage, and a
// likelihood-ratio test chooses between the two. Every fit carries a
// goodness-of-fit test.
//
// # Model
//
// Each agent i has a rating r_i, in Elo points. When i moves first against
// j (self-play, i = j, included), with x the first mover's edge:
//
//	P(first mover wins)  = f(x − D)
//	P(second mover wins) = f(−x − D)
//	P(draw)              = 1 − P(first wins) − P(second wins)
//
// where f(z) = 1 / (1 + 10^(−z/400)) and D ≥ 0 is the draw parameter, in
// rating points. The two models differ in x:
//
//	single (FitML):       x = r_i − r_j + A
//	per-agent (FitPerAgent): x = r_i − r_j + a_i
//
// A is one first-move advantage for every agent; a_i is the advantage of
// agent i when it moves first, so that in the per-agent model r_i is
// agent i's rating as second mover and r_i + a_i its rating as first
// mover. Ratings are anchored: the anchor agent (random, when the ladder
// has it) is 0. A game that no one won (a draw, or a game stopped at
// max_plies) counts as a draw, in both models alike.
//
// # Identifiability
//
// Self-play gives x = A (or a_i) alone, so it informs A, a_i and D only.
// The per-agent model has 2n − 1 edge parameters for n agents (ratings
// but the anchor's, and n advantages) and is identified when the edges x
// of the ordered pairs played determine them, that is when the design
// matrix (a row per ordered pair played, a column per parameter) has full
// column rank. A ladder in which every agent plays itself is identified
// (self-play gives a_i, then any connecting pair the ratings); so is one
// of n ≥ 3 agents in every ordered pair without self-play; two agents
// without self-play are not (two edges for three parameters).
// FitPerAgent checks the rank and returns an error when the parameters
// are not identified.
//
// # Fit and intervals
//
// The maximum of the log-likelihood is found with gonum's BFGS on natural
// units (points × ln 10 / 400), D through log D. Every interval is a
// profile-likelihood interval: the parameter values v whose profile
// log-likelihood (maximised over every other parameter with this one held
// at v) lies within χ²₁(conf)/2 of the maximum. The bounds are found by
// stepping out from the estimate, doubling the step, and bisecting to
// 0.01 points. An agent that never lost (or never won) has no finite
// maximum-likelihood rating: its estimate and one bound are ±Inf (beyond
// ±MaxPoints), the other bound is finite. D's lower bound stops at 0.
//
// # Choosing the model
//
// Choose fits both models and compares them by the likelihood-ratio
// statistic G = 2 (ℓ_per-agent − ℓ_single), which is χ² with n − 1
// degrees of freedom under the single model (the per-agent model has n
// advantages where the single one has one). The per-agent model is chosen
// when the p-value is below Level (0.05); otherwise, or when the
// per-agent model is not identified, the single model is.
//
// # Goodness of fit
//
// Each fit has a Pearson χ² test of its predictions against the games:
// X² = Σ (O − E)² / E over the win, draw and loss counts O of every
// ordered pair (win and loss only when the ladder has no draw, and then
// D does not count as a parameter), with E the counts the fit predicts.
// Its degrees of freedom are the pairs' free counts (2 per pair, or 1
// without draws) minus the fitted parameters; the p-value is the χ²
// tail, which is an approximation that is poor for small expected
// counts: the fit is flagged approximate by Cochran's rule, when any
// expected count is below 1 or more than a fifth of them are below 5. An
// unbounded rating leaves expected counts near 0, so such ladders are
// flagged too. Next to the test, each pair's observed and predicted score
// of the first mover (draws as half) shows where the fit misses.
package rating

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat/distuv"
)

// MaxPoints bounds the search for an interval's end: a bound beyond
// ±MaxPoints rating points is ±Inf, and so is an estimate beyond
// ±MaxPoints/2 (the likelihood grows without bound that way).
const MaxPoints = 10000

// Level is the significance level at which Choose prefers the per-agent
// model.
const Level = 0.05

// scale converts rating points to natural (logit) units.
const scale = math.Ln10 / 400

// Model names a parametrisation of the first mover's edge.
type Model int

const (
	// Single has one first-move advantage A for every agent.
	Single Model = iota
	// PerAgent has a first-move advantage a_i for every agent i.
	PerAgent
)

// String returns the model's name as ladder.json writes it.
func (m Model) String() string {
	if m == PerAgent {
		return "per-agent"
	}
	return "single"
}

// Tally counts the games in which First moved first against Second
// (First == Second for self-play).
type Tally struct {
	First, Second string
	Wins          int64 // games the first mover won
	Draws         int64 // games no one won
	Losses        int64 // games the second mover won
}

// Estimate is a parameter in rating points with its interval.
type Estimate struct {
	Value, Lo, Hi float64
}

// Fit is the maximum-likelihood fit of a ladder.
type Fit struct {
	Model Model
	// Agents lists the agents in the order of Ratings: the anchor first,
	// then the others in the order they first appear in the tallies.
	Agents  []string
	Ratings []Estimate // the anchor's is 0 [0, 0]
	// FirstMove is A in the single model (NaN in the per-agent model);
	// FirstMoves holds a_i in the order of Agents in the per-agent model
	// (nil in the single model).
	FirstMove  Estimate
	FirstMoves []Estimate
	Draw       Estimate // D
	LogLik     float64  // at the maximum
	Games      int64
	Params     int // free parameters: ratings, advantages and D
	GoF        GoodnessOfFit
}

// GoodnessOfFit is the Pearson χ² test of a fit (see the package doc).
type GoodnessOfFit struct {
	Chi2 float64
	DF   int
	P    float64 // NaN when DF < 1
	// Counts is the number of expected counts summed over; Small those
	// below 5 and Tiny those below 1. Approximate is Cochran's rule.
	Counts, Small, Tiny int
	Approximate         bool
	Pairs               []PairFit
}

// PairFit is one ordered pair's score of the first mover (wins plus half
// the draws, over the games), observed and predicted by the fit.
type PairFit struct {
	First, Second       string
	Games               int64
	Observed, Predicted float64
}

// model holds the tallies by agent index. The parameter vector is the
// ratings of agents 1..n-1, then the m first-move advantages, then log D.
type model struct {
	first, second []int
	adv           []int // index of each tally's first-move advantage
	w, d, l       []float64
	n, m          int // agents, first-move advantages
	draws         bool
}

// dim is the number of parameters.
func (m *model) dim() int { return m.n + m.m }

// logD is the index of log D in the parameter vector.
func (m *model) logD() int { return m.n - 1 + m.m }

func logistic(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// nll returns the negative log-likelihood at natural-unit ratings r (r[0]
// = 0), advantages a and draw parameter d > 0, and adds its gradient to gr
// (by agent), ga (by advantage) and gd when gr is not nil.
func (m *model) nll(r, a []float64, d float64, gr, ga []float64, gd *float64) float64 {
	var sum float64
	for k := range m.first {
		i, j := m.first[k], m.second[k]
		x := r[i] - r[j] + a[m.adv[k]]
		pw, pl := logistic(x-d), logistic(-x-d)
		pd := 1 - pw - pl
		// Derivatives of pw and pl by x and by d.
		dw, dl := pw*(1-pw), pl*(1-pl)
		var lx, ld float64
		if m.w[k] > 0 {
			sum -= m.w[k] * math.Log(pw)
			lx += m.w[k] * (1 - pw)
			ld -= m.w[k] * (1 - pw)
		}
		if m.l[k] > 0 {
			sum -= m.l[k] * math.Log(pl)
			lx -= m.l[k] * (1 - pl)
			ld -= m.l[k] * (1 - pl)
		}
		if m.d[k] > 0 {
			if pd <= 0 {
				return math.Inf(1)
			}
			sum -= m.d[k] * math.Log(pd)
			lx += m.d[k] * (-dw + dl) / pd
			ld += m.d[k] * (dw + dl) / pd
		}
		if gr != nil {
			gr[i] -= lx
			gr[j] += lx
			ga[m.adv[k]] -= lx
			*gd -= ld
		}
	}
	return sum
}

// FitML fits the single model (one first-move advantage) to tallies at
// confidence conf (e.g. 0.95), with anchor's rating fixed at 0. The
// anchor must play in the tallies.
func FitML(tallies []Tally, anchor string, conf float64) (*Fit, error) {
	return fit(tallies, anchor, conf, Single)
}

// FitPerAgent fits the per-agent model (a first-move advantage for every
// agent) like FitML; it returns an error when the tallies do not identify
// its parameters (see the package doc).
func FitPerAgent(tallies []Tally, anchor string, conf float64) (*Fit, error) {
	return fit(tallies, anchor, conf, PerAgent)
}

func fit(tallies []Tally, anchor string, conf float64, kind Model) (*Fit, error) {
	if conf <= 0 || conf >= 1 {
		return nil, fmt.Errorf("rating: confidence %g not in (0, 1)", conf)
	}
	return fitModel(tallies, anchor, conf, kind, true)
}

// fitModel fits the model of the given kind, with the profile intervals
// when intervals is set (else every bound is NaN).
func fitModel(tallies []Tally, anchor string, conf float64, kind Model, intervals bool) (*Fit, error) {
	m, agents, games, err := build(tallies, anchor, kind)
	if err != nil {
		return nil, err
	}
	if kind == PerAgent && !m.identified() {
		return nil, errors.New("rating: the games do not identify a first-move advantage per agent: the ordered pairs played leave the ratings and advantages undetermined (play every agent against itself, or three or more agents in every ordered pair)")
	}
	best, ll, err := m.maximize(m.start(), -1, 0)
	if err != nil {
		return nil, err
	}
	f := &Fit{Model: kind, Agents: agents, LogLik: -ll, Games: games, Ratings: make([]Estimate, m.n)}
	nan := math.NaN()
	f.FirstMove = Estimate{nan, nan, nan}
	if kind == PerAgent {
		f.FirstMoves = make([]Estimate, m.m)
	}
	crit := distuv.ChiSquared{K: 1}.Quantile(conf) / 2
	for p := range m.dim() {
		f.estimate(m, best, ll, crit, p, intervals)
	}
	f.Params = m.dim()
	if !m.draws {
		f.Params--
	}
	f.GoF = m.goodness(best, agents, f.Params)
	return f, nil
}

// build reads the tallies into a model of the given kind, with anchor
// first among the agents, and returns the agents and the games.
func build(tallies []Tally, anchor string, kind Model) (*model, []string, int64, error) {
	idx := map[string]int{anchor: 0}
	agents := []string{anchor}
	m := &model{}
	var games, decisive int64
	found := false
	for _, t := range tallies {
		if t.Wins < 0 || t.Draws < 0 || t.Losses < 0 {
			return nil, nil, 0, fmt.Errorf("rating: negative count for %s/%s", t.First, t.Second)
		}
		if t.Wins+t.Draws+t.Losses == 0 {
			continue
		}
		for _, a := range []string{t.First, t.Second} {
			if a == anchor {
				found = true
			}
			if _, ok := idx[a]; !ok {
				idx[a] = len(agents)
				agents = append(agents, a)
			}
		}
		m.first = append(m.first, idx[t.First])
		m.second = append(m.second, idx[t.Second])
		m.w = append(m.w, float64(t.Wins))
		m.d = append(m.d, float64(t.Draws))
		m.l = append(m.l, float64(t.Losses))
		games += t.Wins + t.Draws + t.Losses
		decisive += t.Wins + t.Losses
		m.draws = m.draws || t.Draws > 0
	}
	if !found {
		return nil, nil, 0, fmt.Errorf("rating: anchor %q played no game", anchor)
	}
	if decisive == 0 {
		return nil, nil, 0, errors.New("rating: no game was won: ratings are not defined")
	}
	m.n, m.m = len(agents), 1
	m.adv = make([]int, len(m.first))
	if kind == PerAgent {
		m.m = m.n
		copy(m.adv, m.first)
	}
	return m, agents, games, nil
}

// start returns the starting point of the fit: every rating and
// advantage 0, D = 0.5 natural units (0.001 when no game was drawn).
func (m *model) start() []float64 {
	x0 := make([]float64, m.dim()) // ratings 1..n-1, advantages, log D
	x0[m.logD()] = math.Log(0.5)
	if !m.draws {
		x0[m.logD()] = math.Log(1e-3)
	}
	return x0
}

// identified reports whether the edges of the tallies determine the
// ratings and advantages: whether the design matrix (one row per tally,
// one column per rating but the anchor's and per advantage) has full
// column rank.
func (m *model) identified() bool {
	cols := m.n - 1 + m.m
	x := mat.NewDense(len(m.first), cols, nil)
	for k := range m.first {
		if i := m.first[k]; i > 0 {
			x.Set(k, i-1, 1) // the row is still all 0 here
		}
		if j := m.second[k]; j > 0 {
			x.Set(k, j-1, x.At(k, j-1)-1)
		}
		x.Set(k, m.n-1+m.adv[k], 1)
	}
	if len(m.first) < cols {
		return false
	}
	var svd mat.SVD
	if !svd.Factorize(x, mat.SVDNone) {
		return false
	}
	s := svd.Values(nil)
	return s[cols-1] > 1e-9*s[0]
}

// unpack sets the natural-unit ratings r and advantages a, and returns D,
// of parameter vector x (ratings 1..n-1, advantages, log D), with
// parameter fixed (its index in the full vector, where D stands for log
// D; -1 for none) held at value.
func (m *model) unpack(x []float64, fixed int, value float64, r, a []float64) (d float64) {
	r[0] = 0
	k := 0
	for p := range m.dim() {
		var v float64
		if p == fixed {
			v = value
		} else {
			v = x[k]
			k++
			if p == m.logD() {
				v = math.Exp(v)
			}
		}
		switch {
		case p < m.n-1:
			r[p+1] = v
		case p < m.logD():
			a[p-(m.n-1)] = v
		default:
			d = v
		}
	}
	return d
}

// maximize maximises the likelihood over every parameter but fixed (held
// at value, natural units) from x0 (without the fixed one), and returns
// the optimum and the negative log-likelihood there.
func (m *model) maximize(x0 []float64, fixed int, value float64) ([]float64, float64, error) {
	r, a := make([]float64, m.n), make([]float64, m.m)
	gr, ga := make([]float64, m.n), make([]float64, m.m)
	var dd float64
	prob := optimize.Problem{
		Func: func(x []float64) float64 {
			d := m.unpack(x, fixed, value, r, a)
			return m.nll(r, a, d, nil, nil, nil)
		},
		Grad: func(g, x []float64) {
			d := m.unpack(x, fixed, value, r, a)
			clear(gr)
			clear(ga)
			dd = 0
			m.nll(r, a, d, gr, ga, &dd)
			k := 0
			for p := range m.dim() {
				if p == fixed {
					continue
				}
				switch {
				case p < m.n-1:
					g[k] = gr[p+1]
				case p < m.logD():
					g[k] = ga[p-(m.n-1)]
				default:
					g[k] = dd * d // by log D
				}
				k++
			}
		},
	}
	if len(x0) == 0 {
		return x0, prob.Func(x0), nil
	}
	res, err := optimize.Minimize(prob, x0, &optimize.Settings{GradientThreshold: 1e-10, MajorIterations: 2000}, &optimize.BFGS{})
	if res == nil || math.IsNaN(res.F) || math.IsInf(res.F, 0) {
		return nil, 0, fmt.Errorf("rating: the fit did not converge: %v", err)
	}
	return res.X, res.F, nil
}

// estimate sets parameter p's estimate and, when intervals is set, its
// profile interval (else NaN bounds).
func (f *Fit) estimate(m *model, best []float64, ll, crit float64, p int, intervals bool) {
	r, a := make([]float64, m.n), make([]float64, m.m)
	d := m.unpack(best, -1, 0, r, a)
	var v float64
	switch {
	case p < m.n-1:
		v = r[p+1]
	case p < m.logD():
		v = a[p-(m.n-1)]
	default:
		v = d
	}
	// start drops parameter p from the optimum (for warm starts).
	start := slices.Delete(slices.Clone(best), p, p+1)
	prof := func(u float64) float64 {
		x, nll, err := m.maximize(start, p, u)
		if err != nil {
			return math.Inf(1)
		}
		copy(start, x)
		return nll - ll
	}
	bound := func(dir float64) float64 {
		copy(start, slices.Delete(slices.Clone(best), p, p+1))
		inner, step := v, 10*scale
		for range maxSteps {
			u := v + dir*step
			if p == m.logD() && u <= 0 {
				if prof(1e-9) <= crit {
					return 0
				}
				u = 1e-9
				return bisect(prof, crit, inner, u)
			}
			if prof(u) > crit {
				return bisect(prof, crit, inner, u)
			}
			inner = u
			if math.Abs(u) > MaxPoints*scale {
				return dir * math.Inf(1)
			}
			step *= 2
		}
		return math.NaN() // cannot happen: see maxSteps
	}
	lo, hi := math.NaN(), math.NaN()
	if intervals {
		lo, hi = bound(-1), bound(1)
	}
	e := Estimate{Value: v / scale, Lo: lo / scale, Hi: hi / scale}
	if math.Abs(e.Value) > MaxPoints/2 {
		e.Value = math.Copysign(math.Inf(1), e.Value)
	}
	switch {
	case p < m.n-1:
		f.Ratings[p+1] = e
	case p < m.logD():
		if f.Model == PerAgent {
			f.FirstMoves[p-(m.n-1)] = e
		} else {
			f.FirstMove = e
		}
	default:
		f.Draw = e
	}
}

// bisect returns the point between in (prof <= crit) and out (prof >
// crit) where prof crosses crit, to 0.01 rating points.
func bisect(prof func(float64) float64, crit, in, out float64) float64 {
	for range maxSteps {
		if math.Abs(out-in) <= 0.01*scale {
			return (in + out) / 2
		}
		mid := (in + out) / 2
		if prof(mid) > crit {
			out = mid
		} else {
			in = mid
		}
	}
	return math.NaN() // cannot happen: see maxSteps
}

// maxSteps bounds both loops of an interval's search. Stepping out from
// the estimate doubles a step of 10 points, so it passes ±MaxPoints within
// 11 steps; bisecting halves a bracket of at most 2·MaxPoints points to
// 0.01 points within 21. A loop still going after maxSteps steps cannot
// end (the search is broken), and its bound is NaN rather than a hang.
const maxSteps = 100
