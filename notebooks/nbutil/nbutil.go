// Package nbutil holds the few helpers that baolab's Go notebooks (run by the
// gonb Jupyter kernel) share: finding the repository and the notebooks'
// datasets, and showing plots and tables in the notebook.
//
// Everything else a notebook shows comes from baolab's own packages
// (analysis, engine), so a notebook's numbers are the report's numbers.
//
// Outside a notebook (a plain Go program or test) the display functions
// print a text form to standard output instead, so the same code runs
// anywhere.
package nbutil

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/janpfeifer/gonb/gonbui"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/baolab/baolab/analysis/figures"
	"github.com/baolab/baolab/analysis/summary"
)

// Module is the module path of the repository the notebooks belong to.
const Module = "github.com/baolab/baolab"

// DataEnv names the environment variable that overrides where the notebooks'
// datasets live (default: out/notebooks/data under the repository root).
const DataEnv = "BAOLAB_NOTEBOOK_DATA"

// DPI is the resolution Plot renders at: figures are sized for a paper
// column (a few inches wide) and shown at about twice screen resolution.
const DPI = 150

// Stdout receives the text form of displays outside a notebook.
var Stdout io.Writer = os.Stdout

// Root returns the repository root: the nearest directory at or above start
// whose go.mod declares module Module. An empty start means the notebook's
// directory (gonb's GONB_DIR), or else the working directory.
func Root(start string) (string, error) {
	if start == "" {
		start = os.Getenv("GONB_DIR")
	}
	if start == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("nbutil: finding the repository: %w", err)
		}
		start = wd
	}
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("nbutil: finding the repository: %w", err)
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && declares(b, Module) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("nbutil: no go.mod of module %s at or above %s", Module, start)
		}
		dir = parent
	}
}

// declares reports whether go.mod content b declares module path.
func declares(b []byte, path string) bool {
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == path {
			return true
		}
	}
	return false
}

// DataDir returns the directory of the notebook dataset called name:
// $BAOLAB_NOTEBOOK_DATA/name when that variable is set, else
// <repository>/out/notebooks/data/name, where `make notebooks` writes it.
// It fails, saying how to make the data, when the directory holds no
// dataset (no manifest.json).
func DataDir(name string) (string, error) {
	base := os.Getenv(DataEnv)
	if base == "" {
		root, err := Root("")
		if err != nil {
			return "", err
		}
		base = filepath.Join(root, "out", "notebooks", "data")
	}
	dir := filepath.Join(base, name)
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("nbutil: no dataset %q in %s: run `make notebooks` (or scripts/notebooks.sh data) first", name, base)
		}
		return "", fmt.Errorf("nbutil: dataset %q: %w", name, err)
	}
	return dir, nil
}

// Must panics with err when it is not nil. In a notebook the panic fails the
// cell, which fails `make notebooks`.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}

// Must1 returns v, or panics with err when it is not nil.
func Must1[T any](v T, err error) T {
	Must(err)
	return v
}

// PNG renders p as a w × h PNG at DPI dots per inch on a white background.
func PNG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return render(p.Title.Text, w, h, func(c draw.Canvas) { p.Draw(c) })
}

// FigurePNG renders f, one of the report's figures (package
// analysis/figures), at its own size as a PNG at DPI dots per inch.
func FigurePNG(f *figures.Figure) ([]byte, error) {
	w, h := f.Size()
	return render(f.Name, w, h, f.Draw)
}

func render(name string, w, h vg.Length, drawTo func(draw.Canvas)) ([]byte, error) {
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI), vgimg.UseBackgroundColor(color.White))
	drawTo(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("nbutil: rendering plot %q: %w", name, err)
	}
	return buf.Bytes(), nil
}

// Plot shows p in the notebook as a w × h PNG. Outside a notebook it prints
// one line naming the plot.
func Plot(p *plot.Plot, w, h vg.Length) error {
	b, err := PNG(p, w, h)
	if err != nil {
		return err
	}
	return showPNG(p.Title.Text, b)
}

// Figure shows f, one of the report's figures (package analysis/figures),
// as the report draws it. A nil f (a figure the data cannot support, such
// as figures.Strength with one agent pair) is an error.
func Figure(f *figures.Figure) error {
	if f == nil {
		return errors.New("nbutil: no figure: the dataset cannot support it (see figures.Build's notes)")
	}
	b, err := FigurePNG(f)
	if err != nil {
		return err
	}
	return showPNG(f.Name, b)
}

func showPNG(name string, b []byte) error {
	if !gonbui.IsNotebook {
		_, err := fmt.Fprintf(Stdout, "[plot %q: %d bytes of PNG]\n", name, len(b))
		return err
	}
	gonbui.DisplayPng(b)
	gonbui.Sync() // the cell's program must not exit before the image is sent
	return gonbui.Error()
}

// Markdown shows s as Markdown in the notebook, or prints it outside one.
func Markdown(s string) error {
	if !gonbui.IsNotebook {
		_, err := fmt.Fprintln(Stdout, s)
		return err
	}
	gonbui.DisplayMarkdown(s)
	gonbui.Sync()
	return gonbui.Error()
}

// Table shows a table with the given header and rows as Markdown. Cells are
// escaped so that a '|' inside one does not break the table.
func Table(header []string, rows [][]string) error {
	return Markdown(TableMarkdown(header, rows))
}

// TableMarkdown returns the Markdown of a table with the given header and
// rows. A row shorter than the header is padded with empty cells.
func TableMarkdown(header []string, rows [][]string) string {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for i := range header {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
		}
		b.WriteString("\n")
	}
	line(header)
	b.WriteString("|")
	for range header {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

// Interval formats an estimate and its interval as the report's tables do:
// "0.512 [0.509, 0.515]", with three decimals.
func Interval(v summary.Interval) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", float64(v.Value), float64(v.Lo), float64(v.Hi))
}

// Share formats a share of games with its interval, like Interval.
func Share(s summary.Share) string { return Interval(s.Interval()) }

// Head shows the first n rows of an Arrow table (for example a dataset
// file read with dataset.ReadFile) as a table, one column per field.
func Head(t arrow.Table, n int) error {
	return Markdown(HeadMarkdown(t, n))
}

// HeadMarkdown returns the Markdown of the first n rows of t.
func HeadMarkdown(t arrow.Table, n int) string {
	cols := int(t.NumCols())
	header := make([]string, cols)
	for j := range cols {
		header[j] = t.Schema().Field(j).Name
	}
	n = int(min(int64(n), t.NumRows()))
	rows := make([][]string, n)
	for i := range rows {
		rows[i] = make([]string, cols)
	}
	for j := range cols {
		i := 0
		for _, chunk := range t.Column(j).Data().Chunks() {
			for k := 0; k < chunk.Len() && i < n; k, i = k+1, i+1 {
				rows[i][j] = chunk.ValueStr(k)
			}
		}
	}
	return TableMarkdown(header, rows)
}

// Label names a cell in tables: its ruleset and its agent pair SOUTH/NORTH.
func Label(c summary.Cell) string {
	return c.Ruleset + " " + c.AgentSouth + "/" + c.AgentNorth
}
