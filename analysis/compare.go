package analysis

import (
	"fmt"
	"math"
	"strings"

	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// Names of the tests, as written in summary.json.
const (
	testScoreZ = "z (difference of mean scores, unpooled)"
	testPropZ  = "z (two proportions, pooled; = Pearson chi-square)"
	testWelch  = "Welch t"
	testScoreX = "exact permutation (difference of mean scores)"
	testFisher = "Fisher exact"
	// The equivalence tests (stats.TOST).
	testTOSTScore = "TOST, two one-sided z (mean score against 1/2)"
	testTOSTDiff  = "TOST, two one-sided z (difference of mean scores, unpooled)"
)

// equivalence is the summary of the equivalence tests e at level alpha.
func equivalence(e stats.Equivalence, alpha float64, test string) *summary.Equivalence {
	return &summary.Equivalence{Margin: summary.Num(e.Margin), Verdict: e.Verdict(alpha),
		P: summary.Num(e.P), PBeyond: summary.Num(e.PBeyond), Test: test}
}

// smallSample is the sample size under which the z tests of first-player
// advantage and draw rate give way to exact tests (the permutation test
// of the scores, Fisher's test of the draws): below about 30 games the
// normal approximation is not to be trusted, and the exact tests cost
// nothing there.
const smallSample = 30

// maxAllPairs is the most readings of one variant and agent pair whose
// pairs are all compared. A larger grid compares only the pairs of
// readings that differ in one option: 48 readings have 1128 pairs but 144
// such neighbours, 384 readings 73,536 pairs but 2,496 neighbours; what
// each option changes over the whole grid is in the effects.
const maxAllPairs = 16

// compare compares every pair of cells of the same variant and agent pair
// (A the earlier cell of the pair, B the later; for more than maxAllPairs
// readings only pairs that differ in one option) and applies Holm's
// correction over all compared pairs, one family per quantity
// (first-player advantage, draw rate, mean length, Mann–Whitney). The
// notes say where pairs were left out.
func compare(accs []*cellAcc, cells []summary.Cell, conf, alpha, margin float64) ([]summary.Comparison, []string) {
	pairs, notes := comparedPairs(cells)
	out := []summary.Comparison{}
	for _, p := range pairs {
		out = append(out, comparePair(accs[p.a], accs[p.b], cells[p.a], cells[p.b], conf, alpha, margin))
	}
	correctHolm(out, alpha)
	for i := range out {
		c := &out[i]
		c.DifferInBalance = c.FirstPlayerAdvantage.Significant
		c.Verdict = verdict(c, alpha)
	}
	return out, notes
}

// cellPair is a pair of cells to compare, by index, a before b.
type cellPair struct{ a, b int }

// comparedPairs returns the pairs of cells that compare compares, and a
// note for each variant and agent pair whose readings were too many for
// all their pairs.
func comparedPairs(cells []summary.Cell) ([]cellPair, []string) {
	var notes []string
	var pairs []cellPair
	readings := map[string]int{} // per variant and agent pair
	for _, c := range cells {
		readings[c.Variant+"\x00"+c.AgentSouth+"/"+c.AgentNorth]++
	}
	neighbours := map[string]int{}
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			ci, cj := cells[i], cells[j]
			if ci.Variant == cj.Variant && ci.AgentSouth == cj.AgentSouth && ci.AgentNorth == cj.AgentNorth && ci.Ruleset != cj.Ruleset {
				key := ci.Variant + "\x00" + ci.AgentSouth + "/" + ci.AgentNorth
				if readings[key] > maxAllPairs {
					if optionsApart(ci.Ruleset, cj.Ruleset) != 1 {
						continue
					}
					neighbours[key]++
				}
				pairs = append(pairs, cellPair{i, j})
			}
		}
	}
	for _, c := range cells {
		key := c.Variant + "\x00" + c.AgentSouth + "/" + c.AgentNorth
		if n, ok := neighbours[key]; ok && readings[key] > maxAllPairs {
			notes = append(notes, fmt.Sprintf("comparisons: %s, %s/%s has %d readings: only the %d pairs that differ in one option are compared (all pairs up to %d readings; effects.md has what each option changes)",
				c.Variant, c.AgentSouth, c.AgentNorth, readings[key], n, maxAllPairs))
			delete(neighbours, key)
		}
	}
	return pairs, notes
}

// comparePair compares cell a (ca) with cell b (cb): first-player
// advantage with its equivalence test, draw rate, mean length and the
// length distribution, before Holm's correction.
func comparePair(a, b *cellAcc, ca, cb summary.Cell, conf, alpha, margin float64) summary.Comparison {
	c := summary.Comparison{
		Variant: ca.Variant, AgentSouth: ca.AgentSouth, AgentNorth: ca.AgentNorth,
		RulesetA: ca.Ruleset, RulesetB: cb.Ruleset, GamesA: ca.Games, GamesB: cb.Games,
	}
	ma, va := scoreMoments(a)
	mb, vb := scoreMoments(b)
	d, lo, hi, z, pv := stats.MeanDiff(ma, va, float64(a.games), mb, vb, float64(b.games), conf)
	test := testScoreZ
	if small := min(a.games, b.games) < smallSample; small || va+vb == 0 {
		wa, ha, la := scoreCounts(a)
		wb, hb, lb := scoreCounts(b)
		pv, test = stats.ExactScoreTest(wa, ha, la, wb, hb, lb), testScoreX
	}
	c.FirstPlayerAdvantage = diff(ma, mb, d, lo, hi, z, math.NaN(), pv, test)
	c.Equivalence = equivalence(stats.TOST(ma-mb, math.Sqrt(va/float64(a.games)+vb/float64(b.games)), 0, margin), alpha, testTOSTDiff)

	da, db := float64(a.results[engine.Draw]), float64(b.results[engine.Draw])
	d, lo, hi = stats.NewcombeDiff(da, float64(a.games), db, float64(b.games), conf)
	z, pv = stats.TwoProportionZ(da, float64(a.games), db, float64(b.games))
	test = testPropZ
	if min(a.games, b.games) < smallSample {
		pv, test = stats.FisherExact(a.results[engine.Draw], a.games, b.results[engine.Draw], b.games), testFisher
	}
	c.DrawRate = diff(da/float64(a.games), db/float64(b.games), d, lo, hi, z, math.NaN(), pv, test)

	la, lb := a.plies.Summarize(), b.plies.Summarize()
	d, lo, hi, t, df, pv := stats.Welch(la.Mean, la.SD*la.SD, float64(la.N), lb.Mean, lb.SD*lb.SD, float64(lb.N), conf)
	c.MeanLength = diff(la.Mean, lb.Mean, d, lo, hi, t, df, pv, testWelch)

	u, uz, up := stats.MannWhitney(&a.plies, &b.plies)
	c.Length = summary.MannWhitney{U: summary.Num(u), Z: summary.Num(uz), P: summary.Num(up),
		ProbLonger: summary.Num(u / (float64(a.games) * float64(b.games)))}
	return c
}

// correctHolm sets the Holm-corrected p-values of out and, for the
// differences, whether they are significant at alpha: one family per
// quantity over all compared pairs.
func correctHolm(out []summary.Comparison, alpha float64) {
	holm := func(get func(*summary.Comparison) *summary.Diff) {
		ps := make([]float64, len(out))
		for i := range out {
			ps[i] = float64(get(&out[i]).P)
		}
		for i, adj := range stats.Holm(ps) {
			d := get(&out[i])
			d.PHolm = summary.Num(adj)
			d.Significant = adj < alpha
		}
	}
	holm(func(c *summary.Comparison) *summary.Diff { return &c.FirstPlayerAdvantage })
	holm(func(c *summary.Comparison) *summary.Diff { return &c.DrawRate })
	holm(func(c *summary.Comparison) *summary.Diff { return &c.MeanLength })
	ps := make([]float64, len(out))
	for i := range out {
		ps[i] = float64(out[i].Length.P)
	}
	for i, adj := range stats.Holm(ps) {
		out[i].Length.PHolm = summary.Num(adj)
	}
}

// optionsApart returns the number of options in which two canonical
// rulesets of one variant differ (an option missing from a canonical form
// is at its default).
func optionsApart(a, b string) int {
	opts := func(r string) map[string]string {
		m := map[string]string{}
		if _, text, ok := strings.Cut(r, ":"); ok {
			for _, kv := range strings.Split(text, ",") {
				k, v, _ := strings.Cut(kv, "=")
				m[k] = v
			}
		}
		return m
	}
	ma, mb := opts(a), opts(b)
	n := 0
	for k, v := range ma {
		if mb[k] != v {
			n++
		}
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			n++
		}
	}
	return n
}

// scoreCounts returns the first mover's wins, half points (draws and
// unfinished games) and losses.
func scoreCounts(a *cellAcc) (wins, halves, losses int64) {
	return a.firstWins, a.games - a.firstWins - a.secondWins, a.secondWins
}

// scoreMoments returns the mean and unbiased variance of the first
// mover's score (1 a win, 1/2 a draw or unfinished game, 0 a loss).
func scoreMoments(a *cellAcc) (mean, variance float64) {
	n := float64(a.games)
	w := float64(a.firstWins)
	h := n - w - float64(a.secondWins)
	mean = (w + h/2) / n
	sq := (w + h/4) / n // mean of the squared scores
	if n < 2 {
		return mean, 0
	}
	return mean, math.Max(0, sq-mean*mean) * n / (n - 1)
}

func diff(a, b, d, lo, hi, stat, df, p float64, test string) summary.Diff {
	return summary.Diff{A: summary.Num(a), B: summary.Num(b), Diff: summary.Num(d), Lo: summary.Num(lo), Hi: summary.Num(hi),
		Test: test, Statistic: summary.Num(stat), DF: summary.Num(df), P: summary.Num(p)}
}

// EquivalenceText says what the equivalence tests e showed, with word
// for a shown equivalence ("equivalent" of two readings, "balanced" of
// one cell): "equivalent within ±0.02 (TOST p = 0.003)", "not shown
// equivalent within ±0.02 (TOST p = 0.31)" or "differ by more than 0.02
// (p = 0.001)".
func EquivalenceText(e *summary.Equivalence, word string) string {
	if e == nil || e.Verdict == "" {
		return "equivalence not tested"
	}
	switch e.Verdict {
	case stats.Balanced:
		return fmt.Sprintf("%s within ±%g (TOST p = %.2g)", word, float64(e.Margin), float64(e.P))
	case stats.NotBalanced:
		return fmt.Sprintf("not %s: beyond ±%g (p = %.2g)", word, float64(e.Margin), float64(e.PBeyond))
	}
	return fmt.Sprintf("not shown %s within ±%g (TOST p = %.2g)", word, float64(e.Margin), float64(e.P))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// verdict is the one-line verdict of a comparison: whether the readings
// are shown to differ in balance, and whether they are shown equivalent
// (a difference that is not significant is not evidence of balance).
func verdict(c *summary.Comparison, alpha float64) string {
	f, d, l := c.FirstPlayerAdvantage, c.DrawRate, c.MeanLength
	return fmt.Sprintf("readings differ in balance: %s at %g%% (first-player advantage %.3f vs %.3f, Holm p = %.2g); %s; draw rate: %s (%.3f vs %.3f); mean length: %s (%.1f vs %.1f plies)",
		yesNo(f.Significant), 100*alpha, float64(f.A), float64(f.B), float64(f.PHolm), EquivalenceText(c.Equivalence, "equivalent"),
		yesNo(d.Significant), float64(d.A), float64(d.B),
		yesNo(l.Significant), float64(l.A), float64(l.B))
}
