package nbutil

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/figures"
	"github.com/baolab/baolab/analysis/summary"
)

func ExampleTableMarkdown() {
	md := TableMarkdown([]string{"ruleset", "first-player advantage"}, [][]string{
		{"kingulu", "0.512 [0.509, 0.515]"},
		{"a|b"},
	})
	os.Stdout.WriteString(md)
	// Output:
	// | ruleset | first-player advantage |
	// | --- | --- |
	// | kingulu | 0.512 [0.509, 0.515] |
	// | a\|b |  |
}

func TestRoot(t *testing.T) {
	root, err := Root("")
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in notebooks/nbutil, two levels below the root.
	wd, _ := os.Getwd()
	if want := filepath.Dir(filepath.Dir(wd)); root != want {
		t.Errorf("Root = %q, want %q", root, want)
	}
	t.Setenv("GONB_DIR", filepath.Join(root, "notebooks"))
	if got, err := Root(""); err != nil || got != root {
		t.Errorf("Root from GONB_DIR = %q, %v; want %q", got, err, root)
	}

	// A go.mod of another module is not the root.
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Root(other); err == nil || !strings.Contains(err.Error(), "no go.mod of module "+Module) {
		t.Errorf("Root outside the repository: error %v, want one saying no go.mod of %s", err, Module)
	}
}

func TestDataDir(t *testing.T) {
	base := t.TempDir()
	t.Setenv(DataEnv, base)
	if _, err := DataDir("tour"); err == nil || !strings.Contains(err.Error(), "make notebooks") {
		t.Errorf("DataDir of a missing dataset: error %v, want one saying to run make notebooks", err)
	}
	dir := filepath.Join(base, "tour")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := DataDir("tour"); err != nil || got != dir {
		t.Errorf("DataDir = %q, %v; want %q", got, err, dir)
	}

	t.Setenv(DataEnv, "")
	root, err := Root("")
	if err != nil {
		t.Fatal(err)
	}
	_, err = DataDir("no-such-dataset")
	if want := filepath.Join(root, "out", "notebooks", "data"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("DataDir default: error %v, want one naming %s", err, want)
	}
}

func TestPlot(t *testing.T) {
	p := plot.New()
	p.Title.Text = "line"
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	b, err := PNG(p, 4*vg.Inch, 3*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 4*DPI || got.Y != 3*DPI {
		t.Errorf("PNG size = %v, want %dx%d", got, 4*DPI, 3*DPI)
	}

	// Outside a notebook Plot says what it would show.
	var out bytes.Buffer
	Stdout = &out
	defer func() { Stdout = os.Stdout }()
	if err := Plot(p, 4*vg.Inch, 3*vg.Inch); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), `[plot "line": `) {
		t.Errorf("Plot outside a notebook printed %q", out.String())
	}
}

func TestMust(t *testing.T) {
	if got := Must1(3, nil); got != 3 {
		t.Errorf("Must1 = %d, want 3", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("Must(err) did not panic")
		}
	}()
	Must(os.ErrNotExist)
}

func TestHeadMarkdown(t *testing.T) {
	mem := memory.NewGoAllocator()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "game_id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "result", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}},
		{Name: "first_repeat_ply", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	b.Field(0).(*array.Int64Builder).AppendValues([]int64{7, 8, 9}, nil)
	d := b.Field(1).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"south", "draw", "south"} {
		if err := d.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	b.Field(2).(*array.Int32Builder).AppendValues([]int32{0, 12, 0}, []bool{false, true, false})
	rec := b.NewRecordBatch()
	defer rec.Release()
	tbl := array.NewTableFromRecords(schema, []arrow.RecordBatch{rec})
	defer tbl.Release()

	got := HeadMarkdown(tbl, 2)
	want := "| game_id | result | first_repeat_ply |\n| --- | --- | --- |\n| 7 | south | (null) |\n| 8 | draw | 12 |\n"
	if got != want {
		t.Errorf("HeadMarkdown =\n%s\nwant\n%s", got, want)
	}
	if got := strings.Count(HeadMarkdown(tbl, 10), "\n"); got != 2+3 {
		t.Errorf("HeadMarkdown(10) of 3 rows has %d lines, want 5", got)
	}
}

func TestInterval(t *testing.T) {
	if got, want := Interval(summary.Interval{Value: 0.5124, Lo: 0.5091, Hi: 0.5156}), "0.512 [0.509, 0.516]"; got != want {
		t.Errorf("Interval = %q, want %q", got, want)
	}
	if got, want := Share(summary.Share{Count: 3, Share: 0.25, Lo: 0.1, Hi: 0.5}), "0.250 [0.100, 0.500]"; got != want {
		t.Errorf("Share = %q, want %q", got, want)
	}
}

func TestFigure(t *testing.T) {
	s := &summary.Summary{Confidence: 0.95, Alpha: 0.05, Games: 200, Cells: []summary.Cell{
		{Ruleset: "kingulu", Variant: "kingulu", AgentSouth: "random", AgentNorth: "random", First: "south", Games: 100,
			FirstPlayerAdvantage: summary.Interval{Value: 0.41, Lo: 0.32, Hi: 0.51}},
		{Ruleset: "kingulu:penultimate=never", Variant: "kingulu", AgentSouth: "random", AgentNorth: "random", First: "south", Games: 100,
			FirstPlayerAdvantage: summary.Interval{Value: 0.55, Lo: 0.45, Hi: 0.64}},
	}}
	f := figures.FPA(s)
	b, err := FigurePNG(f)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	w, h := f.Size()
	if got := img.Bounds().Size(); got.X != int(float64(w/vg.Inch)*DPI+0.5) || got.Y != int(float64(h/vg.Inch)*DPI+0.5) {
		t.Errorf("figure PNG is %v pixels, want %.0fx%.0f", got, float64(w/vg.Inch)*DPI, float64(h/vg.Inch)*DPI)
	}

	var out bytes.Buffer
	Stdout = &out
	defer func() { Stdout = os.Stdout }()
	if err := Figure(f); err != nil || !strings.HasPrefix(out.String(), `[plot "fpa": `) {
		t.Errorf("Figure outside a notebook: %v, printed %q", err, out.String())
	}
	if err := Figure(nil); err == nil {
		t.Error("Figure(nil): no error")
	}
}

func ExampleLabel() {
	os.Stdout.WriteString(Label(summary.Cell{Ruleset: "kingulu:penultimate=never", AgentSouth: "greedy", AgentNorth: "random"}))
	// Output: kingulu:penultimate=never greedy/random
}
