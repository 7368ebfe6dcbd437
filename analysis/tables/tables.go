// Package tables writes the summary of a dataset (package summary) as
// tables: summary.json with every number under stable keys, summary.csv
// with one row per ruleset × agent pair and every number in full
// precision, summary.md for reading, and summary.tex (booktabs) for a
// paper, with intervals written as 0.512 [0.509, 0.515]. The comparisons
// of rule readings go to comparison.json, .csv, .md and .tex in the same
// way; the option effects of rule grids (package analysis/effects) to
// effects.*, the readings ranked by balance to ranking.*, and the
// strength ladder's rating fit, when the experiment has one, to
// ladder.json, .csv, .md and .tex, and the exact values of the rulesets
// small enough to solve, when there are any, to exact.*, and set out by
// board and reading to exact-readings.md and .tex. The accuracy of each
// agent against perfect play on the solved boards, when the dataset has a
// move log, goes to accuracy.*, and the doubling test (each agent against
// itself at half the search budget), when the dataset has such pairs, to
// doubling.*.
//
// Undefined numbers (NaN) are null in JSON, empty in CSV and "–" in
// Markdown and LaTeX.
package tables

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/internal/atomicfile"
)

// Options are the choices of the tables that are not statistics.
type Options struct {
	// LabelPrefix replaces "baolab" in the LaTeX labels, tab:PREFIX-NAME,
	// so that the tables of two reports can be \input in one paper.
	LabelPrefix string
}

// labelStem is the start of every LaTeX label the writers give.
const labelStem = "tab:baolab-"

// relabel returns the LaTeX text tex with the labels (and references to
// them) under prefix instead of baolab.
func relabel(tex, prefix string) string {
	if prefix == "" || prefix == "baolab" {
		return tex
	}
	return strings.NewReplacer(`\label{`+labelStem, `\label{tab:`+prefix+"-", `\ref{`+labelStem, `\ref{tab:`+prefix+"-").Replace(tex)
}

// Write is WriteWith with the default options.
func Write(s *summary.Summary, dir string) ([]string, error) {
	return WriteWith(s, dir, Options{})
}

// tableFile is one file WriteWith writes: its name and its writer.
type tableFile struct {
	name  string
	write writer
}

// writer is the writer of one table file.
type writer = func(io.Writer, *summary.Summary) error

// formats returns the JSON, CSV, Markdown and LaTeX files of the table
// stem.
func formats(stem string, asJSON, asCSV, asMarkdown, asLaTeX writer) []tableFile {
	return []tableFile{{stem + ".json", asJSON}, {stem + ".csv", asCSV}, {stem + ".md", asMarkdown}, {stem + ".tex", asLaTeX}}
}

// tableGroups are the files WriteWith writes, in order, by group: a
// group is written when the summary has its part (has nil: always).
var tableGroups = []struct {
	has   func(*summary.Summary) bool
	files []tableFile
}{
	{nil, slices.Concat(
		formats("summary", WriteJSON, WriteCSV, WriteMarkdown, WriteLaTeX),
		formats("comparison", WriteComparisonJSON, WriteComparisonCSV, WriteComparisonMarkdown, WriteComparisonLaTeX),
		formats("effects", WriteEffectsJSON, WriteEffectsCSV, WriteEffectsMarkdown, WriteEffectsLaTeX),
		formats("ranking", WriteRankingJSON, WriteRankingCSV, WriteRankingMarkdown, WriteRankingLaTeX),
	)},
	{func(s *summary.Summary) bool { return len(s.Ladders) > 0 },
		formats("ladder", WriteLadderJSON, WriteLadderCSV, WriteLadderMarkdown, WriteLadderLaTeX)},
	{func(s *summary.Summary) bool { return len(s.Exact) > 0 }, append(
		formats("exact", WriteExactJSON, WriteExactCSV, WriteExactMarkdown, WriteExactLaTeX),
		tableFile{"exact-readings.md", WriteExactReadingsMarkdown}, tableFile{"exact-readings.tex", WriteExactReadingsLaTeX})},
	{func(s *summary.Summary) bool { return len(s.Accuracy) > 0 },
		formats("accuracy", WriteAccuracyJSON, WriteAccuracyCSV, WriteAccuracyMarkdown, WriteAccuracyLaTeX)},
	{func(s *summary.Summary) bool { return len(s.Doubling) > 0 },
		formats("doubling", WriteDoublingJSON, WriteDoublingCSV, WriteDoublingMarkdown, WriteDoublingLaTeX)},
}

// WriteWith writes the summary and comparison tables of s into dir, each
// file complete or not at all, and returns their paths.
func WriteWith(s *summary.Summary, dir string, o Options) ([]string, error) {
	var paths []string
	for _, g := range tableGroups {
		if g.has != nil && !g.has(s) {
			continue
		}
		for _, f := range g.files {
			p := filepath.Join(dir, f.name)
			if err := atomicfile.Write(p, func(w io.Writer) error { return writeTable(w, f, s, o) }); err != nil {
				return paths, err
			}
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// writeTable writes the file f of s to w, a LaTeX file with its labels
// under o.LabelPrefix.
func writeTable(w io.Writer, f tableFile, s *summary.Summary, o Options) error {
	if !strings.HasSuffix(f.name, ".tex") {
		return f.write(w, s)
	}
	var b strings.Builder
	if err := f.write(&b, s); err != nil {
		return err
	}
	_, err := io.WriteString(w, relabel(b.String(), o.LabelPrefix))
	return err
}

// WriteJSON writes s as indented JSON.
func WriteJSON(w io.Writer, s *summary.Summary) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(s)
}

// WriteComparisonJSON writes the comparisons of s as an indented JSON
// array.
func WriteComparisonJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Comparisons)
}

// writeJSONList writes xs as an indented JSON array; nil as [] (an empty
// table, not null).
func writeJSONList[T any](w io.Writer, xs []T) error {
	if xs == nil {
		xs = []T{}
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(xs)
}

// distinct formats the distinct games of c: – without a move log, ≥ the cap
// when the count reached it.
func distinct(c summary.Cell) string {
	switch {
	case c.DistinctGames == nil:
		return "–"
	case *c.DistinctGames >= summary.DistinctCap:
		return fmt.Sprintf("≥%d", summary.DistinctCap)
	}
	return fmt.Sprint(*c.DistinctGames)
}

// groupBy splits xs into groups of equal key, in the order of their first
// element, keeping the order of xs within each group.
func groupBy[T any, K comparable](xs []T, key func(T) K) (keys []K, groups map[K][]T) {
	groups = map[K][]T{}
	for _, x := range xs {
		k := key(x)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], x)
	}
	return keys, groups
}

// finite reports whether x is a number (not NaN or infinite).
func finite(x summary.Num) bool {
	return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0)
}

// num formats x for CSV: shortest round-trip form, empty when undefined.
func num(x summary.Num) string {
	if !finite(x) {
		return ""
	}
	return fmt.Sprint(float64(x))
}

// fix formats x with prec decimals, "–" when undefined.
func fix(x summary.Num, prec int) string {
	if !finite(x) {
		return "–"
	}
	out := fmt.Sprintf("%.*f", prec, float64(x))
	if strings.Trim(out, "-0.") == "" {
		out = strings.TrimPrefix(out, "-") // no "-0.000"
	}
	return out
}

// ci formats an interval as "0.512 [0.509, 0.515]".
func ci(i summary.Interval, prec int) string {
	if !finite(i.Value) {
		return "–"
	}
	return fmt.Sprintf("%s [%s, %s]", fix(i.Value, prec), fix(i.Lo, prec), fix(i.Hi, prec))
}

// pval formats a p-value for reading.
func pval(p summary.Num) string {
	switch {
	case !finite(p):
		return "–"
	case p < 0.001:
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", float64(p))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func agents(c summary.Cell) string { return c.AgentSouth + "/" + c.AgentNorth }

// moves returns the move statistics of c, or undefined ones when the
// dataset has no move log.
func moves(c summary.Cell) summary.MoveStats {
	if c.Moves != nil {
		return *c.Moves
	}
	nan := summary.Num(math.NaN())
	u := summary.Interval{Value: nan, Lo: nan, Hi: nan}
	return summary.MoveStats{BranchingFactor: u, DecisionMoves: u, LapsPerMove: u, LeadChanges: u, LeadChangesSD: nan, Decisiveness: u, DecisivenessSD: nan}
}

// endReasons lists the end reasons that occur in s, in the engine's
// order as the keys of the first cell give them.
func endReasons(s *summary.Summary, order []string) []string {
	var out []string
	for _, r := range order {
		for _, c := range s.Cells {
			if c.EndReasons[r].Count > 0 {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// pipeEscape escapes text for a Markdown table cell.
func pipeEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
