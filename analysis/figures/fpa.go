package figures

import (
	"slices"

	"github.com/baolab/baolab/analysis/summary"
)

// FPA plots the first-player advantage of each cell with its interval,
// sorted from the largest (top) down, and marks 50%.
func FPA(s *summary.Summary) *Figure {
	p := newPlot("first-player advantage (%)", rulesAxis(s))
	p.Add(gridLines())
	cells := slices.Clone(s.Cells)
	slices.SortStableFunc(cells, func(a, b summary.Cell) int {
		return -cmpNum(a.FirstPlayerAdvantage.Value, b.FirstPlayerAdvantage.Value)
	})
	n := len(cells)
	names := make([]string, n)
	var xs, ys, lo, hi []float64
	for i, c := range cells {
		names[i] = label(s, c)
		f := c.FirstPlayerAdvantage
		if !finite(float64(f.Value), float64(f.Lo), float64(f.Hi)) {
			continue
		}
		xs, ys, lo, hi = append(xs, pct(f.Value)), append(ys, float64(n-1-i)), append(lo, pct(f.Lo)), append(hi, pct(f.Hi))
	}
	nominalY(p, names)
	p.Add(vline{50, grey})
	addDots(p, 0, xs, ys, lo, hi, colour(0))
	return &Figure{Name: "fpa", Plot: p, Height: dotHeight(n, rowHeightFor(s))}
}
