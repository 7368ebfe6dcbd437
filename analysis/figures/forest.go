package figures

import (
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/summary"
)

// maxForestRows is the most comparisons one forest plot shows; a grid
// with more (neighbouring readings) shows the first ones, with a note.
const maxForestRows = 60

// Forest is the forest plot of the comparisons of s: per pair of readings
// (reading A against its reference B, as in comparison.csv) the
// difference in first-player advantage A − B in percentage points with its
// interval, a solid line at no difference and dashed lines at ± the
// equivalence margin; a pair whose interval lies within the dashed lines
// is equivalent in balance. Filled dots mark pairs shown to differ (Holm),
// the glyph of the second series those shown equivalent (TOST). It
// returns nil when s has no comparisons, and a note when rows were left
// out.
func Forest(s *summary.Summary) (*Figure, string) {
	cs := s.Comparisons
	if len(cs) == 0 {
		return nil, ""
	}
	note := ""
	if len(cs) > maxForestRows {
		note = fmt.Sprintf("figure forest shows the first %d of %d comparisons (comparison.csv has all)", maxForestRows, len(cs))
		cs = cs[:maxForestRows]
	}
	p := newPlot("difference in first-player advantage, A − B (percentage points)", "")
	p.Add(gridLines())
	rows := forestRows(s, cs)
	n := len(rows)
	names := make([]string, n)
	series := [3]struct{ xs, ys, lo, hi []float64 }{}
	lines := 1
	for i, r := range rows {
		names[i] = r.label
		lines = max(lines, strings.Count(r.label, "\n")+1)
		if r.series < 0 {
			continue
		}
		sr := &series[r.series]
		sr.xs, sr.ys = append(sr.xs, r.x), append(sr.ys, float64(n-1-i))
		sr.lo, sr.hi = append(sr.lo, r.lo), append(sr.hi, r.hi)
	}
	nominalY(p, names)
	for i, x := range forestLines(s) {
		var c color.Color = grey
		if i > 0 {
			c = colour(2)
		}
		p.Add(vline{x, c})
	}
	for k, sr := range series {
		if len(sr.xs) > 0 {
			addDots(p, k, sr.xs, sr.ys, sr.lo, sr.hi, colour(k))
		}
	}
	row := rowHeightFor(s)
	if l := 0.20*vg.Inch + vg.Length(lines-1)*tickSize*1.15; l > row {
		row = l
	}
	return &Figure{Name: "forest", Plot: p, Height: dotHeight(n, row)}, note
}

// forestLabel names a comparison: its readings (without the variant when
// every cell has the same one), A − B, and the agent pair when there are
// several.
func forestLabel(s *summary.Summary, c summary.Comparison) string {
	short := func(rs string) string {
		if oneVariant(s) {
			_, opts, ok := strings.Cut(rs, ":")
			if !ok {
				return "default"
			}
			return opts
		}
		return rs
	}
	lines := append(wrap(short(c.RulesetA)), wrap("− "+short(c.RulesetB))...)
	if s.SeveralPairs() {
		lines = append(lines, c.AgentSouth+" vs "+c.AgentNorth)
	}
	return strings.Join(lines, "\n")
}

// Series of the forest plot's rows.
const (
	forestNeither    = 0 // neither shown to differ nor equivalent
	forestDiffer     = 1 // shown to differ (Holm)
	forestEquivalent = 2 // shown equivalent within the margin (TOST)
)

// forestRow is one row of the forest plot, in percentage points; series
// is -1 for an undefined difference (a row without a dot).
type forestRow struct {
	label     string
	x, lo, hi float64
	series    int
}

// forestRows returns the rows of the comparisons cs of s, top first.
func forestRows(s *summary.Summary, cs []summary.Comparison) []forestRow {
	out := make([]forestRow, len(cs))
	for i, c := range cs {
		f := c.FirstPlayerAdvantage
		r := forestRow{label: forestLabel(s, c), x: pct(f.Diff), lo: pct(f.Lo), hi: pct(f.Hi), series: forestNeither}
		switch {
		case !finite(r.x, r.lo, r.hi):
			r.series = -1
		case c.Equivalence != nil && c.Equivalence.Verdict == "balanced":
			r.series = forestEquivalent
		case f.Significant:
			r.series = forestDiffer
		}
		out[i] = r
	}
	return out
}

// forestLines returns the x of the reference lines: no difference, then
// − and + the equivalence margin when s has one.
func forestLines(s *summary.Summary) []float64 {
	if m := s.EquivalenceMargin; m > 0 {
		return []float64{0, -100 * m, 100 * m}
	}
	return []float64{0}
}
