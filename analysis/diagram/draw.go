package diagram

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/internal/picture"
	"github.com/baolab/baolab/engine"
)

// Width is the width of every diagram: one column of a two-column paper.
const Width = 3.4 * vg.Inch

// DPI is the resolution of PNG diagrams.
const DPI = picture.DPI

// DotMax is the largest count drawn as dots; larger counts are numerals.
const DotMax = 4

// Formats are the file formats Encode writes.
var Formats = []string{"svg", "png", "pdf"}

// Colours: South and North in the Okabe–Ito blue and vermillion used by
// the figures, the board in muted tones that print well in grey.
var (
	southColour = color.RGBA{0x00, 0x72, 0xB2, 0xff}
	northColour = color.RGBA{0xD5, 0x5E, 0x00, 0xff}
	boardFill   = color.RGBA{0xEF, 0xE6, 0xD2, 0xff}
	boardEdge   = color.RGBA{0x8C, 0x7A, 0x5B, 0xff}
	holeFill    = color.RGBA{0xFC, 0xFA, 0xF4, 0xff}
	changedFill = color.RGBA{0xFF, 0xEB, 0x99, 0xff}
	// seedColour fills the dots that stand for seeds, cows or stones.
	seedColour  = color.RGBA{0x4A, 0x3A, 0x28, 0xff}
	plusColour  = color.RGBA{0x00, 0x9E, 0x73, 0xff}
	minusColour = color.RGBA{0xCC, 0x79, 0xA7, 0xff}
	muted       = color.RGBA{0x70, 0x70, 0x70, 0xff}
)

func playerColour(p int) color.Color {
	if p == 1 {
		return northColour
	}
	return southColour
}

// geometry is the layout of a board, in points.
type geometry struct {
	cell, labelW, storeW, top, bottom, gap, margin vg.Length
	cols                                           int
}

func layout(b Board) geometry {
	g := geometry{margin: 4, labelW: 34, top: 13, gap: 5}
	if len(b.Stores) > 0 {
		g.storeW = 40
	}
	g.bottom = 12
	if b.Last != "" {
		g.bottom += 9
	}
	for _, r := range b.Rows {
		g.cols = max(g.cols, len(r.Holes))
	}
	avail := Width - 2*g.margin - g.labelW - g.storeW - 6
	g.cell = min(24, avail/vg.Length(max(1, g.cols)))
	return g
}

// Size returns the width and height of b's diagram.
func Size(b Board) (w, h vg.Length) {
	g := layout(b)
	return Width, g.margin*2 + g.top + g.boardH(b) + g.bottom
}

func (g geometry) boardH(b Board) vg.Length {
	return vg.Length(len(b.Rows))*g.cell + g.gap + 6
}

func fnt(size vg.Length) font.Font { return font.From(plot.DefaultFont, size) }

func textStyle(size vg.Length, c color.Color, xa draw.XAlignment, ya draw.YAlignment) text.Style {
	return text.Style{Color: c, Font: fnt(size), XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
}

// Draw draws b on c, which must be Size(b) large.
func Draw(c draw.Canvas, b Board) {
	g := layout(b)
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	left, topY := c.Min.X+g.margin, c.Max.Y-g.margin
	title := b.Ruleset
	if b.Phase != "" {
		title += ", " + b.Phase
	}
	if b.Ply == 0 {
		title += ", start"
	} else {
		title += fmt.Sprintf(", after %d plies", b.Ply)
	}
	c.FillText(textStyle(7.5, color.Black, draw.XLeft, draw.YTop), vg.Point{X: left, Y: topY}, title)

	bw := vg.Length(g.cols)*g.cell + 6
	bx := left + g.labelW
	by := topY - g.top - g.boardH(b)
	rect := vg.Rectangle{Min: vg.Point{X: bx, Y: by}, Max: vg.Point{X: bx + bw, Y: by + g.boardH(b)}}
	c.SetColor(boardFill)
	c.Fill(roundRect(rect, 4))
	c.SetLineStyle(draw.LineStyle{Color: boardEdge, Width: 0.8})
	c.Stroke(roundRect(rect, 4))

	// Row centres, top to bottom; a gap between North's and South's rows.
	y := rect.Max.Y - 3 - g.cell/2
	rowY := make([]vg.Length, len(b.Rows))
	for i, r := range b.Rows {
		if i > 0 && r.Player != b.Rows[i-1].Player {
			y -= g.gap
			c.StrokeLine2(draw.LineStyle{Color: boardEdge, Width: 0.5, Dashes: []vg.Length{2, 1.5}}, bx+2, y+g.cell/2+g.gap/2, bx+bw-2, y+g.cell/2+g.gap/2)
		}
		rowY[i] = y
		y -= g.cell
	}
	labelSty := textStyle(6.5, color.Black, draw.XRight, draw.YCenter)
	for i, r := range b.Rows {
		sty := labelSty
		sty.Color = playerColour(int(r.Player))
		c.FillText(sty, vg.Point{X: bx - 3, Y: rowY[i]}, r.Name)
		for k, h := range r.Holes {
			drawHole(c, g, b, h, vg.Point{X: bx + 3 + (vg.Length(k)+0.5)*g.cell, Y: rowY[i]})
		}
	}
	// The player to move: a triangle beside their rows' labels.
	if ys := playerYs(b, rowY, b.ToMove); len(ys) > 0 && !b.Over {
		mid := (ys[0] + ys[len(ys)-1]) / 2
		c.SetColor(playerColour(int(b.ToMove)))
		var p vg.Path
		x0 := left
		p.Move(vg.Point{X: x0, Y: mid + 3.5})
		p.Line(vg.Point{X: x0 + 5, Y: mid})
		p.Line(vg.Point{X: x0, Y: mid - 3.5})
		p.Close()
		c.Fill(p)
	}
	// Stores beside their owner's rows.
	for _, s := range b.Stores {
		ys := playerYs(b, rowY, s.Player)
		if len(ys) == 0 {
			continue
		}
		mid := (ys[0] + ys[len(ys)-1]) / 2
		x := rect.Max.X + 5
		c.FillText(textStyle(6, muted, draw.XLeft, draw.YBottom), vg.Point{X: x, Y: mid + 0.5}, s.Name)
		c.FillText(textStyle(9, playerColour(int(s.Player)), draw.XLeft, draw.YTop), vg.Point{X: x, Y: mid - 0.5}, fmt.Sprint(s.Count))
	}
	// Status and the last move below the board.
	st := fmt.Sprintf("%s · material: South %d, North %d", b.Status, b.Material[0], b.Material[1])
	yy := by - 3
	c.FillText(textStyle(6.5, color.Black, draw.XLeft, draw.YTop), vg.Point{X: bx, Y: yy}, st)
	if b.Last != "" {
		c.FillText(textStyle(6.5, muted, draw.XLeft, draw.YTop), vg.Point{X: bx, Y: yy - 9}, "last move: "+b.Last)
	}
}

// playerYs returns the centres of p's rows.
func playerYs(b Board, rowY []vg.Length, p engine.Player) []vg.Length {
	var out []vg.Length
	for i, r := range b.Rows {
		if r.Player == p {
			out = append(out, rowY[i])
		}
	}
	return out
}

// drawHole draws one hole centred at ctr.
func drawHole(c draw.Canvas, g geometry, b Board, h Hole, ctr vg.Point) {
	r := g.cell * 0.40
	fill := holeFill
	if b.ShowPath && h.Delta != 0 {
		fill = changedFill
	}
	c.SetColor(fill)
	c.Fill(circle(ctr, r))
	edge := draw.LineStyle{Color: boardEdge, Width: 0.5}
	if h.ReservedBy != NoOwner {
		edge = draw.LineStyle{Color: playerColour(h.ReservedBy), Width: 1.3}
	}
	c.SetLineStyle(edge)
	c.Stroke(circle(ctr, r))
	if b.ShowPath && h.From {
		c.SetLineStyle(draw.LineStyle{Color: color.Black, Width: 1.1})
		c.Stroke(circle(ctr, r+1.4))
	}
	// Contents.
	switch {
	case h.Count == 0:
	case b.Stones || h.Count <= DotMax:
		dots(c, ctr, r, h.Count, b.Stones)
	default:
		c.FillText(textStyle(max(5, g.cell*0.40), color.Black, draw.XCenter, draw.YCenter), ctr, fmt.Sprint(h.Count))
	}
	small := max(3.4, g.cell*0.2)
	// The hole's number top left of its cell, the reserving player's
	// initial bottom left, the change by the last move bottom right.
	c.FillText(textStyle(small, muted, draw.XLeft, draw.YTop), vg.Point{X: ctr.X - g.cell/2 + 0.3, Y: ctr.Y + g.cell/2 - 0.1}, fmt.Sprint(h.Number))
	if h.ReservedBy != NoOwner {
		tag := "S"
		if h.ReservedBy == 1 {
			tag = "N"
		}
		c.FillText(textStyle(small*1.1, playerColour(h.ReservedBy), draw.XLeft, draw.YBottom), vg.Point{X: ctr.X - g.cell/2 + 0.3, Y: ctr.Y - g.cell/2 + 0.1}, tag)
	}
	if b.ShowPath && h.Delta != 0 {
		col, s := plusColour, fmt.Sprintf("+%d", h.Delta)
		if h.Delta < 0 {
			col, s = minusColour, fmt.Sprintf("−%d", -h.Delta)
		}
		c.FillText(textStyle(small*1.05, col, draw.XRight, draw.YBottom), vg.Point{X: ctr.X + g.cell/2 - 0.2, Y: ctr.Y - g.cell/2 + 0.1}, s)
	}
}

// dots draws n dots (1..DotMax) in a hole of radius r; a stone is one
// larger dot.
func dots(c draw.Canvas, ctr vg.Point, r vg.Length, n int, stone bool) {
	c.SetColor(seedColour)
	if stone {
		c.Fill(circle(ctr, r*0.55))
		return
	}
	d := r * 0.42
	var at []vg.Point
	switch n {
	case 1:
		at = []vg.Point{{}}
	case 2:
		at = []vg.Point{{X: -d}, {X: d}}
	case 3:
		at = []vg.Point{{X: -d, Y: -d * 0.6}, {X: d, Y: -d * 0.6}, {Y: d * 0.9}}
	default:
		at = []vg.Point{{X: -d, Y: -d}, {X: d, Y: -d}, {X: -d, Y: d}, {X: d, Y: d}}
	}
	for _, o := range at {
		c.Fill(circle(vg.Point{X: ctr.X + o.X, Y: ctr.Y + o.Y}, r*0.27))
	}
}

func circle(ctr vg.Point, r vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: ctr.X + r, Y: ctr.Y})
	p.Arc(ctr, r, 0, 2*math.Pi)
	p.Close()
	return p
}

func roundRect(r vg.Rectangle, rad vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: r.Min.X + rad, Y: r.Min.Y})
	p.Line(vg.Point{X: r.Max.X - rad, Y: r.Min.Y})
	p.Arc(vg.Point{X: r.Max.X - rad, Y: r.Min.Y + rad}, rad, -math.Pi/2, math.Pi/2)
	p.Line(vg.Point{X: r.Max.X, Y: r.Max.Y - rad})
	p.Arc(vg.Point{X: r.Max.X - rad, Y: r.Max.Y - rad}, rad, 0, math.Pi/2)
	p.Line(vg.Point{X: r.Min.X + rad, Y: r.Max.Y})
	p.Arc(vg.Point{X: r.Min.X + rad, Y: r.Max.Y - rad}, rad, math.Pi/2, math.Pi/2)
	p.Line(vg.Point{X: r.Min.X, Y: r.Min.Y + rad})
	p.Arc(vg.Point{X: r.Min.X + rad, Y: r.Min.Y + rad}, rad, math.Pi, math.Pi/2)
	p.Close()
	return p
}

// Encode writes b's diagram to w as format (svg, png or pdf).
func Encode(w io.Writer, b Board, format string) error { return encode(w, b, format, DPI) }

// encode is Encode with PNG files of dpi dots per inch (the golden tests
// use 100).
func encode(w io.Writer, b Board, format string, dpi int) error {
	wd, h := Size(b)
	err := picture.Encode(w, picture.Picture{Width: wd, Height: h, Draw: func(c draw.Canvas) { Draw(c, b) }}, format, dpi)
	if errors.Is(err, picture.ErrFormat) {
		return fmt.Errorf("diagram: unknown format %q (want svg, png or pdf)", format)
	}
	return err
}
