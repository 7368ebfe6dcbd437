package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// Strength: results/strength/ holds what `baolab analyze` wrote for the
// doubling tests and the accuracy run (results/strength/COMMAND):
// doubling/GAME/doubling.csv, one row per budget N and its double 2N of
// configs/doubling-GAME.toml, and accuracy/accuracy.csv with its figure,
// one row per solved board and agent of configs/accuracy.toml. Block
// doubling:GAME tabulates one game's doublings and says where the gain
// stops showing; block accuracy tabulates accuracy against perfect play.

// doublingRow is one doubling of results/strength/doubling/GAME/doubling.csv.
type doublingRow struct {
	agent, doubled, key string
	budget              float64
	games               int64
	score, lo, hi       float64
	verdict             string // the analysis's: summary.DoublingGain, DoublingWorse or DoublingNone
}

// gain says whether the doubled agent is shown stronger.
func (d doublingRow) gain() bool { return d.verdict == summary.DoublingGain }

// worse says whether the doubled agent is shown weaker.
func (d doublingRow) worse() bool { return d.verdict == summary.DoublingWorse }

// gainText is the table's "gain detectable" cell: yes, no, or worse when
// the doubled agent did detectably worse.
func (d doublingRow) gainText() string {
	switch {
	case d.gain():
		return "yes"
	case d.worse():
		return "no: 2N worse"
	}
	return "no"
}

// loadDoubling reads one game's doubling.csv, checking that every row
// is of one ruleset and one budget key, that each has the verdict of its
// interval and says detectable exactly
// when its interval excludes 1/2, and that the budgets rise.
func loadDoubling(path string) (ruleset string, rows []doublingRow, err error) {
	recs, err := readCSV(path, "ruleset", "agent", "doubled", "key", "budget", "games", "score", "score_lo", "score_hi", "detectable", "verdict")
	if err != nil {
		return "", nil, err
	}
	if len(recs) == 0 {
		return "", nil, fmt.Errorf("%s: no doublings", path)
	}
	for i, r := range recs {
		d := doublingRow{agent: r["agent"], doubled: r["doubled"], key: r["key"]}
		if r["ruleset"] != recs[0]["ruleset"] || d.key != recs[0]["key"] {
			return "", nil, fmt.Errorf("%s: row %d: ruleset %s, key %s: one game's file has one ruleset and one budget key", path, i+1, r["ruleset"], d.key)
		}
		for _, f := range []struct {
			dst *float64
			key string
		}{{&d.budget, "budget"}, {&d.score, "score"}, {&d.lo, "score_lo"}, {&d.hi, "score_hi"}} {
			if *f.dst, err = float(r, f.key); err != nil {
				return "", nil, fmt.Errorf("%s: row %d: %w", path, i+1, err)
			}
		}
		if d.games, err = strconv.ParseInt(r["games"], 10, 64); err != nil {
			return "", nil, fmt.Errorf("%s: row %d: column games: %w", path, i+1, err)
		}
		d.verdict = r["verdict"]
		if want := summary.DoublingVerdict(summary.Interval{Lo: summary.Num(d.lo), Hi: summary.Num(d.hi)}); d.verdict != want {
			return "", nil, fmt.Errorf("%s: row %d: verdict %q but the interval [%g, %g] says %q", path, i+1, d.verdict, d.lo, d.hi, want)
		}
		if want := map[bool]string{true: "yes", false: "no"}[d.verdict != summary.DoublingNone]; r["detectable"] != want {
			return "", nil, fmt.Errorf("%s: row %d: detectable %q but the interval [%g, %g] says %q", path, i+1, r["detectable"], d.lo, d.hi, want)
		}
		if i > 0 && d.budget <= rows[i-1].budget {
			return "", nil, fmt.Errorf("%s: row %d: budget %g after %g: the rows are not in rising budget", path, i+1, d.budget, rows[i-1].budget)
		}
		rows = append(rows, d)
	}
	return recs[0]["ruleset"], rows, nil
}

// budgetText formats a budget with thousands separators.
func budgetText(x float64) string {
	return thousands(int64(x))
}

// doublingTable makes block doubling:GAME.
func doublingTable(game string) generator {
	return func(root string) (string, error) {
		ruleset, rows, err := loadDoubling(filepath.Join(root, "results", "strength", "doubling", game, "doubling.csv"))
		if err != nil {
			return "", err
		}
		key := rows[0].key
		var b strings.Builder
		fmt.Fprintf(&b, "`%s` (configs/doubling-%s.toml): each row is `%s` at %s 2N against itself at N, both seat orders; the score is the doubled agent's, draws and unfinished games half, with its 95%% Wilson interval.\n\n", ruleset, game, withoutBudget(rows[0].agent, key), key)
		fmt.Fprintf(&b, "| %s N | %s 2N | games | score of 2N [95%%] | gain detectable |\n", key, key)
		b.WriteString("| ---: | ---: | ---: | --- | --- |\n")
		for _, d := range rows {
			fmt.Fprintf(&b, "| %s | %s | %s | %.3f [%.3f, %.3f] | %s |\n", budgetText(d.budget), budgetText(2*d.budget),
				thousands(d.games), d.score, d.lo, d.hi, d.gainText())
		}
		b.WriteString("\n" + doublingVerdict(rows, key) + "\n")
		return b.String(), nil
	}
}

// withoutBudget is an agent spec with its budget option (key=N) left out:
// "alphabeta:eval=fitted,nodes=500" is "alphabeta:eval=fitted", and
// "alphabeta:nodes=500" is "alphabeta".
func withoutBudget(spec, key string) string {
	kind, opts, _ := strings.Cut(spec, ":")
	var kept []string
	for _, o := range strings.Split(opts, ",") {
		if k, _, _ := strings.Cut(o, "="); o != "" && k != key {
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		return kind
	}
	return kind + ":" + strings.Join(kept, ",")
}

// doublingVerdict says in words where the gain of doubling stops showing,
// and names any doubling whose larger budget did detectably worse, with
// the chance that at least one of the doublings shows a difference in
// either direction by chance alone.
func doublingVerdict(rows []doublingRow, key string) string {
	step := func(d doublingRow) string {
		return fmt.Sprintf("%s → %s %s", budgetText(d.budget), budgetText(2*d.budget), key)
	}
	first := -1
	for i, d := range rows {
		if !d.gain() {
			first = i
			break
		}
	}
	if first < 0 {
		return fmt.Sprintf("Every doubling measured shows a detectable gain, the last %s: strength was still growing at the largest budget played.", step(rows[len(rows)-1]))
	}
	var s strings.Builder
	fmt.Fprintf(&s, "The first doubling whose gain these games do not show is %s", step(rows[first]))
	if first > 0 {
		s.WriteString(" (every smaller one shows a gain)")
	}
	var again, worse []string
	widest := 0.0
	for _, d := range rows[first:] {
		switch {
		case d.gain():
			again = append(again, step(d))
		case d.hi-0.5 > widest:
			widest = d.hi - 0.5
		}
		if d.worse() {
			worse = append(worse, step(d))
		}
	}
	if len(again) > 0 {
		fmt.Fprintf(&s, "; larger doublings show one again (%s), so at these games growth does not stop at one budget", strings.Join(again, ", "))
	} else {
		s.WriteString("; no larger one shows a gain either")
	}
	fmt.Fprintf(&s, ". Where no gain shows, the intervals still allow one of up to %.3f in score: more games per pair (a cluster run) can show a gain that small.", widest)
	if len(worse) > 0 {
		chance := 1 - math.Pow(0.95, float64(len(rows)))
		fmt.Fprintf(&s, " At %s the doubled agent did detectably worse; with %d doublings each tested at the 5%% level, at least one shows a difference in either direction by chance alone with probability %.2f when none is real, so one such row is weak evidence.", strings.Join(worse, ", "), len(rows), chance)
	}
	return s.String()
}

// accuracyTable makes block accuracy: per solved board, each agent's
// share of moves that keep the exact outcome and margin, and its score
// against perfect play from each seat.
func accuracyTable(root string) (string, error) {
	path := filepath.Join(root, "results", "strength", "accuracy", "accuracy.csv")
	rows, err := readCSV(path, "ruleset", "agent", "moves", "keeps_outcome", "keeps_outcome_lo", "keeps_outcome_hi",
		"keeps_margin", "keeps_margin_lo", "keeps_margin_hi",
		"vs_perfect_south_games", "vs_perfect_south", "vs_perfect_south_lo", "vs_perfect_south_hi",
		"vs_perfect_north_games", "vs_perfect_north", "vs_perfect_north_lo", "vs_perfect_north_hi")
	if err != nil {
		return "", err
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("%s: no agents", path)
	}
	share := func(r map[string]string, k string) string {
		return fmt.Sprintf("%s [%s, %s]", fix3(r[k]), fix3(r[k+"_lo"]), fix3(r[k+"_hi"]))
	}
	score := func(r map[string]string, k string) string {
		if r[k+"_games"] == "" {
			return "–"
		}
		return fmt.Sprintf("%s (%s)", share(r, k), thousandsS(r[k+"_games"]))
	}
	var b strings.Builder
	for i, group := range byRuleset(rows) {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "`%s`:\n\n", group[0]["ruleset"])
		b.WriteString("| agent | moves judged | keeps outcome [95%] | keeps margin [95%] | score vs perfect as South (games) | as North (games) |\n")
		b.WriteString("| --- | ---: | --- | --- | --- | --- |\n")
		for _, r := range group {
			if r["agent"] == "perfect" && (r["keeps_outcome"] != "1" || r["keeps_margin"] != "1") {
				return "", fmt.Errorf("%s: %s: perfect keeps the outcome at %s and the margin at %s, not 1: the solved table and the games disagree",
					path, r["ruleset"], r["keeps_outcome"], r["keeps_margin"])
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", r["agent"], thousandsS(r["moves"]),
				share(r, "keeps_outcome"), share(r, "keeps_margin"), score(r, "vs_perfect_south"), score(r, "vs_perfect_north"))
		}
	}
	return b.String(), nil
}
