package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// The balance study: results/balance/GAME/ holds, for one game, the
// ladder table of configs/balance-GAME.toml (ladder.csv: every rung's
// rating and self-play) and the summary of configs/balance-GAME-top.toml
// (top.csv: the strongest rung's self-play, many games per reading, with
// the equivalence verdict at the margin fixed in that file before the
// run). results/balance/COMMAND made them. Block balance:GAME gives the
// strongest rung's first-player advantage per reading, a sentence of
// verdict per reading, and the ladder table of balance against strength.

// topRow is one reading of the strongest rung's self-play.
type topRow struct {
	ruleset, agent, verdict string
	games                   int
	fpa, lo, hi, margin     float64
	p, pBeyond              float64
	draws, length           float64
}

// loadTop reads results/balance/GAME/top.csv.
func loadTop(path string) ([]topRow, error) {
	rows, err := readCSV(path, "ruleset", "agent_south", "agent_north", "games", "first_player_advantage",
		"first_player_advantage_lo", "first_player_advantage_hi", "draws_share", "length_mean",
		"fpa_equivalence_margin", "fpa_equivalence_verdict", "fpa_equivalence_p", "fpa_equivalence_p_beyond")
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no readings", path)
	}
	var out []topRow
	for _, r := range rows {
		if r["agent_south"] != r["agent_north"] {
			return nil, fmt.Errorf("%s: %s: %s against %s is not self-play", path, r["ruleset"], r["agent_south"], r["agent_north"])
		}
		t := topRow{ruleset: r["ruleset"], agent: r["agent_south"], verdict: r["fpa_equivalence_verdict"]}
		if t.games, err = strconv.Atoi(r["games"]); err != nil {
			return nil, fmt.Errorf("%s: column games: %w", path, err)
		}
		for _, f := range []struct {
			dst *float64
			key string
		}{
			{&t.fpa, "first_player_advantage"}, {&t.lo, "first_player_advantage_lo"}, {&t.hi, "first_player_advantage_hi"},
			{&t.margin, "fpa_equivalence_margin"}, {&t.p, "fpa_equivalence_p"}, {&t.pBeyond, "fpa_equivalence_p_beyond"},
			{&t.draws, "draws_share"}, {&t.length, "length_mean"},
		} {
			if *f.dst, err = float(r, f.key); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", path, t.ruleset, err)
			}
		}
		switch t.verdict {
		case "balanced", "not balanced", "undecided":
		default:
			return nil, fmt.Errorf("%s: %s: verdict %q is none of balanced, not balanced, undecided", path, t.ruleset, t.verdict)
		}
		out = append(out, t)
	}
	return out, nil
}

// pShort formats a p-value to three decimals, "<0.001" below that.
func pShort(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

// verdictText says in words what the equivalence test and the interval
// show for one reading.
func verdictText(t topRow) string {
	side := "the first mover"
	if t.fpa < 0.5 {
		side = "the second mover"
	}
	within := fmt.Sprintf("%.2f..%.2f", 0.5-t.margin, 0.5+t.margin)
	switch t.verdict {
	case "balanced":
		return fmt.Sprintf("balanced: the first mover's score is shown within %s (two one-sided tests, p = %s)", within, pShort(t.p))
	case "not balanced":
		return fmt.Sprintf("not balanced: %s is favoured beyond the margin, the score is shown outside %s (p = %s)", side, within, pShort(t.pBeyond))
	}
	if t.lo > 0.5 || t.hi < 0.5 {
		return fmt.Sprintf("undecided at the margin: %s is favoured (the interval excludes 0.5), but whether by more than %.2f is not shown (p = %s within, %s beyond)", side, t.margin, pShort(t.p), pShort(t.pBeyond))
	}
	return fmt.Sprintf("undecided: neither side is shown favoured and the score is not shown within %s (p = %s)", within, pShort(t.p))
}

// balanceTable makes block balance:GAME.
func balanceTable(game string) generator {
	return func(root string) (string, error) {
		dir := filepath.Join(root, "results", "balance", game)
		top, err := loadTop(filepath.Join(dir, "top.csv"))
		if err != nil {
			return "", err
		}
		ladder, err := readCSV(filepath.Join(dir, "ladder.csv"), "ruleset", "agent", "rating", "rating_lo", "rating_hi",
			"self_play_games", "self_play_fpa", "self_play_fpa_lo", "self_play_fpa_hi", "self_play_draw_rate", "self_play_mean_length")
		if err != nil {
			return "", err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Strongest rung, `%s` against itself (configs/balance-%s-top.toml):\n\n", top[0].agent, game)
		b.WriteString("| reading | games | first-player advantage [95%] | draws | mean length (plies) | verdict at ±margin |\n")
		b.WriteString("| --- | ---: | --- | ---: | ---: | --- |\n")
		for _, t := range top {
			if t.agent != top[0].agent {
				return "", fmt.Errorf("results/balance/%s/top.csv: two strongest rungs, %s and %s", game, top[0].agent, t.agent)
			}
			fmt.Fprintf(&b, "| `%s` | %s | %.3f [%.3f, %.3f] | %.3f | %.1f | %s at ±%.2f |\n", t.ruleset, thousands(int64(t.games)),
				t.fpa, t.lo, t.hi, t.draws, t.length, t.verdict, t.margin)
		}
		b.WriteString("\n")
		for _, t := range top {
			fmt.Fprintf(&b, "- `%s`: %s.\n", t.ruleset, verdictText(t))
		}
		b.WriteString("\nBalance against strength (configs/balance-" + game + ".toml: every ordered pair of the ladder, self-play included):\n")
		for _, rungs := range byRuleset(ladder) {
			fmt.Fprintf(&b, "\n`%s`:\n\n", rungs[0]["ruleset"])
			b.WriteString("| rung | rating [95%] | self-play games | self-play first-player advantage [95%] | draws | mean length |\n")
			b.WriteString("| --- | ---: | ---: | --- | ---: | ---: |\n")
			for _, r := range rungs {
				length := "–"
				if x, err := strconv.ParseFloat(r["self_play_mean_length"], 64); err == nil {
					length = strconv.FormatFloat(x, 'f', 1, 64)
				}
				games, sp := selfPlayCells(r)
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", r["agent"], ratingCell(r), games, sp, fix3(r["self_play_draw_rate"]), length)
			}
			if len(rungs) >= 2 {
				b.WriteString(growth(rungs[len(rungs)-2], rungs[len(rungs)-1]))
			}
		}
		return b.String(), nil
	}
}

// byRuleset splits ladder rows into runs of one ruleset each, in order.
func byRuleset(rows []map[string]string) [][]map[string]string {
	var groups [][]map[string]string
	for i, r := range rows {
		if i == 0 || r["ruleset"] != rows[i-1]["ruleset"] {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], r)
	}
	return groups
}

// growth says whether the last rung of a reading's ladder is rated above
// the rung before it with separate 95% intervals (a conservative reading:
// overlapping intervals do not show the two rungs equal): their ratings
// within their component when both have one against the same agent
// (ladder.csv's within columns, finite where the ladder's are not), else
// their ladder ratings.
func growth(prev, last map[string]string) string {
	loKey, hiKey := "rating_lo", "rating_hi"
	if a := last["within_anchor"]; a != "" && a == prev["within_anchor"] {
		loKey, hiKey = "within_lo", "within_hi"
	}
	lo, err1 := strconv.ParseFloat(last[loKey], 64)
	hi, err2 := strconv.ParseFloat(prev[hiKey], 64)
	if err1 != nil || err2 != nil {
		return ""
	}
	if lo > hi {
		return fmt.Sprintf("\nThe strongest rung `%s` is rated above `%s` with intervals apart: strength was still growing at the top of this ladder.\n", last["agent"], prev["agent"])
	}
	return fmt.Sprintf("\nThe rating intervals of `%s` and `%s` overlap: at these games the ladder does not show the strongest rung stronger than the one below it.\n", prev["agent"], last["agent"])
}
