package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/stats"
)

// The fitted evaluation against material at equal nodes: results/eval/
// holds, for one game and one budget, the summary.csv of `baolab analyze`
// of configs/eval-fitted.toml's setup played in both seat orders,
// `alphabeta:nodes=N,eval=fitted` against `alphabeta:nodes=N`, as
// GAME-N.csv (results/eval/COMMAND). Block eval:GAME tabulates each
// budget's wins, losses and draws of the fitted agent in each seat and its
// score over both orders with the 95% Wilson interval (stats.Wilson, the
// analysis' interval for a proportion).

// evalRow is one budget of the fitted evaluation against material.
type evalRow struct {
	nodes        int64
	south, north [4]int64 // the fitted agent's wins, losses, draws, unfinished in that seat
}

// games is the number of games of both seat orders.
func (e evalRow) games() int64 {
	var n int64
	for i := range 4 {
		n += e.south[i] + e.north[i]
	}
	return n
}

// score is the fitted agent's score, draws and unfinished games half.
func (e evalRow) score() float64 {
	return float64(e.south[0]+e.north[0]) + float64(e.south[2]+e.south[3]+e.north[2]+e.north[3])/2
}

// fittedSpec is material's agent with eval=fitted added, as the specs of
// results/eval/COMMAND are written: "alphabeta:nodes=N" becomes
// "alphabeta:nodes=N,eval=fitted".
func fittedSpec(material string) string {
	if strings.Contains(material, ":") {
		return material + ",eval=fitted"
	}
	return material + ":eval=fitted"
}

// loadEval reads one budget's summary.csv: two seat orders of
// alphabeta:nodes=N,eval=fitted against alphabeta:nodes=N, N the file
// name's, on ruleset game.
func loadEval(path, game string, nodes int64) (evalRow, error) {
	rows, err := readCSV(path, "ruleset", "agent_south", "agent_north", "games",
		"south_wins_count", "north_wins_count", "draws_count", "unfinished_count")
	if err != nil {
		return evalRow{}, err
	}
	material := fmt.Sprintf("alphabeta:nodes=%d", nodes)
	fitted := fittedSpec(material)
	e := evalRow{nodes: nodes}
	var seen [2]bool
	for i, r := range rows {
		var c [5]int64
		for j, k := range []string{"south_wins_count", "north_wins_count", "draws_count", "unfinished_count", "games"} {
			if c[j], err = strconv.ParseInt(r[k], 10, 64); err != nil {
				return evalRow{}, fmt.Errorf("%s: row %d: column %s: %w", path, i+1, k, err)
			}
		}
		if c[0]+c[1]+c[2]+c[3] != c[4] {
			return evalRow{}, fmt.Errorf("%s: row %d: %d wins of South, %d of North, %d draws and %d unfinished are not the %d games", path, i+1, c[0], c[1], c[2], c[3], c[4])
		}
		if r["ruleset"] != game {
			return evalRow{}, fmt.Errorf("%s: row %d: ruleset %s, not %s", path, i+1, r["ruleset"], game)
		}
		seat := -1
		switch {
		case r["agent_south"] == fitted && r["agent_north"] == material:
			seat, e.south = 0, [4]int64{c[0], c[1], c[2], c[3]}
		case r["agent_south"] == material && r["agent_north"] == fitted:
			seat, e.north = 1, [4]int64{c[1], c[0], c[2], c[3]}
		default:
			return evalRow{}, fmt.Errorf("%s: row %d: %s against %s is not %s against %s in either seat order", path, i+1, r["agent_south"], r["agent_north"], fitted, material)
		}
		if seen[seat] {
			return evalRow{}, fmt.Errorf("%s: row %d: the seat order %s against %s twice", path, i+1, r["agent_south"], r["agent_north"])
		}
		seen[seat] = true
	}
	if !seen[0] || !seen[1] {
		return evalRow{}, fmt.Errorf("%s: %d rows: want the two seat orders of %s against %s, each once", path, len(rows), fitted, material)
	}
	return e, nil
}

// wld formats one seat's record as wins-losses-draws, unfinished games
// added when there are any.
func wld(c [4]int64) string {
	s := fmt.Sprintf("%d-%d-%d", c[0], c[1], c[2])
	if c[3] > 0 {
		s += fmt.Sprintf(" (%d unfinished)", c[3])
	}
	return s
}

// evalTable makes block eval:GAME from results/eval/GAME-N.csv, one row a
// budget N, in rising N.
func evalTable(game string) generator {
	return func(root string) (string, error) {
		dir := filepath.Join(root, "results", "eval")
		paths, err := filepath.Glob(filepath.Join(dir, game+"-*.csv"))
		if err != nil {
			return "", err
		}
		var rows []evalRow
		for _, p := range paths {
			n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), game+"-"), ".csv"), 10, 64)
			if err != nil {
				continue // another game whose name starts with game-
			}
			e, err := loadEval(p, game, n)
			if err != nil {
				return "", err
			}
			rows = append(rows, e)
		}
		if len(rows) == 0 {
			return "", fmt.Errorf("no results/eval/%s-NODES.csv", game)
		}
		slices.SortFunc(rows, func(a, b evalRow) int { return int(a.nodes - b.nodes) })
		var b strings.Builder
		fmt.Fprintf(&b, "`%s` (results/eval/COMMAND, results/eval/%s-NODES.csv): `alphabeta:nodes=N,eval=fitted` against `alphabeta:nodes=N`, both seat orders; the score is the fitted agent's, draws and unfinished games half, with its 95%% Wilson interval.\n\n", game, game)
		b.WriteString("| nodes per move N | fitted as South (W-L-D) | fitted as North (W-L-D) | games | fitted score [95%] |\n")
		b.WriteString("| ---: | --- | --- | ---: | --- |\n")
		for _, e := range rows {
			n := e.games()
			s := e.score()
			lo, hi := stats.Wilson(s, float64(n), 0.95)
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %.3f [%.3f, %.3f] |\n", thousands(e.nodes), wld(e.south), wld(e.north), thousands(n), s/float64(n), lo, hi)
		}
		return b.String(), nil
	}
}
