package tables

import (
	"encoding/csv"
	"fmt"
	"io"

	"github.com/baolab/baolab/analysis/summary"
)

// The accuracy tables (accuracy.json, .csv, .md, .tex) hold, per solved
// ruleset and agent, the share of its moves that keep the exact outcome
// and margin, and its score against perfect play; the doubling tables
// (doubling.*) the score of each agent against itself at half the
// budget. Write writes each only when the summary has such rows.

// WriteAccuracyJSON writes the accuracy rows of s as an indented JSON
// array, one object per ruleset and agent with the keys of
// summary.Accuracy: ruleset, variant, agent, moves, kept_outcome,
// kept_margin, keeps_outcome and keeps_margin (value, lo, hi),
// vs_perfect_south and vs_perfect_north (games, value, lo, hi; null
// without such games).
func WriteAccuracyJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Accuracy)
}

// scoreCSV returns the games, value, lo and hi of a score, empty when nil.
func scoreCSV(sc *summary.Score) []string {
	if sc == nil {
		return []string{"", "", "", ""}
	}
	return []string{fmt.Sprint(sc.Games), num(sc.Value), num(sc.Lo), num(sc.Hi)}
}

// WriteAccuracyCSV writes one row per solved ruleset and agent.
func WriteAccuracyCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"ruleset", "variant", "agent", "moves", "kept_outcome", "keeps_outcome", "keeps_outcome_lo", "keeps_outcome_hi",
		"kept_margin", "keeps_margin", "keeps_margin_lo", "keeps_margin_hi",
		"vs_perfect_south_games", "vs_perfect_south", "vs_perfect_south_lo", "vs_perfect_south_hi",
		"vs_perfect_north_games", "vs_perfect_north", "vs_perfect_north_lo", "vs_perfect_north_hi"}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, a := range s.Accuracy {
		row := []string{a.Ruleset, a.Variant, a.Agent, fmt.Sprint(a.Moves),
			fmt.Sprint(a.KeptOutcome), num(a.KeepsOutcome.Value), num(a.KeepsOutcome.Lo), num(a.KeepsOutcome.Hi),
			fmt.Sprint(a.KeptMargin), num(a.KeepsMargin.Value), num(a.KeepsMargin.Lo), num(a.KeepsMargin.Hi)}
		row = append(append(row, scoreCSV(a.VsPerfectSouth)...), scoreCSV(a.VsPerfectNorth)...)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

var accuracyHead = []string{"ruleset", "agent", "moves", "keeps outcome", "keeps margin", "vs perfect as South", "vs perfect as North"}

// scoreText formats a score against perfect play, "–" without games.
func scoreText(sc *summary.Score) string {
	if sc == nil {
		return "–"
	}
	return fmt.Sprintf("%s (%d)", ci(sc.Interval, 3), sc.Games)
}

func accuracyRows(s *summary.Summary) [][]string {
	var rows [][]string
	for _, a := range s.Accuracy {
		rows = append(rows, []string{a.Ruleset, a.Agent, fmt.Sprint(a.Moves), ci(a.KeepsOutcome, 3), ci(a.KeepsMargin, 3),
			scoreText(a.VsPerfectSouth), scoreText(a.VsPerfectNorth)})
	}
	return rows
}

func accuracyIntro(s *summary.Summary) string {
	return fmt.Sprintf("Accuracy against perfect play on the solved boards: of each agent's moves chosen among two or more legal moves (random opening plies excluded), the share after which the mover can still force the same result (win, draw, loss, or none: cannot force a finished game) and the same margin as before the move, by the solved table (baolab solve). Perfect play keeps both at 1. Wilson %g%% intervals, treating moves as independent. Score against perfect play (wins, draws and unfinished games half) with the agent in each seat, games in brackets.", 100*s.Confidence)
}

// WriteAccuracyMarkdown writes the accuracy rows as one Markdown table.
func WriteAccuracyMarkdown(w io.Writer, s *summary.Summary) error {
	return writeMarkdownList(w, "Accuracy against perfect play", s.Dataset, accuracyIntro(s), accuracyHead, "llrrrrr", accuracyRows(s), 2)
}

// WriteAccuracyLaTeX writes the accuracy rows as one booktabs table.
func WriteAccuracyLaTeX(w io.Writer, s *summary.Summary) error {
	return writeLaTeXList(w, accuracyIntro(s), "tab:baolab-accuracy", "LLrrrrr", accuracyHead, accuracyRows(s), 2)
}

// WriteDoublingJSON writes the doubling rows of s as an indented JSON
// array with the keys of summary.Doubling: ruleset, variant, agent,
// doubled, key, budget, score (games, value, lo, hi) and detectable.
func WriteDoublingJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Doubling)
}

// WriteDoublingCSV writes one row per ruleset and doubled pair.
func WriteDoublingCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"ruleset", "variant", "agent", "doubled", "key", "budget", "games", "score", "score_lo", "score_hi", "detectable", "verdict"}); err != nil {
		return err
	}
	for _, d := range s.Doubling {
		row := []string{d.Ruleset, d.Variant, d.Agent, d.Doubled, d.Key, fmt.Sprint(d.Budget), fmt.Sprint(d.Score.Games),
			num(d.Score.Value), num(d.Score.Lo), num(d.Score.Hi), yesNo(d.Detectable), d.Verdict}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

var doublingHead = []string{"ruleset", "agent", "doubled", "games", "score of doubled", "gain detectable"}

func doublingRows(s *summary.Summary) [][]string {
	var rows [][]string
	for _, d := range s.Doubling {
		rows = append(rows, []string{d.Ruleset, d.Agent, d.Doubled, fmt.Sprint(d.Score.Games), ci(d.Score.Interval, 3), gainText(d)})
	}
	return rows
}

// gainText is the "gain detectable" cell of a doubling's verdict: yes,
// "no: doubled worse" or no.
func gainText(d summary.Doubling) string {
	switch d.Verdict {
	case summary.DoublingGain:
		return "yes"
	case summary.DoublingWorse:
		return "no: doubled worse"
	}
	return "no"
}

func doublingIntro(s *summary.Summary) string {
	return fmt.Sprintf("Doubling test: each agent against the same agent with its search budget (alpha-beta nodes, MCTS iterations) doubled, over their games in both seat orders: the doubled agent's score (draws and unfinished games half) with its Wilson %g%% interval. The gain is detectable when the interval lies above 0.5 (below it, the doubled agent did detectably worse); where it stops being detectable, more games (or a cluster run) are needed to see further gains.", 100*s.Confidence)
}

// WriteDoublingMarkdown writes the doubling rows as one Markdown table.
func WriteDoublingMarkdown(w io.Writer, s *summary.Summary) error {
	return writeMarkdownList(w, "Doubling test", s.Dataset, doublingIntro(s), doublingHead, "lllrrl", doublingRows(s), 3)
}

// WriteDoublingLaTeX writes the doubling rows as one booktabs table.
func WriteDoublingLaTeX(w io.Writer, s *summary.Summary) error {
	return writeLaTeXList(w, doublingIntro(s), "tab:baolab-doubling", "LLLrrl", doublingHead, doublingRows(s), 3)
}
