package figures

import (
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/summary"
)

// accuracyPanels are the accuracy figure's panels, top to bottom.
var accuracyPanels = []struct {
	axis  string
	value func(summary.Accuracy) summary.Interval
}{
	{"moves keeping the exact outcome (%)", func(a summary.Accuracy) summary.Interval { return a.KeepsOutcome }},
	{"moves keeping the exact margin (%)", func(a summary.Accuracy) summary.Interval { return a.KeepsMargin }},
}

// Accuracy plots, for every agent of the solved boards (rows, ordered by
// search budget, the strongest at the top), the share of its moves that
// keep the exact outcome (top panel) and the exact margin (bottom panel),
// with their Wilson intervals, one series per ruleset. It returns nil when
// s has no accuracy rows.
func Accuracy(s *summary.Summary) *Figure {
	if len(s.Accuracy) == 0 {
		return nil
	}
	var agents, rulesets []string
	for _, a := range s.Accuracy {
		if !slices.Contains(agents, a.Agent) {
			agents = append(agents, a.Agent)
		}
		if !slices.Contains(rulesets, a.Ruleset) {
			rulesets = append(rulesets, a.Ruleset)
		}
	}
	slices.SortStableFunc(agents, func(a, b string) int { return -cmpStrength(a, b) })
	xmin := 100.0
	for _, a := range s.Accuracy {
		for _, panel := range accuracyPanels {
			if lo := pct(panel.value(a).Lo); finite(lo) {
				xmin = math.Min(xmin, lo)
			}
		}
	}
	xmin = math.Max(0, 10*math.Floor(xmin/10)-2)
	n := len(agents)
	row := 0.22 * vg.Inch
	f := &Figure{Name: "accuracy"}
	for pi, panel := range accuracyPanels {
		p := newPlot(panel.axis, "")
		p.Add(gridLines(), vline{100, grey})
		nominalY(p, agents)
		p.X.Min, p.X.Max = xmin, 102
		for j, rs := range rulesets {
			off := 0.0
			if len(rulesets) > 1 {
				off = 0.5 * (float64(j)/float64(len(rulesets)-1) - 0.5)
			}
			var xs, ys, lo, hi []float64
			for _, a := range s.Accuracy {
				v := panel.value(a)
				if a.Ruleset != rs || !finite(float64(v.Value), float64(v.Lo), float64(v.Hi)) {
					continue
				}
				i := slices.Index(agents, a.Agent)
				xs, ys, lo, hi = append(xs, pct(v.Value)), append(ys, float64(n-1-i)-off), append(lo, pct(v.Lo)), append(hi, pct(v.Hi))
			}
			if len(xs) == 0 {
				continue
			}
			th := addDots(p, j, xs, ys, lo, hi, colour(j))
			if pi == 0 {
				f.Legend = append(f.Legend, LegendEntry{strings.Join(wrap(rs), "\n"), th})
			}
		}
		if pi == 0 {
			f.Plot, f.Height = p, dotHeight(n, row)
		} else {
			f.Below = append(f.Below, Panel{p, dotHeight(n, row)})
		}
	}
	return f
}
