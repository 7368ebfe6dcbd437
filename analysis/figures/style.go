// Package figures draws the figures of a balance study from a summary
// (package summary) with gonum/plot, each as PNG (300 dpi), SVG and PDF
// (fonts embedded), sized for one column of a paper (3.4 in wide).
//
// All figures share one style: the Liberation Serif font at 8 pt for axis
// labels and 7 pt for ticks and legends, the colour-blind-safe Okabe–Ito
// palette, 95% intervals drawn as error bars or bands, and the legend in a
// band above the data so that it never hides a point. Axis labels give
// units. Rulesets (with the agent pair when the dataset has several) label
// the rows of the dot plots.
//
// The figures, by file name:
//
//	outcomes      share of South wins, North wins, draws and unfinished games per ruleset
//	fpa           first-player advantage per ruleset, sorted, with the 50% line
//	length        game-length distributions overlaid
//	end-reasons   end reasons as stacked bars
//	fpa-strength  first-player advantage per agent pair (only with several agent pairs)
//	convergence   first-player advantage against the number of games
//	effects       effects of the rule options (package analysis/effects), ranked by size:
//	              log odds ratios of the shares above, difference in mean length below
//	accuracy      accuracy against perfect play on the solved boards (only with a move log):
//	              share of each agent's moves keeping the exact outcome (top panel) and
//	              margin (bottom panel), agents by search budget, one series per ruleset
//
// No figure is taller than MaxHeight (9 in, one page): a figure with one
// row per cell (outcomes, fpa, length, end-reasons) or per option value
// (effects) that would be taller is split into parts of consecutive rows
// saved as NAME, NAME-2, ..., and a note says so (the 48 readings of
// configs/readings-kingulu.toml give three parts of 16 rows).
//
// With more than eight cells, overlaid curves would be unreadable: length
// then draws one row per cell (median, mean, 25–75% and 5–95% of games)
// and convergence draws each cell's distance from its final estimate as a
// thin line over the mean half-width of the intervals. When every cell
// plays one variant, rows are labelled by the options that differ from
// its defaults ("default" for none) and the axis by the variant; long
// labels wrap at commas.
package figures

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/internal/picture"
)

// Width is the width of every figure: one column of a two-column paper.
const Width = 3.4 * vg.Inch

// DPI is the resolution of the PNG files.
const DPI = picture.DPI

const (
	labelSize = 8
	tickSize  = 7
	legendSz  = 7
)

// palette is the Okabe–Ito palette, most distinct colours first.
var palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xB2, 0xff}, // blue
	color.RGBA{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	color.RGBA{0x00, 0x9E, 0x73, 0xff}, // bluish green
	color.RGBA{0xE6, 0x9F, 0x00, 0xff}, // orange
	color.RGBA{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	color.RGBA{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	color.RGBA{0xF0, 0xE4, 0x42, 0xff}, // yellow
	color.RGBA{0x00, 0x00, 0x00, 0xff}, // black
}

var grey = color.RGBA{0x99, 0x99, 0x99, 0xff}

// colour returns the i-th colour of the palette, cycling.
func colour(i int) color.Color { return palette[i%len(palette)] }

// glyphs are the point shapes, in the order series use them.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{},
	draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

func glyph(i int) draw.GlyphDrawer { return glyphs[i%len(glyphs)] }

func fontOf(size vg.Length) font.Font { return font.From(plot.DefaultFont, size) }

// newPlot returns a plot in the common style with the given axis labels.
func newPlot(xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = fontOf(labelSize)
		a.Tick.Label.Font = fontOf(tickSize)
		a.Label.Padding = vg.Points(2)
		a.Padding = vg.Points(2)
		a.Tick.Length = vg.Points(3)
		a.Tick.Marker = niceTicks{}
	}
	return p
}

// legendStyle is the text style of legend entries.
func legendStyle() text.Style {
	return text.Style{Color: color.Black, Font: fontOf(legendSz), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
}

// gridLines returns faint vertical grid lines at the x ticks.
func gridLines() *gridX { return &gridX{} }

// colorWithAlpha returns the colour with 16-bit components r, g, b at
// opacity a (0..255), premultiplied as image/color wants.
func colorWithAlpha(r, g, b uint32, a uint8) color.Color {
	f := uint32(a)
	return color.RGBA{uint8(r >> 8 * f / 255), uint8(g >> 8 * f / 255), uint8(b >> 8 * f / 255), a}
}

// niceTicks places about four to seven major ticks at multiples of 1, 2 or
// 5 × 10^k, labelled without trailing zeros, with minor ticks between.
type niceTicks struct{}

// Ticks implements plot.Ticker.
func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'f', -1, 64)}}
	}
	step := niceStepAtLeast((hi - lo) / 6)
	minor := step / 5
	if m := step / math.Pow(10, math.Floor(math.Log10(step))); m == 2 {
		minor = step / 4
	}
	prec := max(0, -int(math.Floor(math.Log10(step))))
	var ticks []plot.Tick
	for k := math.Ceil(lo / minor); k*minor <= hi+minor*1e-9; k++ {
		v := k * minor
		if math.Abs(v/step-math.Round(v/step)) < 1e-9 {
			l := math.Round(v/step) * step
			if l == 0 {
				l = 0 // not -0, which prints as "-0"
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(l, 'f', prec, 64)})
		} else {
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	return ticks
}

// niceStepAtLeast returns the smallest of 1, 2, 5 × 10^k (k any integer)
// that is at least x > 0.
func niceStepAtLeast(x float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= x*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}
