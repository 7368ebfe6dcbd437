package stats

import (
	"fmt"
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
