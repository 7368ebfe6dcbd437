// This file's name sorts after the other test files on purpose: go test
// runs the tests in file order, and make mutate's gremlins runs them with
// -failfast, so a mutant the quick hand-worked tests kill is not also
// put through the slow coverage simulation first.

package rating

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// coverageReps is the number of simulated ladders per model in
// TestIntervalCoverage. Each parameter's coverage over them has a
// standard error of √(0.95·0.05/coverageReps) ≈ 0.0069, so the band
// [0.93, 0.97] is ±2.9 standard errors about 0.95: a method whose true
// coverage is 0.90 (χ²₁(0.90) for χ²₁(0.95)) or 0.99 fails it with
// near-certainty, one of 0.95 passes it with probability 0.996.
const coverageReps = 1000

// fullIntervalReps is how many of them are also fitted with their
// intervals (FitML, FitPerAgent), whose verdict must agree with the
// profile deviance at the true value.
const fullIntervalReps = 25

// TestIntervalCoverage draws coverageReps two-agent ladders with
// self-play (100 games per ordered pair) from each model and checks that
// every parameter's 95% profile interval holds its true value in 93% to
// 97% of them. A profile-likelihood interval holds a value exactly when
// the profile deviance there, 2·(ℓ_max − ℓ_profile(v)), is at most
// χ²₁(0.95), so each ladder is judged by one constrained fit per
// parameter at its true value; for the first fullIntervalReps ladders
// the intervals themselves are found and must give the same verdicts.
func TestIntervalCoverage(t *testing.T) {
	agents := []string{"random", "b"}
	truth := []float64{0, 150}
	const draw, games = 100.0, 100
	crit := distuv.ChiSquared{K: 1}.Quantile(0.95) / 2
	for _, c := range []struct {
		model Model
		adv   []float64
		names []string
	}{
		{Single, []float64{50}, []string{"r_b", "A", "D"}},
		{PerAgent, []float64{-40, 80}, []string{"r_b", "a_random", "a_b", "D"}},
	} {
		rng := rand.New(rand.NewPCG(11, uint64(c.model)))
		want := append(append([]float64{truth[1]}, c.adv...), draw)
		covered := make([]int, len(c.names))
		for rep := range coverageReps {
			ts := simulate(rng, agents, truth, c.adv, draw, games)
			m, _, _, err := build(ts, "random", c.model)
			if err != nil {
				t.Fatal(err)
			}
			best, ll, err := m.maximize(m.start(), -1, 0)
			if err != nil {
				t.Fatal(err)
			}
			inside := make([]bool, len(want))
			for p, v := range want {
				_, nll, err := m.maximize(slices.Delete(slices.Clone(best), p, p+1), p, v*scale)
				if err != nil {
					t.Fatal(err)
				}
				if inside[p] = nll-ll <= crit; inside[p] {
					covered[p]++
				}
			}
			if rep < fullIntervalReps {
				checkVerdicts(t, ts, c.model, want, inside)
			}
		}
		for k, name := range c.names {
			share := float64(covered[k]) / coverageReps
			t.Logf("%v %s: coverage %.3f", c.model, name, share)
			if share < 0.93 || share > 0.97 {
				t.Errorf("%v model, %s: the 95%% interval held the true value in %d of %d ladders", c.model, name, covered[k], coverageReps)
			}
		}
	}
}

// checkVerdicts fits ts with intervals and checks that each parameter's
// interval holds want[p] exactly when inside[p].
func checkVerdicts(t *testing.T, ts []Tally, model Model, want []float64, inside []bool) {
	t.Helper()
	f, err := fit(ts, "random", 0.95, model)
	if err != nil {
		t.Fatal(err)
	}
	got := []Estimate{f.Ratings[1]}
	if model == Single {
		got = append(got, f.FirstMove)
	} else {
		got = append(got, f.FirstMoves...)
	}
	got = append(got, f.Draw)
	for p, e := range got {
		if !(e.Lo < e.Value && e.Value < e.Hi) || math.IsInf(e.Lo, 0) || math.IsInf(e.Hi, 0) {
			t.Errorf("%v model, parameter %d: interval %+v does not surround its estimate", model, p, e)
		}
		if holds := e.Lo <= want[p] && want[p] <= e.Hi; holds != inside[p] {
			t.Errorf("%v model, parameter %d: interval %+v holds %g: %v, profile deviance says %v", model, p, e, want[p], holds, inside[p])
		}
	}
}
