package stats

import (
	"fmt"
	"math"
	"testing"
)

const conf = 0.95

func near(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= tol
}

func TestZ(t *testing.T) {
	if got := Z(0.95); !near(got, 1.959963984540054, 1e-12) {
		t.Errorf("Z(0.95) = %v", got)
	}
}

// Reference values computed by hand from the Wilson formula (and, for
// 81/263, the worked example of Wilson's interval in the literature).
func TestWilson(t *testing.T) {
	for i, c := range []struct {
		k, n, lo, hi float64
	}{
		{0, 10, 0, 0.2775327998628892},
		{10, 10, 0.7224672001371107, 1},
		{5, 10, 0.236593090512564, 0.7634069094874361},
		{81, 263, 0.2552885198782742, 0.36620957698280004},
		{0, 1, 0, 0.7934506856227626},
		{1, 1, 0.20654931437723745, 1},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(c.k, c.n, conf)
		if !near(lo, c.lo, 1e-12) || !near(hi, c.hi, 1e-12) {
			t.Errorf("case %d: Wilson(%v, %v) = [%v, %v], want [%v, %v]", i, c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	// At 0 and n of n the bounds are exact, not merely close.
	if lo, _ := Wilson(0, 1e6, conf); lo != 0 {
		t.Errorf("lower bound at 0 of n = %v, want exactly 0", lo)
	}
	if _, hi := Wilson(1e6, 1e6, conf); hi != 1 {
		t.Errorf("upper bound at n of n = %v, want exactly 1", hi)
	}
}

// Newcombe (1998), table II, example (b): 56/70 − 48/80, method 10.
func TestNewcombeDiff(t *testing.T) {
	d, lo, hi := NewcombeDiff(56, 70, 48, 80, conf)
	if !near(d, 0.2, 1e-12) || !near(lo, 0.05243147240236498, 1e-12) || !near(hi, 0.333872654036906, 1e-12) {
		t.Errorf("got %v [%v, %v], want 0.2 [0.0524, 0.3339]", d, lo, hi)
	}
	// Both proportions 0: the interval does not collapse.
	d, lo, hi = NewcombeDiff(0, 100, 0, 50, conf)
	_, u1 := Wilson(0, 100, conf)
	_, u2 := Wilson(0, 50, conf)
	if d != 0 || !near(lo, -u2, 1e-15) || !near(hi, u1, 1e-15) {
		t.Errorf("0/100 − 0/50: %v [%v, %v], want 0 [%v, %v]", d, lo, hi, -u2, u1)
	}
}

func TestTwoProportionZ(t *testing.T) {
	z, p := TwoProportionZ(56, 70, 48, 80)
	if !near(z, 2.6501719512585336, 1e-12) || !near(p, 0.008045081368196705, 1e-9) {
		t.Errorf("z = %v p = %v", z, p)
	}
	if z, p := TwoProportionZ(0, 10, 0, 20); z != 0 || p != 1 {
		t.Errorf("identical samples: z = %v p = %v, want 0, 1", z, p)
	}
}

func TestMeanDiff(t *testing.T) {
	// Means 0.6 and 0.5 with variances 0.24 and 0.25 of 100 values each:
	// se = sqrt(0.0049) = 0.07.
	d, lo, hi, z, p := MeanDiff(0.6, 0.24, 100, 0.5, 0.25, 100, conf)
	h := 1.959963984540054 * 0.07
	if !near(d, 0.1, 1e-12) || !near(lo, 0.1-h, 1e-12) || !near(hi, 0.1+h, 1e-12) || !near(z, 0.1/0.07, 1e-12) {
		t.Errorf("got %v [%v, %v] z %v", d, lo, hi, z)
	}
	if !near(p, 0.15312745101966962, 1e-12) { // 2(1 − Φ(1.428571))
		t.Errorf("p = %v", p)
	}
	if _, _, _, _, p := MeanDiff(1, 0, 10, 1, 0, 10, conf); p != 1 {
		t.Errorf("equal constant samples: p = %v, want 1", p)
	}
	// Constant samples: the exact permutation test, worked by hand. 3 wins
	// against 3 losses: of the C(6,3) = 20 splits of the six games, only
	// the observed one and its mirror are as extreme, p = 2/20.
	for i, c := range []struct{ m1, n1, m2, n2, p float64 }{
		{1, 3, 0, 3, 0.1},
		{1, 10, 0, 10, 2.0 / 184756}, // 2/C(20,10)
		{1, 1, 0, 1, 1},              // 1 win against 1 loss: both splits as extreme
		// 2 against 3: the observed split (d = 1) is the only one with
		// |d| >= 1; the others have j = 1 (d = −1/6) or j = 0 (d = −2/3).
		{1, 2, 0, 3, 0.1},
		{5, 4, 5, 1, 1},
	} {
		d, lo, hi, z, p := MeanDiff(c.m1, 0, c.n1, c.m2, 0, c.n2, conf)
		if !near(p, c.p, 1e-12) || d != c.m1-c.m2 || !math.IsNaN(lo) || !math.IsNaN(hi) {
			t.Errorf("constant case %d: d %v [%v, %v] z %v p %v, want p %v and no interval", i, d, lo, hi, z, p, c.p)
		}
		if _, _, _, _, df, pw := Welch(c.m1, 0, c.n1, c.m2, 0, c.n2, conf); pw != p || !math.IsNaN(df) {
			t.Errorf("constant case %d: Welch p %v df %v, want MeanDiff's p %v", i, pw, df, p)
		}
	}
	// One value against a varying sample: no test.
	if _, lo, _, z, p := MeanDiff(1, 0, 1, 0.2, 0.1, 50, conf); p != 1 || !math.IsNaN(z) || !math.IsNaN(lo) {
		t.Errorf("n1 = 1: z %v p %v lo %v, want NaN, 1, NaN", z, p, lo)
	}
	if _, _, _, _, _, p := Welch(100, math.NaN(), 1, 30, 4, 50, conf); p != 1 {
		t.Errorf("Welch with n1 = 1: p %v, want 1", p)
	}
}

// Published and hand-worked values: Fisher's tea-tasting table [[3,1],[1,3]]
// has two-sided p = 0.4857 (R: fisher.test); [[3,0],[0,3]] p = 2/20;
// [[2,1],[0,3]] p = 8/20 (tables with 2 or 0 successes in the first row).
func TestFisherExact(t *testing.T) {
	for i, c := range []struct {
		k1, n1, k2, n2 int64
		p              float64
	}{
		{3, 4, 1, 4, 34.0 / 70},
		{3, 3, 0, 3, 0.1},
		{2, 3, 0, 3, 0.4},
		{0, 3, 0, 3, 1},
		{5, 5, 5, 5, 1},
		{1, 1, 0, 1, 1},
	} {
		if p := FisherExact(c.k1, c.n1, c.k2, c.n2); !near(p, c.p, 1e-12) {
			t.Errorf("case %d: p = %v, want %v", i, p, c.p)
		}
	}
}

// Hand-worked splits: {1, 1/2} against {0}: of the three splits of the
// pooled {1, 1/2, 0} into 2 + 1, two have |d| = 3/4, one d = 0: p = 2/3.
// With wins and losses only the test is Fisher's on the wins.
func TestExactScoreTest(t *testing.T) {
	for i, c := range []struct {
		w1, h1, l1, w2, h2, l2 int64
		p                      float64
	}{
		{3, 0, 0, 0, 0, 3, 0.1},
		{1, 1, 0, 0, 0, 1, 2.0 / 3},
		{2, 0, 1, 0, 0, 3, 0.4},
		{3, 0, 1, 1, 0, 3, 34.0 / 70},
		{1, 1, 1, 1, 1, 1, 1},
		// {1/2, 1/2} against {1, 0}: the observed d is 0, so every split is
		// at least as extreme: p = 1.
		{0, 2, 0, 1, 0, 1, 1},
	} {
		if p := ExactScoreTest(c.w1, c.h1, c.l1, c.w2, c.h2, c.l2); !near(p, c.p, 1e-12) {
			t.Errorf("case %d: p = %v, want %v", i, p, c.p)
		}
	}
}

// {1,2,3,4} against {2,4,6,8}: t = −√3, df = 4.4118, p = 0.15158 (by
// numerical integration of Student's t density).
func TestWelch(t *testing.T) {
	d, lo, hi, st, df, p := Welch(2.5, 5.0/3, 4, 5, 20.0/3, 4, conf)
	if !near(d, -2.5, 1e-12) || !near(st, -math.Sqrt(3), 1e-12) || !near(df, 4.411764705882353, 1e-12) {
		t.Errorf("d %v t %v df %v", d, st, df)
	}
	if !near(p, 0.1515805, 1e-5) {
		t.Errorf("p = %v, want 0.15158", p)
	}
	if !(lo < d && d < hi) || !near(hi-d, d-lo, 1e-12) || !(lo < 0 && hi > 0) {
		t.Errorf("interval [%v, %v] around %v", lo, hi, d)
	}
}

func TestHolm(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005})
	want := []float64{0.03, 0.06, 0.06, 0.02}
	for i := range want {
		if !near(got[i], want[i], 1e-15) {
			t.Errorf("Holm = %v, want %v", got, want)
			break
		}
	}
	got = Holm([]float64{0.5, math.NaN(), 0.9})
	if !near(got[0], 1, 0) || !math.IsNaN(got[1]) || !near(got[2], 1, 0) {
		t.Errorf("with NaN: %v", got)
	}
	if len(Holm(nil)) != 0 {
		t.Error("Holm(nil) not empty")
	}
}

func hist(vals ...int64) *IntHist {
	var h IntHist
	for _, v := range vals {
		h.Add(v)
	}
	return &h
}

func TestIntHist(t *testing.T) {
	h := hist(3, 1, 4, 1, 5, 9, 2, 6, 70000, -2)
	if h.N() != 10 || h.Count(1) != 2 || h.Count(70000) != 1 || h.Count(-2) != 1 || h.Count(7) != 0 {
		t.Fatalf("counts wrong: n %d", h.N())
	}
	x, w := h.Bins()
	wantX := []float64{-2, 1, 2, 3, 4, 5, 6, 9, 70000}
	if fmt.Sprint(x) != fmt.Sprint(wantX) || w[1] != 2 {
		t.Errorf("bins %v %v", x, w)
	}
	s := h.Summarize(0, 0.5, 0.9, 1)
	// Sorted: -2 1 1 2 3 4 5 6 9 70000. Empirical quantile: smallest v with
	// F(v) >= p.
	if s.Min != -2 || s.Max != 70000 || fmt.Sprint(s.Quantiles) != "[-2 3 9 70000]" {
		t.Errorf("summary %+v", s)
	}
	if !near(s.Mean, 70029.0/10, 1e-9) {
		t.Errorf("mean %v", s.Mean)
	}
	var m Moments
	for _, v := range []float64{3, 1, 4, 1, 5, 9, 2, 6, 70000, -2} {
		m.Add(v)
	}
	if !near(s.SD, m.SD(), 1e-6) {
		t.Errorf("sd %v, moments give %v", s.SD, m.SD())
	}
	var merged IntHist
	merged.Merge(hist(1, 2))
	merged.Merge(hist(2, 70000, -2))
	if merged.N() != 5 || merged.Count(2) != 2 || merged.Count(70000) != 1 {
		t.Errorf("merge: n %d", merged.N())
	}
	e := new(IntHist).Summarize(0.5)
	if !math.IsNaN(e.Mean) || !math.IsNaN(e.Quantiles[0]) {
		t.Errorf("empty summary %+v", e)
	}
}

func TestMannWhitney(t *testing.T) {
	// {1,2,3} vs {2,4,5}: ranks 1, 2.5, 4 for a; U = 1.5; Var = 5.1;
	// z = (1.5 − 4.5 + 0.5)/sqrt(5.1).
	u, z, p := MannWhitney(hist(1, 2, 3), hist(2, 4, 5))
	if u != 1.5 || !near(z, -1.107018606925119, 1e-12) || !near(p, 0.26828588367711736, 1e-9) {
		t.Errorf("U %v z %v p %v", u, z, p)
	}
	// Swapping the samples mirrors U.
	u2, z2, p2 := MannWhitney(hist(2, 4, 5), hist(1, 2, 3))
	if u2 != 9-1.5 || !near(z2, -z, 1e-12) || !near(p2, p, 1e-12) {
		t.Errorf("swapped: U %v z %v p %v", u2, z2, p2)
	}
	if _, _, p := MannWhitney(hist(7, 7), hist(7, 7, 7)); p != 1 {
		t.Errorf("all tied: p %v", p)
	}
	if _, _, p := MannWhitney(hist(), hist(1)); p != 1 {
		t.Errorf("empty: p %v", p)
	}
	// Clearly separated large samples.
	var a, b IntHist
	for i := int64(0); i < 1000; i++ {
		a.Add(10 + i%5)
		b.Add(12 + i%5)
	}
	if _, z, p := MannWhitney(&a, &b); z >= 0 || p > 1e-10 {
		t.Errorf("separated samples: z %v p %v", z, p)
	}
}

func TestMoments(t *testing.T) {
	var all, a, b Moments
	for i, v := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		all.Add(v)
		if i < 3 {
			a.Add(v)
		} else {
			b.Add(v)
		}
	}
	a.Merge(b)
	if !near(all.Mean(), 5, 1e-12) || !near(all.Var(), 32.0/7, 1e-12) || !near(a.Mean(), 5, 1e-12) || !near(a.Var(), 32.0/7, 1e-12) || a.N != 8 {
		t.Errorf("mean %v var %v merged %v %v", all.Mean(), all.Var(), a.Mean(), a.Var())
	}
	lo, hi := all.MeanCI(conf)
	h := 1.959963984540054 * math.Sqrt(32.0/7/8)
	if !near(lo, 5-h, 1e-12) || !near(hi, 5+h, 1e-12) {
		t.Errorf("CI [%v, %v]", lo, hi)
	}
	var e Moments
	if !math.IsNaN(e.Mean()) || !math.IsNaN(e.Var()) {
		t.Error("empty moments not NaN")
	}
}

func TestRatio(t *testing.T) {
	// Three games: 10 legal moves over 2 moves, 30 over 3, 20 over 5.
	var r Ratio
	r.Add(10, 2)
	r.Add(30, 3)
	r.Add(20, 5)
	if !near(r.Value(), 6, 1e-12) {
		t.Errorf("value %v", r.Value())
	}
	// Residuals x − 6m: −2, 12, −10; Σ² = 248; se = sqrt(248/6)/(10/3).
	lo, hi := r.CI(conf)
	h := 1.959963984540054 * math.Sqrt(248.0/6) / (10.0 / 3)
	if !near(lo, 6-h, 1e-9) || !near(hi, 6+h, 1e-9) {
		t.Errorf("CI [%v, %v], want 6 ± %v", lo, hi, h)
	}
	var a, b Ratio
	a.Add(10, 2)
	b.Add(30, 3)
	b.Add(20, 5)
	a.Merge(b)
	if a != r {
		t.Errorf("merge %+v != %+v", a, r)
	}
}

func ExampleWilson() {
	lo, hi := Wilson(0, 10, 0.95)
	fmt.Printf("0 of 10: [%.4f, %.4f]\n", lo, hi)
	lo, hi = Wilson(10, 10, 0.95)
	fmt.Printf("10 of 10: [%.4f, %.4f]\n", lo, hi)
	// Output:
	// 0 of 10: [0.0000, 0.2775]
	// 10 of 10: [0.7225, 1.0000]
}

func ExampleHolm() {
	fmt.Println(Holm([]float64{0.01, 0.04, 0.03, 0.005}))
	// Output:
	// [0.03 0.06 0.06 0.02]
}
