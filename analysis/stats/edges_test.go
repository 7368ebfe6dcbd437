package stats

import (
	"fmt"
	"math"
	"testing"
)

// Exact tests where the second sample holds draws, checked against a
// brute-force count over the splits of the individual games (every choice
// of n1 of the pooled games as the first sample, with exact fractions).
// {1, 1, ½} against {½, 0, 0}: 4 of the C(6,3) = 20 splits are as extreme
// as the observed difference of 2/3; {1, 1, 1, ½} against
// {1, ½, ½, 0, 0}: 16 of C(9,4) = 126.
func TestExactScoreTestDrawsInBoth(t *testing.T) {
	for i, c := range []struct {
		w1, h1, l1, w2, h2, l2 int64
		p                      float64
	}{
		{2, 1, 0, 0, 1, 2, 4.0 / 20},
		{3, 1, 0, 1, 2, 2, 16.0 / 126},
	} {
		if p := ExactScoreTest(c.w1, c.h1, c.l1, c.w2, c.h2, c.l2); !near(p, c.p, 1e-12) {
			t.Errorf("case %d: p = %v, want %v", i, p, c.p)
		}
		// The samples swapped: the same test.
		if p := ExactScoreTest(c.w2, c.h2, c.l2, c.w1, c.h1, c.l1); !near(p, c.p, 1e-12) {
			t.Errorf("case %d swapped: p = %v, want %v", i, p, c.p)
		}
	}
}

// Constant samples of one value against several, worked by hand: 1 win
// against 3 losses: of the 4 ways to choose the first sample's game, only
// the win alone is as extreme (the others give |d| = 1/3): p = 1/4; and
// 3 wins against 1 loss, mirrored, also 1/4.
func TestConstantSamplesOfOne(t *testing.T) {
	for _, c := range []struct{ m1, n1, m2, n2 float64 }{{1, 1, 0, 3}, {1, 3, 0, 1}} {
		if _, _, _, _, p := MeanDiff(c.m1, 0, c.n1, c.m2, 0, c.n2, conf); !near(p, 0.25, 1e-12) {
			t.Errorf("%v × %v against %v × %v: p = %v, want 1/4", c.n1, c.m1, c.n2, c.m2, p)
		}
	}
}

// The edges of IntHist's dense slice: value 0, a first value beyond the
// initial 64 slots, the value just past the slice's length, and values at
// and around denseLimit, where counting moves to the map.
func TestIntHistEdges(t *testing.T) {
	h := hist(100, 0, 3)
	if h.Count(0) != 1 || h.Count(100) != 1 || h.Count(3) != 1 {
		t.Errorf("counts of 0, 3, 100: %d %d %d", h.Count(0), h.Count(3), h.Count(100))
	}
	if x, w := h.Bins(); fmt.Sprint(x, w) != "[0 3 100] [1 1 1]" {
		t.Errorf("bins %v %v, want [0 3 100] [1 1 1]", x, w)
	}
	g := hist(1)
	if g.Count(64) != 0 || g.Count(-1) != 0 || g.Count(1<<20) != 0 {
		t.Error("a value never counted has a count")
	}
	g.Add(64) // the first value past the initial 64 slots
	g.AddN(denseLimit-1, 2)
	g.AddN(denseLimit, 3)
	g.AddN(denseLimit+1, 4)
	g.AddN(-5, 5)
	g.AddN(7, 0) // no occurrences: nothing counted
	want := "[-5 1 64 65535 65536 65537] [5 1 1 2 3 4]"
	if x, w := g.Bins(); fmt.Sprint(x, w) != want {
		t.Errorf("bins %v %v, want %s", x, w, want)
	}
	if g.N() != 16 || g.Count(denseLimit) != 3 || g.Count(denseLimit-1) != 2 || g.Count(7) != 0 {
		t.Errorf("n %d, counts at the limit %d and below it %d", g.N(), g.Count(denseLimit), g.Count(denseLimit-1))
	}
	s := g.Summarize(0.5)
	if s.Min != -5 || s.Max != denseLimit+1 || s.Quantiles[0] != denseLimit-1 { // the 8th of 16
		t.Errorf("summary %+v", s)
	}
}

// The bounds at 0 and n of n are exactly 0 and 1 for every n, where the
// formula's rounding gives 0.9999999999999999 (n = 10, 13, 25, ...) or
// 5.6e-17 (n = 3, 7, ...).
func TestWilsonExactEnds(t *testing.T) {
	for n := 1.0; n <= 200; n++ {
		if lo, _ := Wilson(0, n, conf); lo != 0 {
			t.Errorf("Wilson(0, %v): lower bound %v, want exactly 0", n, lo)
		}
		if _, hi := Wilson(n, n, conf); hi != 1 {
			t.Errorf("Wilson(%v, %v): upper bound %v, want exactly 1", n, n, hi)
		}
	}
}

// A sample of no games: Wilson's [0, 1] for it, so the difference with
// 3 of 10 is −0.3 with the widest interval those bounds give, and the z
// test has nothing to test (z = 0, p = 1).
func TestEmptySample(t *testing.T) {
	l2, u2 := Wilson(3, 10, conf)
	d, lo, hi := NewcombeDiff(0, 0, 3, 10, conf)
	if d != -0.3 || !near(lo, -0.3-(u2-0.3), 1e-15) || !near(hi, -0.3+math.Sqrt(1+(0.3-l2)*(0.3-l2)), 1e-15) {
		t.Errorf("0 of 0 − 3 of 10: %v [%v, %v]", d, lo, hi)
	}
	if d, lo, hi := NewcombeDiff(3, 10, 0, 0, conf); d != 0.3 || !near(lo, 0.3-math.Sqrt((0.3-l2)*(0.3-l2)+1), 1e-15) || !near(hi, 0.3+(u2-0.3), 1e-15) {
		t.Errorf("3 of 10 − 0 of 0: %v [%v, %v]", d, lo, hi)
	}
	for _, c := range [][4]float64{{0, 0, 3, 10}, {3, 10, 0, 0}} {
		if z, p := TwoProportionZ(c[0], c[1], c[2], c[3]); z != 0 || p != 1 {
			t.Errorf("TwoProportionZ%v = %v, %v, want 0, 1", c, z, p)
		}
	}
}

// Two values are enough for a variance: a sample of two that varies
// against a constant one gets the normal-approximation interval and
// Welch's test, not the exact test of two constant samples.
func TestSamplesOfTwo(t *testing.T) {
	// {1, 0} against five 0s: mean 0.5, variance 0.5; se = sqrt(0.5/2).
	d, lo, hi, z, p := MeanDiff(0.5, 0.5, 2, 0, 0, 5, conf)
	if h := 1.959963984540054 * 0.5; d != 0.5 || !near(lo, 0.5-h, 1e-12) || !near(hi, 0.5+h, 1e-12) || !near(z, 1, 1e-12) || !near(p, TwoSidedNormalP(1), 1e-15) {
		t.Errorf("MeanDiff: %v [%v, %v] z %v p %v", d, lo, hi, z, p)
	}
	if _, lo, _, z, _ := MeanDiff(0, 0, 5, 0.5, 0.5, 2, conf); !near(z, -1, 1e-12) || math.IsNaN(lo) {
		t.Errorf("MeanDiff swapped: z %v lo %v", z, lo)
	}
	// {1, 3} against {2, 6, 7}: SciPy 1.10.1's ttest_ind(equal_var=False)
	// gives t = −1.6431676725154982, p = 0.19934523044337388; the
	// Welch–Satterthwaite df is 2.9850746268656714 and the 95% interval
	// −3 ± t₀.₉₇₅(df)·se = [−8.826795176390583, 2.8267951763905828].
	d, lo, hi, st, df, p := Welch(2, 2, 2, 5, 7, 3, conf)
	if d != -3 || !near(st, -1.6431676725154982, 1e-12) || !near(df, 2.9850746268656714, 1e-12) || !near(p, 0.19934523044337388, 1e-9) ||
		!near(lo, -8.826795176390583, 1e-9) || !near(hi, 2.8267951763905828, 1e-9) {
		t.Errorf("Welch: %v [%v, %v] t %v df %v p %v", d, lo, hi, st, df, p)
	}
	if _, _, _, _, df, _ := Welch(5, 7, 3, 2, 2, 2, conf); !near(df, 2.9850746268656714, 1e-12) {
		t.Errorf("Welch swapped: df %v", df)
	}
}

// Two values are the fewest with a variance and an interval; merging into
// or with an empty accumulator changes nothing.
func TestMomentsOfTwo(t *testing.T) {
	var m Moments
	m.Add(3)
	if m.Mean() != 3 || !math.IsNaN(m.Var()) {
		t.Errorf("one value: mean %v var %v, want 3, NaN", m.Mean(), m.Var())
	}
	if lo, hi := m.MeanCI(conf); lo != 3 || hi != 3 {
		t.Errorf("one value: interval [%v, %v], want the point 3", lo, hi)
	}
	m.Add(7)
	// Mean 5, variance ((3−5)² + (7−5)²)/1 = 8.
	if m.Mean() != 5 || m.Var() != 8 || !near(m.SD(), math.Sqrt(8), 1e-15) {
		t.Errorf("two values: mean %v var %v", m.Mean(), m.Var())
	}
	if lo, hi := m.MeanCI(conf); !near(lo, 5-1.959963984540054*2, 1e-12) || !near(hi, 5+1.959963984540054*2, 1e-12) {
		t.Errorf("two values: interval [%v, %v], want 5 ± 1.96·sqrt(8/2)", lo, hi)
	}
	var e, f Moments
	e.Merge(m)
	m.Merge(f)
	if e != m || m.N != 2 || m.Mean() != 5 || m.Var() != 8 {
		t.Errorf("merging with empty: %+v and %+v", e, m)
	}
}

// A ratio of two clusters has an interval; one cluster, or no units, has
// none.
func TestRatioEdges(t *testing.T) {
	var r Ratio
	r.Add(10, 2)
	if lo, hi := r.CI(conf); lo != 5 || hi != 5 {
		t.Errorf("one cluster: [%v, %v], want the point 5", lo, hi)
	}
	r.Add(30, 3)
	// R = 40/5 = 8; residuals 10 − 16 = −6 and 30 − 24 = 6: Σ² = 72;
	// se = sqrt(72/(2·1))/(5/2) = 2.4.
	if lo, hi := r.CI(conf); !near(lo, 8-1.959963984540054*2.4, 1e-12) || !near(hi, 8+1.959963984540054*2.4, 1e-12) {
		t.Errorf("two clusters: [%v, %v], want 8 ± 1.96·2.4", lo, hi)
	}
	// Clusters on the ratio's line: no spread, an interval of width 0
	// (the sum of squares, rounded below zero, is clamped).
	// With x = 3m computed in floating point for m = 0.1, 0.2, 0.7, the sum
	// of squares comes out at −8.9e-16.
	var exact Ratio
	ratio := 3.0
	for _, m := range []float64{0.1, 0.2, 0.7} {
		exact.Add(ratio*m, m)
	}
	if lo, hi := exact.CI(conf); !near(lo, 3, 1e-6) || !near(hi, 3, 1e-6) || math.IsNaN(lo) {
		t.Errorf("clusters on the line: [%v, %v], want 3", lo, hi)
	}
	var none Ratio
	none.Add(0, 0)
	none.Add(0, 0)
	if v := none.Value(); !math.IsNaN(v) {
		t.Errorf("no units: value %v, want NaN", v)
	}
	if lo, hi := none.CI(conf); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("no units: [%v, %v], want NaN", lo, hi)
	}
}

// TestSummarizeTwoValues: two values have a sample standard deviation
// (1 and 3: √2); one value has none (NaN).
func TestSummarizeTwoValues(t *testing.T) {
	var h IntHist
	h.Add(1)
	if s := h.Summarize(); !math.IsNaN(s.SD) || s.Mean != 1 {
		t.Errorf("one value: mean %g, SD %g; want 1, NaN", s.Mean, s.SD)
	}
	h.Add(3)
	if s := h.Summarize(); !(math.Abs(s.SD-math.Sqrt2) <= 1e-15) || s.Mean != 2 {
		t.Errorf("1 and 3: mean %g, SD %g; want 2, √2", s.Mean, s.SD)
	}
}
