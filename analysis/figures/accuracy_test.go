package figures

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/fixture"
	"github.com/baolab/baolab/analysis/internal/pngdiff"
	"github.com/baolab/baolab/analysis/summary"
)

// accuracySummary is the fixture summary with accuracy rows on two solved
// boards: random, greedy, alpha-beta at two budgets and perfect, listed
// out of order; the second board has no greedy row.
func accuracySummary() *summary.Summary {
	s := fixture.Summary()
	row := func(rs, agent string, outcome, margin float64) summary.Accuracy {
		return summary.Accuracy{Ruleset: rs, Variant: "kingulu", Agent: agent, Moves: 400,
			KeepsOutcome: summary.Interval{Value: summary.Num(outcome), Lo: summary.Num(outcome - 0.04), Hi: summary.Num(min(1, outcome+0.03))},
			KeepsMargin:  summary.Interval{Value: summary.Num(margin), Lo: summary.Num(margin - 0.05), Hi: summary.Num(min(1, margin+0.04))}}
	}
	const a, b = "kingulu:holes=5,seeds=2", "kingulu:holes=6,seeds=1"
	s.Accuracy = []summary.Accuracy{
		row(a, "alphabeta:nodes=2000", 0.97, 0.9), row(a, "random", 0.8, 0.45), row(a, "perfect", 1, 1),
		row(a, "greedy", 0.88, 0.6), row(a, "alphabeta:nodes=1000", 0.95, 0.85),
		row(b, "random", 0.75, 0.4), row(b, "perfect", 1, 1), row(b, "alphabeta:nodes=1000", 0.9, 0.8),
	}
	return s
}

func TestAccuracyFigure(t *testing.T) {
	if Accuracy(fixture.Summary()) != nil {
		t.Error("an accuracy figure without accuracy rows")
	}
	s := accuracySummary()
	f := Accuracy(s)
	if f == nil || f.Name != "accuracy" || len(f.Below) != 1 {
		t.Fatalf("figure %+v: want accuracy with a second panel", f)
	}
	want := "perfect|alphabeta:nodes=2000|alphabeta:nodes=1000|greedy|random"
	for i, p := range append([]*Figure{f}, &Figure{Plot: f.Below[0].Plot}) {
		if got := strings.Join(yTicks(p.Plot), "|"); got != want {
			t.Errorf("panel %d rows %q, want %q (by budget, strongest on top)", i, got, want)
		}
		if x := p.Plot.X; x.Min > 35 || x.Min < 25 || x.Max < 100 {
			t.Errorf("panel %d x range [%v, %v]: want from below the lowest bound (35%%) to 100%%", i, x.Min, x.Max)
		}
	}
	if got := legend(f); got != "kingulu:holes=5,seeds=2; kingulu:holes=6,seeds=1" {
		t.Errorf("legend %q", got)
	}
	if !strings.Contains(f.Plot.X.Label.Text, "outcome") || !strings.Contains(f.Below[0].Plot.X.Label.Text, "margin") {
		t.Errorf("panels %q, %q: want outcome on top, margin below", f.Plot.X.Label.Text, f.Below[0].Plot.X.Label.Text)
	}
	figs, _ := Build(s)
	if names(figs)[len(figs)-1] != "accuracy" {
		t.Errorf("Build: %v, want accuracy last", names(figs))
	}
	var b bytes.Buffer
	if err := f.encode(&b, "png", 100); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "accuracy_golden.png")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if diff, err := pngdiff.Share(b.Bytes(), golden); err != nil || diff > 0.001 {
		t.Errorf("%.4f of the pixels differ from %s (go test -update rewrites it); %v", diff, path, err)
	}
}
