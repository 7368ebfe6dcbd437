package figures

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/summary"
)

// effectRow is one row of the effects figure: an option value (or a pair
// of values) of one variant × agent pair, with its effect on each
// quantity.
type effectRow struct {
	variant, agents, option, value string
	by                             map[string]summary.Effect
}

// label names the row: "option=value", "a=x × b=y" for an interaction,
// after the variant and agents when the figure shows several.
func (r effectRow) label(several bool) string {
	keys, vals := strings.Split(r.option, ":"), strings.Split(r.value, ":")
	var parts []string
	for i := range keys {
		if i < len(vals) {
			parts = append(parts, keys[i]+"="+vals[i])
		}
	}
	l := strings.Join(parts, " × ")
	if several {
		l = r.variant + ", " + r.agents + "\n" + l
	}
	return l
}

// size is the row's rank key: |effect on first-player advantage|, then
// the largest |effect| on the other shares; undefined effects count 0.
func (r effectRow) size() [2]float64 {
	abs := func(q string) float64 {
		e, ok := r.by[q]
		if !ok || math.IsNaN(float64(e.Estimate)) {
			return 0
		}
		return math.Abs(float64(e.Estimate))
	}
	return [2]float64{abs("first_player_advantage"), math.Max(abs("draw_rate"), abs("never_ending_rate"))}
}

// effectRows gathers the effects of s into rows, largest effect first.
func effectRows(s *summary.Summary) (rows []effectRow, several bool) {
	index := map[[4]string]int{}
	groups := map[[2]string]bool{}
	for _, e := range s.Effects {
		k := [4]string{e.Variant, e.Agents, e.Option, e.Value}
		groups[[2]string{e.Variant, e.Agents}] = true
		i, ok := index[k]
		if !ok {
			i = len(rows)
			index[k] = i
			rows = append(rows, effectRow{e.Variant, e.Agents, e.Option, e.Value, map[string]summary.Effect{}})
		}
		rows[i].by[e.Quantity] = e
	}
	slices.SortStableFunc(rows, func(a, b effectRow) int {
		sa, sb := a.size(), b.size()
		if c := cmp.Compare(sb[0], sa[0]); c != 0 {
			return c
		}
		return cmp.Compare(sb[1], sa[1])
	})
	return rows, len(groups) > 1
}

// effectPanels are the effects figure's panels, top to bottom, each with
// its own scale: first-player advantage alone (the main question), the
// two rates of rarer outcomes (whose log odds ratios can be an order of
// magnitude larger and far less certain), and mean length.
var effectPanels = []struct {
	axis       string
	quantities []effectQuantity
}{
	{"effect on first-player advantage (log odds ratio)", []effectQuantity{{"first_player_advantage", "first-player advantage", 0, 0}}},
	{"effect on rare outcomes (log odds ratio)", []effectQuantity{{"draw_rate", "draw rate", 1, 1}, {"never_ending_rate", "never-ending rate", 2, 2}}},
	{"difference in mean length (plies)", []effectQuantity{{"mean_length", "mean length", 3, 7}}},
}

// effectQuantity is one quantity of the effects figure: its key in
// summary.Effect, its legend name, and its glyph and colour indices.
type effectQuantity struct {
	key, name     string
	glyph, colour int
}

// Effects draws the option effects of s (package analysis/effects): one
// row per option value, ranked by the size of its effect on first-player
// advantage; one panel per scale (effectPanels): the log odds ratios of
// first-player advantage, then of draw rate and never-ending rate against
// the option's default, then the difference in mean length, all with their
// 95% intervals. More rows than fit on a page are split into parts (effects,
// effects-2, ...).
func Effects(s *summary.Summary) []*Figure {
	rows, several := effectRows(s)
	if len(rows) == 0 {
		return nil
	}
	lines := 1
	for _, r := range rows {
		lines = max(lines, strings.Count(r.label(several), "\n")+1)
	}
	row := 0.20*vg.Inch + vg.Length(lines-1)*tickSize*1.15
	// Rows per part: every panel, their axes and the legend within MaxHeight.
	np := vg.Length(len(effectPanels))
	per := max(1, int((MaxHeight-np*0.65*vg.Inch-0.4*vg.Inch)/(np*row)))
	var figs []*Figure
	for i, part := range chunks(rows, (len(rows)+per-1)/per) {
		name := "effects"
		if i > 0 {
			name = fmt.Sprintf("effects-%d", i+1)
		}
		figs = append(figs, effectsFigure(name, part, several, row))
	}
	return figs
}

func effectsFigure(name string, rows []effectRow, several bool, row vg.Length) *Figure {
	n := len(rows)
	names := make([]string, n)
	for i, r := range rows {
		names[i] = r.label(several)
	}
	f := &Figure{Name: name}
	for pi, panel := range effectPanels {
		p := newPlot(panel.axis, "")
		p.Add(gridLines(), vline{0, grey})
		nominalY(p, names)
		for k, q := range panel.quantities {
			var xs, ys, lo, hi []float64
			// Several quantities in a panel sit side by side in each row.
			off := 0.25 * (float64(k) - float64(len(panel.quantities)-1)/2)
			for i, r := range rows {
				e, ok := r.by[q.key]
				if !ok || !finite(float64(e.Estimate), float64(e.Lo), float64(e.Hi)) {
					continue
				}
				xs, lo, hi = append(xs, float64(e.Estimate)), append(lo, float64(e.Lo)), append(hi, float64(e.Hi))
				ys = append(ys, float64(n-1-i)-off)
			}
			if len(xs) == 0 {
				continue
			}
			th := addDots(p, q.glyph, xs, ys, lo, hi, colour(q.colour))
			f.Legend = append(f.Legend, LegendEntry{q.name, th})
		}
		if pi == 0 {
			f.Plot, f.Height = p, dotHeight(n, row)
		} else {
			f.Below = append(f.Below, Panel{p, dotHeight(n, row)})
		}
	}
	return f
}

var _ plot.Thumbnailer // addDots returns thumbnails for the legend
