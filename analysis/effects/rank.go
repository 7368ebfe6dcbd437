package effects

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/baolab/baolab/analysis/summary"
)

// Rank orders the readings of each variant × agent pair with two or more
// readings by imbalance |FPA − 1/2|, most balanced first, and marks those
// not distinguishable from the most balanced at level alpha (Gupta's
// subset selection with one-sided z tests, Bonferroni over the other
// readings; see the package doc).
func Rank(cells []summary.Cell, alpha float64) []summary.Ranked {
	out := []summary.Ranked{}
	gs, _ := groups(cells)
	for _, g := range gs {
		k := len(g.cells)
		if k < 2 {
			continue
		}
		type reading struct {
			c    summary.Cell
			t, v float64 // imbalance and the variance of its estimate
		}
		rs := make([]reading, k)
		for i, c := range g.cells {
			n, s, ss := outcome(c, "first_player_advantage")
			m := s / n
			v := 0.0
			if n >= 2 {
				v = math.Max(0, (ss-n*m*m)/(n-1)) / n
			}
			rs[i] = reading{c, math.Abs(m - 0.5), v}
		}
		slices.SortStableFunc(rs, func(a, b reading) int { return cmp.Compare(a.t, b.t) })
		for i, r := range rs {
			p := 1.0 // smallest one-sided p that another reading is more balanced
			for j, o := range rs {
				if j == i {
					continue
				}
				se := math.Sqrt(r.v + o.v)
				switch {
				case se > 0:
					p = math.Min(p, distuv.UnitNormal.Survival((r.t-o.t)/se))
				case r.t > o.t:
					p = 0
				}
			}
			p = math.Min(1, float64(k-1)*p)
			f := r.c.FirstPlayerAdvantage
			out = append(out, summary.Ranked{
				Variant: g.variant, Agents: g.agents, Rank: i + 1, Ruleset: r.c.Ruleset, Games: r.c.Games,
				FirstPlayerAdvantage: f, Imbalance: imbalance(f),
				P: summary.Num(p), AsBalancedAsBest: p >= alpha,
			})
		}
	}
	return out
}

// imbalance maps an FPA interval through |p − 1/2|.
func imbalance(f summary.Interval) summary.Interval {
	d := func(x summary.Num) float64 { return math.Abs(float64(x) - 0.5) }
	lo, hi := math.Min(d(f.Lo), d(f.Hi)), math.Max(d(f.Lo), d(f.Hi))
	if f.Lo <= 0.5 && f.Hi >= 0.5 {
		lo = 0
	}
	return summary.Interval{Value: summary.Num(d(f.Value)), Lo: summary.Num(lo), Hi: summary.Num(hi)}
}
