package effects

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	_ "github.com/baolab/baolab/engine/all"
)

// cell returns a summary cell of n games with first-mover wins w, losses
// l (the rest drawn), ne games that met a never-ending move, and lengths
// of mean m and standard deviation sd.
func cell(ruleset string, n, w, l, ne int64, m, sd float64) summary.Cell {
	variant, _, _ := strings.Cut(ruleset, ":")
	c := summary.Cell{Ruleset: ruleset, Variant: variant, AgentSouth: "random", AgentNorth: "random", First: "south", Games: n}
	c.FirstMoverWins.Count, c.SecondMoverWins.Count = w, l
	c.Outcomes.Draw.Count = n - w - l
	c.NeverEnding.Games.Count = ne
	c.Length.Mean.Value, c.Length.SD = summary.Num(m), summary.Num(sd)
	score := float64(w) + float64(n-w-l)/2
	lo, hi := stats.Wilson(score, float64(n), 0.95)
	c.FirstPlayerAdvantage = summary.Interval{Value: summary.Num(score / float64(n)), Lo: summary.Num(lo), Hi: summary.Num(hi)}
	return c
}

// A full 3×2 grid of kingulu readings whose first-player score follows an
// additive logistic model, with expected counts: the main effects come
// back, the interactions are zero, and the entries carry the names that
// other tools read.
func TestEstimateGrid(t *testing.T) {
	const n = 1_000_000
	pen := map[string]float64{"lap": 0, "origin": 0.4, "never": -0.3}
	lift := map[string]float64{"1": 0, "2": 0.2}
	var cells []summary.Cell
	for _, p := range []string{"lap", "origin", "never"} {
		for _, m := range []string{"1", "2"} {
			rs := "kingulu"
			var opts []string
			if m != "1" {
				opts = append(opts, "min_lift="+m)
			}
			if p != "lap" {
				opts = append(opts, "penultimate="+p)
			}
			if len(opts) > 0 {
				rs += ":" + strings.Join(opts, ",")
			}
			// No draws: the score is a win share.
			w := int64(math.Round(n * sigmoid(0.1+pen[p]+lift[m])))
			cells = append(cells, cell(rs, n, w, n-w, 5000, 40+10*lift[m], 8))
		}
	}
	es, notes := Estimate(cells, 0.95)
	var fpa []summary.Effect
	for _, e := range es {
		if e.Variant != "kingulu" || e.Agents != "random/random" {
			t.Errorf("entry %+v", e)
		}
		if e.Quantity == "first_player_advantage" {
			fpa = append(fpa, e)
		}
	}
	// Main effects ranked by size, then the two interactions.
	want := []struct {
		option, value string
		est           float64
	}{
		{"penultimate", "origin", 0.4}, {"penultimate", "never", -0.3}, {"min_lift", "2", 0.2},
		{"min_lift:penultimate", "2:origin", 0}, {"min_lift:penultimate", "2:never", 0},
	}
	if len(fpa) != len(want) {
		t.Fatalf("%d first-player advantage entries, want %d: %+v", len(fpa), len(want), fpa)
	}
	for i, w := range want {
		e := fpa[i]
		if i >= 3 && e.Value != w.value { // interactions of size ~0: either order
			e = fpa[7-i]
		}
		if e.Option != w.option || e.Value != w.value || !near(float64(e.Estimate), w.est, 2e-5) {
			t.Errorf("entry %d: %s=%s %v, want %s=%s %v", i, e.Option, e.Value, e.Estimate, w.option, w.value, w.est)
		}
		if !(e.Lo < e.Estimate && e.Estimate < e.Hi) {
			t.Errorf("entry %d: interval [%v, %v]", i, e.Lo, e.Hi)
		}
	}
	if fpa[0].PHolm > 1e-10 || fpa[3].PHolm < 0.5 {
		t.Errorf("p_holm of a large effect %v, of no interaction %v", fpa[0].PHolm, fpa[3].PHolm)
	}
	// Mean length: +10 plies per unit of lift's log odds, i.e. +2 for
	// min_lift=2 and nothing for penultimate.
	for _, e := range es {
		if e.Quantity == "mean_length" && e.Option == "min_lift" && !near(float64(e.Estimate), 2, 1e-9) {
			t.Errorf("mean length of min_lift=2: %v", e.Estimate)
		}
	}
	// Every game was decided: no draw rate.
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "effects: main effects on draw_rate not estimated for kingulu, random/random: no variation") {
		t.Errorf("notes %q", notes)
	}
	b, _ := json.Marshal(es[0])
	if got := string(b); !strings.HasPrefix(got, `{"variant":"kingulu","agents":"random/random","option":"penultimate","value":"origin","quantity":"first_player_advantage","estimate":`) ||
		strings.Count(got, `":`) != 9 || !strings.Contains(got, `"lo":`) || !strings.Contains(got, `"hi":`) || !strings.Contains(got, `"p_holm":`) {
		t.Errorf("JSON entry %s", got)
	}
}

// Holm over the entries of one quantity, across agent pairs and options.
func TestEstimateHolm(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 2000, 1000, 900, 10, 40, 8),
		cell("kingulu:min_lift=2", 2000, 1100, 850, 30, 42, 8),
		cell("kingulu:skip_origin=on", 2000, 1010, 890, 12, 40.5, 8),
	}
	other := cell("kingulu", 2000, 950, 950, 10, 40, 8)
	other.AgentNorth = "greedy"
	other2 := cell("kingulu:min_lift=2", 2000, 1010, 900, 20, 41, 8)
	other2.AgentNorth = "greedy"
	cells = append(cells, other, other2)
	es, notes := Estimate(cells, 0.95)
	// Not a full grid (min_lift=2 with skip_origin=on was not played): no
	// interaction model is tried, so nothing is reported as not estimated.
	if len(notes) != 0 {
		t.Errorf("notes %q", notes)
	}
	for _, q := range Quantities {
		var ps, adj []float64
		for _, e := range es {
			if e.Quantity == q {
				ps, adj = append(ps, float64(e.P)), append(adj, float64(e.PHolm))
			}
		}
		if len(ps) != 3 {
			t.Fatalf("%s: %d entries, want 3 (no interactions in a one-at-a-time design)", q, len(ps))
		}
		for i, w := range stats.Holm(ps) {
			if !near(adj[i], w, 1e-15) {
				t.Errorf("%s: Holm %v, want %v", q, adj, stats.Holm(ps))
			}
		}
	}
}

func TestRank(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 10000, 6000, 4000, 0, 40, 8),                   // 0.60
		cell("kingulu:min_lift=2", 10000, 5050, 4950, 0, 40, 8),        // 0.505
		cell("kingulu:skip_origin=on", 10000, 4900, 5100, 0, 40, 8),    // 0.49
		cell("kingulu:penultimate=never", 10000, 4500, 5500, 0, 40, 8), // 0.45
	}
	rs := Rank(cells, 0.05)
	want := []struct {
		ruleset string
		same    bool
	}{{"kingulu:min_lift=2", true}, {"kingulu:skip_origin=on", true}, {"kingulu:penultimate=never", false}, {"kingulu", false}}
	if len(rs) != len(want) {
		t.Fatalf("%d ranked", len(rs))
	}
	for i, w := range want {
		r := rs[i]
		if r.Rank != i+1 || r.Ruleset != w.ruleset || r.AsBalancedAsBest != w.same {
			t.Errorf("rank %d: %s (as balanced as best %v, p %v), want %s %v", r.Rank, r.Ruleset, r.AsBalancedAsBest, r.P, w.ruleset, w.same)
		}
	}
	// Hand-worked: 0.49 against 0.505: imbalances 0.01 and 0.005, standard
	// errors sqrt(0.49·0.51/9999) and sqrt(0.505·0.495/9999); z = 0.005/se
	// = 0.7071..., one-sided p = 0.2398, times k−1 = 3.
	se := math.Sqrt((0.49*0.51 + 0.505*0.495) / 9999)
	p := 3 * (1 - 0.5*math.Erfc(-0.005/se/math.Sqrt2))
	if !near(float64(rs[1].P), p, 1e-9) {
		t.Errorf("p of the second: %v, want %v", rs[1].P, p)
	}
	if f := rs[0].Imbalance; !near(float64(f.Value), 0.005, 1e-12) || f.Lo != 0 {
		t.Errorf("imbalance of the first %+v: interval covers 1/2, so lo = 0", f)
	}
	if f := rs[3].Imbalance; !near(float64(f.Lo), float64(rs[3].FirstPlayerAdvantage.Lo)-0.5, 1e-12) {
		t.Errorf("imbalance of the last %+v", f)
	}
}

// A grid that never plays an option's default compares its levels with the
// first level played, in the option table's order, and says so.
func TestEstimateWithoutDefault(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu:min_lift=2,penultimate=never", 4000, 2000, 1900, 10, 30, 8),
		cell("kingulu:min_lift=2,penultimate=origin", 4000, 2100, 1800, 10, 32, 8),
	}
	es, notes := Estimate(cells, 0.95)
	if len(es) == 0 || es[0].Option != "penultimate" || es[0].Value != "never" {
		t.Fatalf("entries %+v", es)
	}
	// Scores: origin 2150/4000, never 2050/4000: the log odds ratio of never
	// against origin.
	if want := logit(2050.0/4000) - logit(2150.0/4000); !near(float64(es[0].Estimate), want, 1e-9) {
		t.Errorf("estimate %v, want %v", es[0].Estimate, want)
	}
	if len(notes) == 0 || !strings.Contains(notes[0], "option penultimate was not played at its default lap; its levels are compared with origin") {
		t.Errorf("notes %q", notes)
	}
}

// A ruleset this baolab does not understand is left out with a note.
func TestEstimateUnknownOption(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 4000, 2000, 1900, 10, 30, 8),
		cell("kingulu:min_lift=2", 4000, 2100, 1800, 10, 32, 8),
		cell("kingulu:colour=red", 4000, 2100, 1800, 10, 32, 8),
	}
	es, notes := Estimate(cells, 0.95)
	if len(es) != 4 || es[0].Option != "min_lift" {
		t.Errorf("entries %+v", es)
	}
	if len(notes) == 0 || !strings.HasPrefix(notes[0], `effects: ruleset kingulu:colour=red left out: kingulu: unknown option "colour"`) {
		t.Errorf("notes %q", notes)
	}
}

// The published entries of a two-reading design, against closed forms:
// first-player advantage (no draws) and never-ending rate are log odds
// ratios with standard error sqrt(1/a + 1/b + 1/c + 1/d), mean length a
// difference of means with standard error sqrt(S₁/N₁² + S₀/N₀²) (S the
// sum of squared deviations, (N−1)·SD²); every interval is estimate ±
// 1.959964·SE and every p-value 2(1 − Φ(|estimate/SE|)).
func TestEstimateTwoReadingsClosedForm(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 1000, 400, 600, 50, 40, 8),
		cell("kingulu:min_lift=2", 800, 440, 360, 20, 37, 6),
	}
	es, _ := Estimate(cells, 0.95)
	logOR := func(a, b, c, d float64) (est, se float64) {
		return math.Log(c/d) - math.Log(a/b), math.Sqrt(1/a + 1/b + 1/c + 1/d)
	}
	type want struct{ est, se float64 }
	wants := map[string]want{}
	e, s := logOR(400, 600, 440, 360)
	wants["first_player_advantage"] = want{e, s}
	e, s = logOR(50, 950, 20, 780)
	wants["never_ending_rate"] = want{e, s}
	wants["mean_length"] = want{37 - 40, math.Sqrt(799*36/(800.0*800) + 999*64/(1000.0*1000))}
	seen := 0
	for _, e := range es {
		w, ok := wants[e.Quantity]
		if !ok {
			t.Errorf("unexpected entry %+v (no draws: no draw rate)", e)
			continue
		}
		seen++
		est, se := float64(e.Estimate), float64(e.SE)
		p := math.Erfc(math.Abs(w.est/w.se) / math.Sqrt2)
		if e.Option != "min_lift" || e.Value != "2" || !near(est, w.est, 1e-9) || !near(se, w.se, 1e-9) ||
			!near(float64(e.Lo), w.est-1.959963984540054*w.se, 1e-9) || !near(float64(e.Hi), w.est+1.959963984540054*w.se, 1e-9) ||
			!near(float64(e.P), p, 1e-12) || !near(float64(e.PHolm), p, 1e-12) {
			t.Errorf("%s: %s=%s %v ± %v [%v, %v] p %v holm %v; want %v ± %v, p %v",
				e.Quantity, e.Option, e.Value, est, se, e.Lo, e.Hi, e.P, e.PHolm, w.est, w.se, p)
		}
	}
	if seen != 3 {
		t.Errorf("%d entries, want 3", seen)
	}
}

// A full 2×2 grid whose first-player shares do not add up on the log odds
// scale: the interaction entry is the departure from additivity,
// logit(p₁₁) − logit(p₁₀) − logit(p₀₁) + logit(p₀₀), with the saturated
// standard error sqrt(Σ 1/count) over the eight win and loss counts.
func TestEstimateInteraction(t *testing.T) {
	p := map[[2]int]float64{{0, 0}: 0.40, {1, 0}: 0.55, {0, 1}: 0.30, {1, 1}: 0.70}
	const n = 2000
	var cells []summary.Cell
	se := 0.0
	for k, v := range p {
		rs := "kingulu"
		switch k {
		case [2]int{1, 0}:
			rs += ":min_lift=2"
		case [2]int{0, 1}:
			rs += ":skip_origin=on"
		case [2]int{1, 1}:
			rs += ":min_lift=2,skip_origin=on"
		}
		w := int64(n * v)
		cells = append(cells, cell(rs, n, w, n-w, 0, 40, 8))
		se += 1/float64(w) + 1/float64(n-w)
	}
	es, _ := Estimate(cells, 0.95)
	want := logit(0.7) - logit(0.55) - logit(0.3) + logit(0.4)
	found := false
	for _, e := range es {
		if e.Quantity != "first_player_advantage" || e.Option != "min_lift:skip_origin" {
			continue
		}
		found = true
		if e.Value != "2:on" || !near(float64(e.Estimate), want, 1e-9) || !near(float64(e.SE), math.Sqrt(se), 1e-9) {
			t.Errorf("interaction %s=%s %v ± %v, want 2:on %v ± %v", e.Option, e.Value, e.Estimate, e.SE, want, math.Sqrt(se))
		}
	}
	if !found {
		t.Errorf("no interaction entry in %+v", es)
	}
}

// First-player scores with draws, two readings: the log odds ratio of the
// mean scores with the sandwich standard error of fractional outcomes,
// Var = Σ_cells Σ(y − μ)² / (N μ(1 − μ))², Σ(y − μ)² = wins + draws/4 − N μ².
func TestEstimateScoresWithDraws(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 1000, 400, 400, 0, 40, 8),            // 200 draws: mean 0.5
		cell("kingulu:min_lift=2", 1000, 500, 300, 0, 40, 8), // 200 draws: mean 0.6
	}
	es, _ := Estimate(cells, 0.95)
	v := 0.0
	for _, c := range []struct{ w, h, mu float64 }{{400, 200, 0.5}, {500, 200, 0.6}} {
		ss := c.w + c.h/4 - 1000*c.mu*c.mu
		v += ss / math.Pow(1000*c.mu*(1-c.mu), 2)
	}
	e := es[0]
	if e.Quantity != "first_player_advantage" || !near(float64(e.Estimate), logit(0.6), 1e-9) || !near(float64(e.SE), math.Sqrt(v), 1e-9) {
		t.Errorf("entry %+v, want log odds ratio %v ± %v", e, logit(0.6), math.Sqrt(v))
	}
}

// Every game of both readings lasted 40 and 37 plies: the difference of
// mean lengths is exact (standard error 0), so there is nothing to test and
// no interval: p and the bounds are undefined, not 0 and [−3, −3].
func TestEstimateZeroSpread(t *testing.T) {
	cells := []summary.Cell{
		cell("kingulu", 1000, 400, 600, 50, 40, 0),
		cell("kingulu:min_lift=2", 800, 440, 360, 20, 37, 0),
	}
	es, _ := Estimate(cells, 0.95)
	found := false
	for _, e := range es {
		if e.Quantity != "mean_length" {
			continue
		}
		found = true
		if !near(float64(e.Estimate), -3, 1e-9) || e.SE != 0 || !math.IsNaN(float64(e.P)) || !math.IsNaN(float64(e.Lo)) || !math.IsNaN(float64(e.Hi)) {
			t.Errorf("mean length %+v, want -3 ± 0 with no p and no interval", e)
		}
	}
	if !found {
		t.Error("no mean_length entry")
	}
}

// Readings of two games each: {win, loss} (mean 1/2, variance of the mean
// ((1 − 2·1/4)/1)/2 = 1/4) against {win, win} (imbalance 1/2, no spread):
// z = (1/2 − 0)/sqrt(1/4) = 1, one-sided p = 1 − Φ(1) = 0.1587, so the
// second is not distinguishable from the first at 5%.
func TestRankTwoGames(t *testing.T) {
	rs := Rank([]summary.Cell{
		cell("kingulu:min_lift=2", 2, 2, 0, 0, 40, 8),
		cell("kingulu", 2, 1, 1, 0, 40, 8),
	}, 0.05)
	if len(rs) != 2 || rs[0].Ruleset != "kingulu" || rs[1].Ruleset != "kingulu:min_lift=2" {
		t.Fatalf("ranked %+v", rs)
	}
	p := 0.5 * math.Erfc(1/math.Sqrt2)
	if !near(float64(rs[1].P), p, 1e-12) || !rs[1].AsBalancedAsBest || !near(float64(rs[0].P), 1-p, 1e-12) {
		t.Errorf("p %v and %v, want %v and %v", rs[0].P, rs[1].P, 1-p, p)
	}
}

// Readings without spread: every game drawn in two readings (imbalance 0)
// and won in a third (1/2). The drawn ones are as balanced as each other
// (p = 1), the won one is not (p = 0): no normal approximation is needed
// and none gives NaN.
func TestRankConstantReadings(t *testing.T) {
	rs := Rank([]summary.Cell{
		cell("kingulu", 50, 0, 0, 0, 40, 8),
		cell("kingulu:min_lift=2", 50, 0, 0, 0, 40, 8),
		cell("kingulu:skip_origin=on", 50, 50, 0, 0, 40, 8),
	}, 0.05)
	if len(rs) != 3 {
		t.Fatalf("ranked %+v", rs)
	}
	for i, want := range []float64{1, 1, 0} {
		if float64(rs[i].P) != want || rs[i].AsBalancedAsBest != (want == 1) {
			t.Errorf("rank %d %s: p %v, as balanced as best %v; want p %v", rs[i].Rank, rs[i].Ruleset, rs[i].P, rs[i].AsBalancedAsBest, want)
		}
	}
}
