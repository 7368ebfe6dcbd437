package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// The exact values come from two committed files under results/exact/:
//
//   - exact.json, the exact table that `baolab analyze` wrote for the
//     configs/exact.toml dataset (results/exact/COMMAND);
//   - carried.json, boards too large to solve again in a session, in the
//     same form plus the command that solved each and where the values
//     were last recorded. Their rows are footnoted in the docs.

// exactRow is one solved board, with the command that reproduces it when
// it is not in exact.json.
type exactRow struct {
	summary.Exact
	Command string `json:"command,omitempty"`
	Source  string `json:"source,omitempty"`
}

// loadExact reads exact.json and carried.json and returns their rows,
// sorted by variant, board and reading (numbers compared as numbers). A
// ruleset in both files is an error.
func loadExact(root string) ([]exactRow, error) {
	var rows []exactRow
	seen := map[string]string{}
	for _, name := range []string{"exact.json", "carried.json"} {
		path := filepath.Join(root, "results", "exact", name)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var rs []exactRow
		if err := json.Unmarshal(b, &rs); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for _, r := range rs {
			if f, ok := seen[r.Ruleset]; ok {
				return nil, fmt.Errorf("%s: ruleset %s already in %s", path, r.Ruleset, f)
			}
			if name == "carried.json" && r.Command == "" {
				return nil, fmt.Errorf("%s: ruleset %s has no command", path, r.Ruleset)
			}
			seen[r.Ruleset] = name
			rows = append(rows, r)
		}
	}
	random, err := loadRandom(filepath.Join(root, "results", "exact", "summary.csv"))
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if r.Command == "" {
			continue
		}
		if c, ok := random[r.Ruleset]; ok {
			if r.RandomGames != 0 {
				return nil, fmt.Errorf("carried.json: ruleset %s has random play of its own and in summary.csv", r.Ruleset)
			}
			rows[i].RandomGames, rows[i].RandomFPA = c.games, c.fpa
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Variant != b.Variant {
			return a.Variant < b.Variant
		}
		if a.Board != b.Board {
			return natLess(a.Board, b.Board)
		}
		return natLess(a.Reading, b.Reading)
	})
	return rows, nil
}

// randomCell is random play's first-player advantage in one ruleset.
type randomCell struct {
	games int64
	fpa   summary.Interval
}

// loadRandom reads the random/random cells of a summary.csv that
// `baolab analyze` wrote: ruleset -> games and first-player advantage.
func loadRandom(path string) (map[string]randomCell, error) {
	rows, err := readCSV(path, "ruleset", "agent_south", "agent_north", "games", "first_player_advantage", "first_player_advantage_lo", "first_player_advantage_hi")
	if err != nil {
		return nil, err
	}
	cells := map[string]randomCell{}
	for _, r := range rows {
		if r["agent_south"] != "random" || r["agent_north"] != "random" {
			continue
		}
		var c randomCell
		var err error
		if c.games, err = strconv.ParseInt(r["games"], 10, 64); err != nil {
			return nil, fmt.Errorf("%s: games: %w", path, err)
		}
		for _, f := range []struct {
			key string
			dst *summary.Num
		}{{"first_player_advantage", &c.fpa.Value}, {"first_player_advantage_lo", &c.fpa.Lo}, {"first_player_advantage_hi", &c.fpa.Hi}} {
			v, err := float(r, f.key)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			*f.dst = summary.Num(v)
		}
		cells[r["ruleset"]] = c
	}
	return cells, nil
}

// natLess compares two strings with runs of digits compared as numbers.
func natLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da != "" && db != "" {
			x, _ := strconv.Atoi(da)
			y, _ := strconv.Atoi(db)
			if x != y {
				return x < y
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

// digits returns the leading digits of s.
func digits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// signed formats a margin as the docs print it: +4, −2 (a minus sign), 0.
func signed(m int) string {
	switch {
	case m > 0:
		return fmt.Sprintf("+%d", m)
	case m < 0:
		return fmt.Sprintf("−%d", -m)
	}
	return "0"
}

// marginOf formats a row's margin, or the range the two sides force.
func marginOf(r exactRow) string {
	if r.Margin != nil {
		return signed(*r.Margin)
	}
	f := func(p *int) string {
		if p == nil {
			return "none"
		}
		return signed(*p)
	}
	return f(r.SouthCanForce) + ".." + f(r.NorthCanForce)
}

// thousands formats n with commas.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fpaText formats random play's first-player advantage to two decimals.
func fpaText(r exactRow) string {
	if r.RandomGames == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f [%.2f, %.2f]", float64(r.RandomFPA.Value), float64(r.RandomFPA.Lo), float64(r.RandomFPA.Hi))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// plainSolve is the command that solves a carried board that needs no
// other method or limit.
func plainSolve(ruleset string) string {
	return "bin/baolab solve --rules " + ruleset + " --max-positions 40000000"
}

// carriedNotes marks the carried rows: "†" for a board solved by
// plainSolve, a number [n] (in table order) for one whose command differs.
// It returns ruleset -> mark and the numbered rows.
func carriedNotes(rows []exactRow) (map[string]string, []exactRow) {
	marks := map[string]string{}
	var numbered []exactRow
	for _, r := range rows {
		switch {
		case r.Command == "":
		case r.Command == plainSolve(r.Ruleset):
			marks[r.Ruleset] = "†"
		default:
			numbered = append(numbered, r)
			marks[r.Ruleset] = fmt.Sprintf("[%d]", len(numbered))
		}
	}
	return marks, numbered
}

// carriedText explains the marks of carriedNotes below a table.
func carriedText(rows []exactRow) string {
	_, numbered := carriedNotes(rows)
	var b strings.Builder
	sources := map[string]bool{}
	var srcs []string
	for _, r := range rows {
		if r.Command != "" && !sources[r.Source] {
			sources[r.Source] = true
			srcs = append(srcs, r.Source)
		}
	}
	if len(srcs) == 0 {
		return ""
	}
	b.WriteString("† and [n]: a board larger than the analysis solves (results/exact/carried.json: ")
	b.WriteString(strings.Join(srcs, "; "))
	b.WriteString("). † solves with `" + plainSolve("R") + "`")
	for i, r := range numbered {
		fmt.Fprintf(&b, "; [%d] `%s`", i+1, r.Command)
	}
	b.WriteString(".\n")
	return b.String()
}

// exactTable makes the table of every solved board, with a numbered note
// per carried row giving its command.
func exactTable(root string) (string, error) {
	rows, err := loadExact(root)
	if err != nil {
		return "", err
	}
	marks, _ := carriedNotes(rows)
	var b strings.Builder
	b.WriteString("| ruleset | positions | terminal | cyclic | outcome | margin | random play: first-player advantage [95%] |\n")
	b.WriteString("| --- | ---: | ---: | --- | --- | ---: | --- |\n")
	for _, r := range rows {
		name := "`" + r.Ruleset + "`"
		if m := marks[r.Ruleset]; m != "" {
			name += " " + m
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", name, thousands(r.Positions), thousands(r.Terminal),
			yesNo(r.Cyclic), r.Outcome, marginOf(r), fpaText(r))
	}
	if t := carriedText(rows); t != "" {
		b.WriteString("\n" + t)
	}
	return b.String(), nil
}

// exactReadings makes the margins of one variant by board (rows) and
// reading (columns, the default first).
func exactReadings(variant string) generator {
	return func(root string) (string, error) {
		rows, err := loadExact(root)
		if err != nil {
			return "", err
		}
		marks, _ := carriedNotes(rows)
		var boards, readings []string
		cell := map[[2]string]string{}
		seenB, seenR := map[string]bool{}, map[string]bool{}
		for _, r := range rows {
			if r.Variant != variant {
				continue
			}
			reading := r.Reading
			if reading == "" {
				reading = "default"
			}
			if !seenB[r.Board] {
				seenB[r.Board] = true
				boards = append(boards, r.Board)
			}
			if !seenR[reading] {
				seenR[reading] = true
				readings = append(readings, reading)
			}
			m := marginOf(r)
			if k := marks[r.Ruleset]; k != "" {
				m += " " + k
			}
			cell[[2]string{r.Board, reading}] = m
		}
		if len(boards) == 0 {
			return "", fmt.Errorf("no solved board of %s", variant)
		}
		sort.Slice(readings, func(i, j int) bool {
			if (readings[i] == "default") != (readings[j] == "default") {
				return readings[i] == "default"
			}
			return readings[i] < readings[j]
		})
		var b strings.Builder
		b.WriteString("| board |")
		for _, r := range readings {
			fmt.Fprintf(&b, " `%s` |", r)
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(readings)) + "\n")
		for _, bd := range boards {
			fmt.Fprintf(&b, "| `%s` |", bd)
			for _, r := range readings {
				c, ok := cell[[2]string{bd, r}]
				if !ok {
					c = "–"
				}
				fmt.Fprintf(&b, " %s |", c)
			}
			b.WriteString("\n")
		}
		return b.String(), nil
	}
}

// prediction is what random play's interval says of the first mover:
// 1 (wins: interval above 0.5), 0 (loses: below), -1 (undecided).
func prediction(r exactRow) int {
	switch {
	case r.RandomGames == 0:
		return -2
	case r.RandomFPA.Lo > 0.5:
		return 1
	case r.RandomFPA.Hi < 0.5:
		return 0
	}
	return -1
}

// exactFindings counts, over every solved board, how often random play's
// first-player advantage points to the perfect-play winner.
func exactFindings(root string) (string, error) {
	rows, err := loadExact(root)
	if err != nil {
		return "", err
	}
	var agree, wrong, undecided, none, draws, drawsClear int
	for _, r := range rows {
		p := prediction(r)
		switch {
		case p == -2:
			none++
		case r.FirstPlayerValue == 0.5:
			draws++
			if p != -1 {
				drawsClear++
			}
		case p == -1:
			undecided++
		case float64(p) == r.FirstPlayerValue:
			agree++
		default:
			wrong++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Of the %d solved boards, %d are exact draws", len(rows), draws)
	fmt.Fprintf(&b, " (random play's interval is clear of 0.5 on %d of them). On the others random play's", drawsClear)
	fmt.Fprintf(&b, " first-player advantage (interval clear of 0.5) points to the perfect-play winner on %d,", agree)
	fmt.Fprintf(&b, " the wrong way on %d, and is undecided (interval around 0.5) on %d", wrong, undecided)
	if none > 0 {
		fmt.Fprintf(&b, "; %d have no random-play games", none)
	}
	b.WriteString(".\n")
	return b.String(), nil
}
