package tables

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/fixture"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it); got:\n%s", name, got)
	}
}

func render(t *testing.T, f func(io.Writer, *summary.Summary) error, s *summary.Summary) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b, s); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	s := fixture.Summary()
	for _, c := range []struct {
		name string
		f    func(io.Writer, *summary.Summary) error
	}{
		{"summary.json", WriteJSON}, {"summary.csv", WriteCSV}, {"summary.md", WriteMarkdown}, {"summary.tex", WriteLaTeX},
		{"comparison.json", WriteComparisonJSON}, {"comparison.csv", WriteComparisonCSV}, {"comparison.md", WriteComparisonMarkdown}, {"comparison.tex", WriteComparisonLaTeX},
		{"effects.json", WriteEffectsJSON}, {"effects.csv", WriteEffectsCSV}, {"effects.md", WriteEffectsMarkdown}, {"effects.tex", WriteEffectsLaTeX},
		{"ranking.json", WriteRankingJSON}, {"ranking.csv", WriteRankingCSV}, {"ranking.md", WriteRankingMarkdown}, {"ranking.tex", WriteRankingLaTeX},
	} {
		golden(t, c.name, render(t, c.f, s))
	}
	golden(t, "strength.tex", render(t, WriteLaTeX, fixture.Strength()))
	l := fixture.Ladder()
	for _, c := range []struct {
		name string
		f    func(io.Writer, *summary.Summary) error
	}{{"ladder.json", WriteLadderJSON}, {"ladder.csv", WriteLadderCSV}, {"ladder.md", WriteLadderMarkdown}, {"ladder.tex", WriteLadderLaTeX}} {
		golden(t, c.name, render(t, c.f, l))
	}
}

// TestLadderJSON: ladder.json holds the keys other tools read, an
// unbounded rating reads back as null, and the rest round-trips.
func TestLadderJSON(t *testing.T) {
	s := fixture.Ladder()
	b := render(t, WriteLadderJSON, s)
	var raw []map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw) != 2 {
		t.Fatalf("%d ladders", len(raw))
	}
	for _, k := range []string{"ruleset", "agents", "first_move", "draw", "self_play", "model", "model_test", "per_agent_draw", "fit"} {
		if _, ok := raw[0][k]; !ok {
			t.Errorf("key %s missing", k)
		}
	}
	if raw[0]["model"] != "per-agent" || raw[1]["model"] != "single" {
		t.Errorf("models %v, %v", raw[0]["model"], raw[1]["model"])
	}
	mt := raw[0]["model_test"].(map[string]any)
	if mt["statistic"] != 21.4 || mt["df"] != 2.0 || mt["p"] != 2.3e-5 || mt["level"] != 0.05 {
		t.Errorf("model_test %v", mt)
	}
	fit := raw[1]["fit"].(map[string]any)
	pair := fit["pairs"].([]any)[0].(map[string]any)
	if fit["model"] != "single" || fit["chi2"] != 1.7 || fit["df"] != 5.0 || fit["p"] != 0.89 || fit["approximate"] != true ||
		fit["below_5"] != 4.0 || fit["below_1"] != 2.0 || fit["counts"] != 12.0 ||
		pair["first"] != "alphabeta:depth=4" || pair["second"] != "random" || pair["games"] != 400.0 || pair["observed"] != 1.0 || pair["predicted"] != 0.999 {
		t.Errorf("fit %v", fit)
	}
	fm := raw[0]["agents"].([]any)[1].(map[string]any)["first_move"].(map[string]any)
	if fm["value"] != -35.0 || fm["lo"] != -59.0 || fm["hi"] != -11.0 {
		t.Errorf("greedy's first_move %v", fm)
	}
	if pr := raw[1]["agents"].([]any)[1].(map[string]any)["per_agent_rating"].(map[string]any); pr["value"] != nil || pr["lo"] != 880.0 || pr["hi"] != nil {
		t.Errorf("unbounded per-agent rating written as %v", pr)
	}
	a := raw[1]["agents"].([]any)[1].(map[string]any)
	if a["agent"] != "alphabeta:depth=4" || a["rating"] != nil || a["hi"] != nil || a["lo"] != 900.0 {
		t.Errorf("unbounded agent written as %v", a)
	}
	sp := raw[0]["self_play"].([]any)[0].(map[string]any)
	for _, k := range []string{"agent", "games", "fpa", "lo", "hi"} {
		if _, ok := sp[k]; !ok {
			t.Errorf("self_play key %s missing", k)
		}
	}
	var back []summary.Ladder
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back[0].FirstMove != s.Ladders[0].FirstMove || back[0].Agents[2] != s.Ladders[0].Agents[2] || *back[0].SelfPlay[2].DistinctGames != 250 ||
		back[0].ModelTest != s.Ladders[0].ModelTest || back[0].Fit.Pairs[0] != s.Ladders[0].Fit.Pairs[0] || back[0].PerAgentDraw != s.Ladders[0].PerAgentDraw {
		t.Errorf("ladder.json does not read back: %+v", back[0])
	}
}

// TestWriteLadderOnlyWithLadder: the ladder tables are written only for
// a ladder experiment.
func TestWriteLadderOnlyWithLadder(t *testing.T) {
	for _, c := range []struct {
		s    *summary.Summary
		want bool
	}{{fixture.Strength(), false}, {fixture.Ladder(), true}} {
		dir := t.TempDir()
		if _, err := Write(c.s, dir); err != nil {
			t.Fatal(err)
		}
		_, err := os.Stat(filepath.Join(dir, "ladder.json"))
		if (err == nil) != c.want {
			t.Errorf("ladders %d: ladder.json written: %v", len(c.s.Ladders), err == nil)
		}
	}
}

// keys lists every key path of a JSON value, arrays as [].
func keys(prefix string, v any, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			p := prefix + "." + k
			out[p] = true
			keys(p, x, out)
		}
	case []any:
		for _, x := range v {
			keys(prefix+"[]", x, out)
		}
	}
}

// TestStableKeys pins the key paths of summary.json: a key that changes
// or disappears breaks the regression checks that read it, so it must
// come with a new summary.Format.
func TestStableKeys(t *testing.T) {
	var v any
	if err := json.Unmarshal(render(t, WriteJSON, fixture.Summary()), &v); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	keys("", v, set)
	var got []string
	for k := range set {
		got = append(got, k)
	}
	sort.Strings(got)
	golden(t, "keys.txt", []byte(strings.Join(got, "\n")+"\n"))
	for _, k := range []string{".cells[].first_player_advantage.lo", ".cells[].outcomes.draw.share", ".cells[].length.p95",
		".cells[].end_reasons.max-plies.count", ".cells[].moves.decisiveness.value", ".comparisons[].first_player_advantage.p_holm",
		".comparisons[].verdict", ".cells[].convergence[].games", ".format"} {
		if !set[k] {
			t.Errorf("key %s missing", k)
		}
	}
}

func TestJSONNull(t *testing.T) {
	s := fixture.Summary()
	s.Cells[0].Length.SD = summary.Num(math.NaN())
	s.Cells[1].Moves = nil
	b := render(t, WriteJSON, s)
	var back summary.Summary
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(float64(back.Cells[0].Length.SD)) || back.Cells[1].Moves != nil || back.Cells[0].FirstPlayerAdvantage != s.Cells[0].FirstPlayerAdvantage {
		t.Errorf("round trip: sd %v moves %v", back.Cells[0].Length.SD, back.Cells[1].Moves)
	}
	if !bytes.Contains(b, []byte(`"sd": null`)) || !bytes.Contains(b, []byte(`"moves": null`)) {
		t.Error("NaN and missing move stats not written as null")
	}
}

func TestCSV(t *testing.T) {
	s := fixture.Summary()
	s.Cells[1].Moves = nil
	rows, err := csv.NewReader(bytes.NewReader(render(t, WriteCSV, s))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+len(s.Cells) {
		t.Fatalf("%d rows", len(rows))
	}
	col := func(name string) int {
		i := slices.Index(rows[0], name)
		if i < 0 {
			t.Fatalf("no column %s", name)
		}
		return i
	}
	if got := rows[1][col("first_player_advantage")]; got != "0.545" {
		t.Errorf("fpa %q", got)
	}
	if got := rows[3][col("draws_count")]; got != "0" {
		t.Errorf("draws %q", got)
	}
	if got := rows[2][col("branching_factor")]; got != "" {
		t.Errorf("branching factor without move log %q, want empty", got)
	}
	rows, err = csv.NewReader(bytes.NewReader(render(t, WriteComparisonCSV, s))).ReadAll()
	if err != nil || len(rows) != 4 || rows[1][slices.Index(rows[0], "differ_in_balance")] != "true" {
		t.Errorf("comparison csv: %v %v", err, rows)
	}
}

func TestLaTeX(t *testing.T) {
	s := fixture.Summary()
	out := string(render(t, WriteLaTeX, s))
	for _, want := range []string{`\toprule`, `\midrule`, `\bottomrule`, `\texttt{kingulu:\allowbreak{}max\_plies=60}`, `0.545 & 0.523 & 0.567`, `\label{tab:baolab-outcomes}`} {
		if !strings.Contains(out, want) {
			t.Errorf("summary.tex lacks %q", want)
		}
	}
	if strings.Count(out, `\begin{tabular}`) != 2 || strings.Count(out, `\end{tabular}`) != 2 {
		t.Error("want two tabulars")
	}
	sameCells(t, out)
	if got := tex(`a_b%c&d#e$f{g}h~i^j\k`); got != `a\_b\%c\&d\#e\$f\{g\}h\~{}i\^{}j\textbackslash{}k` {
		t.Errorf("tex escape: %s", got)
	}
	cmp := string(render(t, WriteComparisonLaTeX, s))
	if !strings.Contains(cmp, `$<$0.001`) || !strings.Contains(cmp, `\toprule`) {
		t.Errorf("comparison.tex:\n%s", cmp)
	}
}

// sameCells checks that every row of every table in out has as many
// cells as the table's column spec has columns.
func sameCells(t *testing.T, out string) {
	t.Helper()
	cols := regexp.MustCompile(`p\{[^}]*\}|[lrS]`)
	// A cell \multicolumn{N}... spans N columns.
	span := regexp.MustCompile(`\\multicolumn\{([0-9]+)\}`)
	tables := 0
	for _, tab := range regexp.MustCompile(`\\begin\{(tabular|longtable)\}\{`).Split(out, -1)[1:] {
		tables++
		spec := tab[:strings.Index(tab, "}\n")]
		// Drop the >{...} prefixes, S[...] options and @{...} separators.
		bare := regexp.MustCompile(`>\{[^}]*\}|\[[^\]]*\]|@\{[^}]*\}`).ReplaceAllString(spec, "")
		n := len(cols.FindAllString(bare, -1))
		body := tab[strings.Index(tab, `\toprule`):strings.Index(tab, `\end{`)]
		for _, line := range strings.Split(body, "\n") {
			if !strings.HasSuffix(line, `\\`) || strings.HasPrefix(line, `\multicolumn{`) && strings.Count(line, "&") == 0 {
				continue
			}
			cells := 0
			for _, c := range strings.Split(strings.TrimSuffix(line, `\\`), "&") {
				if m := span.FindStringSubmatch(c); m != nil {
					k, _ := strconv.Atoi(m[1])
					cells += k
				} else {
					cells++
				}
			}
			if cells != n {
				t.Errorf("row %q has %d cells, spec %q %d", line, cells, spec, n)
			}
		}
	}
	if tables == 0 {
		t.Errorf("no table in\n%s", out)
	}
}

// TestLaTeXLongTables: a reading grid's tables (more rows than fit a page,
// rulesets longer than a column) are longtables with their header repeated
// on every page and the ruleset columns wrapped; a few short readings stay
// floats with plain columns.
func TestLaTeXLongTables(t *testing.T) {
	big, small := Readings(t, 60), fixture.Summary()
	for _, c := range []struct {
		name string
		f    func(io.Writer, *summary.Summary) error
	}{{"summary", WriteLaTeX}, {"comparison", WriteComparisonLaTeX}, {"ranking", WriteRankingLaTeX}} {
		out := string(render(t, c.f, big))
		sameCells(t, out)
		for _, want := range []string{`\begin{longtable}`, `\endfirsthead`, `\endhead`, `(continued)`, `\raggedright\arraybackslash}p{0.`, `first\_lap\_rule=on,\allowbreak{}infinite=draw`} {
			if !strings.Contains(out, want) {
				t.Errorf("%s.tex of 60 readings lacks %q", c.name, want)
			}
		}
		if strings.Contains(out, `\begin{table}`) {
			t.Errorf("%s.tex of 60 readings has a float", c.name)
		}
		out = string(render(t, c.f, small))
		sameCells(t, out)
		if strings.Contains(out, `\begin{longtable}`) || strings.Contains(out, `p{0.`) {
			t.Errorf("%s.tex of three short readings:\n%s", c.name, out)
		}
	}
}

// Readings returns fixture.Readings(n) after checking that its rulesets
// are longer than a column holds.
func Readings(t *testing.T, n int) *summary.Summary {
	s := fixture.Readings(n)
	if len(s.Cells[0].Ruleset) <= wrapChars {
		t.Fatalf("ruleset %q too short to test wrapping", s.Cells[0].Ruleset)
	}
	return s
}

// TestLaTeXCompiles sets every .tex table analyze writes — for a few
// readings, a 60-reading grid, a ladder and exact values — in one LaTeX
// document with pdflatex, and fails on a LaTeX error or a float too tall
// for the page. Without pdflatex it skips, or fails under CI (make
// test-report and .ci/run install TeX Live).
func TestLaTeXCompiles(t *testing.T) {
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		testenv.Missing(t, "pdflatex not found: the tables are not typeset (make test-report installs TeX Live)")
	}
	dir := t.TempDir()
	var doc strings.Builder
	doc.WriteString("\\documentclass{article}\n\\usepackage{booktabs,array,longtable,siunitx}\n\\begin{document}\n")
	for name, s := range map[string]*summary.Summary{"few": fixture.Summary(), "grid": Readings(t, 60), "ladder": fixture.Ladder(), "exact": exactSummary()} {
		sub := filepath.Join(dir, name)
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		paths, err := Write(s, sub)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if strings.HasSuffix(p, ".tex") {
				fmt.Fprintf(&doc, "\\input{%s}\n\\clearpage\n", filepath.ToSlash(p))
			}
		}
	}
	doc.WriteString("\\end{document}\n")
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	log, _ := os.ReadFile(filepath.Join(dir, "doc.log"))
	if err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, tail(string(out), 30))
	}
	for _, line := range strings.Split(string(log), "\n") {
		if strings.HasPrefix(line, "!") || strings.Contains(line, "Float too large") {
			t.Errorf("doc.log: %s", line)
		}
	}
	t.Logf("typeset %d tables", strings.Count(doc.String(), `\input`))
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestNoComparisons(t *testing.T) {
	s := fixture.Strength()
	if got := string(render(t, WriteComparisonJSON, s)); strings.TrimSpace(got) != "[]" {
		t.Errorf("comparison.json %q", got)
	}
	if got := string(render(t, WriteComparisonMarkdown, s)); !strings.Contains(got, "no two rulesets") {
		t.Errorf("comparison.md %q", got)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	paths, err := Write(fixture.Summary(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 16 {
		t.Errorf("%d files", len(paths))
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 16 {
		t.Errorf("%d entries in the directory (temporary files left?)", len(ents))
	}
	if os.Getuid() != 0 { // root writes anywhere
		ro := t.TempDir()
		os.Chmod(ro, 0o555)
		if _, err := Write(fixture.Summary(), ro); err == nil || !strings.Contains(err.Error(), "summary.json") {
			t.Errorf("unwritable directory: %v", err)
		}
	}
	if _, err := Write(fixture.Summary(), filepath.Join(dir, "missing")); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("missing directory: %v", err)
	}
}

// TestEffectsJSONKeys checks that effects.json is a list of entries with
// exactly the keys other tools read, and that it reads back to the
// summary's effects.
func TestEffectsJSONKeys(t *testing.T) {
	s := fixture.Summary()
	b := render(t, WriteEffectsJSON, s)
	var entries []map[string]any
	if err := json.Unmarshal(b, &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 || len(entries) != len(s.Effects) {
		t.Fatalf("%d entries, summary has %d", len(entries), len(s.Effects))
	}
	want := "agents estimate hi lo option p_holm quantity value variant"
	for i, e := range entries {
		var ks []string
		for k := range e {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		if got := strings.Join(ks, " "); got != want {
			t.Errorf("entry %d: keys %s, want %s", i, got, want)
		}
	}
	var back []summary.Effect
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for i, e := range back {
		o := s.Effects[i]
		same := func(a, b summary.Num) bool { return a == b || math.IsNaN(float64(a)) && math.IsNaN(float64(b)) }
		if e.Variant != o.Variant || e.Agents != o.Agents || e.Option != o.Option || e.Value != o.Value || e.Quantity != o.Quantity ||
			!same(e.Estimate, o.Estimate) || !same(e.Lo, o.Lo) || !same(e.Hi, o.Hi) || !same(e.PHolm, o.PHolm) {
			t.Errorf("entry %d reads back as %+v, was %+v", i, e, o)
		}
	}
}

// TestEmptyListsAreArrays: a summary with none of a table's rows (nil
// slices, as a dataset without comparisons, effects, ladders or exact
// values leaves them) writes [] for each list table, never null.
func TestEmptyListsAreArrays(t *testing.T) {
	s := &summary.Summary{}
	for name, write := range map[string]func(io.Writer, *summary.Summary) error{
		"comparison": WriteComparisonJSON, "effects": WriteEffectsJSON, "ranking": WriteRankingJSON,
		"ladder": WriteLadderJSON, "exact": WriteExactJSON,
	} {
		if got := strings.TrimSpace(string(render(t, write, s))); got != "[]" {
			t.Errorf("%s.json of an empty summary: %q", name, got)
		}
	}
}

// TestLaTeXPaperTables: the intervals are set in siunitx S columns (three
// per interval, joined by the brackets), captions come above the tabular,
// every label takes the prefix given, and references to a label follow it.
func TestLaTeXPaperTables(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteWith(Readings(t, 60), dir, Options{LabelPrefix: "study2"})
	if err != nil {
		t.Fatal(err)
	}
	labels := 0
	for _, p := range paths {
		if !strings.HasSuffix(p, ".tex") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tex := string(b)
		if strings.Contains(tex, "tab:baolab") {
			t.Errorf("%s: a label or reference without the prefix", filepath.Base(p))
		}
		for _, m := range regexp.MustCompile(`\\(label|ref)\{([^}]*)\}`).FindAllStringSubmatch(tex, -1) {
			labels++
			if !strings.HasPrefix(m[2], "tab:study2-") {
				t.Errorf("%s: \\%s{%s} without the prefix", filepath.Base(p), m[1], m[2])
			}
		}
		// Caption above: in every float, \caption comes before \begin{tabular}.
		for _, float := range strings.Split(tex, `\begin{table}`)[1:] {
			if c, tab := strings.Index(float, `\caption{`), strings.Index(float, `\begin{tabular}`); c < 0 || tab < c {
				t.Errorf("%s: caption not above the tabular", filepath.Base(p))
			}
		}
	}
	if labels == 0 {
		t.Fatal("no label written")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "summary.tex"))
	// The outcomes of a 60-reading grid: a longtable whose interval
	// columns are S columns joined by the brackets.
	if !strings.Contains(string(b), `S[table-format=1.3]@{\,[}S[table-format=1.3]@{,\,}S[table-format=1.3]@{]}`) {
		t.Errorf("summary.tex: no interval set as S columns:\n%.2000s", b)
	}
}
