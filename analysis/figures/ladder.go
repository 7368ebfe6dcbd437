package figures

import (
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/baolab/baolab/analysis/summary"
)

// vdots is a set of points with vertical error bars.
type vdots struct {
	plotter.XYs
	plotter.YErrors
}

// ladderCurve plots one quantity of every ladder's self-play against the
// agents' ratings: one line per ruleset, points with their intervals.
// value returns the quantity and its interval of a self-play record.
// With limit, a ruleset that is solved (s.Exact) also gets a line at the
// first mover's perfect-play result: 100% (wins), 0% (loses) or 50%.
func ladderCurve(s *summary.Summary, name, ylabel string, value func(summary.SelfPlay) (v, lo, hi float64), mark50, limit bool) *Figure {
	p := newPlot("rating (Elo points, random = 0)", ylabel)
	f := &Figure{Name: name, Plot: p, Height: 2.1 * vg.Inch}
	var solved []limitLine
	for j, l := range s.Ladders {
		var d vdots
		for _, sp := range l.SelfPlay {
			v, lo, hi := value(sp)
			if !finite(float64(sp.Rating), v, lo, hi) {
				continue // an unbounded rating has no place on the axis
			}
			d.XYs = append(d.XYs, plotter.XY{X: float64(sp.Rating), Y: v})
			d.YErrors = append(d.YErrors, struct{ Low, High float64 }{v - lo, hi - v})
		}
		if len(d.XYs) == 0 {
			continue
		}
		col := colour(j)
		eb, err := plotter.NewYErrorBars(d)
		if err != nil {
			panic(err) // only for NaN or Inf, filtered out above
		}
		eb.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(0.8)}
		eb.CapWidth = vg.Points(3)
		ln, sc, err := plotter.NewLinePoints(d.XYs)
		if err != nil {
			panic(err)
		}
		ln.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(0.8)}
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2), Shape: glyph(j)}
		p.Add(eb, ln, sc)
		f.Legend = append(f.Legend, LegendEntry{strings.Join(wrap(l.Ruleset), "\n"), []plot.Thumbnailer{ln, sc}})
		if e, ok := exactOf(s, l.Ruleset); ok && limit {
			ll := limitLine{pct(summary.Num(e.FirstPlayerValue)), col}
			p.Add(ll)
			solved = append(solved, ll)
		}
	}
	// One legend entry for the perfect-play lines: in the solved curve's
	// colour when there is one, else in grey.
	switch {
	case len(solved) == 1:
		f.Legend = append(f.Legend, LegendEntry{"perfect play (solved)", []plot.Thumbnailer{solved[0]}})
	case len(solved) > 1:
		f.Legend = append(f.Legend, LegendEntry{"perfect play (solved), in\nthe curve's colour", []plot.Thumbnailer{limitLine{0, grey}}})
	}
	if mark50 {
		p.Add(hline{50, grey})
	}
	return f
}

// LadderFigures returns the balance-against-strength figures of the
// ladders of s: the self-play first-player advantage (fpa-rating), draw
// rate (draw-rating) and mean game length (length-rating) of each ladder
// agent against its rating, one curve per ruleset, with 95% intervals
// (Wilson for the shares, normal for the mean). On fpa-rating a solved
// ruleset's curve ends at a line in its colour at the first mover's
// perfect-play result, labelled "perfect play". It returns nil when s has
// no ladder.
func LadderFigures(s *summary.Summary) []*Figure {
	if len(s.Ladders) == 0 {
		return nil
	}
	return []*Figure{
		ladderCurve(s, "fpa-rating", "self-play first-player advantage (%)", func(sp summary.SelfPlay) (float64, float64, float64) {
			return pct(sp.FPA), pct(sp.Lo), pct(sp.Hi)
		}, true, true),
		ladderCurve(s, "draw-rating", "self-play draws and unfinished (%)", func(sp summary.SelfPlay) (float64, float64, float64) {
			return pct(sp.DrawRate.Share), pct(sp.DrawRate.Lo), pct(sp.DrawRate.Hi)
		}, false, false),
		ladderCurve(s, "length-rating", "self-play mean length (plies)", func(sp summary.SelfPlay) (float64, float64, float64) {
			m := sp.MeanLength
			return float64(m.Value), float64(m.Lo), float64(m.Hi)
		}, false, false),
	}
}
