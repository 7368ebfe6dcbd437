package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
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
	if len(s.Effects) > 0 {
		ef := Effects(s)
		figs = append(figs, ef...)
		if len(ef) > 1 {
			notes = append(notes, fmt.Sprintf("figure effects split into %d parts (%v), to stay one page tall", len(ef), names(ef)))
		}
	}
	figs = append(figs, LadderFigures(s)...)
	if f := Exact(s); f != nil {
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

// FPA plots the first-player advantage of each cell with its interval,
// sorted from the largest (top) down, and marks 50%.
func FPA(s *summary.Summary) *Figure {
	p := newPlot("first-player advantage (%)", rulesAxis(s))
	p.Add(gridLines())
	cells := slices.Clone(s.Cells)
	slices.SortStableFunc(cells, func(a, b summary.Cell) int {
		return -cmpNum(a.FirstPlayerAdvantage.Value, b.FirstPlayerAdvantage.Value)
	})
	n := len(cells)
	names := make([]string, n)
	var xs, ys, lo, hi []float64
	for i, c := range cells {
		names[i] = label(s, c)
		f := c.FirstPlayerAdvantage
		if !finite(float64(f.Value), float64(f.Lo), float64(f.Hi)) {
			continue
		}
		xs, ys, lo, hi = append(xs, pct(f.Value)), append(ys, float64(n-1-i)), append(lo, pct(f.Lo)), append(hi, pct(f.Hi))
	}
	nominalY(p, names)
	p.Add(vline{50, grey})
	addDots(p, 0, xs, ys, lo, hi, colour(0))
	return &Figure{Name: "fpa", Plot: p, Height: dotHeight(n, rowHeightFor(s))}
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

// strength orders agent specs from weak to strong: random, greedy,
// alphabeta by depth (node budgets after every depth, by budget), mcts by
// iterations (greedy rollouts after random ones); unknown specs last, by
// name.
func strength(spec string) (rank int, param float64) {
	name, opts, _ := strings.Cut(spec, ":")
	num := func(key string) float64 {
		for _, kv := range strings.Split(opts, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok && k == key {
				if x, err := strconv.ParseFloat(v, 64); err == nil {
					return x
				}
			}
		}
		return 0
	}
	switch name {
	case "random":
		return 0, 0
	case "greedy":
		return 1, 0
	case "alphabeta":
		if d := num("depth"); d > 0 {
			return 2, d
		}
		return 2, 33 + math.Log10(num("nodes")) // a node budget: deeper than any depth
	case "mcts":
		if strings.Contains(opts, "rollout=greedy") {
			return 3, num("iters") + 0.5
		}
		return 3, num("iters")
	}
	return 4, 0
}

func cmpStrength(a, b string) int {
	ra, pa := strength(a)
	rb, pb := strength(b)
	switch {
	case ra != rb:
		return ra - rb
	case pa < pb:
		return -1
	case pa > pb:
		return 1
	}
	return strings.Compare(a, b)
}

// Strength plots the first mover's score (draws as half) of each agent
// pair (rows, weakest South agent at the bottom) with one series per
// ruleset. When the two agents differ this mixes the seat and the
// stronger agent, so the axis does not call it first-player advantage;
// the ladder's self-play curve (fpa-rating) separates them. It returns nil
// when s has a single agent pair.
func Strength(s *summary.Summary) *Figure {
	if !s.SeveralPairs() {
		return nil
	}
	type pair struct{ south, north string }
	var pairs []pair
	var rulesets []string
	for _, c := range s.Cells {
		if pr := (pair{c.AgentSouth, c.AgentNorth}); !slices.Contains(pairs, pr) {
			pairs = append(pairs, pr)
		}
		if !slices.Contains(rulesets, c.Ruleset) {
			rulesets = append(rulesets, c.Ruleset)
		}
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		if c := cmpStrength(a.south, b.south); c != 0 {
			return -c
		}
		return -cmpStrength(a.north, b.north)
	})
	p := newPlot("first mover's score (%, draws count ½)", "")
	p.Add(gridLines())
	names := make([]string, len(pairs))
	for i, pr := range pairs {
		names[i] = pr.south + " vs " + pr.north
	}
	nominalY(p, names)
	p.Add(vline{50, grey})
	f := &Figure{Name: "fpa-strength", Plot: p, Height: dotHeight(len(pairs), 0.22*vg.Inch)}
	n := len(pairs)
	for j, rs := range rulesets {
		off := 0.0
		if len(rulesets) > 1 {
			off = 0.5 * (float64(j)/float64(len(rulesets)-1) - 0.5)
		}
		var xs, ys, lo, hi []float64
		for _, c := range s.Cells {
			if c.Ruleset != rs {
				continue
			}
			i := slices.Index(pairs, pair{c.AgentSouth, c.AgentNorth})
			v := c.FirstPlayerAdvantage
			if !finite(float64(v.Value), float64(v.Lo), float64(v.Hi)) {
				continue
			}
			xs, ys, lo, hi = append(xs, pct(v.Value)), append(ys, float64(n-1-i)-off), append(lo, pct(v.Lo)), append(hi, pct(v.Hi))
		}
		th := addDots(p, j, xs, ys, lo, hi, colour(j))
		f.Legend = append(f.Legend, LegendEntry{strings.Join(wrap(rs), "\n"), th})
	}
	return f
}

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
