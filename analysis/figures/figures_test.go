package figures

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/effects"
	"github.com/baolab/baolab/analysis/internal/fixture"
	"github.com/baolab/baolab/analysis/internal/pngdiff"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

func TestBuild(t *testing.T) {
	figs, notes := Build(fixture.Summary())
	if got := strings.Join(names(figs), " "); got != "outcomes fpa length end-reasons convergence forest effects" {
		t.Errorf("figures %s", got)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "fpa-strength") {
		t.Errorf("notes %q", notes)
	}
	figs, notes = Build(fixture.Strength())
	if got := strings.Join(names(figs), " "); got != "outcomes fpa length end-reasons fpa-strength convergence effects" || len(notes) != 0 {
		t.Errorf("figures %s, notes %q", got, notes)
	}
	if figs, notes := Build(&summary.Summary{}); figs != nil || len(notes) != 1 {
		t.Errorf("empty summary: %v %q", figs, notes)
	}
}

func legend(f *Figure) string {
	var l []string
	for _, e := range f.Legend {
		l = append(l, e.Label)
	}
	return strings.Join(l, "; ")
}

// yTicks returns the labels of the major y ticks from the top down.
func yTicks(p *plot.Plot) []string {
	var out []string
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if t.Label != "" {
			out = append([]string{t.Label}, out...)
		}
	}
	return out
}

// TestStructure checks what each figure shows: axis labels with units,
// legends, row order and ranges.
func TestStructure(t *testing.T) {
	s := fixture.Summary()
	figs, _ := Build(s)
	by := map[string]*Figure{}
	for _, f := range figs {
		by[f.Name] = f
		axes := []plot.Axis{f.Plot.X}
		if f.Name == "length" || f.Name == "convergence" {
			axes = append(axes, f.Plot.Y) // the others' y axes name rulesets
		}
		for _, a := range axes {
			if !strings.Contains(a.Label.Text, "(") {
				t.Errorf("%s: axis label %q has no unit", f.Name, a.Label.Text)
			}
		}
		if f.Plot.X.Label.Text == "" {
			t.Errorf("%s: no x label", f.Name)
		}
		if w, h := f.Size(); w != Width || h < 1.2*vg.Inch || h > 4*vg.Inch {
			t.Errorf("%s: size %v × %v", f.Name, w, h)
		}
	}
	if got := legend(by["outcomes"]); got != "South wins; North wins; Draws; Unfinished" {
		t.Errorf("outcomes legend %q", got)
	}
	// One variant: rows name the options, the axis the variant.
	if got := strings.Join(yTicks(by["outcomes"].Plot), "|"); got != "default|penultimate=never|max_plies=60" {
		t.Errorf("outcomes rows %q", got)
	}
	if got := by["outcomes"].Plot.Y.Label.Text; got != "kingulu rules" {
		t.Errorf("outcomes y label %q", got)
	}
	// Sorted by first-player advantage: 0.55, 0.545, 0.51.
	if got := strings.Join(yTicks(by["fpa"].Plot), "|"); got != "max_plies=60|default|penultimate=never" {
		t.Errorf("fpa rows %q", got)
	}
	if p := by["fpa"].Plot; !(p.X.Min <= 50 && p.X.Max >= 55) {
		t.Errorf("fpa x range [%v, %v] must hold 50%% and the estimates", p.X.Min, p.X.Max)
	}
	if got := legend(by["end-reasons"]); got != "score; repetition; max-plies" {
		t.Errorf("end reasons legend %q", got)
	}
	if p := by["end-reasons"].Plot; p.X.Min != 0 || p.X.Max != 100 {
		t.Errorf("end reasons x range [%v, %v]", p.X.Min, p.X.Max)
	}
	if got := legend(by["length"]); got != "default; penultimate=never; max_plies=60" {
		t.Errorf("length legend %q", got)
	}
	if got := by["length"].Plot.Y.Label.Text; got != "games per 2-ply bin (%)" {
		t.Errorf("length y label %q", got)
	}
	if _, ok := by["convergence"].Plot.X.Scale.(plot.LogScale); !ok {
		t.Error("convergence x axis not log")
	}

	// Outcomes that never occur are left out; a long tail is cut.
	s.Cells[0].Outcomes.Draw.Count, s.Cells[1].Outcomes.Draw.Count = 0, 0
	s.Cells[2].Length.Histogram = append(s.Cells[2].Length.Histogram, [2]int64{1000, 5})
	if got := legend(Outcomes(s)); got != "South wins; North wins; Unfinished" {
		t.Errorf("outcomes legend without draws %q", got)
	}
	if got := Length(s).Plot.X.Label.Text; !strings.Contains(got, "longest 1% not shown") {
		t.Errorf("length with a long tail: x label %q", got)
	}

	// Several agent pairs: rows by strength, strongest on top.
	st := fixture.Strength()
	f := Strength(st)
	if got := strings.Join(yTicks(f.Plot), "|"); got != "mcts:iters=400,c=1.4 vs random|greedy vs random|random vs random" {
		t.Errorf("strength rows %q", got)
	}
	if got := legend(f); got != "kingulu; kingulu:first=north" {
		t.Errorf("strength legend %q", got)
	}
	if got := yTicks(Outcomes(st).Plot)[0]; got != "default\nmcts:iters=400,c=1.4 vs random" {
		t.Errorf("row label with several pairs %q", got)
	}
}

// TestManyCells checks the forms that Length and Convergence take for
// more cells than one figure can overlay, and the wrapping of long
// rulesets.
func TestManyCells(t *testing.T) {
	s := fixture.Summary()
	base := s.Cells
	s.Cells = nil
	opts := []string{"first_lap_rule=off", "infinite=draw", "min_lift=2", "penultimate=origin", "skip_origin=on"}
	for i := 0; i < 3*len(opts); i++ {
		c := base[i%len(base)]
		c.Ruleset = "kingulu:" + strings.Join(opts[:1+i%len(opts)], ",")
		if i >= len(opts) {
			c.Ruleset += fmt.Sprintf(",max_plies=%d", 100+i)
		}
		s.Cells = append(s.Cells, c)
	}
	l := Length(s)
	if got := legend(l); got != "median; mean; 25–75%; 5–95% of games" {
		t.Errorf("length legend %q", got)
	}
	if got := len(yTicks(l.Plot)); got != len(s.Cells) {
		t.Errorf("length rows %d", got)
	}
	c := Convergence(s)
	if got := legend(c); got != "one line per cell (15); mean half-width of the 95% intervals" {
		t.Errorf("convergence legend %q", got)
	}
	for _, row := range yTicks(FPA(s).Plot) {
		for _, line := range strings.Split(row, "\n") {
			if len(line) > maxLine+len("penultimate=origin,") {
				t.Errorf("label line %q too long", line)
			}
		}
	}
	if got := wrap("first_lap_rule=off,infinite=draw,min_lift=2,penultimate=origin,skip_origin=on"); strings.Join(got, "|") != "first_lap_rule=off,infinite=draw,|min_lift=2,penultimate=origin,|skip_origin=on" {
		t.Errorf("wrap: %q", got)
	}
	// Rows grow with the lines of the longest label.
	if rowHeightFor(s) <= rowHeightFor(fixture.Summary()) {
		t.Error("rows of wrapped labels are not taller")
	}
	for _, f := range []*Figure{l, c, FPA(s)} {
		if err := f.Encode(io.Discard, "png"); err != nil {
			t.Error(err)
		}
	}
}

func TestStrengthOrder(t *testing.T) {
	specs := []string{"mcts:iters=800,c=1.4", "alphabeta:nodes=20000", "random", "alphabeta:depth=4", "mcts:iters=100,c=1.4,rollout=greedy", "mcts:iters=100,c=1.4", "greedy", "alphabeta:nodes=4000", "alphabeta:depth=2", "other"}
	want := []string{"random", "greedy", "alphabeta:depth=2", "alphabeta:depth=4", "alphabeta:nodes=4000", "alphabeta:nodes=20000", "mcts:iters=100,c=1.4", "mcts:iters=100,c=1.4,rollout=greedy", "mcts:iters=800,c=1.4", "other"}
	for i := range specs {
		for j := range specs {
			a, b := specs[i], specs[j]
			ia, ib := indexOf(want, a), indexOf(want, b)
			if c := cmpStrength(a, b); (c < 0) != (ia < ib) || (c == 0) != (ia == ib) {
				t.Errorf("cmpStrength(%s, %s) = %d", a, b, c)
			}
		}
	}
}

func indexOf(l []string, s string) int {
	for i, x := range l {
		if x == s {
			return i
		}
	}
	return -1
}

func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 100, "0 20 40 60 80 100"},
		{48.7, 57.2, "50 52 54 56"},
		{0, 0.75, "0.0 0.2 0.4 0.6"},
		{0, 7, "0 2 4 6"},
		{-0.3, 7.3, "0 2 4 6"}, // the zero tick is "0", not "-0" (math.Ceil(-0.6) is -0)
	} {
		var got []string
		for _, tk := range (niceTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("ticks [%v, %v] = %v, want %s", c.lo, c.hi, got, c.want)
		}
	}
}

// TestFormats renders every figure in every format and checks that each
// file is what it claims: a PNG of 3.4 in at 300 dpi, SVG that parses as
// XML, and PDF with embedded fonts.
func TestFormats(t *testing.T) {
	dir := t.TempDir()
	paths, notes, err := Write(fixture.Strength(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 21 || len(notes) != 0 {
		t.Fatalf("%d files, notes %q", len(paths), notes)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(p) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			if w := img.Bounds().Dx(); w != 1020 {
				t.Errorf("%s: %d px wide, want 1020 (3.4 in at 300 dpi)", p, w)
			}
		case ".svg":
			d := xml.NewDecoder(bytes.NewReader(b))
			for {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Errorf("%s: %v", p, err)
					break
				}
			}
			if !bytes.Contains(b, []byte("<svg")) {
				t.Errorf("%s: no <svg>", p)
			}
		case ".pdf":
			if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("/FontFile")) {
				t.Errorf("%s: not a PDF with embedded fonts", p)
			}
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 21 {
		t.Errorf("%d entries in the directory (temporary files left?)", len(ents))
	}
}

func TestUnwritable(t *testing.T) {
	_, _, err := Write(fixture.Summary(), filepath.Join(t.TempDir(), "missing"))
	if err == nil || !strings.Contains(err.Error(), "outcomes.png") || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %v", err)
	}
}

// TestNaN checks that undefined numbers do not break a figure.
func TestNaN(t *testing.T) {
	s := fixture.Summary()
	nan := summary.Num(math.NaN())
	s.Cells[1].FirstPlayerAdvantage = summary.Interval{Value: nan, Lo: nan, Hi: nan}
	s.Cells[1].Convergence = nil
	s.Cells[2].Length.Histogram = nil
	figs, _ := Build(s)
	for _, f := range figs {
		if err := f.Encode(io.Discard, "png"); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

// TestGolden compares the PNG of every figure of the fixtures with
// testdata/<name>_golden.png (go test -update rewrites them).
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		prefix string
		s      *summary.Summary
	}{{"readings-", fixture.Summary()}, {"strength-", fixture.Strength()}, {"ladder-", fixture.Ladder()}} {
		figs, _ := Build(c.s)
		if c.prefix == "ladder-" {
			figs = LadderFigures(c.s)
		}
		for _, f := range figs {
			var b bytes.Buffer
			if err := f.encode(&b, "png", 100); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.prefix+f.Name+"_golden.png")
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update creates it)", err)
			}
			diff, err := pngdiff.Share(b.Bytes(), want)
			if err != nil || diff > 0.001 {
				got := filepath.Join(t.TempDir(), c.prefix+f.Name+".png")
				os.WriteFile(got, b.Bytes(), 0o644)
				t.Errorf("%s: %.4f of the pixels differ from %s (see %s; go test -update rewrites it); %v", f.Name, diff, path, got, err)
			}
		}
	}
}

// TestSixtyFourReadings checks that a grid of 64 readings gives figures at
// most one page (MaxHeight = 9 in) tall at single-column width, split into
// parts that together show every reading once.
func TestSixtyFourReadings(t *testing.T) {
	grid, err := engine.Expand("kingulu:min_lift=*,first_lap_rule=*,skip_origin=*,infinite=*,first=*,holes=5..6")
	if err != nil || len(grid) != 64 {
		t.Fatalf("grid: %d rulesets, %v", len(grid), err)
	}
	s := fixture.Summary()
	base := s.Cells
	s.Cells = nil
	for i, r := range grid {
		c := base[i%len(base)]
		c.Ruleset = r
		s.Cells = append(s.Cells, c)
	}
	s.Effects, _ = effects.Estimate(s.Cells, 0.95)
	for i, c := range s.Cells {
		m := i%3 - 1
		s.Exact = append(s.Exact, summary.Exact{Ruleset: c.Ruleset, First: "south", Outcome: "draw", Margin: &m, FirstPlayerValue: 0.5,
			RandomFPA: c.FirstPlayerAdvantage})
	}
	figs, notes := Build(s)
	rows := map[string]int{}
	for _, f := range figs {
		w, h := f.Size()
		if w != 3.4*vg.Inch || h > 9*vg.Inch {
			t.Errorf("%s: %.2f × %.2f in, want %.1f in wide and at most %.0f in tall", f.Name, float64(w/vg.Inch), float64(h/vg.Inch), float64(Width/vg.Inch), float64(MaxHeight/vg.Inch))
		}
		base, _, _ := strings.Cut(f.Name, "-")
		if f.Name == "end-reasons" || strings.HasPrefix(f.Name, "end-reasons-") {
			base = "end-reasons"
		}
		if base == "fpa" || base == "outcomes" || base == "end-reasons" || base == "exact" {
			rows[base] += len(yTicks(f.Plot))
		}
	}
	for _, name := range []string{"fpa", "outcomes", "end-reasons", "exact"} {
		if rows[name] != 64 {
			t.Errorf("%s: %d rows over its parts, want 64", name, rows[name])
		}
	}
	if got := strings.Join(names(figs), " "); !strings.Contains(got, "fpa-2") || !strings.Contains(got, "effects") {
		t.Errorf("figures %s", got)
	}
	if len(notes) < 4 || !strings.Contains(strings.Join(notes, "\n"), "figure fpa split into") ||
		!strings.Contains(strings.Join(notes, "\n"), "figure exact split into") || !strings.Contains(strings.Join(names(figs), " "), "exact-2") {
		t.Errorf("notes %q", notes)
	}
	// The parts of fpa continue one another: largest first throughout.
	var got []string
	for _, f := range figs {
		if f.Name == "fpa" || strings.HasPrefix(f.Name, "fpa-") && f.Name != "fpa-strength" {
			got = append(got, yTicks(f.Plot)...)
		}
	}
	if want := cellLabels(byFPA(s)); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("fpa rows over the parts\n%q\nwant\n%q", got, want)
	}
}

// TestForest checks the forest plot of the comparisons: one row per pair
// in the summary's order, labelled A then − B, the x range holding every
// interval and the equivalence margin's lines at ±2 points, and the pairs
// split by verdict into series (differ, equivalent, neither).
func TestForest(t *testing.T) {
	s := fixture.Summary()
	f, note := Forest(s)
	if f == nil || note != "" {
		t.Fatalf("forest %v, note %q", f, note)
	}
	want := "default\n− penultimate=never|default\n− max_plies=60|penultimate=never\n− max_plies=60"
	if got := strings.Join(yTicks(f.Plot), "|"); got != want {
		t.Errorf("forest rows %q, want %q", got, want)
	}
	// Differences in points: 3.5 ± 3, −0.5 ± 3, −4 ± 3; margin ±2.
	if p := f.Plot; !(p.X.Min <= -7 && p.X.Max >= 6.5) {
		t.Errorf("x range [%v, %v] does not hold the intervals [-7, 6.5]", p.X.Min, p.X.Max)
	}
	if got := fmt.Sprint(forestLines(s)); got != "[0 -2 2]" {
		t.Errorf("reference lines at %v, want no difference and ±2 points", got)
	}
	// Fixture: pair 0 equivalent (TOST) though significant, pair 1
	// neither, pair 2 neither (Holm p 0.12 is not significant).
	var series []int
	for _, r := range forestRows(s, s.Comparisons) {
		series = append(series, r.series)
	}
	if fmt.Sprint(series) != fmt.Sprint([]int{forestEquivalent, forestNeither, forestNeither}) {
		t.Errorf("series %v", series)
	}
	s.Comparisons[0].Equivalence = nil
	if r := forestRows(s, s.Comparisons)[0]; r.series != forestDiffer || math.Abs(r.x-3.5) > 1e-9 {
		t.Errorf("pair 0 without equivalence: %+v, want differ at 3.5 points", r)
	}
	if f, _ := Forest(fixture.Strength()); f != nil {
		t.Error("a forest plot without comparisons")
	}
	if _, note := Forest(fixture.Readings(70)); !strings.Contains(note, "first 60 of 69") {
		t.Errorf("69 comparisons: note %q", note)
	}
}
