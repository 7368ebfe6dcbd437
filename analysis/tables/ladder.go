package tables

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// The ladder tables (ladder.json, .csv, .md, .tex) hold the rating fit of
// every ruleset of a ladder experiment; Write writes them only when the
// summary has ladders.

// WriteLadderJSON writes the ladders of s as an indented JSON array, one
// object per ruleset with the keys of summary.Ladder: agents (agent,
// rating, lo, hi, and the per-agent model's first_move and
// per_agent_rating), first_move and draw (value, lo, hi), in rating
// points, self_play (agent, games, fpa, lo, hi, ...), model (the chosen
// rating model, single or per-agent), model_test (statistic, df, p,
// level), per_agent_draw, and fit (the chosen model's Pearson chi2, df,
// p, approximate, and each ordered pair's observed and predicted score).
// An unbounded rating bound is null.
func WriteLadderJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Ladders)
}

// selfPlay returns the self-play record of agent in l.
func selfPlay(l summary.Ladder, agent string) (summary.SelfPlay, bool) {
	for _, p := range l.SelfPlay {
		if p.Agent == agent {
			return p, true
		}
	}
	return summary.SelfPlay{}, false
}

// numInf formats x for CSV, with inf and -inf for unbounded values.
func numInf(x summary.Num) string {
	if math.IsInf(float64(x), 0) {
		if x > 0 {
			return "inf"
		}
		return "-inf"
	}
	return num(x)
}

// WriteLadderCSV writes one row per ruleset and ladder agent: its rating
// and interval, its self-play, the ruleset's first-move and draw
// parameters (repeated on each row of the ruleset), then the chosen
// model, the agent's per-agent first-move advantage and rating, and the
// ruleset's model test and goodness of fit, and the agent's rating
// within its component (within_anchor rated 0).
func WriteLadderCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"ruleset", "variant", "opening_plies", "agent", "rating", "rating_lo", "rating_hi",
		"self_play_games", "self_play_fpa", "self_play_fpa_lo", "self_play_fpa_hi", "self_play_draw_rate",
		"self_play_mean_length", "self_play_distinct_games", "first_move", "first_move_lo", "first_move_hi", "draw", "draw_lo", "draw_hi",
		"model", "agent_first_move", "agent_first_move_lo", "agent_first_move_hi", "per_agent_rating", "per_agent_rating_lo", "per_agent_rating_hi",
		"model_test_statistic", "model_test_df", "model_test_p", "fit_chi2", "fit_df", "fit_p", "fit_approximate",
		"within_anchor", "within", "within_lo", "within_hi"}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, l := range s.Ladders {
		for _, a := range l.Agents {
			row := []string{l.Ruleset, l.Variant, fmt.Sprint(l.OpeningPlies), a.Agent, numInf(a.Rating), numInf(a.Lo), numInf(a.Hi)}
			if p, ok := selfPlay(l, a.Agent); ok {
				d := ""
				if p.DistinctGames != nil {
					d = fmt.Sprint(*p.DistinctGames)
				}
				row = append(row, fmt.Sprint(p.Games), num(p.FPA), num(p.Lo), num(p.Hi), num(p.DrawRate.Share), num(p.MeanLength.Value), d)
			} else {
				row = append(row, "", "", "", "", "", "", "")
			}
			row = append(row, num(l.FirstMove.Value), num(l.FirstMove.Lo), num(l.FirstMove.Hi), num(l.Draw.Value), num(l.Draw.Lo), num(l.Draw.Hi),
				l.Model, numInf(a.FirstMove.Value), numInf(a.FirstMove.Lo), numInf(a.FirstMove.Hi),
				numInf(a.PerAgentRating.Value), numInf(a.PerAgentRating.Lo), numInf(a.PerAgentRating.Hi),
				num(l.ModelTest.Statistic), fmt.Sprint(l.ModelTest.DF), num(l.ModelTest.P),
				num(l.Fit.Chi2), fmt.Sprint(l.Fit.DF), num(l.Fit.P), fmt.Sprint(l.Fit.Approximate),
				a.WithinAnchor, numInf(a.Within.Value), numInf(a.Within.Lo), numInf(a.Within.Hi))
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// pts formats rating points with no decimals, ∞ for unbounded values.
func pts(x summary.Num) string {
	if math.IsInf(float64(x), 0) {
		if x > 0 {
			return "∞"
		}
		return "−∞"
	}
	return fix(x, 0)
}

func ptsCI(v, lo, hi summary.Num) string {
	return fmt.Sprintf("%s [%s, %s]", pts(v), pts(lo), pts(hi))
}

// ptsInterval formats an interval in rating points, "–" when undefined
// (a per-agent model that was not fitted).
func ptsInterval(i summary.Interval) string {
	if math.IsNaN(float64(i.Value)) {
		return "–"
	}
	return ptsCI(i.Value, i.Lo, i.Hi)
}

// modelText says which rating model the ladder's likelihood-ratio test
// chose and how well the chosen model fits, in the notation of chi2 (χ²
// for Markdown, $\chi^2$ for LaTeX).
func modelText(l summary.Ladder, chi2 string) string {
	if l.Model == "" {
		return ""
	}
	t := l.ModelTest
	var b strings.Builder
	test := fmt.Sprintf("likelihood ratio G = %s on %d df, %s; level %g", fix(t.Statistic, 2), t.DF, pIs(t.P), t.Level)
	switch {
	case l.Model == "per-agent":
		fmt.Fprintf(&b, "Rating model: a first-move advantage per agent, chosen over one for all (%s); its draw parameter %s points.", test, ptsInterval(l.PerAgentDraw))
	case t.Note != "":
		fmt.Fprintf(&b, "Rating model: one first-move advantage (%s).", t.Note)
	default:
		fmt.Fprintf(&b, "Rating model: one first-move advantage; a first-move advantage per agent is not better (%s).", test)
	}
	g := l.Fit
	fmt.Fprintf(&b, " Goodness of fit of the %s model: Pearson %s = %s on %d df, %s", g.Model, chi2, fix(g.Chi2, 2), g.DF, pIs(g.P))
	if g.Approximate {
		fmt.Fprintf(&b, " (approximate: %d of %d expected counts below 5, %d below 1)", g.Below5, g.Counts, g.Below1)
	}
	b.WriteString(".")
	return b.String()
}

// componentsText says, for a ladder whose games split its agents into
// several components, which they are and each agent's rating within its
// own (name formats an agent's name); "" for a ladder of one component.
func componentsText(l summary.Ladder, name func(string) string) string {
	if len(l.Components) < 2 {
		return ""
	}
	var groups []string
	for _, c := range l.Components {
		var names []string
		for _, a := range c {
			names = append(names, name(a))
		}
		groups = append(groups, "("+strings.Join(names, ", ")+")")
	}
	var within []string
	for _, a := range l.Agents {
		if a.Agent != a.WithinAnchor {
			within = append(within, fmt.Sprintf("%s %s over %s", name(a.Agent), ptsInterval(a.Within), name(a.WithinAnchor)))
		}
	}
	t := fmt.Sprintf("The games split the agents into %d groups, weakest first, none of which took a point from a stronger one: %s. Between groups the ratings have no finite maximum-likelihood value (∞); within each group, fitted to its own games alone", len(l.Components), strings.Join(groups, " < "))
	if len(within) == 0 {
		return t + ", every group is one agent."
	}
	return t + ": " + strings.Join(within, "; ") + "."
}

// pIs writes "p = 0.123", or "p < 0.001".
func pIs(p summary.Num) string {
	v := pval(p)
	if strings.HasPrefix(v, "<") {
		return "p " + v[:1] + " " + v[1:]
	}
	return "p = " + v
}

// ladderRows returns the rows of one ruleset's ladder table.
func ladderRows(l summary.Ladder) [][]string {
	var rows [][]string
	for _, a := range l.Agents {
		row := []string{a.Agent, ptsCI(a.Rating, a.Lo, a.Hi), ptsInterval(a.FirstMove), ptsInterval(a.PerAgentRating)}
		if p, ok := selfPlay(l, a.Agent); ok {
			d := "–"
			if p.DistinctGames != nil {
				d = fmt.Sprint(*p.DistinctGames)
			}
			row = append(row, fmt.Sprint(p.Games), ci(summary.Interval{Value: p.FPA, Lo: p.Lo, Hi: p.Hi}, 3), fix(p.DrawRate.Share, 3), fix(p.MeanLength.Value, 1), d)
		} else {
			row = append(row, "–", "–", "–", "–", "–")
		}
		rows = append(rows, row)
	}
	return rows
}

var ladderHead = []string{"agent", "rating", "first-move advantage (per-agent)", "rating as second mover (per-agent)", "self-play games", "self-play FPA", "draw rate", "mean plies", "distinct games"}

// WriteLadderMarkdown writes one table per ruleset of the ladder.
func WriteLadderMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	conf := fmt.Sprintf("%g%%", 100*s.Confidence)
	fmt.Fprintf(&b, "# Strength ladder\n\nDataset `%s`. Ratings are Elo points of a Bradley–Terry model with a first-move advantage and a draw parameter (as BayesElo), fitted by %s (%s); self-play first-player advantage counts draws as half, with its Wilson %s interval. The rating column is that model's; the per-agent model gives every agent its own first-move advantage, with its rating as second mover (as first mover: that rating plus its advantage).\n\n",
		s.Dataset, s.Ladders[0].Method, conf, conf)
	for _, l := range s.Ladders {
		fmt.Fprintf(&b, "## %s\n\n%d games, anchor %s = 0, opening %d random plies. First-move advantage %s points, draw parameter %s points.",
			l.Ruleset, l.Games, l.Anchor, l.OpeningPlies, ptsCI(l.FirstMove.Value, l.FirstMove.Lo, l.FirstMove.Hi), ptsCI(l.Draw.Value, l.Draw.Lo, l.Draw.Hi))
		if m := modelText(l, "χ²"); m != "" {
			b.WriteString(" " + m)
		}
		b.WriteString("\n\n")
		if l.Note != "" {
			fmt.Fprintf(&b, "- Note: %s\n\n", l.Note)
		}
		mdTable(&b, ladderHead, "lrrrrrrrr", ladderRows(l))
		b.WriteString("\n")
		if c := componentsText(l, func(a string) string { return "`" + a + "`" }); c != "" {
			b.WriteString(c + "\n\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteLadderLaTeX writes one booktabs table per ruleset of the ladder.
func WriteLadderLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	head := texHead(ladderHead)
	for i, l := range s.Ladders {
		rows := ladderRows(l)
		for _, r := range rows {
			r[0] = tt(r[0])
			for j := 1; j < len(r); j++ {
				r[j] = texInfinity.Replace(r[j])
			}
		}
		caption := fmt.Sprintf("Strength ladder of %s: Elo ratings (anchor %s = 0) with %g\\%% profile-likelihood intervals; first-move advantage %s, draw parameter %s rating points. Self-play first-player advantage with its Wilson interval.",
			tt(l.Ruleset), tt(l.Anchor), 100*s.Confidence,
			texNum(ptsCI(l.FirstMove.Value, l.FirstMove.Lo, l.FirstMove.Hi)), texNum(ptsCI(l.Draw.Value, l.Draw.Lo, l.Draw.Hi)))
		if m := modelText(l, `$\chi^2$`); m != "" {
			caption += " " + texNum(m)
		}
		if c := componentsText(l, tt); c != "" {
			caption += " " + texInfinity.Replace(texNum(c))
		}
		texTable(&b, caption, fmt.Sprintf("tab:baolab-ladder-%d", i+1), "Lrrrrrrrr", head, rows)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
