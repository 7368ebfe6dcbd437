package tables

import (
	"encoding/csv"
	"fmt"
	"io"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// WriteCSV writes one row per cell of s with every number of the summary
// except the histogram and the convergence curve (which are in JSON).
func WriteCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	reasons := engine.EndReasonNames()
	head := []string{"ruleset", "variant", "agent_south", "agent_north", "first", "games"}
	share := func(prefix string) []string {
		return []string{prefix + "_count", prefix + "_share", prefix + "_lo", prefix + "_hi"}
	}
	interval := func(prefix string) []string { return []string{prefix, prefix + "_lo", prefix + "_hi"} }
	for _, o := range []string{"south_wins", "north_wins", "draws", "unfinished", "first_mover_wins", "second_mover_wins"} {
		head = append(head, share(o)...)
	}
	head = append(head, interval("first_player_advantage")...)
	head = append(head, interval("balance")...)
	head = append(head, share("cycles")...)
	head = append(head, "never_ending_moves", "never_ending_per_game")
	head = append(head, share("games_with_never_ending")...)
	for _, r := range reasons {
		head = append(head, share("end_"+r)...)
	}
	head = append(head, interval("length_mean")...)
	head = append(head, "length_sd", "length_min", "length_p5", "length_p25", "length_median", "length_p75", "length_p95", "length_max")
	head = append(head, interval("captures_per_game")...)
	head = append(head, interval("captured_per_game")...)
	head = append(head, "max_laps", "moves")
	for _, m := range []string{"branching_factor", "decision_move_share", "laps_per_move", "lead_changes_per_game", "decisiveness"} {
		head = append(head, interval(m)...)
	}
	head = append(head, "lead_changes_sd", "decisiveness_sd", "decided_games", "distinct_games")
	head = append(head, equivalenceHead("fpa_equivalence")...)
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, c := range s.Cells {
		row := []string{c.Ruleset, c.Variant, c.AgentSouth, c.AgentNorth, c.First, fmt.Sprint(c.Games)}
		sh := func(x summary.Share) []string {
			return []string{fmt.Sprint(x.Count), num(x.Share), num(x.Lo), num(x.Hi)}
		}
		iv := func(x summary.Interval) []string { return []string{num(x.Value), num(x.Lo), num(x.Hi)} }
		o := c.Outcomes
		for _, x := range []summary.Share{o.South, o.North, o.Draw, o.Unfinished, c.FirstMoverWins, c.SecondMoverWins} {
			row = append(row, sh(x)...)
		}
		row = append(row, iv(c.FirstPlayerAdvantage)...)
		row = append(row, iv(c.Balance)...)
		row = append(row, sh(c.CycleRate)...)
		row = append(row, fmt.Sprint(c.NeverEnding.Moves), num(c.NeverEnding.PerGame))
		row = append(row, sh(c.NeverEnding.Games)...)
		for _, r := range reasons {
			row = append(row, sh(c.EndReasons[r])...)
		}
		l := c.Length
		row = append(row, iv(l.Mean)...)
		row = append(row, num(l.SD), num(l.Min), num(l.P5), num(l.P25), num(l.Median), num(l.P75), num(l.P95), num(l.Max))
		row = append(row, iv(c.CapturesPerGame)...)
		row = append(row, iv(c.CapturedPerGame)...)
		m := moves(c)
		nMoves := ""
		if c.Moves != nil {
			nMoves = fmt.Sprint(m.Moves)
		}
		row = append(row, fmt.Sprint(c.MaxLaps), nMoves)
		for _, x := range []summary.Interval{m.BranchingFactor, m.DecisionMoves, m.LapsPerMove, m.LeadChanges, m.Decisiveness} {
			row = append(row, iv(x)...)
		}
		decided := ""
		if c.Moves != nil {
			decided = fmt.Sprint(m.DecidedGames)
		}
		distinct := ""
		if c.DistinctGames != nil {
			distinct = fmt.Sprint(*c.DistinctGames)
		}
		row = append(row, num(m.LeadChangesSD), num(m.DecisivenessSD), decided, distinct)
		row = append(row, equivalenceRow(c.Equivalence)...)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteComparisonCSV writes one row per comparison of s.
func WriteComparisonCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	head := []string{"variant", "agent_south", "agent_north", "ruleset_a", "ruleset_b", "games_a", "games_b"}
	for _, q := range []string{"fpa", "draw_rate", "mean_length"} {
		head = append(head, q+"_a", q+"_b", q+"_diff", q+"_lo", q+"_hi", q+"_test", q+"_statistic", q+"_df", q+"_p", q+"_p_holm", q+"_significant")
	}
	head = append(head, "length_mw_test", "length_mw_u", "length_mw_z", "length_mw_p", "length_mw_p_holm", "length_prob_a_longer", "differ_in_balance")
	head = append(head, equivalenceHead("fpa_equivalence")...)
	head = append(head, "verdict")
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, c := range s.Comparisons {
		row := []string{c.Variant, c.AgentSouth, c.AgentNorth, c.RulesetA, c.RulesetB, fmt.Sprint(c.GamesA), fmt.Sprint(c.GamesB)}
		for _, d := range []summary.Diff{c.FirstPlayerAdvantage, c.DrawRate, c.MeanLength} {
			row = append(row, num(d.A), num(d.B), num(d.Diff), num(d.Lo), num(d.Hi), d.Test, num(d.Statistic), num(d.DF), num(d.P), num(d.PHolm), fmt.Sprint(d.Significant))
		}
		row = append(row, MannWhitneyTest, num(c.Length.U), num(c.Length.Z), num(c.Length.P), num(c.Length.PHolm), num(c.Length.ProbLonger), fmt.Sprint(c.DifferInBalance))
		row = append(row, equivalenceRow(c.Equivalence)...)
		row = append(row, c.Verdict)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// The tests behind the p-values of the tables that summary.json does not
// name itself.
const (
	// MannWhitneyTest is the test of the game lengths (stats.MannWhitney).
	MannWhitneyTest = "Mann-Whitney U (normal approximation, tie and continuity corrected)"
	// EffectTest is the test of an option effect (package effects).
	EffectTest = "Wald z (two-sided)"
	// RankingTest is the test of a ranked reading (effects.Rank).
	RankingTest = "one-sided z against each more balanced reading, Bonferroni (Gupta subset selection)"
)

// equivalenceHead names the CSV columns of an equivalence test.
func equivalenceHead(prefix string) []string {
	return []string{prefix + "_margin", prefix + "_verdict", prefix + "_test", prefix + "_p", prefix + "_p_beyond"}
}

// equivalenceRow is the CSV cells of e (empty without one).
func equivalenceRow(e *summary.Equivalence) []string {
	if e == nil {
		return []string{"", "", "", "", ""}
	}
	return []string{num(e.Margin), e.Verdict, e.Test, num(e.P), num(e.PBeyond)}
}
