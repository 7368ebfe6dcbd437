package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
)

// Build returns every figure that s supports, and a note for each figure
// left out and why.
func Build(s *summary.Summary) (figs []*Figure, notes []string) {
	if len(s.Cells) == 0 {
		return nil, []string{"no figures: the summary has no cells"}
	}
	for _, part := range []struct {
		s     *summary.Summary
		build func(*summary.Summary) *Figure
	}{{s, Outcomes}, {byFPA(s), FPA}, {s, Length}, {s, EndReasons}} {
		fs, note := parts(part.s, part.build)
		figs = append(figs, fs...)
		if note != "" {
			notes = append(notes, note)
		}
	}
	if f := Strength(s); f != nil {
		figs = append(figs, f)
	} else {
		notes = append(notes, "figure fpa-strength left out: the dataset has a single agent pair")
	}
	figs = append(figs, Convergence(s))
	if f, note := Forest(s); f != nil {
		figs = append(figs, f)
		if note != "" {
			notes = append(notes, note)
		}
	}
	if len(s.Effects) > 0 {
		ef := Effects(s)
		figs = append(figs, ef...)
		if len(ef) > 1 {
			notes = append(notes, fmt.Sprintf("figure effects split into %d parts (%v), to stay one page tall", len(ef), names(ef)))
		}
	}
	figs = append(figs, LadderFigures(s)...)
	if len(s.Exact) > 0 {
		fs, note := partsOf(s, Exact, func(s *summary.Summary) *[]summary.Exact { return &s.Exact }, "rulesets")
		figs = append(figs, fs...)
		if note != "" {
			notes = append(notes, note)
		}
	}
	if f := Accuracy(s); f != nil {
		figs = append(figs, f)
	}
	return figs, notes
}

// Write builds the figures of s and saves each in every format into dir.
// It returns the paths written and the notes of Build.
func Write(s *summary.Summary, dir string) (paths, notes []string, err error) {
	figs, notes := Build(s)
	for _, f := range figs {
		p, err := f.Save(dir)
		paths = append(paths, p...)
		if err != nil {
			return paths, notes, err
		}
	}
	return paths, notes, nil
}

// maxLine is the longest label line, in characters, before a label is
// wrapped at a comma.
const maxLine = 34

// label returns the row label of cell c: its ruleset (without the variant
// when every cell has the same one, see rulesAxis), wrapped at commas, and
// its agent pair on a further line when s has several.
func label(s *summary.Summary, c summary.Cell) string {
	rs := c.Ruleset
	if oneVariant(s) {
		_, opts, ok := strings.Cut(rs, ":")
		rs = "default"
		if ok {
			rs = opts
		}
	}
	lines := wrap(rs)
	if s.SeveralPairs() {
		lines = append(lines, pairLabel(c))
	}
	return strings.Join(lines, "\n")
}

// wrap splits a ruleset into lines of at most maxLine characters at
// commas (a single option longer than that keeps its own line).
func wrap(rs string) []string {
	var lines []string
	cur := ""
	for i, part := range strings.Split(rs, ",") {
		if i < len(strings.Split(rs, ","))-1 {
			part += ","
		}
		if cur != "" && len(cur)+len(part) > maxLine {
			lines = append(lines, cur)
			cur = ""
		}
		cur += part
	}
	return append(lines, cur)
}

// oneVariant reports whether every cell of s plays the same variant.
func oneVariant(s *summary.Summary) bool {
	for _, c := range s.Cells {
		if c.Variant != s.Cells[0].Variant {
			return false
		}
	}
	return len(s.Cells) > 0
}

// rulesAxis returns the label of an axis of rulesets: the variant's name
// when the row labels leave it out.
func rulesAxis(s *summary.Summary) string {
	if oneVariant(s) {
		return s.Cells[0].Variant + " rules"
	}
	return ""
}

// pairLabel names an agent pair, "S vs N".
func pairLabel(c summary.Cell) string { return c.AgentSouth + " vs " + c.AgentNorth }

// rowHeightFor returns the height of one row of a dot plot of the cells of
// s: room for the longest label.
func rowHeightFor(s *summary.Summary) vg.Length {
	lines := 1
	for _, c := range s.Cells {
		lines = max(lines, strings.Count(label(s, c), "\n")+1)
	}
	return 0.20*vg.Inch + vg.Length(lines-1)*tickSize*1.15
}

// dotHeight is the plot height of a dot plot of n rows.
func dotHeight(n int, row vg.Length) vg.Length { return 0.65*vg.Inch + vg.Length(n)*row }

// legendLabel is a cell's label for a legend: on one line unless long.
func legendLabel(s *summary.Summary, c summary.Cell) string {
	l := label(s, c)
	if len(l) <= 2*maxLine {
		return strings.ReplaceAll(l, "\n", " ")
	}
	return l
}

// pct multiplies by 100.
func pct(x summary.Num) float64 { return 100 * float64(x) }

// dots is a set of points with horizontal error bars.
type dots struct {
	plotter.XYs
	plotter.XErrors
}

// addDots adds points (x, y) with intervals [lo, hi] to p with glyph i in
// colour col and returns the thumbnails for a legend.
func addDots(p *plot.Plot, i int, xs, ys, lo, hi []float64, col color.Color) []plot.Thumbnailer {
	d := dots{XYs: make(plotter.XYs, len(xs)), XErrors: make(plotter.XErrors, len(xs))}
	for k := range xs {
		d.XYs[k] = plotter.XY{X: xs[k], Y: ys[k]}
		d.XErrors[k].Low = xs[k] - lo[k]
		d.XErrors[k].High = hi[k] - xs[k]
	}
	eb, err := plotter.NewXErrorBars(d)
	if err != nil {
		panic(err) // only for NaN or Inf, which the callers filter out
	}
	eb.LineStyle.Color = col
	eb.LineStyle.Width = vg.Points(0.8)
	eb.CapWidth = vg.Points(3)
	sc, err := plotter.NewScatter(d.XYs)
	if err != nil {
		panic(err)
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2), Shape: glyph(i)}
	p.Add(eb, sc)
	return []plot.Thumbnailer{sc}
}

// finite reports whether every value is a finite number.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// nominalY labels rows 0..n-1 from the top: row i of names is drawn at
// y = n-1-i.
func nominalY(p *plot.Plot, names []string) {
	rev := slices.Clone(names)
	slices.Reverse(rev)
	p.NominalY(rev...)
	p.Y.Tick.Label.Font = fontOf(tickSize)
	p.Y.Min, p.Y.Max = -0.6, float64(len(names))-0.4
}

func cmpNum(a, b summary.Num) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// niceStep returns the smallest of 1, 2, 5 × 10^k that is at least x.
func niceStep(x float64) float64 {
	if x <= 1 {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= x {
			return m * e
		}
	}
	return 10 * e
}

// maxOverlay is the most cells whose curves one figure overlays; with
// more, Length and Convergence switch to forms that stay readable.
const maxOverlay = 8

// cellLabels returns the row label of every cell of s, in order.
func cellLabels(s *summary.Summary) []string {
	names := make([]string, len(s.Cells))
	for i, c := range s.Cells {
		names[i] = label(s, c)
	}
	return names
}

// names lists the names of figs.
func names(figs []*Figure) []string {
	var out []string
	for _, f := range figs {
		out = append(out, f.Name)
	}
	return out
}
