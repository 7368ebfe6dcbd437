package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// EndReasons plots the end reasons of each cell as stacked horizontal
// bars of shares. Reasons that never occur are left out.
func EndReasons(s *summary.Summary) *Figure {
	p := newPlot("share of games (%)", rulesAxis(s))
	n := len(s.Cells)
	nominalY(p, cellLabels(s))
	row := rowHeightFor(s)
	f := &Figure{Name: "end-reasons", Plot: p, Height: dotHeight(n, row)}
	var below *plotter.BarChart
	for k, r := range engine.EndReasonNames() {
		vals := make(plotter.Values, n)
		any := false
		for i, c := range s.Cells {
			vals[n-1-i] = pct(c.EndReasons[r].Share)
			if c.EndReasons[r].Count > 0 {
				any = true
			}
		}
		if !any {
			continue
		}
		b, err := plotter.NewBarChart(vals, row*0.6)
		if err != nil {
			panic(err)
		}
		b.Horizontal = true
		b.Color = reasonColour(r, k)
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		f.Legend = append(f.Legend, LegendEntry{r, []plot.Thumbnailer{b}})
	}
	p.X.Min, p.X.Max = 0, 100
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	return f
}

// reasonColour gives end reason r (number k in the engine's order) its
// colour; max-plies, which leaves a game unfinished, is grey as the
// unfinished games are in the outcomes figure.
func reasonColour(r string, k int) color.Color {
	if r == engine.MaxPlies.String() {
		return grey
	}
	return colour(k)
}
