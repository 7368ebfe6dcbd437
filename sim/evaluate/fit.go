package evaluate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// Sample is one labelled position: its features from the view of the
// player to move and the exact outcome for that player (1 a win, 0 a
// loss, 1/2 a draw or endless play).
type Sample struct {
	X [MaxFeatures]float64
	Y float64
}

// Label solves g's board (solve.Solve with opt) and returns at most limit
// of its positions that are not over, picked uniformly without
// replacement by a PCG stream seeded with seed (all of them when there
// are fewer), each labelled by the solver's outcome for the player to
// move. The same arguments give the same samples.
func Label(g engine.Game, limit int, seed uint64, opt solve.Options) ([]Sample, error) {
	if _, err := Names(g.Variant()); err != nil {
		return nil, err
	}
	res, err := solve.Solve(g.NewState(), opt)
	if err != nil {
		return nil, fmt.Errorf("evaluate: solving %s: %w", g.Ruleset(), err)
	}
	t := res.Table
	coder, err := solve.NewCoder(g.NewState())
	if err != nil {
		return nil, err
	}
	var live []int
	for i, k := range t.Keys {
		if k&(solve.FlagTerminal|solve.FlagInfinite) == 0 {
			live = append(live, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6576616c)) // "eval"
	if len(live) > limit {
		for i := range limit { // partial Fisher-Yates
			j := i + rng.IntN(len(live)-i)
			live[i], live[j] = live[j], live[i]
		}
		live = live[:limit]
	}
	out := make([]Sample, 0, len(live))
	st := g.NewState()
	for _, i := range live {
		if err := coder.Load(st, t.Keys[i]); err != nil {
			return nil, err
		}
		if st.Over() {
			continue // the engine ends it at once (no candidate)
		}
		p := st.Player()
		var smp Sample
		Features(&smp.X, st, p)
		smp.Y = t.Value(i).Outcome().ScoreFor(p)
		out = append(out, smp)
	}
	return out, nil
}

// Fit returns the weights of the logistic regression of the labels on
// the first k features (no intercept), by iteratively reweighted least
// squares (Newton's method on the mean log-loss plus ridge/2·|w|²; a
// small ridge keeps separable data finite). It is deterministic.
func Fit(samples []Sample, k int, ridge float64) ([]float64, error) {
	if len(samples) == 0 {
		return nil, errors.New("evaluate: no samples to fit")
	}
	if k < 1 || k > MaxFeatures {
		return nil, fmt.Errorf("evaluate: %d features to fit (1..%d)", k, MaxFeatures)
	}
	w := make([]float64, k)
	n := float64(len(samples))
	h := mat.NewSymDense(k, nil)
	g := mat.NewVecDense(k, nil)
	d := mat.NewVecDense(k, nil)
	for range 100 {
		h.Zero()
		g.Zero()
		for _, s := range samples {
			x := s.X[:k]
			mu := sigmoid(dot(w, x))
			v := mu * (1 - mu)
			for a := range k {
				g.SetVec(a, g.AtVec(a)+(s.Y-mu)*x[a])
				for b := a; b < k; b++ {
					h.SetSym(a, b, h.At(a, b)+v*x[a]*x[b])
				}
			}
		}
		for a := range k {
			g.SetVec(a, g.AtVec(a)/n-ridge*w[a])
			for b := a; b < k; b++ {
				h.SetSym(a, b, h.At(a, b)/n)
			}
			h.SetSym(a, a, h.At(a, a)+ridge)
		}
		var ch mat.Cholesky
		if !ch.Factorize(h) {
			return nil, errors.New("evaluate: the fit's Hessian is singular (a feature is constant or two are collinear; raise the ridge)")
		}
		if err := ch.SolveVecTo(d, g); err != nil {
			return nil, err
		}
		step := 0.0
		for a := range k {
			w[a] += d.AtVec(a)
			step = math.Max(step, math.Abs(d.AtVec(a)))
		}
		if step < 1e-12 {
			break
		}
	}
	return w, nil
}

// Score returns the mean log-loss (natural logarithm) of the model w on
// samples' first len(w) features, and its accuracy on the decisive ones
// (label 0 or 1): the share whose logit has the label's sign, a logit of 0
// counting 1/2. decisive is their number.
func Score(w []float64, samples []Sample) (logLoss, accuracy float64, decisive int) {
	var right float64
	for _, s := range samples {
		z := dot(w, s.X[:len(w)])
		// log(1+exp(-z)) for y=1, log(1+exp(z)) for y=0, stably.
		logLoss += s.Y*softplus(-z) + (1-s.Y)*softplus(z)
		if s.Y != 0 && s.Y != 1 {
			continue
		}
		decisive++
		switch {
		case z == 0:
			right += 0.5
		case (z > 0) == (s.Y == 1):
			right++
		}
	}
	if len(samples) > 0 {
		logLoss /= float64(len(samples))
	}
	if decisive > 0 {
		accuracy = right / float64(decisive)
	}
	return logLoss, accuracy, decisive
}

func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}
