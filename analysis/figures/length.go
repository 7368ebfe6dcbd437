package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
)

// Length overlays the game-length distribution of every cell as a
// frequency polygon: the share of the cell's games in each bin of lengths.
// The x axis stops at the largest 99th percentile of the cells when the
// longest games lie far beyond it; the axis label says so.
func Length(s *summary.Summary) *Figure {
	if len(s.Cells) > maxOverlay {
		return lengthBoxes(s)
	}
	// Range: the largest length, or the largest 99th percentile when
	// the tail is long (e.g. a spike of games stopped at max_plies).
	var maxLen, p99 float64
	for _, c := range s.Cells {
		var total, cum int64
		for _, b := range c.Length.Histogram {
			total += b[1]
			maxLen = math.Max(maxLen, float64(b[0]))
		}
		for _, b := range c.Length.Histogram {
			cum += b[1]
			if float64(cum) >= 0.99*float64(total) {
				p99 = math.Max(p99, float64(b[0]))
				break
			}
		}
	}
	xmax, cut := maxLen, false
	if maxLen > 1.5*p99 && p99 > 0 {
		xmax, cut = p99, true
	}
	step := niceStep(xmax / 40)
	xlabel := "game length (plies)"
	if cut {
		xlabel = "game length (plies; longest 1% not shown)"
	}
	ylabel := fmt.Sprintf("games per %g-ply bin (%%)", step)
	if step == 1 {
		ylabel = "games (%)"
	}
	p := newPlot(xlabel, ylabel)
	f := &Figure{Name: "length", Plot: p, Height: 2.1 * vg.Inch}
	nb := int(math.Floor(xmax/step)) + 1
	for i, c := range s.Cells {
		bins := make([]float64, nb)
		var total float64
		for _, b := range c.Length.Histogram {
			total += float64(b[1])
			if k := int(math.Floor(float64(b[0]) / step)); k < nb {
				bins[k] += float64(b[1])
			}
		}
		if total == 0 {
			continue
		}
		xy := make(plotter.XYs, nb)
		for k := range bins {
			xy[k] = plotter.XY{X: (float64(k) + 0.5) * step, Y: 100 * bins[k] / total}
			if step == 1 {
				xy[k].X = float64(k)
			}
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			panic(err)
		}
		l.LineStyle = draw.LineStyle{Color: colour(i), Width: vg.Points(1)}
		if i >= len(palette) {
			l.LineStyle.Dashes = []vg.Length{vg.Points(3), vg.Points(1.5)}
		}
		p.Add(l)
		f.Legend = append(f.Legend, LegendEntry{legendLabel(s, c), []plot.Thumbnailer{l}})
	}
	p.Add(gridLines())
	p.X.Min, p.Y.Min = 0, 0
	p.X.Max = math.Max(p.X.Max, 1)
	p.Y.Max = math.Max(p.Y.Max, 1)
	return f
}

// lengthBoxes draws the game-length distribution of each cell as a row:
// a line from the 5th to the 95th percentile, a bar from the 25th to the
// 75th, the median and the mean. Length uses it for more than maxOverlay
// cells.
func lengthBoxes(s *summary.Summary) *Figure {
	p := newPlot("game length (plies)", rulesAxis(s))
	p.Add(gridLines())
	n := len(s.Cells)
	nominalY(p, cellLabels(s))
	row := rowHeightFor(s)
	f := &Figure{Name: "length", Plot: p, Height: dotHeight(n, row)}
	whisker := draw.LineStyle{Color: colour(0), Width: vg.Points(0.8)}
	box := draw.LineStyle{Color: colorWithAlpha(0x56<<8, 0xB4<<8, 0xE9<<8, 0xff), Width: vg.Points(5)}
	var med, mean plotter.XYs
	var wl, bl *plotter.Line
	for i, c := range s.Cells {
		l := c.Length
		y := float64(n - 1 - i)
		if !finite(float64(l.P5), float64(l.P25), float64(l.Median), float64(l.P75), float64(l.P95), float64(l.Mean.Value)) {
			continue
		}
		w, err := plotter.NewLine(plotter.XYs{{X: float64(l.P5), Y: y}, {X: float64(l.P95), Y: y}})
		if err != nil {
			panic(err)
		}
		w.LineStyle = whisker
		b, err := plotter.NewLine(plotter.XYs{{X: float64(l.P25), Y: y}, {X: float64(l.P75), Y: y}})
		if err != nil {
			panic(err)
		}
		b.LineStyle = box
		p.Add(w, b)
		wl, bl = w, b
		med = append(med, plotter.XY{X: float64(l.Median), Y: y})
		mean = append(mean, plotter.XY{X: float64(l.Mean.Value), Y: y})
	}
	if len(med) == 0 {
		return f
	}
	ms, err := plotter.NewScatter(med)
	if err != nil {
		panic(err)
	}
	ms.GlyphStyle = draw.GlyphStyle{Color: colour(0), Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
	mn, err := plotter.NewScatter(mean)
	if err != nil {
		panic(err)
	}
	mn.GlyphStyle = draw.GlyphStyle{Color: colour(1), Radius: vg.Points(2), Shape: draw.CrossGlyph{}}
	p.Add(ms, mn)
	p.X.Min = math.Min(p.X.Min, 0)
	f.Legend = []LegendEntry{{"median", []plot.Thumbnailer{ms}}, {"mean", []plot.Thumbnailer{mn}},
		{"25–75%", []plot.Thumbnailer{bl}}, {"5–95% of games", []plot.Thumbnailer{wl}}}
	return f
}
