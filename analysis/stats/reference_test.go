package stats

import (
	"math"
	"testing"
)

// sleepGroup1 and sleepGroup2 are Student's (1908) sleep data, the extra
// hours of sleep of ten patients under two drugs: R's data set sleep.
var (
	sleepGroup1 = []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
	sleepGroup2 = []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}
)

func moments(xs []float64) Moments {
	var m Moments
	for _, x := range xs {
		m.Add(x)
	}
	return m
}

// The textbook example of Welch's test, in R's documentation of t.test:
// t.test(extra ~ group, data = sleep) prints
//
//	t = -1.8608, df = 17.776, p-value = 0.07939
//	95 percent confidence interval: -3.3654832  0.2054832
//
// Those are checked to their printed precision; the 99% interval
// (-4.027633, 0.867633; t quantile 2.882651 at 17.776 degrees of freedom)
// was computed with SciPy 1.10.1 (scipy.stats.t.ppf(0.995, df) times the
// standard error), and pins the t quantile at a second level.
func TestWelchSleep(t *testing.T) {
	a, b := moments(sleepGroup1), moments(sleepGroup2)
	d, lo, hi, st, df, p := Welch(a.Mean(), a.Var(), a.N, b.Mean(), b.Var(), b.N, 0.95)
	if !near(d, 0.75-2.33, 1e-12) {
		t.Errorf("difference %v, want -1.58", d)
	}
	if !near(st, -1.8608, 0.5e-4) || !near(df, 17.776, 0.5e-3) || !near(p, 0.07939, 0.5e-5) {
		t.Errorf("t = %v, df = %v, p = %v; R: t = -1.8608, df = 17.776, p-value = 0.07939", st, df, p)
	}
	if !near(lo, -3.3654832, 0.5e-7) || !near(hi, 0.2054832, 0.5e-7) {
		t.Errorf("95%% interval [%v, %v]; R: [-3.3654832, 0.2054832]", lo, hi)
	}
	_, lo, hi, _, _, _ = Welch(a.Mean(), a.Var(), a.N, b.Mean(), b.Var(), b.N, 0.99)
	if !near(lo, -4.027632919895156, 1e-9) || !near(hi, 0.8676329198951573, 1e-9) {
		t.Errorf("99%% interval [%v, %v]; SciPy: [-4.027633, 0.867633]", lo, hi)
	}
	// The samples swapped: the difference, interval and statistic mirror.
	d2, lo2, hi2, st2, df2, p2 := Welch(b.Mean(), b.Var(), b.N, a.Mean(), a.Var(), a.N, 0.95)
	if !near(d2, -d, 1e-12) || !near(lo2, -0.2054832, 0.5e-7) || !near(hi2, 3.3654832, 0.5e-7) ||
		!near(st2, 1.8608, 0.5e-4) || !near(df2, df, 1e-12) || !near(p2, p, 1e-12) {
		t.Errorf("swapped: d %v [%v, %v] t %v df %v p %v", d2, lo2, hi2, st2, df2, p2)
	}
}

// Mann–Whitney with a known direction: the first sample's values are
// mostly larger (longer games). Reference: R's
// wilcox.test(a, b, correct = TRUE, exact = FALSE) gives W = 62.5 and
// p-value = 0.04919; SciPy 1.10.1's scipy.stats.mannwhitneyu(a, b,
// use_continuity=True, method="asymptotic") the same U = 62.5 and
// p = 0.04918682959590311, with z = (62.5 − 40 − 0.5)/sqrt(Var[U]) =
// 1.9669686111479714 (ties: 12 twice, 15 four times, 22 twice).
func TestMannWhitneyDirection(t *testing.T) {
	a := hist(12, 14, 15, 15, 17, 18, 20, 22, 22, 25)
	b := hist(10, 11, 12, 13, 15, 15, 16, 19)
	u, z, p := MannWhitney(a, b)
	if u != 62.5 || !near(z, 1.9669686111479714, 1e-12) || !near(p, 0.04918682959590311, 1e-12) {
		t.Errorf("U %v z %v p %v, want 62.5, 1.96697, 0.049187", u, z, p)
	}
	// U/(n_a n_b) = 62.5/80: a game of a is longer than one of b with
	// probability 0.78 (ties half); read the other way round, 0.22.
	if got := u / float64(a.N()*b.N()); !near(got, 0.78125, 1e-15) {
		t.Errorf("P(a longer) = %v, want 0.78125", got)
	}
	u2, z2, p2 := MannWhitney(b, a)
	if u2 != 80-62.5 || !near(z2, -z, 1e-12) || !near(p2, p, 1e-12) {
		t.Errorf("swapped: U %v z %v p %v, want 17.5, %v, %v", u2, z2, p2, -z, p)
	}
	// One value of a inside b's range moved above it: U grows by the pairs
	// it now wins (it passes 16 and 19, and no longer ties 15 twice: +3).
	a2 := hist(12, 14, 15, 20, 17, 18, 20, 22, 22, 25)
	if u3, _, _ := MannWhitney(a2, b); u3 != 62.5+3 {
		t.Errorf("U after moving a 15 to 20: %v, want 65.5", u3)
	}
}

// A one-sided sample against a tie-free other: U counts every pair, and the
// continuity correction and variance are R's (no ties: Var = n_a n_b (N+1)/12).
func TestMannWhitneyNoTies(t *testing.T) {
	u, z, p := MannWhitney(hist(5, 6, 7), hist(1, 2, 3, 4))
	// U = 12 of 12 pairs; Var = 12·8/12 = 8; z = (12 − 6 − 0.5)/sqrt(8).
	if u != 12 || !near(z, 5.5/math.Sqrt(8), 1e-12) || !near(p, TwoSidedNormalP(5.5/math.Sqrt(8)), 1e-15) {
		t.Errorf("U %v z %v p %v", u, z, p)
	}
	// SciPy 1.10.1: scipy.stats.mannwhitneyu([5, 6, 7], [1, 2, 3, 4],
	// use_continuity=True, method="asymptotic").pvalue.
	if !near(p, 0.05182992721790968, 1e-12) {
		t.Errorf("p %v, SciPy gives 0.05182992721790968", p)
	}
}
