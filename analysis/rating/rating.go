// Package rating fits a Bradley–Terry (Elo) model with a first-move
// advantage and a draw parameter, as BayesElo does, to the results of a
// round-robin of agents (a strength ladder), by maximum likelihood.
//
// # Model
//
// Each agent i has a rating r_i, in Elo points. When i moves first against
// j (self-play, i = j, included), with x = r_i − r_j + A:
//
//	P(first mover wins)  = f(x − D)
//	P(second mover wins) = f(−x − D)
//	P(draw)              = 1 − P(first wins) − P(second wins)
//
// where f(z) = 1 / (1 + 10^(−z/400)), A is the first-move advantage and
// D ≥ 0 the draw parameter, both in rating points. Self-play games inform
// A and D only. Ratings are anchored: the anchor agent (random, when the
// ladder has it) is 0. A game that no one won (a draw, or a game stopped
// at max_plies) counts as a draw.
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
package rating

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat/distuv"
)

// MaxPoints bounds the search for an interval's end: a bound beyond
// ±MaxPoints rating points is ±Inf, and so is an estimate beyond
// ±MaxPoints/2 (the likelihood grows without bound that way).
const MaxPoints = 10000

// scale converts rating points to natural (logit) units.
const scale = math.Ln10 / 400

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
	// Agents lists the agents in the order of Ratings: the anchor first,
	// then the others in the order they first appear in the tallies.
	Agents    []string
	Ratings   []Estimate // the anchor's is 0 [0, 0]
	FirstMove Estimate   // A
	Draw      Estimate   // D
	LogLik    float64    // at the maximum
	Games     int64
}

// model holds the tallies by agent index.
type model struct {
	first, second []int
	w, d, l       []float64
	n             int // agents; parameters: ratings 1..n-1, A, log D
}

func logistic(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// nll returns the negative log-likelihood at natural-unit ratings r (r[0]
// = 0), advantage a and draw parameter d > 0, and adds its gradient to gr
// (by agent), ga and gd when gr is not nil.
func (m *model) nll(r []float64, a, d float64, gr []float64, ga, gd *float64) float64 {
	var sum float64
	for k := range m.first {
		i, j := m.first[k], m.second[k]
		x := r[i] - r[j] + a
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
			*ga -= lx
			*gd -= ld
		}
	}
	return sum
}

// FitML fits the model to tallies at confidence conf (e.g. 0.95), with
// anchor's rating fixed at 0. The anchor must play in the tallies.
func FitML(tallies []Tally, anchor string, conf float64) (*Fit, error) {
	if conf <= 0 || conf >= 1 {
		return nil, fmt.Errorf("rating: confidence %g not in (0, 1)", conf)
	}
	idx := map[string]int{anchor: 0}
	agents := []string{anchor}
	m := &model{}
	var games, decisive, draws int64
	found := false
	for _, t := range tallies {
		if t.Wins < 0 || t.Draws < 0 || t.Losses < 0 {
			return nil, fmt.Errorf("rating: negative count for %s/%s", t.First, t.Second)
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
		draws += t.Draws
	}
	if !found {
		return nil, fmt.Errorf("rating: anchor %q played no game", anchor)
	}
	if decisive == 0 {
		return nil, errors.New("rating: no game was won: ratings are not defined")
	}
	m.n = len(agents)
	x0 := make([]float64, m.n+1) // ratings 1..n-1, A, log D
	x0[m.n] = math.Log(0.5)
	if draws == 0 {
		x0[m.n] = math.Log(1e-3)
	}
	best, ll, err := m.maximize(x0, -1, 0)
	if err != nil {
		return nil, err
	}
	f := &Fit{Agents: agents, LogLik: -ll, Games: games, Ratings: make([]Estimate, m.n)}
	crit := distuv.ChiSquared{K: 1}.Quantile(conf) / 2
	for p := 0; p <= m.n; p++ {
		// Parameter p of the full vector: ratings 1..n-1, A (n-1+1 = n), D.
		f.estimate(m, best, ll, crit, p)
	}
	return f, nil
}

// full returns the natural-unit ratings, A and D of parameter vector x
// (ratings 1..n-1, A, log D), with parameter fixed (its index in the
// full list ratings 1..n-1, A, D; -1 for none) held at value.
func (m *model) unpack(x []float64, fixed int, value float64, r []float64) (a, d float64) {
	r[0] = 0
	k := 0
	for p := 0; p <= m.n; p++ {
		var v float64
		if p == fixed {
			v = value
		} else {
			v = x[k]
			k++
			if p == m.n {
				v = math.Exp(v)
			}
		}
		switch {
		case p < m.n-1:
			r[p+1] = v
		case p == m.n-1:
			a = v
		default:
			d = v
		}
	}
	return a, d
}

// maximize maximises the likelihood over every parameter but fixed (held
// at value, natural units) from x0 (without the fixed one), and returns
// the optimum and the negative log-likelihood there.
func (m *model) maximize(x0 []float64, fixed int, value float64) ([]float64, float64, error) {
	r := make([]float64, m.n)
	gr := make([]float64, m.n)
	var da, dd float64
	prob := optimize.Problem{
		Func: func(x []float64) float64 {
			a, d := m.unpack(x, fixed, value, r)
			return m.nll(r, a, d, nil, nil, nil)
		},
		Grad: func(g, x []float64) {
			a, d := m.unpack(x, fixed, value, r)
			clear(gr)
			da, dd = 0, 0
			m.nll(r, a, d, gr, &da, &dd)
			k := 0
			for p := 0; p <= m.n; p++ {
				if p == fixed {
					continue
				}
				switch {
				case p < m.n-1:
					g[k] = gr[p+1]
				case p == m.n-1:
					g[k] = da
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

// estimate sets parameter p's estimate and profile interval.
func (f *Fit) estimate(m *model, best []float64, ll, crit float64, p int) {
	r := make([]float64, m.n)
	a, d := m.unpack(best, -1, 0, r)
	var v float64
	switch {
	case p < m.n-1:
		v = r[p+1]
	case p == m.n-1:
		v = a
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
		for {
			u := v + dir*step
			if p == m.n && u <= 0 {
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
	}
	lo, hi := bound(-1), bound(1)
	e := Estimate{Value: v / scale, Lo: lo / scale, Hi: hi / scale}
	if math.Abs(e.Value) > MaxPoints/2 {
		e.Value = math.Copysign(math.Inf(1), e.Value)
	}
	switch {
	case p < m.n-1:
		f.Ratings[p+1] = e
	case p == m.n-1:
		f.FirstMove = e
	default:
		f.Draw = e
	}
}

// bisect returns the point between in (prof <= crit) and out (prof >
// crit) where prof crosses crit, to 0.01 rating points.
func bisect(prof func(float64) float64, crit, in, out float64) float64 {
	for math.Abs(out-in) > 0.01*scale {
		mid := (in + out) / 2
		if prof(mid) > crit {
			out = mid
		} else {
			in = mid
		}
	}
	return (in + out) / 2
}
