// Package picture is the one image encoder of the analysis: it writes a
// drawing made with gonum/plot's draw.Canvas as PNG, SVG or PDF. The
// figures (analysis/figures) and the board diagrams (analysis/diagram)
// both encode through it, each passing its size and resolution; there is
// no package-level state.
package picture

import (
	"errors"
	"image/color"
	"io"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// DPI is the resolution of the PNG files the analysis writes.
const DPI = 300

// Picture is a drawing of a given size.
type Picture struct {
	Width, Height vg.Length
	Draw          func(draw.Canvas)
	// Opaque paints the SVG and PDF pages white under the drawing (a PNG
	// is always drawn on white).
	Opaque bool
}

// ErrFormat is returned for a format other than png, svg and pdf.
var ErrFormat = errors.New("unknown format")

// Encode writes p to w in format (png at dpi dots per inch, svg or pdf).
func Encode(w io.Writer, p Picture, format string, dpi int) error {
	var c interface {
		vg.CanvasSizer
		io.WriterTo
	}
	switch format {
	case "png":
		img := vgimg.NewWith(vgimg.UseWH(p.Width, p.Height), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		p.Draw(draw.New(img))
		_, err := vgimg.PngCanvas{Canvas: img}.WriteTo(w)
		return err
	case "svg":
		c = vgsvg.New(p.Width, p.Height)
	case "pdf":
		c = vgpdf.New(p.Width, p.Height)
	default:
		return ErrFormat
	}
	dc := draw.New(c)
	if p.Opaque {
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
	}
	p.Draw(dc)
	_, err := c.WriteTo(w)
	return err
}
