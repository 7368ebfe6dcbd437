package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// Ladders: results/ladders/NAME/ladder.csv is the ladder table that
// `baolab analyze` wrote for one ladder experiment
// (results/ladders/COMMAND). Block ladder:NAME gives, per ruleset, the
// first-move parameter and every agent's rating and self-play.

// elo formats a rating or Elo parameter to whole points ("∞" kept).
func elo(s string) string {
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil:
		if s == "" {
			return "–"
		}
		return s
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return "−∞"
	}
	r := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	if r == "-0" {
		r = "0"
	}
	return strings.Replace(r, "-", "−", 1)
}

// ladderTable makes block ladder:NAME.
func ladderTable(name string) generator {
	return ladderTableAt("ladders", name)
}

// ladderTableAt makes the table of the ladder.csv in results/DIR...
// (block ladder:NAME's is results/ladders/NAME).
func ladderTableAt(dir ...string) generator {
	return func(root string) (string, error) {
		path := filepath.Join(append(append([]string{root, "results"}, dir...), "ladder.csv")...)
		rows, err := readCSV(path, "ruleset", "agent", "rating", "rating_lo", "rating_hi", "self_play_games",
			"self_play_fpa", "self_play_fpa_lo", "self_play_fpa_hi", "first_move", "first_move_lo", "first_move_hi")
		if err != nil {
			return "", err
		}
		if len(rows) == 0 {
			return "", fmt.Errorf("%s: no agents", path)
		}
		var b strings.Builder
		ruleset := ""
		for _, r := range rows {
			if r["ruleset"] != ruleset {
				if ruleset != "" {
					b.WriteString("\n")
				}
				ruleset = r["ruleset"]
				fmt.Fprintf(&b, "`%s`: first-move advantage %s [%s, %s] Elo points.\n\n", ruleset,
					elo(r["first_move"]), elo(r["first_move_lo"]), elo(r["first_move_hi"]))
				b.WriteString("| agent | rating [95%] | self-play games | self-play first-player advantage [95%] |\n")
				b.WriteString("| --- | ---: | ---: | --- |\n")
			}
			games, sp := selfPlayCells(r)
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r["agent"], ratingCell(r), games, sp)
		}
		return b.String(), nil
	}
}

// ratingCell formats a ladder row's rating with its interval: "301 [280, 323]";
// an unbounded rating adds the agent's rating within its component when
// the file has one (ladder.csv's within columns): "∞ [−∞, ∞]; 385 [170,
// 650] over `greedy`".
func ratingCell(r map[string]string) string {
	cell := fmt.Sprintf("%s [%s, %s]", elo(r["rating"]), elo(r["rating_lo"]), elo(r["rating_hi"]))
	if r["rating"] == "inf" && r["within_anchor"] != "" && r["within_anchor"] != r["agent"] {
		cell += fmt.Sprintf("; %s [%s, %s] over `%s`", elo(r["within"]), elo(r["within_lo"]), elo(r["within_hi"]), r["within_anchor"])
	}
	return cell
}

// selfPlayCells formats a ladder row's self-play games and first-player
// advantage with its interval, each "–" for an agent without self-play.
func selfPlayCells(r map[string]string) (games, fpa string) {
	if r["self_play_games"] == "" {
		return "–", "–"
	}
	return r["self_play_games"], fmt.Sprintf("%s [%s, %s]", fix3(r["self_play_fpa"]), fix3(r["self_play_fpa_lo"]), fix3(r["self_play_fpa_hi"]))
}
