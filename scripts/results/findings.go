package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
)

// findingsGames are the games of the README's findings table, with the
// grids of results/readings/ that play each.
var findingsGames = []struct {
	variant, title string
	grids          []string
}{
	{"kingulu", "Bao Kingulu", []string{"kingulu-48", "max-reserved"}},
	{"kimasai-two-rows", "Bao la Kimasai two rows", []string{"kimasai-two-rows-16", "kimasai-two-rows-phase"}},
	{"kimasai-four-rows", "Bao la Kimasai four rows", []string{"kimasai-four-rows"}},
}

// findingsTable makes the README's short table of findings: per game the
// default rules' first-player advantage under random play, the most
// balanced reading of its grids, who wins its solved boards under
// perfect play, and the default rules' first-player advantage under the
// strongest play measured (the first reading of results/balance/GAME/top.csv,
// the balance study's strongest rung in self-play) with its verdict.
func findingsTable(root string) (string, error) {
	exact, err := loadExact(root)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| game | random play, default rules: first-player advantage | most balanced reading under random play | solved boards: first mover wins / loses / draw | strongest play measured, default rules: first-player advantage |\n")
	b.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, g := range findingsGames {
		var def, best map[string]string
		for _, grid := range g.grids {
			rows, err := readCSV(filepath.Join(root, "results", "readings", grid, "ranking.csv"),
				"ruleset", "first_player_advantage", "first_player_advantage_lo", "first_player_advantage_hi")
			if err != nil {
				return "", err
			}
			for _, r := range rows {
				if r["ruleset"] == g.variant && def == nil {
					def = r
				}
				if best == nil || math.Abs(mustF(r, "first_player_advantage")-0.5) < math.Abs(mustF(best, "first_player_advantage")-0.5) {
					best = r
				}
			}
		}
		if def == nil || best == nil {
			return "", fmt.Errorf("%s: no default rules in grids %v", g.variant, g.grids)
		}
		ci := func(r map[string]string) string {
			return fmt.Sprintf("%s [%s, %s]", fix3(r["first_player_advantage"]), fix3(r["first_player_advantage_lo"]), fix3(r["first_player_advantage_hi"]))
		}
		var win, lose, draw int
		for _, e := range exact {
			if e.Variant != g.variant {
				continue
			}
			switch e.FirstPlayerValue {
			case 1:
				win++
			case 0:
				lose++
			default:
				draw++
			}
		}
		top, err := loadTop(filepath.Join(root, "results", "balance", g.variant, "top.csv"))
		if err != nil {
			return "", err
		}
		t := top[0]
		strong := fmt.Sprintf("`%s` self-play, %s games: %.3f [%.3f, %.3f], %s at ±%.2f", t.agent, thousands(int64(t.games)), t.fpa, t.lo, t.hi, t.verdict, t.margin)
		if t.ruleset != g.variant {
			strong = fmt.Sprintf("`%s`, ", t.ruleset) + strong
		}
		fmt.Fprintf(&b, "| %s | %s | `%s`: %s | %d / %d / %d | %s |\n", g.title, ci(def), best["ruleset"], ci(best), win, lose, draw, strong)
	}
	return b.String(), nil
}
