package rating

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// goodness returns the Pearson χ² test of the fit at best (see the
// package doc) for a fit with params free parameters.
func (m *model) goodness(best []float64, agents []string, params int) GoodnessOfFit {
	r, a := make([]float64, m.n), make([]float64, m.m)
	d := m.unpack(best, -1, 0, r, a)
	var g GoodnessOfFit
	free := 1
	if m.draws {
		free = 2
	}
	for k := range m.first {
		x := r[m.first[k]] - r[m.second[k]] + a[m.adv[k]]
		pw, pl := logistic(x-d), logistic(-x-d)
		pd := 1 - pw - pl
		n := m.w[k] + m.d[k] + m.l[k]
		obs, want := []float64{m.w[k], m.l[k], m.d[k]}, []float64{pw, pl, pd}
		for c := range free + 1 {
			g.add(obs[c], n*want[c])
		}
		g.Pairs = append(g.Pairs, PairFit{
			First: agents[m.first[k]], Second: agents[m.second[k]], Games: int64(n),
			Observed: (m.w[k] + m.d[k]/2) / n, Predicted: pw + pd/2,
		})
		g.DF += free
	}
	g.DF -= params
	g.Approximate = cochranFails(g.Counts, g.Small, g.Tiny)
	g.P = math.NaN()
	if g.DF >= 1 {
		g.P = distuv.ChiSquared{K: float64(g.DF)}.Survival(g.Chi2)
	}
	return g
}

// cochranFails reports whether Cochran's rule finds counts expected
// counts too small for the χ² approximation: any of them (tiny) below 1,
// or more than a fifth (small) below 5.
func cochranFails(counts, small, tiny int) bool {
	return tiny > 0 || 5*small > counts
}

// add adds one observed count and its expected count to the test.
func (g *GoodnessOfFit) add(obs, exp float64) {
	g.Counts++
	if exp < 5 {
		g.Small++
	}
	if exp < 1 {
		g.Tiny++
	}
	if exp > 0 {
		g.Chi2 += (obs - exp) * (obs - exp) / exp
	} else if obs > 0 {
		g.Chi2 = math.Inf(1)
	}
}

// LRTest is the likelihood-ratio test of the single model against the
// per-agent one: Statistic = 2 (ℓ_per-agent − ℓ_single), χ² with DF
// degrees of freedom under the single model.
type LRTest struct {
	Statistic float64
	DF        int
	P         float64
	Level     float64 // the level at which the per-agent model is chosen
	Chosen    Model
}

// Compare tests single against perAgent, two fits of the same tallies.
func Compare(single, perAgent *Fit) LRTest {
	t := LRTest{
		Statistic: math.Max(0, 2*(perAgent.LogLik-single.LogLik)),
		DF:        perAgent.Params - single.Params,
		Level:     Level,
	}
	t.P = distuv.ChiSquared{K: float64(t.DF)}.Survival(t.Statistic)
	if t.P < Level {
		t.Chosen = PerAgent
	}
	return t
}

// Choice is both models' fits of a ladder and the test between them.
type Choice struct {
	Single *Fit
	// PerAgent and Test are nil when the per-agent model could not be
	// fitted; Note says why.
	PerAgent *Fit
	Test     *LRTest
	Note     string
}

// Chosen returns the fit of the chosen model: the per-agent one when the
// test rejects the single model at Level, else the single one.
func (c *Choice) Chosen() *Fit {
	if c.Test != nil && c.Test.Chosen == PerAgent {
		return c.PerAgent
	}
	return c.Single
}

// Choose fits both models to tallies (as FitML and FitPerAgent) and
// tests one against the other. An error of the single fit is returned; an
// error of the per-agent fit goes to the choice's Note.
func Choose(tallies []Tally, anchor string, conf float64) (*Choice, error) {
	single, err := FitML(tallies, anchor, conf)
	if err != nil {
		return nil, err
	}
	c := &Choice{Single: single}
	per, err := FitPerAgent(tallies, anchor, conf)
	if err != nil {
		c.Note = "single model only: " + err.Error()
		return c, nil
	}
	t := Compare(single, per)
	c.PerAgent, c.Test = per, &t
	return c, nil
}
