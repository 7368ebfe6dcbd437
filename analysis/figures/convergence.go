package figures

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
)

// Convergence plots the first-player advantage of each cell against the
// number of games (log scale), with its interval as a band, and marks
// 50%.
func Convergence(s *summary.Summary) *Figure {
	if len(s.Cells) > maxOverlay {
		return convergenceDeviation(s)
	}
	p := newPlot("games (log scale)", "first-player advantage (%)")
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	f := &Figure{Name: "convergence", Plot: p, Height: 2.1 * vg.Inch}
	for i, c := range s.Cells {
		var line, band plotter.XYs
		var upper plotter.XYs
		for _, pt := range c.Convergence {
			if !finite(float64(pt.Value), float64(pt.Lo), float64(pt.Hi)) || pt.Games <= 0 {
				continue
			}
			x := float64(pt.Games)
			line = append(line, plotter.XY{X: x, Y: pct(pt.Value)})
			band = append(band, plotter.XY{X: x, Y: pct(pt.Lo)})
			upper = append(upper, plotter.XY{X: x, Y: pct(pt.Hi)})
		}
		if len(line) == 0 {
			continue
		}
		slices.Reverse(upper)
		band = append(band, upper...)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			panic(err)
		}
		r, g, b, _ := colour(i).RGBA()
		poly.Color = colorWithAlpha(r, g, b, 0x30)
		poly.LineStyle.Width = 0
		l, err := plotter.NewLine(line)
		if err != nil {
			panic(err)
		}
		l.LineStyle = draw.LineStyle{Color: colour(i), Width: vg.Points(1)}
		p.Add(poly, l)
		f.Legend = append(f.Legend, LegendEntry{legendLabel(s, c), []plot.Thumbnailer{poly, l}})
	}
	p.Add(hline{50, grey})
	if p.X.Min == p.X.Max || math.IsInf(p.X.Min, 0) {
		p.X.Min, p.X.Max = 1, 10
	}
	return f
}

// convergenceDeviation draws, for each cell, how far the first-player
// advantage after n games lies from the cell's final estimate, as thin
// grey lines, over the mean half-width of the 95% intervals at n as a
// band. Convergence uses it for more than maxOverlay cells.
func convergenceDeviation(s *summary.Summary) *Figure {
	p := newPlot("games (log scale)", "difference from final estimate (pp)")
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	f := &Figure{Name: "convergence", Plot: p, Height: 2.1 * vg.Inch}
	half := map[int64][]float64{}
	var lineTh plot.Thumbnailer
	var lines []plot.Plotter
	for _, c := range s.Cells {
		if len(c.Convergence) == 0 {
			continue
		}
		final := pct(c.Convergence[len(c.Convergence)-1].Value)
		var xy plotter.XYs
		for _, pt := range c.Convergence {
			if !finite(float64(pt.Value), float64(pt.Lo), float64(pt.Hi)) || pt.Games <= 0 {
				continue
			}
			xy = append(xy, plotter.XY{X: float64(pt.Games), Y: pct(pt.Value) - final})
			half[pt.Games] = append(half[pt.Games], (pct(pt.Hi)-pct(pt.Lo))/2)
		}
		if len(xy) == 0 {
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			panic(err)
		}
		l.LineStyle = draw.LineStyle{Color: colorWithAlpha(0x40<<8, 0x40<<8, 0x40<<8, 0x90), Width: vg.Points(0.5)}
		lines = append(lines, l)
		lineTh = l
	}
	var gs []int64
	for g := range half {
		gs = append(gs, g)
	}
	slices.Sort(gs)
	var upper, lower plotter.XYs
	for _, g := range gs {
		var m float64
		for _, h := range half[g] {
			m += h
		}
		m /= float64(len(half[g]))
		upper = append(upper, plotter.XY{X: float64(g), Y: m})
		lower = append(lower, plotter.XY{X: float64(g), Y: -m})
	}
	if len(gs) > 0 {
		slices.Reverse(lower)
		poly, err := plotter.NewPolygon(append(upper, lower...))
		if err != nil {
			panic(err)
		}
		r, g, b, _ := colour(0).RGBA()
		poly.Color = colorWithAlpha(r, g, b, 0x40)
		poly.LineStyle.Width = 0
		p.Add(poly)
		f.Legend = append(f.Legend, LegendEntry{"mean half-width of the 95% intervals", []plot.Thumbnailer{poly}})
	}
	p.Add(lines...)
	if lineTh != nil {
		f.Legend = append([]LegendEntry{{fmt.Sprintf("one line per cell (%d)", len(s.Cells)), []plot.Thumbnailer{lineTh}}}, f.Legend...)
	}
	p.Add(hline{0, grey})
	if p.X.Min == p.X.Max || math.IsInf(p.X.Min, 0) {
		p.X.Min, p.X.Max = 1, 10
	}
	return f
}
