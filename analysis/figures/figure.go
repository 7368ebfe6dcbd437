package figures

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/internal/picture"
	"github.com/baolab/baolab/internal/atomicfile"
)

// Figure is one figure: a plot, its legend (drawn in a band above the
// plot) and its size.
type Figure struct {
	Name   string // file name without extension
	Plot   *plot.Plot
	Legend []LegendEntry
	Height vg.Length // of the plot, without the legend band
	// Below are more plots drawn under the first, top to bottom, sharing
	// its legend (the effects figure's panels, one per scale).
	Below []Panel
}

// Panel is a plot drawn below a figure's first plot, Height tall.
type Panel struct {
	Plot   *plot.Plot
	Height vg.Length
}

// belowHeight is the height of the panels below the first plot.
func (f *Figure) belowHeight() vg.Length {
	var h vg.Length
	for _, p := range f.Below {
		h += p.Height
	}
	return h
}

// LegendEntry is one item of a figure's legend.
type LegendEntry struct {
	Label  string
	Thumbs []plot.Thumbnailer
}

const (
	thumbW   = vg.Length(10)
	thumbGap = vg.Length(3)
	entryGap = vg.Length(8)
	margin   = vg.Length(4)
)

// legendLayout places the legend entries in rows across width w: the row
// and x offset of each entry, and the height of each row (entries may have
// several lines).
func (f *Figure) legendLayout(w vg.Length) (row []int, x []vg.Length, heights []vg.Length) {
	if len(f.Legend) == 0 {
		return nil, nil, nil
	}
	sty := legendStyle()
	line := sty.FontExtents().Height * 1.25
	cur := margin
	r := 0
	heights = []vg.Length{0}
	for _, e := range f.Legend {
		ew := thumbW + thumbGap + sty.Width(e.Label)
		if cur > margin && cur+ew > w-margin {
			r++
			cur = margin
			heights = append(heights, 0)
		}
		row = append(row, r)
		x = append(x, cur)
		heights[r] = max(heights[r], line*vg.Length(strings.Count(e.Label, "\n")+1))
		cur += ew + entryGap
	}
	return row, x, heights
}

// legendHeight is the height of the legend band.
func (f *Figure) legendHeight(w vg.Length) vg.Length {
	_, _, heights := f.legendLayout(w)
	if len(heights) == 0 {
		return 0
	}
	h := margin
	for _, rh := range heights {
		h += rh
	}
	return h
}

// Size returns the width and the full height of the figure.
func (f *Figure) Size() (w, h vg.Length) {
	return Width, f.Height + f.belowHeight() + f.legendHeight(Width)
}

// Draw draws the figure on c: the legend band at the top, the plot below.
func (f *Figure) Draw(c draw.Canvas) {
	w := c.Max.X - c.Min.X
	row, x, heights := f.legendLayout(w)
	above := f.legendHeight(w) + f.Height // from the canvas's top to the next panel
	below := f.belowHeight()              // from the first plot's bottom to the last panel's
	f.Plot.Draw(draw.Crop(c, margin, -margin, margin/2+below, -f.legendHeight(w)))
	for _, p := range f.Below {
		below -= p.Height
		p.Plot.Draw(draw.Crop(c, margin, -margin, margin/2+below, -above))
		above += p.Height
	}
	sty := legendStyle()
	tops := make([]vg.Length, len(heights))
	top := c.Max.Y - margin/2
	for r, rh := range heights {
		tops[r] = top
		top -= rh
	}
	for i, e := range f.Legend {
		mid := tops[row[i]] - heights[row[i]]/2
		th := sty.FontExtents().Height * 0.9
		tc := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: c.Min.X + x[i], Y: mid - th/2},
			Max: vg.Point{X: c.Min.X + x[i] + thumbW, Y: mid + th/2},
		}}
		for _, t := range e.Thumbs {
			t.Thumbnail(&tc)
		}
		c.FillText(sty, vg.Point{X: c.Min.X + x[i] + thumbW + thumbGap, Y: mid}, e.Label)
	}
}

// Formats are the file formats every figure is saved in.
var Formats = []string{"png", "svg", "pdf"}

// Save writes the figure as dir/Name.png, .svg and .pdf, each complete or
// not at all, and returns the paths.
func (f *Figure) Save(dir string) ([]string, error) {
	var paths []string
	for _, ext := range Formats {
		p := filepath.Join(dir, f.Name+"."+ext)
		if err := atomicfile.Write(p, func(w io.Writer) error { return f.Encode(w, ext) }); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// Encode writes the figure in format ext (png, svg or pdf) to w.
func (f *Figure) Encode(w io.Writer, ext string) error { return f.encode(w, ext, DPI) }

// encode is Encode with PNG files of dpi dots per inch (the golden-image
// tests use 100 to keep testdata small).
func (f *Figure) encode(w io.Writer, ext string, dpi int) error {
	wd, h := f.Size()
	err := picture.Encode(w, picture.Picture{Width: wd, Height: h, Draw: f.Draw, Opaque: true}, ext, dpi)
	if errors.Is(err, picture.ErrFormat) {
		return fmt.Errorf("figure %s: unknown format %q", f.Name, ext)
	}
	return err
}

// gridX draws faint vertical lines at the major ticks of the x axis.
type gridX struct{}

// Plot implements plot.Plotter.
func (gridX) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	sty := draw.LineStyle{Color: color.Gray{Y: 0xe0}, Width: vg.Points(0.5)}
	for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if t.IsMinor() {
			continue
		}
		x := trX(t.Value)
		c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
	}
}

// vline draws a dashed vertical reference line at x.
type vline struct {
	x     float64
	color color.Color
}

// Plot implements plot.Plotter.
func (v vline) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := trX(v.x)
	sty := draw.LineStyle{Color: v.color, Width: vg.Points(0.7), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
}

// DataRange implements plot.DataRanger: the line's x must be in view.
func (v vline) DataRange() (xmin, xmax, ymin, ymax float64) {
	return v.x, v.x, math.Inf(1), math.Inf(-1)
}

// hline draws a dashed horizontal reference line at y.
type hline struct {
	y     float64
	color color.Color
}

// Plot implements plot.Plotter.
func (h hline) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	y := trY(h.y)
	sty := draw.LineStyle{Color: h.color, Width: vg.Points(0.7), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	c.StrokeLine2(sty, c.Min.X, y, c.Max.X, y)
}

// DataRange implements plot.DataRanger.
func (h hline) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.Inf(1), math.Inf(-1), h.y, h.y
}
