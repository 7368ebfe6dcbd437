package figures

import (
	"image/color"
	"math"

	"github.com/baolab/baolab/analysis/summary"
)

// Outcomes plots the share of South wins, North wins, draws and unfinished
// games of each cell with their intervals. Outcomes that never occur are
// left out.
func Outcomes(s *summary.Summary) *Figure {
	p := newPlot("share of games (%)", rulesAxis(s))
	p.Add(gridLines())
	n := len(s.Cells)
	nominalY(p, cellLabels(s))
	kinds := []struct {
		name   string
		get    func(summary.Cell) summary.Share
		colour color.Color
	}{
		{"South wins", func(c summary.Cell) summary.Share { return c.Outcomes.South }, colour(0)},
		{"North wins", func(c summary.Cell) summary.Share { return c.Outcomes.North }, colour(1)},
		{"Draws", func(c summary.Cell) summary.Share { return c.Outcomes.Draw }, colour(2)},
		{"Unfinished", func(c summary.Cell) summary.Share { return c.Outcomes.Unfinished }, grey},
	}
	f := &Figure{Name: "outcomes", Plot: p, Height: dotHeight(n, rowHeightFor(s))}
	var shown []int
	for k, kind := range kinds {
		for _, c := range s.Cells {
			if kind.get(c).Count > 0 {
				shown = append(shown, k)
				break
			}
		}
	}
	for j, k := range shown {
		var xs, ys, lo, hi []float64
		off := 0.0
		if len(shown) > 1 {
			off = 0.5 * (float64(j)/float64(len(shown)-1) - 0.5)
		}
		for i, c := range s.Cells {
			sh := kinds[k].get(c)
			xs, lo, hi = append(xs, pct(sh.Share)), append(lo, pct(sh.Lo)), append(hi, pct(sh.Hi))
			ys = append(ys, float64(n-1-i)-off)
		}
		th := addDots(p, k, xs, ys, lo, hi, kinds[k].colour)
		f.Legend = append(f.Legend, LegendEntry{kinds[k].name, th})
	}
	p.X.Min, p.X.Max = 0, math.Max(p.X.Max, 10)
	return f
}
