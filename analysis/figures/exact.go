package figures

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
)

// Exact plots, per solved ruleset, the first mover's result under perfect
// play (100% wins, 0% loses, 50% draw) next to the first-player advantage
// of random play with its Wilson interval, so a reader sees whether random
// play points to the perfect-play winner. It returns nil when s has no
// exact values.
func Exact(s *summary.Summary) *Figure {
	if len(s.Exact) == 0 {
		return nil
	}
	p := newPlot("first player's score (%): random play against perfect play", "")
	p.Add(gridLines())
	n := len(s.Exact)
	names := make([]string, n)
	lines := 1
	var xs, ys, lo, hi, px, py []float64
	for i, e := range s.Exact {
		names[i] = strings.Join(wrap(e.Ruleset), "\n")
		lines = max(lines, len(wrap(e.Ruleset)))
		y := float64(n - 1 - i)
		px, py = append(px, pct(summary.Num(e.FirstPlayerValue))), append(py, y)
		f := e.RandomFPA
		if finite(float64(f.Value), float64(f.Lo), float64(f.Hi)) {
			xs, ys, lo, hi = append(xs, pct(f.Value)), append(ys, y), append(lo, pct(f.Lo)), append(hi, pct(f.Hi))
		}
	}
	nominalY(p, names)
	p.Add(vline{50, grey})
	row := 0.20*vg.Inch + vg.Length(lines-1)*tickSize*1.15
	f := &Figure{Name: "exact", Plot: p, Height: dotHeight(n, row)}
	if len(xs) > 0 {
		f.Legend = append(f.Legend, LegendEntry{"random play (95% Wilson interval)", addDots(p, 0, xs, ys, lo, hi, colour(0))})
	}
	xy := make(plotter.XYs, len(px))
	for i := range px {
		xy[i] = plotter.XY{X: px[i], Y: py[i]}
	}
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		panic(err) // px and py are finite
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: colour(1), Radius: vg.Points(3.5), Shape: draw.CrossGlyph{}}
	p.Add(sc)
	f.Legend = append(f.Legend, LegendEntry{"perfect play (solved)", []plot.Thumbnailer{sc}})
	p.X.Min, p.X.Max = -4, 104
	var ticks []plot.Tick
	for x := 0; x <= 100; x += 10 {
		t := plot.Tick{Value: float64(x)}
		if x%20 == 0 {
			t.Label = strconv.Itoa(x)
		}
		ticks = append(ticks, t)
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	return f
}

// exactOf returns the exact value of ruleset in s.
func exactOf(s *summary.Summary, ruleset string) (summary.Exact, bool) {
	for _, e := range s.Exact {
		if e.Ruleset == ruleset {
			return e, true
		}
	}
	return summary.Exact{}, false
}

// limitLine draws a solid horizontal line at y across the plot: the
// perfect-play limit of a ladder curve.
type limitLine struct {
	y     float64
	color color.Color
}

func (l limitLine) style() draw.LineStyle {
	return draw.LineStyle{Color: l.color, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)}}
}

// Plot implements plot.Plotter.
func (l limitLine) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	y := trY(l.y)
	c.StrokeLine2(l.style(), c.Min.X, y, c.Max.X, y)
}

// DataRange implements plot.DataRanger: the line's y must be in view.
func (l limitLine) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.Inf(1), math.Inf(-1), l.y, l.y
}

// Thumbnail implements plot.Thumbnailer.
func (l limitLine) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(l.style(), c.Min.X, y, c.Max.X, y)
}
