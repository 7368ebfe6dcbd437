package analysis

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// mv is a move with the given legal moves and material after it.
func mv(legal int16, south, north int32) dataset.MoveRow {
	return dataset.MoveRow{Player: engine.South, Legal: legal, Laps: int64(legal), Sown: 3, MaterialSouth: south, MaterialNorth: north}
}

// handGames is a cell of five games whose statistics are worked out by
// hand in TestHandComputed.
func handGames(ruleset, first string, firstID int64) []synth.Game {
	g := func(id int64, result, reason string, repeat int32, captures int32, moves ...dataset.MoveRow) synth.Game {
		return synth.Game{GameRow: dataset.GameRow{ID: firstID + id, Ruleset: ruleset, Variant: "kingulu", South: "random", North: "random",
			First: synth.Player(first), Result: synth.Result(result), EndReason: synth.EndReason(reason), FirstRepeatPly: repeat,
			Captures: captures, Captured: 2 * captures, MaxLaps: 5}, Moves: moves}
	}
	return []synth.Game{
		g(0, "south", "score", -1, 2, mv(3, 32, 32), mv(1, 32, 30), mv(2, 31, 30), mv(1, 31, 28)),
		g(1, "north", "no-moves", -1, 1, mv(2, 32, 31), mv(2, 30, 31), mv(2, 30, 31)),
		g(2, "draw", "repetition", 1, 0, mv(1, 32, 32), mv(1, 32, 32)),
		g(3, "south", "score", -1, 1, mv(5, 32, 30)),
		g(4, "unfinished", "max-plies", -1, 0, mv(1, 31, 32), mv(3, 31, 30)),
	}
}

// writeHand writes the hand-computed cell as cell c in two batches.
func writeHand(t testing.TB, dir, ruleset, first string, c int, withMoves bool) {
	t.Helper()
	games := handGames(ruleset, first, int64(c)*5)
	if err := synth.WriteBatch(dir, c, 0, games[:3], withMoves); err != nil {
		t.Fatal(err)
	}
	if err := synth.WriteBatch(dir, c, 1, games[3:], withMoves); err != nil {
		t.Fatal(err)
	}
}

func analyzeDir(t testing.TB, dir string) *summary.Summary {
	t.Helper()
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func approx(t *testing.T, what string, got summary.Num, want float64) {
	t.Helper()
	if math.Abs(float64(got)-want) > 1e-12 || math.IsNaN(float64(got)) != math.IsNaN(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func wilson(k, n float64) (float64, float64) { return stats.Wilson(k, n, 0.95) }

func TestHandComputed(t *testing.T) {
	dir := t.TempDir()
	writeHand(t, dir, "kingulu", "south", 0, true)
	s := analyzeDir(t, dir)
	if s.Games != 5 || len(s.Cells) != 1 || s.Files != 4 || !s.MoveLog || len(s.Comparisons) != 0 {
		t.Fatalf("summary: games %d cells %d files %d movelog %v", s.Games, len(s.Cells), s.Files, s.MoveLog)
	}
	c := s.Cells[0]
	if c.Ruleset != "kingulu" || c.Variant != "kingulu" || c.AgentSouth != "random" || c.First != "south" || c.Games != 5 {
		t.Errorf("cell %+v", c)
	}
	// Outcomes: south 2, north 1, draw 1, unfinished 1 of 5.
	for _, o := range []struct {
		name string
		s    summary.Share
		k    float64
	}{{"south", c.Outcomes.South, 2}, {"north", c.Outcomes.North, 1}, {"draw", c.Outcomes.Draw, 1}, {"unfinished", c.Outcomes.Unfinished, 1}} {
		lo, hi := wilson(o.k, 5)
		if o.s.Count != int64(o.k) {
			t.Errorf("%s count %d", o.name, o.s.Count)
		}
		approx(t, o.name+" share", o.s.Share, o.k/5)
		approx(t, o.name+" lo", o.s.Lo, lo)
		approx(t, o.name+" hi", o.s.Hi, hi)
	}
	// First mover (south) scores 2 wins + 2 halves = 3 of 5.
	approx(t, "FPA", c.FirstPlayerAdvantage.Value, 0.6)
	lo, hi := wilson(3, 5)
	approx(t, "FPA lo", c.FirstPlayerAdvantage.Lo, lo)
	approx(t, "FPA hi", c.FirstPlayerAdvantage.Hi, hi)
	// Balance 1 − |2/5 − 1/5|; the FPA interval holds 0.5, so hi = 1.
	approx(t, "balance", c.Balance.Value, 0.8)
	approx(t, "balance hi", c.Balance.Hi, 1)
	approx(t, "balance lo", c.Balance.Lo, math.Min(1-math.Abs(2*lo-1), 1-math.Abs(2*hi-1)))
	if c.EndReasons["score"].Count != 2 || c.EndReasons["no-moves"].Count != 1 || c.EndReasons["repetition"].Count != 1 ||
		c.EndReasons["max-plies"].Count != 1 || c.EndReasons["all-captured"].Count != 0 || len(c.EndReasons) != 7 {
		t.Errorf("end reasons %+v", c.EndReasons)
	}
	approx(t, "cycle rate", c.CycleRate.Share, 0.2)
	// Lengths 4 3 2 1 2: mean 2.4, variance 5.2/4.
	l := c.Length
	approx(t, "mean length", l.Mean.Value, 2.4)
	approx(t, "sd length", l.SD, math.Sqrt(1.3))
	h := stats.Z(0.95) * math.Sqrt(1.3/5)
	approx(t, "mean length lo", l.Mean.Lo, 2.4-h)
	for _, q := range []struct {
		name string
		got  summary.Num
		want float64
	}{{"min", l.Min, 1}, {"p5", l.P5, 1}, {"p25", l.P25, 2}, {"median", l.Median, 2}, {"p75", l.P75, 3}, {"p95", l.P95, 4}, {"max", l.Max, 4}} {
		approx(t, q.name, q.got, q.want)
	}
	if len(l.Histogram) != 4 || l.Histogram[1] != [2]int64{2, 2} {
		t.Errorf("histogram %v", l.Histogram)
	}
	approx(t, "captures per game", c.CapturesPerGame.Value, 0.8)
	approx(t, "captured per game", c.CapturedPerGame.Value, 1.6)
	m := c.Moves
	if m == nil || m.Moves != 12 || m.DecidedGames != 3 {
		t.Fatalf("moves %+v", m)
	}
	// Legal moves 24 over 12 moves; 7 moves with a choice; laps = legal.
	approx(t, "branching", m.BranchingFactor.Value, 2)
	approx(t, "decision share", m.DecisionMoves.Value, 7.0/12)
	approx(t, "laps per move", m.LapsPerMove.Value, 2)
	// Lead changes 0 1 0 0 1; decisiveness 1/4, 1/3, 0 over the won games.
	approx(t, "lead changes", m.LeadChanges.Value, 0.4)
	approx(t, "decisiveness", m.Decisiveness.Value, (0.25+1.0/3)/3)
	// Branching factor's interval over games: per-game sums 7/4, 6/3, 2/2,
	// 5/1, 4/2; residuals x − 2m: −1, 0, −2, 3, 0.
	bh := stats.Z(0.95) * math.Sqrt(14.0/20) / (12.0 / 5)
	approx(t, "branching lo", m.BranchingFactor.Lo, 2-bh)
	if len(c.Convergence) != 1 || c.Convergence[0].Games != 5 {
		t.Errorf("convergence %+v", c.Convergence)
	}
	approx(t, "convergence", c.Convergence[0].Value, 0.6)
}

func TestOutcomesOnly(t *testing.T) {
	dir := t.TempDir()
	writeHand(t, dir, "kingulu", "south", 0, false)
	s := analyzeDir(t, dir)
	if s.MoveLog || s.Cells[0].Moves != nil || s.Files != 2 {
		t.Errorf("movelog %v moves %+v files %d", s.MoveLog, s.Cells[0].Moves, s.Files)
	}
	approx(t, "FPA", s.Cells[0].FirstPlayerAdvantage.Value, 0.6)
}

func TestFirstNorth(t *testing.T) {
	dir := t.TempDir()
	writeHand(t, dir, "kingulu:first=north", "north", 0, true)
	c := analyzeDir(t, dir).Cells[0]
	// North moved first and won 1; south won 2: score 1 + 1 = 2 of 5.
	approx(t, "FPA", c.FirstPlayerAdvantage.Value, 0.4)
	if c.FirstMoverWins.Count != 1 || c.SecondMoverWins.Count != 2 {
		t.Errorf("first %d second %d", c.FirstMoverWins.Count, c.SecondMoverWins.Count)
	}
}

func TestComparison(t *testing.T) {
	dir := t.TempDir()
	writeHand(t, dir, "kingulu", "south", 0, true)
	writeHand(t, dir, "kingulu:first=north", "north", 1, true)
	s := analyzeDir(t, dir)
	if len(s.Cells) != 2 || len(s.Comparisons) != 1 {
		t.Fatalf("cells %d comparisons %d", len(s.Cells), len(s.Comparisons))
	}
	c := s.Comparisons[0]
	if c.RulesetA != "kingulu" || c.RulesetB != "kingulu:first=north" || c.GamesA != 5 {
		t.Errorf("comparison %+v", c)
	}
	// Scores: A = {1,0,½,1,½} mean 0.6; B = {0,1,½,0,½} mean 0.4; both
	// with sample variance (0.16+0.36+0.01+0.16+0.01)/4 = 0.175.
	d, lo, hi, z, p := stats.MeanDiff(0.6, 0.175, 5, 0.4, 0.175, 5, 0.95)
	f := c.FirstPlayerAdvantage
	approx(t, "fpa diff", f.Diff, d)
	approx(t, "fpa lo", f.Lo, lo)
	approx(t, "fpa hi", f.Hi, hi)
	approx(t, "fpa z", f.Statistic, z)
	// 5 games per reading: the exact permutation test replaces the z test.
	// 180 of the C(10,5) = 252 splits of the ten scores are as extreme as
	// the observed one (counted by enumerating the splits).
	p = 180.0 / 252
	approx(t, "fpa p", f.P, p)
	approx(t, "fpa holm", f.PHolm, p) // one pair: Holm leaves p alone
	if f.Test != testScoreX || c.DrawRate.Test != testFisher {
		t.Errorf("tests %q and %q, want the exact ones", f.Test, c.DrawRate.Test)
	}
	if f.Significant || c.DifferInBalance {
		t.Error("5 games per reading cannot differ significantly")
	}
	approx(t, "draw diff", c.DrawRate.Diff, 0)
	approx(t, "draw p", c.DrawRate.P, 1)
	approx(t, "length diff", c.MeanLength.Diff, 0)
	approx(t, "mw prob", c.Length.ProbLonger, 0.5)
	approx(t, "mw p", c.Length.P, 1)
	approx(t, "mw holm", c.Length.PHolm, 1)
	// Equivalence within the default ±0.02, by hand: difference 0.2,
	// standard error √(0.175/5 + 0.175/5) = √0.07 = 0.2646; the test of
	// H0 d ≥ 0.02 has z = (0.2 − 0.02)/0.2646 = 0.680, p = Φ(0.680) = 0.752
	// (the larger of the two, so the TOST p), the test of H0 d ≤ 0.02 has
	// p = 1 − Φ(0.680) = 0.248: neither shown within nor beyond: undecided.
	e := c.Equivalence
	if e == nil || e.Verdict != "undecided" || e.Margin != 0.02 || math.Abs(float64(e.P)-0.752) > 0.001 || math.Abs(float64(e.PBeyond)-0.248) > 0.001 {
		t.Errorf("equivalence %+v, want undecided, margin 0.02, p 0.752, p beyond 0.248", e)
	}
	if s.EquivalenceMargin != 0.02 || s.EquivalenceMarginFrom != "default" {
		t.Errorf("margin %g from %q, want the default 0.02", s.EquivalenceMargin, s.EquivalenceMarginFrom)
	}
	want := "readings differ in balance: no at 5% (first-player advantage 0.600 vs 0.400, Holm p = 0.71); not shown equivalent within ±0.02 (TOST p = 0.75); draw rate: no (0.200 vs 0.200); mean length: no (2.4 vs 2.4 plies)"
	if c.Verdict != want {
		t.Errorf("verdict\n%s\nwant\n%s", c.Verdict, want)
	}
}

// TestWorkersAgree checks that the number of workers does not change a
// number, on a dataset of several cells and batches.
func TestWorkersAgree(t *testing.T) {
	dir := t.TempDir()
	writeRandom(t, dir, 3, 4, 300, 20)
	var first string
	for _, w := range []int{1, 2, 5} {
		ds, err := load.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Analyze(context.Background(), ds, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		got := mustJSON(t, s)
		if first == "" {
			first = got
		} else if got != first {
			t.Errorf("workers %d gave a different summary", w)
		}
	}
}

// TestAllWins checks the ends of the intervals on a cell where South, the
// first mover, wins all 5 games: Wilson at 5 of 5 and at 0 of 5, worked
// out by hand (0 of 5: upper bound 0.434482...).
func TestAllWins(t *testing.T) {
	dir := t.TempDir()
	games := handGames("kingulu", "south", 0)
	for i := range games {
		games[i].Result, games[i].EndReason = engine.SouthWins, engine.Score
	}
	if err := synth.WriteBatch(dir, 0, 0, games, true); err != nil {
		t.Fatal(err)
	}
	c := analyzeDir(t, dir).Cells[0]
	const up0 = 0.43448246478317476 // Wilson upper bound at 0 of 5
	approx(t, "south share", c.Outcomes.South.Share, 1)
	approx(t, "south lo", c.Outcomes.South.Lo, 1-up0)
	if c.Outcomes.South.Hi != 1 || c.Outcomes.North.Lo != 0 || c.Outcomes.Draw.Lo != 0 {
		t.Errorf("ends not exact: south hi %v north lo %v draw lo %v", c.Outcomes.South.Hi, c.Outcomes.North.Lo, c.Outcomes.Draw.Lo)
	}
	approx(t, "north hi", c.Outcomes.North.Hi, up0)
	approx(t, "FPA", c.FirstPlayerAdvantage.Value, 1)
	approx(t, "FPA lo", c.FirstPlayerAdvantage.Lo, 1-up0)
	// Balance 1 − |1 − 0| = 0; its interval maps [1−up0, 1] through
	// 1 − |2p − 1|.
	approx(t, "balance", c.Balance.Value, 0)
	approx(t, "balance lo", c.Balance.Lo, 0)
	approx(t, "balance hi", c.Balance.Hi, 1-math.Abs(2*(1-up0)-1))
	// Decisiveness over all 5 games, now all won by South, who leads for
	// good after ply 1 of 4, never (D = 3 of 3), never (2 of 2), from the
	// start, and after ply 1 of 2: (1/4 + 1 + 1 + 0 + 1/2)/5.
	if c.Moves.DecidedGames != 5 {
		t.Errorf("decided games %d", c.Moves.DecidedGames)
	}
	approx(t, "decisiveness", c.Moves.Decisiveness.Value, (0.25+1+1+0+0.5)/5)
}

// TestHolmWiringSeveralComparisons checks Holm's correction as the
// analysis applies it, over several comparisons whose p-values are not in
// order, against a brute-force Holm written out here: for comparison i,
// max over comparisons j with p_j <= p_i of (m − rank_j)·p_j, capped at 1.
func TestHolmWiringSeveralComparisons(t *testing.T) {
	dir := t.TempDir()
	writeRandom(t, dir, 4, 1, 400, 20)
	s := analyzeDir(t, dir)
	if len(s.Comparisons) != 6 {
		t.Fatalf("%d comparisons, want 6", len(s.Comparisons))
	}
	holm := func(ps []float64) []float64 {
		out := make([]float64, len(ps))
		for i := range ps {
			for j := range ps {
				if ps[j] > ps[i] {
					continue
				}
				rank := 0 // p-values below p_j
				for k := range ps {
					if ps[k] < ps[j] {
						rank++
					}
				}
				out[i] = math.Max(out[i], math.Min(1, float64(len(ps)-rank)*ps[j]))
			}
		}
		return out
	}
	for _, q := range []struct {
		name string
		get  func(*summary.Comparison) summary.Diff
	}{
		{"first-player advantage", func(c *summary.Comparison) summary.Diff { return c.FirstPlayerAdvantage }},
		{"draw rate", func(c *summary.Comparison) summary.Diff { return c.DrawRate }},
		{"mean length", func(c *summary.Comparison) summary.Diff { return c.MeanLength }},
	} {
		var ps []float64
		for i := range s.Comparisons {
			ps = append(ps, float64(q.get(&s.Comparisons[i]).P))
		}
		want := holm(ps)
		changed, sorted := false, true
		for i := range ps {
			d := q.get(&s.Comparisons[i])
			if math.Abs(float64(d.PHolm)-want[i]) > 1e-12 || d.Significant != (want[i] < s.Alpha) {
				t.Errorf("%s, comparison %d (%s vs %s): p %v, Holm %v significant %v; want Holm %v", q.name, i,
					s.Comparisons[i].RulesetA, s.Comparisons[i].RulesetB, ps[i], d.PHolm, d.Significant, want[i])
			}
			changed = changed || want[i] != ps[i]
			sorted = sorted && (i == 0 || ps[i-1] <= ps[i])
		}
		if !changed || sorted {
			t.Errorf("%s: p-values %v do not exercise the correction (changed %v, sorted %v)", q.name, ps, changed, sorted)
		}
	}
	var ps []float64
	for _, c := range s.Comparisons {
		ps = append(ps, float64(c.Length.P))
	}
	for i, w := range holm(ps) {
		if math.Abs(float64(s.Comparisons[i].Length.PHolm)-w) > 1e-12 {
			t.Errorf("Mann–Whitney, comparison %d: Holm %v, want %v", i, s.Comparisons[i].Length.PHolm, w)
		}
	}
	for _, c := range s.Comparisons {
		if c.DifferInBalance != c.FirstPlayerAdvantage.Significant {
			t.Errorf("%s vs %s: differ_in_balance %v, significant %v", c.RulesetA, c.RulesetB, c.DifferInBalance, c.FirstPlayerAdvantage.Significant)
		}
	}
}

// TestThreeWinsAgainstThreeLosses is the review's case: three games won by
// the first mover under one reading and three lost under another. The
// scores do not vary within a reading, so no normal test applies; the
// exact permutation test gives 2/C(6,3) = 0.1: not significant.
func TestThreeWinsAgainstThreeLosses(t *testing.T) {
	dir := t.TempDir()
	for c, res := range []string{"south", "north"} {
		rs := []string{"kingulu", "kingulu:penultimate=never"}[c]
		games := handGames(rs, "south", int64(c)*3)[:3]
		for i := range games {
			games[i].Result, games[i].EndReason = synth.Result(res), engine.Score
		}
		if err := synth.WriteBatch(dir, c, 0, games, true); err != nil {
			t.Fatal(err)
		}
	}
	s := analyzeDir(t, dir)
	f := s.Comparisons[0].FirstPlayerAdvantage
	approx(t, "diff", f.Diff, 1)
	approx(t, "p", f.P, 0.1)
	if f.Significant || s.Comparisons[0].DifferInBalance || f.Test != testScoreX {
		t.Errorf("3 wins vs 3 losses: %+v", f)
	}
}

// TestLargeGridComparesNeighbours: with more than maxAllPairs readings of
// one variant and agent pair, only pairs that differ in one option are
// compared, Holm runs over those, and a note says so.
func TestLargeGridComparesNeighbours(t *testing.T) {
	grid, err := engine.Expand("kingulu:penultimate=*,min_lift=*,skip_origin=*,first_lap_rule=*")
	if err != nil || len(grid) != 24 {
		t.Fatalf("grid %d, %v", len(grid), err)
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	for c, r := range grid {
		cell := synth.Cell{Ruleset: r, Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 10, PFirst: 0.5, PDraw: 0.1}
		if err := synth.WriteBatch(dir, c, 0, synth.RandomGames(rng, cell, int64(c*40), 40), false); err != nil {
			t.Fatal(err)
		}
	}
	s := analyzeDir(t, dir)
	// Each reading has 2 + 1 + 1 + 1 neighbours: 24·5/2 pairs.
	if len(s.Comparisons) != 60 {
		t.Fatalf("%d comparisons, want 60", len(s.Comparisons))
	}
	var ps []float64
	for _, c := range s.Comparisons {
		if optionsApart(c.RulesetA, c.RulesetB) != 1 {
			t.Errorf("%s vs %s differ in more than one option", c.RulesetA, c.RulesetB)
		}
		ps = append(ps, float64(c.FirstPlayerAdvantage.P))
	}
	for i, w := range stats.Holm(ps) {
		approx(t, "holm", s.Comparisons[i].FirstPlayerAdvantage.PHolm, w)
	}
	if got := strings.Join(s.Notes, "\n"); !strings.Contains(got, "kingulu, random/random has 24 readings: only the 60 pairs that differ in one option are compared") {
		t.Errorf("notes %q", s.Notes)
	}
	for _, c := range []struct {
		a, b string
		n    int
	}{{"kingulu", "kingulu", 0}, {"kingulu", "kingulu:min_lift=2", 1}, {"kingulu:penultimate=never", "kingulu:penultimate=origin", 1},
		{"kingulu:min_lift=2", "kingulu:penultimate=never", 2}, {"kingulu:a=1,b=2", "kingulu:b=2,c=3", 2}} {
		if got := optionsApart(c.a, c.b); got != c.n {
			t.Errorf("optionsApart(%s, %s) = %d, want %d", c.a, c.b, got, c.n)
		}
	}
}
