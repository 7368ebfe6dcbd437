package tables

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// The ranking tables (ranking.json, .csv, .md, .tex) order the readings of
// each variant and agent pair by balance (package effects ranks them).

// WriteRankingJSON writes the ranking of the readings by balance.
func WriteRankingJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Ranking)
}

// WriteRankingCSV writes one row per ranked reading.
func WriteRankingCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"variant", "agents", "rank", "ruleset", "games", "first_player_advantage", "first_player_advantage_lo", "first_player_advantage_hi",
		"imbalance", "imbalance_lo", "imbalance_hi", "test", "p", "as_balanced_as_best"}); err != nil {
		return err
	}
	for _, r := range s.Ranking {
		f, m := r.FirstPlayerAdvantage, r.Imbalance
		if err := cw.Write([]string{r.Variant, r.Agents, fmt.Sprint(r.Rank), r.Ruleset, fmt.Sprint(r.Games), num(f.Value), num(f.Lo), num(f.Hi),
			num(m.Value), num(m.Lo), num(m.Hi), RankingTest, num(r.P), fmt.Sprint(r.AsBalancedAsBest)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// rankingSection keys the readings of one ranking table: variant and
// agent pair.
func rankingSection(r summary.Ranked) [2]string { return [2]string{r.Variant, r.Agents} }

const rankingText = "Readings ranked by imbalance |first-player advantage − 1/2|, most balanced first. \"As balanced\" marks the readings not distinguishable from the most balanced at %g%%: no other reading is more balanced by a one-sided z test, Bonferroni-corrected over the other readings (Gupta's subset selection); p is that corrected p-value."

// WriteRankingMarkdown writes the ranking, one table per variant and
// agent pair.
func WriteRankingMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Readings ranked by balance\n\n"+rankingText+"\n\n", 100*s.Alpha)
	keys, rows := groupBy(s.Ranking, rankingSection)
	if len(keys) == 0 {
		b.WriteString("The dataset has no two readings of one variant played by the same agents.\n")
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "## %s, %s\n\n", k[0], k[1])
		var r [][]string
		for _, x := range rows[k] {
			r = append(r, []string{fmt.Sprint(x.Rank), "`" + x.Ruleset + "`", fmt.Sprint(x.Games), ci(x.FirstPlayerAdvantage, 3), ci(x.Imbalance, 3), pval(x.P), yesNo(x.AsBalancedAsBest)})
		}
		mdTable(&b, []string{"Rank", "Ruleset", "Games", "First-player adv.", "Imbalance", "p", "As balanced"}, "rlrrrrl", r)
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// WriteRankingLaTeX writes the ranking as booktabs tables.
func WriteRankingLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	keys, rows := groupBy(s.Ranking, rankingSection)
	if len(keys) == 0 {
		b.WriteString("% The dataset has no two readings of one variant played by the same agents.\n")
	}
	for i, k := range keys {
		var r [][]string
		for _, x := range rows[k] {
			r = append(r, []string{fmt.Sprint(x.Rank), tt(x.Ruleset), ci(x.FirstPlayerAdvantage, 3), ci(x.Imbalance, 3), pval(x.P), yesNo(x.AsBalancedAsBest)})
		}
		texTable(&b, fmt.Sprintf("Readings of %s (%s) ranked by imbalance $|\\mathrm{FPA} - 1/2|$ with %g\\%% intervals; ``as balanced'': not distinguishable from the most balanced (Gupta's subset selection, Bonferroni, %g\\%%).",
			tex(k[0]), tex(k[1]), 100*s.Confidence, 100*s.Alpha),
			fmt.Sprintf("tab:baolab-ranking-%d", i+1), "rLrrrl", []string{"Rank", "Ruleset", "First-player adv.", "Imbalance", "$p$", "As balanced"}, r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
