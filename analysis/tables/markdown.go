package tables

import (
	"fmt"
	"io"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// writeMarkdownList writes a Markdown page: the title, the dataset and
// intro line, and one table of rows (mdTable) with the first code cells
// of each row set as code.
func writeMarkdownList(w io.Writer, title, dataset, intro string, head []string, align string, rows [][]string, code int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nDataset `%s`. %s\n\n", title, dataset, intro)
	for _, r := range rows {
		for i := 0; i < code; i++ {
			r[i] = "`" + r[i] + "`"
		}
	}
	mdTable(&b, head, align, rows)
	_, err := io.WriteString(w, b.String())
	return err
}

// mdTable writes a Markdown table.
func mdTable(b *strings.Builder, head []string, align string, rows [][]string) {
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for _, a := range align {
		if a == 'r' {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		for i := range r {
			r[i] = pipeEscape(r[i])
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
}

// WriteMarkdown writes the summary of s as Markdown tables: outcomes and
// balance, game length and play, and end reasons.
func WriteMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	conf := fmt.Sprintf("%g%%", 100*s.Confidence)
	fmt.Fprintf(&b, "# Balance summary\n\nDataset `%s`: %d games in %d cells (ruleset × agent pair), %d files. Every interval is a %s interval.\n\n",
		s.Dataset, s.Games, len(s.Cells), s.Files, conf)
	for _, n := range s.Notes {
		fmt.Fprintf(&b, "- Note: %s\n", n)
	}
	if len(s.Notes) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "## Outcomes and balance\n\nShares of all games. First-player advantage: P(first mover wins), draws and unfinished games counted as half. Balance: 1 − |first-mover win rate − second-mover win rate| (Ludii). Equivalence: two one-sided tests (TOST) at α = %g that the first-player advantage lies within 1/2 ± the margin: balanced (shown within), not balanced (shown beyond) or undecided.\n\n", s.Alpha)
	var rows [][]string
	for _, c := range s.Cells {
		o := c.Outcomes
		rows = append(rows, []string{"`" + c.Ruleset + "`", agents(c), c.First, fmt.Sprint(c.Games),
			ci(o.South.Interval(), 3), ci(o.North.Interval(), 3), ci(o.Draw.Interval(), 3), ci(o.Unfinished.Interval(), 3),
			ci(c.FirstPlayerAdvantage, 3), ci(c.Balance, 3), equivalenceCell(c.Equivalence, "balanced")})
	}
	mdTable(&b, []string{"Ruleset", "Agents (S/N)", "First", "Games", "South wins", "North wins", "Draws", "Unfinished", "First-player adv.", "Balance", marginHead(s)}, "lllrrrrrrrl", rows)

	fmt.Fprintf(&b, "\n## Game length and play\n\nLength in plies: mean with its interval, standard deviation, median and the 5th–95th percentiles. Cycle rate: share of games in which a position repeated. Per move: legal moves (branching factor) and the share of moves with a choice. Lead changes: switches of the material leader per game. Decisiveness: share of a won game after which the winner leads in material for good. Distinct games: different move sequences (from the move log; ≥%d means at least that many).\n\n", summary.DistinctCap)
	rows = nil
	for _, c := range s.Cells {
		l, m := c.Length, moves(c)
		rows = append(rows, []string{"`" + c.Ruleset + "`", agents(c), ci(l.Mean, 1), fix(l.SD, 1),
			fmt.Sprintf("%s [%s, %s]", fix(l.Median, 0), fix(l.P5, 0), fix(l.P95, 0)), fmt.Sprintf("%s–%s", fix(l.Min, 0), fix(l.Max, 0)),
			ci(c.CycleRate.Interval(), 3), ci(c.CapturesPerGame, 2), ci(m.BranchingFactor, 2), ci(m.DecisionMoves, 3),
			ci(m.LapsPerMove, 2), ci(m.LeadChanges, 2), ci(m.Decisiveness, 3), fmt.Sprint(c.NeverEnding.Moves), distinct(c)})
	}
	mdTable(&b, []string{"Ruleset", "Agents (S/N)", "Length", "SD", "Median [p5, p95]", "Range", "Cycle rate", "Captures/game",
		"Branching", "Decision moves", "Laps/move", "Lead changes", "Decisiveness", "Never-ending moves", "Distinct games"}, "llrrrrrrrrrrrrr", rows)

	reasons := endReasons(s, engine.EndReasonNames())
	b.WriteString("\n## End reasons\n\nShare of games ending for each reason (reasons that never occur are left out).\n\n")
	rows = nil
	for _, c := range s.Cells {
		r := []string{"`" + c.Ruleset + "`", agents(c)}
		for _, e := range reasons {
			r = append(r, fix(c.EndReasons[e].Share, 3))
		}
		rows = append(rows, r)
	}
	mdTable(&b, append([]string{"Ruleset", "Agents (S/N)"}, reasons...), "ll"+strings.Repeat("r", len(reasons)), rows)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteComparisonMarkdown writes the comparisons of s as a Markdown table
// followed by the verdicts.
func WriteComparisonMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Comparison of rule readings\n\nEvery pair of rulesets of one variant played by the same agents: difference A − B with its %g%% interval and Holm-corrected p-value (over all %d pairs, one family per quantity). A difference that is not significant is not evidence that two readings are equally balanced: the equivalence column gives the two one-sided tests (TOST, α = %g) that the difference in first-player advantage lies within ± the margin: equivalent (shown within), not equivalent (shown beyond) or undecided.\n\n",
		100*s.Confidence, len(s.Comparisons), s.Alpha)
	if len(s.Comparisons) == 0 {
		b.WriteString("The dataset has no two rulesets of the same variant played by the same agents.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	var rows [][]string
	for _, c := range s.Comparisons {
		f, d, l := c.FirstPlayerAdvantage, c.DrawRate, c.MeanLength
		rows = append(rows, []string{"`" + c.RulesetA + "`", "`" + c.RulesetB + "`", c.AgentSouth + "/" + c.AgentNorth,
			ci(summary.Interval{Value: f.Diff, Lo: f.Lo, Hi: f.Hi}, 3), pval(f.PHolm),
			ci(summary.Interval{Value: d.Diff, Lo: d.Lo, Hi: d.Hi}, 3), pval(d.PHolm),
			ci(summary.Interval{Value: l.Diff, Lo: l.Lo, Hi: l.Hi}, 1), pval(l.PHolm), pval(c.Length.PHolm),
			yesNo(c.DifferInBalance), equivalenceCell(c.Equivalence, "equivalent")})
	}
	mdTable(&b, []string{"Ruleset A", "Ruleset B", "Agents (S/N)", "Δ first-player adv.", "p (Holm)", "Δ draw rate", "p (Holm)",
		"Δ mean length (plies)", "p (Holm)", "Mann–Whitney p (Holm)", "Differ in balance", marginHead(s)}, "lllrrrrrrrll", rows)
	b.WriteString("\n## Verdicts\n\n")
	for _, c := range s.Comparisons {
		fmt.Fprintf(&b, "- `%s` vs `%s` (%s/%s): %s\n", c.RulesetA, c.RulesetB, c.AgentSouth, c.AgentNorth, c.Verdict)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// equivalenceVerdicts are the words of an equivalence verdict in a
// table, for a cell ("balanced") and for a comparison ("equivalent").
var equivalenceVerdicts = map[string]map[string]string{
	"balanced":   {"balanced": "balanced", "not balanced": "not balanced", "undecided": "undecided"},
	"equivalent": {"balanced": "equivalent", "not balanced": "not equivalent", "undecided": "undecided"},
}

// equivalenceCell is the verdict of e in words of kind with the p-value
// that decided it: TOST p for balanced and undecided, the p beyond the
// margin for not balanced; "–" without a test.
func equivalenceCell(e *summary.Equivalence, kind string) string {
	if e == nil || e.Verdict == "" {
		return "–"
	}
	p := e.P
	if e.Verdict == "not balanced" {
		p = e.PBeyond
	}
	return fmt.Sprintf("%s (p %s)", equivalenceVerdicts[kind][e.Verdict], pval(p))
}

// marginHead is the heading of the equivalence column: the margin of s.
func marginHead(s *summary.Summary) string {
	if s.EquivalenceMargin == 0 {
		return "Equivalence (TOST)"
	}
	return fmt.Sprintf("Within ±%g (TOST)", s.EquivalenceMargin)
}
