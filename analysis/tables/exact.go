package tables

import (
	"encoding/csv"
	"fmt"
	"io"

	"github.com/baolab/baolab/analysis/summary"
)

// The exact tables (exact.json, .csv, .md, .tex) hold the solved value of
// every ruleset small enough to solve next to its random-play first-player
// advantage; Write writes them only when the summary has exact values.

// WriteExactJSON writes the exact values of s as an indented JSON array,
// one object per ruleset with the keys of summary.Exact: ruleset, variant,
// board, reading, first, positions, terminal, cyclic, outcome, south_can_force,
// north_can_force, margin, first_player_value, random_games, random_fpa
// (value, lo, hi) and agreement.
func WriteExactJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Exact)
}

// force formats a forced margin: "+4", "-2", "0", or none.
func force(f *int, none string) string {
	switch {
	case f == nil:
		return none
	case *f > 0:
		return fmt.Sprintf("+%d", *f)
	}
	return fmt.Sprint(*f)
}

// marginText formats the margin of e: exact ("+4"), or the range the two
// sides force ("-2..+3", "none" for a side that cannot force an end).
func marginText(e summary.Exact) string {
	if e.Margin != nil {
		return force(e.Margin, "")
	}
	return force(e.SouthCanForce, "none") + ".." + force(e.NorthCanForce, "none")
}

// plain formats a forced margin for CSV: "4", "-2", "0", or none.
func plain(f *int, none string) string {
	if f == nil {
		return none
	}
	return fmt.Sprint(*f)
}

// WriteExactCSV writes one row per solved ruleset.
func WriteExactCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"ruleset", "variant", "board", "reading", "first", "positions", "terminal", "cyclic", "outcome", "south_can_force", "north_can_force",
		"margin", "first_player_value", "random_games", "random_fpa", "random_fpa_lo", "random_fpa_hi", "agreement"}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, e := range s.Exact {
		row := []string{e.Ruleset, e.Variant, e.Board, e.Reading, e.First, fmt.Sprint(e.Positions), fmt.Sprint(e.Terminal), yesNo(e.Cyclic), e.Outcome,
			plain(e.SouthCanForce, "none"), plain(e.NorthCanForce, "none"), plain(e.Margin, ""), fmt.Sprint(e.FirstPlayerValue),
			fmt.Sprint(e.RandomGames), num(e.RandomFPA.Value), num(e.RandomFPA.Lo), num(e.RandomFPA.Hi), e.Agreement}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

var exactHead = []string{"ruleset", "positions", "cyclic", "perfect play", "margin", "random play: FPA", "random predicts winner"}

// exactRows returns the rows of the exact table.
func exactRows(s *summary.Summary) [][]string {
	var rows [][]string
	for _, e := range s.Exact {
		margin := marginText(e)
		agree := e.Agreement
		if agree == "" {
			agree = "–"
		}
		rows = append(rows, []string{e.Ruleset, fmt.Sprint(e.Positions), yesNo(e.Cyclic), e.Outcome + " wins",
			margin, ci(e.RandomFPA, 3), agree})
		if e.Outcome == "draw" {
			rows[len(rows)-1][3] = "draw"
		}
	}
	return rows
}

// exactIntro explains the exact table.
func exactIntro(s *summary.Summary) string {
	return fmt.Sprintf("Game-theoretic value of each ruleset's initial position under perfect play, by retrograde analysis over every reachable position (baolab solve; max_plies ignored). The margin is South's score minus North's (kingulu) or +1/-1/0 (Kimasai); a range south..north when the two sides force different margins. Random play: the first-player advantage of random against random (draws count half) with its Wilson %g%% interval; it predicts the winner when the interval is clear of 0.5 on the winner's side.", 100*s.Confidence)
}

// WriteExactMarkdown writes the exact values as one Markdown table.
func WriteExactMarkdown(w io.Writer, s *summary.Summary) error {
	return writeMarkdownList(w, "Exact values", s.Dataset, exactIntro(s), exactHead, "lrllrrl", exactRows(s), 1)
}

// WriteExactLaTeX writes the exact values as one booktabs table.
func WriteExactLaTeX(w io.Writer, s *summary.Summary) error {
	return writeLaTeXList(w, exactIntro(s), "tab:baolab-exact", "Lrllrrl", exactHead, exactRows(s), 1)
}
