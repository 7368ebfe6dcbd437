package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The readings compared: results/readings/NAME/ holds effects.csv and
// ranking.csv as `baolab analyze` wrote them for one grid of readings
// under random play (results/readings/COMMAND). Block readings:NAME sets
// out the ranking's summary and every main effect on first-player
// advantage, mean length and never-ending rate.

// readCSV reads a CSV file with a header into maps, one per row, checking
// that the named columns are there.
func readCSV(path string, need ...string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	have := map[string]bool{}
	for _, h := range recs[0] {
		have[h] = true
	}
	for _, n := range need {
		if !have[n] {
			return nil, fmt.Errorf("%s: no column %s", path, n)
		}
	}
	var rows []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		rows = append(rows, m)
	}
	return rows, nil
}

// float parses a CSV number, naming the column on error.
func float(row map[string]string, key string) (float64, error) {
	v, err := strconv.ParseFloat(row[key], 64)
	if err != nil {
		return 0, fmt.Errorf("column %s: %w", key, err)
	}
	return v, nil
}

// signedF formats x with d decimals and a sign (a minus sign for < 0).
func signedF(x float64, d int) string {
	s := strconv.FormatFloat(x, 'f', d, 64)
	if strings.HasPrefix(s, "-") {
		if strings.Trim(s[1:], "0.") == "" {
			return s[1:]
		}
		return "−" + s[1:]
	}
	if strings.Trim(s, "0.") == "" {
		return s
	}
	return "+" + s
}

// interval formats an estimate and its interval: "+0.195 [0.157, 0.234]".
func interval(row map[string]string, d int) (string, error) {
	var v [3]float64
	for i, k := range []string{"estimate", "lo", "hi"} {
		x, err := float(row, k)
		if err != nil {
			return "", err
		}
		v[i] = x
	}
	return fmt.Sprintf("%s [%s, %s]", signedF(v[0], d), strings.TrimPrefix(signedF(v[1], d), "+"), strings.TrimPrefix(signedF(v[2], d), "+")), nil
}

// pText formats a Holm-corrected p-value as the report does.
func pText(row map[string]string) (string, error) {
	p, err := float(row, "p_holm")
	if err != nil {
		return "", err
	}
	if p < 0.001 {
		return "<0.001", nil
	}
	return strconv.FormatFloat(p, 'f', 3, 64), nil
}

// readingsTable makes block readings:NAME.
func readingsTable(name string) generator {
	return func(root string) (string, error) {
		dir := filepath.Join(root, "results", "readings", name)
		ranking, err := readCSV(filepath.Join(dir, "ranking.csv"), "ruleset", "games", "first_player_advantage",
			"first_player_advantage_lo", "first_player_advantage_hi", "as_balanced_as_best", "rank")
		if err != nil {
			return "", err
		}
		effects, err := readCSV(filepath.Join(dir, "effects.csv"), "option", "value", "quantity", "estimate", "lo", "hi", "p_holm")
		if err != nil {
			return "", err
		}
		if len(ranking) == 0 {
			return "", fmt.Errorf("%s: no readings ranked", dir)
		}
		var b strings.Builder
		writeRankingSentence(&b, ranking)
		if err := writeEffectsTable(&b, effects); err != nil {
			return "", fmt.Errorf("%s/effects.csv: %w", dir, err)
		}
		return b.String(), nil
	}
}

// readingFPA is a reading's first-player advantage with its interval.
func readingFPA(r map[string]string) string {
	return fmt.Sprintf("%s [%s, %s]", fix3(r["first_player_advantage"]), fix3(r["first_player_advantage_lo"]), fix3(r["first_player_advantage_hi"]))
}

// writeRankingSentence writes the readings' summary: how many, the
// default rules' first-player advantage, its range over the readings,
// the most balanced reading and Gupta's subset.
func writeRankingSentence(b *strings.Builder, ranking []map[string]string) {
	var def map[string]string
	lo, hi := ranking[0], ranking[0]
	balanced := 0
	for _, r := range ranking {
		if !strings.Contains(r["ruleset"], ":") {
			def = r
		}
		if x, _ := float(r, "first_player_advantage"); x < mustF(lo, "first_player_advantage") {
			lo = r
		}
		if x, _ := float(r, "first_player_advantage"); x > mustF(hi, "first_player_advantage") {
			hi = r
		}
		if r["as_balanced_as_best"] == "true" {
			balanced++
		}
	}
	fmt.Fprintf(b, "%d readings × %s games (random/random).", len(ranking), thousandsS(ranking[0]["games"]))
	if def != nil {
		fmt.Fprintf(b, " Default rules: first-player advantage %s.", readingFPA(def))
	}
	fmt.Fprintf(b, " Over the readings it runs from %s to %s. Most balanced: `%s`, %s; %d of the %d readings are not distinguishable from it (Gupta's subset, ranking.csv).\n\n",
		fix3(lo["first_player_advantage"]), fix3(hi["first_player_advantage"]), ranking[0]["ruleset"], readingFPA(ranking[0]), balanced, len(ranking))
}

// effectQuantities are the quantities of the effects table, its columns.
var effectQuantities = []string{"first_player_advantage", "mean_length", "never_ending_rate"}

// writeEffectsTable writes the main effects of each option value on the
// effectQuantities, one row per option value in effects.csv's order.
func writeEffectsTable(b *strings.Builder, effects []map[string]string) error {
	b.WriteString("| option | first-player advantage: log odds ratio [95%] | p (Holm) | mean length: plies [95%] | p (Holm) | never-ending: log odds ratio [95%] | p (Holm) |\n")
	b.WriteString("| --- | --- | ---: | --- | ---: | --- | ---: |\n")
	type cellKey struct{ opt, quantity string }
	cells := map[cellKey][2]string{}
	var order []string
	seen := map[string]bool{}
	for _, e := range effects {
		if strings.Contains(e["option"], ":") || !slices.Contains(effectQuantities, e["quantity"]) {
			continue // interactions (effects.csv has them) and other quantities
		}
		opt := e["option"] + "=" + e["value"]
		if !seen[opt] {
			seen[opt] = true
			order = append(order, opt)
		}
		if e["estimate"] == "" { // not estimated (no variation): the report's note says why
			cells[cellKey{opt, e["quantity"]}] = [2]string{"–", "–"}
			continue
		}
		iv, err := interval(e, map[bool]int{true: 1, false: 3}[e["quantity"] == "mean_length"])
		if err != nil {
			return err
		}
		p, err := pText(e)
		if err != nil {
			return err
		}
		cells[cellKey{opt, e["quantity"]}] = [2]string{iv, p}
	}
	for _, opt := range order {
		fmt.Fprintf(b, "| `%s` |", opt)
		for _, q := range effectQuantities {
			c, ok := cells[cellKey{opt, q}]
			if !ok {
				c = [2]string{"–", "–"}
			}
			fmt.Fprintf(b, " %s | %s |", c[0], c[1])
		}
		b.WriteString("\n")
	}
	return nil
}

// fix3 formats a CSV number to three decimals ("" stays "–").
func fix3(s string) string {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return "–"
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// mustF parses a number checked before, NaN-free by construction of the
// ranking (a reading without a value would not be ranked).
func mustF(r map[string]string, key string) float64 {
	x, _ := strconv.ParseFloat(r[key], 64)
	return x
}

// thousandsS formats a decimal string with commas.
func thousandsS(s string) string {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return s
	}
	return thousands(n)
}
