package figures

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/fixture"
	"github.com/baolab/baolab/analysis/summary"
)

// TestExactLimit: a solved ladder ruleset gets the perfect-play line at
// the first mover's result on fpa-rating (0%: kingulu's first mover loses
// here), in the legend as "perfect play (solved)"; an unsolved one does
// not; the other ladder figures have no such line.
func TestExactLimit(t *testing.T) {
	s := fixture.Ladder()
	s.Exact = []summary.Exact{{Ruleset: "kingulu", Variant: "kingulu", First: "south", Outcome: "north", FirstPlayerValue: 0,
		RandomFPA: summary.Interval{Value: 0.4, Lo: 0.35, Hi: 0.45}, RandomGames: 400}}
	figs := LadderFigures(s)
	var limits []limitLine
	for _, f := range figs {
		for _, e := range f.Legend {
			for _, th := range e.Thumbs {
				if l, ok := th.(limitLine); ok {
					if f.Name != "fpa-rating" || !strings.HasPrefix(e.Label, "perfect play (solved)") {
						t.Errorf("%s: limit line labelled %q", f.Name, e.Label)
					}
					limits = append(limits, l)
				}
			}
		}
	}
	if len(limits) != 1 || limits[0].y != 0 || limits[0].color != colour(0) {
		t.Fatalf("limit lines %+v, want one at 0 in the first curve's colour", limits)
	}
	if p := figs[0].Plot; p.Y.Min > 0 {
		t.Errorf("fpa-rating y axis from %v: the limit at 0 is out of view", p.Y.Min)
	}
	s.Exact[0].FirstPlayerValue = 1
	if l := LadderFigures(s)[0].Legend; len(l) != 3 || l[2].Thumbs[0].(limitLine).y != 100 {
		t.Errorf("legend %+v, want the limit at 100 after the curves", l)
	}
	// Both rulesets solved: still one legend entry, in grey.
	s.Exact = append(s.Exact, s.Exact[0])
	s.Exact[1].Ruleset = s.Ladders[1].Ruleset
	l := LadderFigures(s)[0].Legend
	if len(l) != 3 || l[2].Thumbs[0].(limitLine).color != grey || l[2].Label != "perfect play (solved), in\nthe curve's colour" {
		t.Errorf("legend with two solved rulesets %+v, want one grey entry after the curves", l)
	}
}

// TestExactFigure: Build adds the exact figure when the summary has exact
// values, and it draws, also without random play.
func TestExactFigure(t *testing.T) {
	s := fixture.Summary()
	if f := Exact(s); f != nil {
		t.Fatal("exact figure without exact values")
	}
	m := -4
	nan := summary.Num(math.NaN())
	s.Exact = []summary.Exact{
		{Ruleset: "kingulu:holes=4,seeds=2", First: "south", Outcome: "north", Margin: &m, FirstPlayerValue: 0,
			RandomFPA: summary.Interval{Value: 0.17, Lo: 0.16, Hi: 0.18}, RandomGames: 10000, Agreement: "agrees"},
		{Ruleset: "kimasai-four-rows:holes=5", First: "south", Outcome: "north", FirstPlayerValue: 0,
			RandomFPA: summary.Interval{Value: nan, Lo: nan, Hi: nan}},
	}
	figs, _ := Build(s)
	last := figs[len(figs)-1]
	if last.Name != "exact" || len(last.Legend) != 2 {
		t.Fatalf("last figure %q with %d legend entries", last.Name, len(last.Legend))
	}
	for _, ext := range []string{"png", "svg", "pdf"} {
		if err := last.Encode(io.Discard, ext); err != nil {
			t.Error(err)
		}
	}
	s.Exact[0].RandomFPA = s.Exact[1].RandomFPA
	if f := Exact(s); len(f.Legend) != 1 || f.Legend[0].Label != "perfect play (solved)" {
		t.Errorf("legend without random play: %+v", f.Legend)
	}
	found := false
	for _, c := range Captions {
		found = found || c.Name == "exact"
	}
	if !found {
		t.Error("no caption for the exact figure")
	}
}
