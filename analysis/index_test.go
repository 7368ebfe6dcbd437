package analysis

import (
	"context"
	"encoding/base64"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim"
)

// TestReportPages writes the whole report of a small simulated dataset
// (two readings of kingulu, one kimasai-two-rows reading with
// infinite=draw, so that a never-ending move is likely) and checks the
// pages against what was written: every file of the directory is linked
// from index.html, every link and image resolves to a file there, nothing
// is fetched from elsewhere, every figure is shown and every table
// rendered, the provenance is the manifest's, every verdict is there, and
// each example game's page holds one diagram per position.
func TestReportPages(t *testing.T) {
	if testenv.Short() {
		t.Skip("plays games")
	}
	plan := sim.Plan{
		Rules:  []string{"kingulu", "kingulu:penultimate=never", "kimasai-two-rows:infinite=draw,lap_limit=300"},
		Agents: []string{"random"},
		Games:  40, Seed: 3, Batch: 16, Moves: true,
	}
	e, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	data, out := t.TempDir(), filepath.Join(t.TempDir(), "report")
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: data, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	ds, err := load.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := ExampleGames(context.Background(), ds)
	if err != nil {
		t.Fatal(err)
	}
	// A page an earlier report left behind goes.
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, ExampleFile(99999)), []byte("<title>old</title>"), 0o644)
	examples, err := WriteExamples(context.Background(), ds, out)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := WriteReport(s, out)
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, examples...)
	b, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	entries, _ := os.ReadDir(out)
	if len(entries) != len(paths) {
		t.Errorf("%d files in the report directory, %d written", len(entries), len(paths))
	}
	for _, p := range paths {
		name := filepath.Base(p)
		if name != "index.html" && !strings.Contains(page, `href="`+name+`"`) {
			t.Errorf("%s not linked", name)
		}
		if strings.HasSuffix(name, ".svg") {
			// Shown, and carried in the page: the <img> src is the
			// file's bytes, so index.html copied alone still shows it.
			m := regexp.MustCompile(`<img src="([^"]*)" data-file="` + regexp.QuoteMeta(name) + `"`).FindStringSubmatch(page)
			svg, _ := os.ReadFile(p)
			if m == nil {
				t.Errorf("figure %s not shown", name)
			} else if data, ok := strings.CutPrefix(html.UnescapeString(m[1]), "data:image/svg+xml;base64,"); !ok || data != base64.StdEncoding.EncodeToString(svg) {
				t.Errorf("figure %s not carried in the page (src %.40q)", name, m[1])
			}
		}
		if strings.HasSuffix(name, ".md") && !strings.Contains(page, `id="table-`+strings.TrimSuffix(name, ".md")+`"`) {
			t.Errorf("table %s not rendered", name)
		}
	}
	selfContained(t, page, out)
	man, err := dataset.ReadManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<td>" + e.ID() + "</td>", "<th>seed</th><td>3</td>", "<th>games per cell</th><td>40</td>",
		"commit " + man.Builds[0].Commit, "120 games, ", "Outcomes and balance", "Comparison of rule readings",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	for _, c := range s.Comparisons {
		if !strings.Contains(page, c.Verdict) {
			t.Errorf("verdict %q missing", c.Verdict)
		}
	}
	// Examples: the longest game of each of the two variants, and a
	// never-ending one when there is one.
	t.Logf("examples: %v", ex)
	if len(ex) < 2 || len(examples) != len(ex) {
		t.Fatalf("examples %v, pages %v", ex, examples)
	}
	for _, x := range ex {
		g, err := FindGame(context.Background(), ds, x.ID)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := os.ReadFile(filepath.Join(out, ExampleFile(x.ID)))
		if err != nil {
			t.Fatal(err)
		}
		rp := string(rb)
		selfContained(t, rp, out)
		if n := strings.Count(rp, `<svg class="board"`); n != int(g.Plies)+1 {
			t.Errorf("game %d: %d diagrams for %d plies", x.ID, n, g.Plies)
		}
		if !strings.Contains(page, ">"+x.Note+": game ") {
			t.Errorf("example %q not linked by its title", x.Note)
		}
	}
	if last := ex[len(ex)-1]; !strings.Contains(last.Note, "never-ending") {
		t.Errorf("no example with a never-ending move (seed 3 plays one): %v", ex)
	} else if g, _ := FindGame(context.Background(), ds, last.ID); g.NeverEnding == 0 {
		t.Errorf("example %v met no never-ending move", last)
	} else {
		// The move list marks the plies at which never-ending candidates
		// were found; they add up to the game's count (or less, when the
		// game ended on candidates all found never-ending, after its last
		// logged move).
		rb, _ := os.ReadFile(filepath.Join(out, ExampleFile(last.ID)))
		sum := 0
		for _, m := range regexp.MustCompile(`class="never">(?:<td[^>]*>[^<]*</td>){7}<td class="right">([0-9]+)</td>`).FindAllStringSubmatch(string(rb), -1) {
			n, _ := strconv.Atoi(m[1])
			sum += n
		}
		if sum == 0 || sum > int(g.NeverEnding) {
			t.Errorf("game %d: move list shows %d never-ending candidates, the game met %d", g.ID, sum, g.NeverEnding)
		}
	}
	longest := map[string]int32{}
	for _, c := range s.Cells {
		longest[c.Variant] = max(longest[c.Variant], int32(c.Length.Max))
	}
	for _, x := range ex[:2] {
		g, _ := FindGame(context.Background(), ds, x.ID)
		if g.Plies != longest[g.Variant] || x.Note != "longest "+g.Variant+" game" && !strings.HasPrefix(x.Note, "longest "+g.Variant+" game,") {
			t.Errorf("example %v: %d plies, longest %s game has %d", x, g.Plies, g.Variant, longest[g.Variant])
		}
	}
}

var refAttr = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// selfContained fails when page refers to anything but files of dir.
// The SVG and XLink namespace names of inline diagrams are identifiers,
// never fetched, and are allowed.
func selfContained(t *testing.T, page, dir string) {
	t.Helper()
	rest := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(page)
	for _, bad := range []string{"http://", "https://", "@import", "url(", "<link", "<script src"} {
		if strings.Contains(rest, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	for _, m := range refAttr.FindAllStringSubmatch(page, -1) {
		if strings.HasPrefix(m[1], "#") || strings.HasPrefix(html.UnescapeString(m[1]), "data:image/svg+xml;base64,") {
			continue // within the page, or a figure carried in it
		}
		if strings.Contains(m[1], ":") || strings.HasPrefix(m[1], "/") {
			t.Errorf("reference %q leaves the directory", m[1])
		} else if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
			t.Errorf("reference %q: %v", m[1], err)
		}
	}
}

// TestIndexWithoutManifest: a dataset without a readable manifest still
// gets a page, which says its provenance is unknown.
func TestIndexWithoutManifest(t *testing.T) {
	dir := t.TempDir()
	s := &summary.Summary{Dataset: filepath.Join(dir, "gone"), Confidence: 0.95, Alpha: 0.05, Games: 12, Files: 2}
	p, err := WriteIndex(s, dir)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	for _, want := range []string{"<th>manifest</th><td>none readable: provenance unknown</td>", "12 games in 0 cells"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("missing %q", want)
		}
	}
	selfContained(t, string(b), dir)
}
