package tables

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// The readings tables (exact-readings.md and .tex) set the exact values
// of exact.* out by board and reading: one table per variant, a row per
// board, a column per reading, and in each cell South's margin under
// perfect play, so a reader sees at a glance which reading changes the
// winner, and on which boards. They are a view of exact.json and
// exact.csv (which hold each ruleset's board and reading), so they have
// no JSON or CSV of their own.

// readingsGrid is the exact values of one variant by board and reading.
type readingsGrid struct {
	variant  string
	boards   []string // rows, smallest board first
	readings []string // columns, "" (the default rules) first
	cell     map[[2]string]summary.Exact
}

// readingsGrids groups the exact values of s by variant, in the order the
// variants first appear.
func readingsGrids(s *summary.Summary) []readingsGrid {
	variants, groups := groupBy(s.Exact, func(e summary.Exact) string { return e.Variant })
	var grids []readingsGrid
	for _, v := range variants {
		g := readingsGrid{variant: v, cell: map[[2]string]summary.Exact{}}
		for _, e := range groups[v] {
			if !slices.Contains(g.boards, e.Board) {
				g.boards = append(g.boards, e.Board)
			}
			if !slices.Contains(g.readings, e.Reading) {
				g.readings = append(g.readings, e.Reading)
			}
			g.cell[[2]string{e.Board, e.Reading}] = e
		}
		slices.SortFunc(g.boards, compareBoards)
		slices.Sort(g.readings) // "" sorts first
		grids = append(grids, g)
	}
	return grids
}

// compareBoards orders boards ("holes=4,seeds=3") by their sizes, item
// by item, numerically.
func compareBoards(a, b string) int {
	as, bs := strings.Split(a, ","), strings.Split(b, ",")
	for i := 0; i < len(as) && i < len(bs); i++ {
		ka, va, _ := strings.Cut(as[i], "=")
		kb, vb, _ := strings.Cut(bs[i], "=")
		if c := cmp.Compare(ka, kb); c != 0 {
			return c
		}
		na, errA := strconv.Atoi(va)
		nb, errB := strconv.Atoi(vb)
		if errA == nil && errB == nil && na != nb {
			return cmp.Compare(na, nb)
		}
		if c := cmp.Compare(va, vb); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(as), len(bs))
}

// rows returns the grid's header and rows: the board, then each
// reading's margin ("+4", "-6", "0"; "south..north" when the two sides
// force different margins), "–" where the board was not solved in
// that reading.
func (g readingsGrid) rows() (head []string, rows [][]string) {
	head = []string{"board"}
	for _, r := range g.readings {
		head = append(head, cmp.Or(r, "default"))
	}
	for _, b := range g.boards {
		row := []string{b}
		for _, r := range g.readings {
			if e, ok := g.cell[[2]string{b, r}]; ok {
				row = append(row, marginText(e))
			} else {
				row = append(row, "–")
			}
		}
		rows = append(rows, row)
	}
	return head, rows
}

// readingsIntro explains the readings tables.
const readingsIntro = "The exact values of exact.md set out by board (the options that size it) and reading (the other options that differ from the defaults). Each cell is South's margin under perfect play: South's score minus North's in kingulu, +1 (South wins) or -1 (North wins) in the Kimasai games, 0 a draw; a range south..north when the two sides force different margins; – where the dataset has no solved ruleset of that board and reading."

// WriteExactReadingsMarkdown writes one Markdown table per variant.
func WriteExactReadingsMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Exact values by board and reading\n\nDataset `%s`. %s\n\n", s.Dataset, readingsIntro)
	for _, g := range readingsGrids(s) {
		head, rows := g.rows()
		for i := range head[1:] {
			head[i+1] = "`" + head[i+1] + "`"
		}
		for _, r := range rows {
			r[0] = "`" + r[0] + "`"
		}
		fmt.Fprintf(&b, "## %s\n\n", g.variant)
		mdTable(&b, head, "l"+strings.Repeat("r", len(head)-1), rows)
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// readingsPerTable is the most readings one LaTeX table of a variant
// shows besides the default, so that the table fits a single column of
// text; a variant with more readings gets several tables, each with the
// default rules' column.
const readingsPerTable = 4

// WriteExactReadingsLaTeX writes one booktabs table per variant (several
// when it has more than readingsPerTable readings besides the default),
// each reading's heading broken into its options' keys and values.
func WriteExactReadingsLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	n := 0
	for _, g := range readingsGrids(s) {
		others := g.readings
		hasDefault := len(others) > 0 && others[0] == ""
		if hasDefault {
			others = others[1:]
		}
		parts := slices.Collect(slices.Chunk(others, readingsPerTable))
		if len(parts) == 0 {
			parts = [][]string{nil} // the default rules alone
		}
		for i, part := range parts {
			sub := g
			if hasDefault {
				sub.readings = append([]string{""}, part...)
			} else {
				sub.readings = part
			}
			head, rows := sub.rows()
			for j := range head {
				head[j] = texHeading(head[j])
			}
			for _, r := range rows {
				r[0] = tt(r[0])
			}
			of := ""
			if len(parts) > 1 {
				of = fmt.Sprintf(" (part %d of %d)", i+1, len(parts))
			}
			caption := fmt.Sprintf("Exact values of %s by board and reading%s: South's margin under perfect play (0 a draw; a dash where the board was not solved in that reading).", g.variant, of)
			n++
			texTable(&b, tex(caption), fmt.Sprintf("tab:baolab-exact-readings-%d", n), "L"+strings.Repeat("r", len(head)-1), head, rows)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// texHeading sets a column heading in typewriter type, one line per key
// and per "=value" ("first_lap_rule" over "=off"), so a reading's column
// is no wider than its longest key.
func texHeading(h string) string {
	var lines []string
	for _, item := range strings.Split(h, ",") {
		key, val, ok := strings.Cut(item, "=")
		lines = append(lines, `\texttt{`+tex(key)+`}`)
		if ok {
			lines = append(lines, `\texttt{=`+tex(val)+`}`)
		}
	}
	if len(lines) == 1 {
		return lines[0]
	}
	return `\begin{tabular}[b]{@{}r@{}}` + strings.Join(lines, `\\`) + `\end{tabular}`
}
