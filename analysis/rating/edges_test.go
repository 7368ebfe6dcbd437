package rating

import (
	"math"
	"testing"
)

// Tests of edge cases that the hand-worked ladders do not reach: each one
// guards a line where a small change (a < for a <=, a sign, a branch)
// would otherwise go unnoticed (see docs/mutation.md).

// TestModelNames: ladder.json writes the model by these names.
func TestModelNames(t *testing.T) {
	if Single.String() != "single" || PerAgent.String() != "per-agent" {
		t.Errorf("model names %q and %q, want single and per-agent", Single.String(), PerAgent.String())
	}
}

// TestLogisticTails: the logistic function is 1/2 at 0 and saturates to
// exactly 1 and 0 far out on either side instead of overflowing to NaN
// (e^800 is +Inf in float64, so e/(1+e) would be Inf/Inf there).
func TestLogisticTails(t *testing.T) {
	for _, c := range []struct{ z, want float64 }{
		{0, 0.5}, {800, 1}, {-800, 0}, {math.Log(3), 0.75}, {-math.Log(3), 0.25},
	} {
		if got := logistic(c.z); !(math.Abs(got-c.want) <= 1e-15) {
			t.Errorf("logistic(%g) = %g, want %g", c.z, got, c.want)
		}
	}
}

// TestZeroCountsAddNothing: a result that was never observed adds nothing
// to the negative log-likelihood, even where its probability has
// underflowed to 0 (0·log 0 would be NaN) and the draw probability 1 −
// pw − pl has rounded to 0 (a draw count of 0 must not make it +Inf).
// Here the first mover is 800 natural units stronger in one tally and
// weaker in the other, and every game went the likely way: the
// likelihood is 1, so the negative log-likelihood is exactly 0.
func TestZeroCountsAddNothing(t *testing.T) {
	m := &model{
		first: []int{0, 1}, second: []int{1, 0}, adv: []int{0, 0},
		w: []float64{5, 0}, d: []float64{0, 0}, l: []float64{0, 5},
		n: 2, m: 1,
	}
	r, a := []float64{0, -800}, []float64{0}
	gr, ga := make([]float64, 2), make([]float64, 1)
	var gd float64
	if got := m.nll(r, a, 0.5, gr, ga, &gd); got != 0 {
		t.Errorf("negative log-likelihood %g, want 0", got)
	}
	for _, g := range append(append(gr, ga...), gd) {
		if g != 0 {
			t.Errorf("gradient %v %v %g, want all 0", gr, ga, gd)
			break
		}
	}
	// A draw observed where a draw has probability 0 makes it +Inf.
	m.d[0] = 1
	if got := m.nll(r, a, 0.5, nil, nil, nil); !math.IsInf(got, 1) {
		t.Errorf("a draw of probability 0: negative log-likelihood %g, want +Inf", got)
	}
}

// TestConfidenceBounds: a confidence of 0 or 1 (or beyond) is refused.
func TestConfidenceBounds(t *testing.T) {
	ts := []Tally{{First: "random", Second: "b", Wins: 6, Draws: 2, Losses: 2}, {First: "b", Second: "random", Wins: 27, Draws: 5, Losses: 4}}
	for _, conf := range []float64{0, 1, -0.5, 1.5} {
		if _, err := FitML(ts, "random", conf); err == nil {
			t.Errorf("FitML at confidence %g gave no error", conf)
		}
		if _, err := FitPerAgent(handLadder, "random", conf); err == nil {
			t.Errorf("FitPerAgent at confidence %g gave no error", conf)
		}
	}
}

// TestGamesCounted: Games counts wins, draws and losses (6+2+2 + 27+5+4
// = 46), and a ladder whose wins equal its losses is decisive (only a
// ladder without a win or a loss is refused).
func TestGamesCounted(t *testing.T) {
	f, err := FitML([]Tally{{First: "random", Second: "b", Wins: 6, Draws: 2, Losses: 2}, {First: "b", Second: "random", Wins: 27, Draws: 5, Losses: 4}}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if f.Games != 46 || f.Params != 3 {
		t.Errorf("games %d, parameters %d; want 46, 3", f.Games, f.Params)
	}
	// 2/1/2 both ways: r_b = 0, A = 0, and every pair's share is 1/2.
	even, err := FitML([]Tally{{First: "random", Second: "b", Wins: 2, Draws: 1, Losses: 2}, {First: "b", Second: "random", Wins: 2, Draws: 1, Losses: 2}}, "random", 0.95)
	if err != nil {
		t.Fatalf("a ladder with as many wins as losses: %v", err)
	}
	near(t, "even r_b", even.Ratings[1].Value, 0, 1e-4)
	near(t, "even A", even.FirstMove.Value, 0, 1e-4)
	if even.Games != 10 {
		t.Errorf("even ladder: games %d, want 10", even.Games)
	}
	// Without a draw D is not a free parameter: r_b and A only.
	nodraw, err := FitML([]Tally{{First: "random", Second: "b", Wins: 3, Losses: 1}, {First: "b", Second: "random", Wins: 2, Losses: 2}}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if nodraw.Params != 2 {
		t.Errorf("a ladder without draws: %d parameters, want 2", nodraw.Params)
	}
}

// TestOneDegreeOfFreedomP: with one degree of freedom the goodness of fit
// has a p-value (1 here, X² = 0), not NaN.
func TestOneDegreeOfFreedomP(t *testing.T) {
	f, err := FitML([]Tally{{First: "random", Second: "b", Wins: 6, Draws: 2, Losses: 2}, {First: "b", Second: "random", Wins: 27, Draws: 5, Losses: 4}}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if f.GoF.DF != 1 {
		t.Fatalf("degrees of freedom %d, want 1", f.GoF.DF)
	}
	near(t, "p", f.GoF.P, 1, 1e-8)
}

// TestRareDrawsBounds: with one draw in 80 games the profile of D crosses
// the critical value between D = 0 and the estimate, so its lower bound is
// found by bisecting towards 0 rather than being 0. Reference values from
// testdata/profile.py ("rare-draws"; python3 profile.py), to two decimals like
// TestProfileBoundsByHand.
func TestRareDrawsBounds(t *testing.T) {
	f, err := FitML([]Tally{
		{First: "random", Second: "b", Wins: 30, Draws: 1, Losses: 9},
		{First: "b", Second: "random", Wins: 25, Draws: 0, Losses: 15},
	}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want Estimate
	}{
		{"r_b", f.Ratings[1], Estimate{-54.5922, -139.8830, 27.7947}},
		{"A", f.FirstMove, Estimate{144.6548, 63.6438, 231.2127}},
		{"D", f.Draw, Estimate{5.2181, 0.2995, 22.5136}},
	} {
		near(t, c.name, c.got.Value, c.want.Value, 1e-3)
		near(t, c.name+" lo", c.got.Lo, c.want.Lo, 0.01)
		near(t, c.name+" hi", c.got.Hi, c.want.Hi, 0.01)
	}
}

// TestIdentifiedByRank checks identified against an independent rank
// computation on every set of ordered pairs of two, three and four agents
// (self-play included): the per-agent model is identified exactly when
// the design (a row per pair played: +1 for the first mover's rating, −1
// for the second's, the anchor's left out, +1 for the first mover's
// advantage) has full column rank. The design is built here from that
// definition and its rank found by Gaussian elimination.
func TestIdentifiedByRank(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	for n := 2; n <= 4; n++ {
		var pairs [][2]int
		for i := range n {
			for j := range n {
				pairs = append(pairs, [2]int{i, j})
			}
		}
		identified := 0
		for set := 1; set < 1<<len(pairs); set++ {
			var ts []Tally
			plays := map[int]bool{}
			for k, p := range pairs {
				if set&(1<<k) != 0 {
					ts = append(ts, Tally{First: names[p[0]], Second: names[p[1]], Wins: 1, Losses: 1})
					plays[p[0]], plays[p[1]] = true, true
				}
			}
			if len(plays) < n || !plays[0] {
				continue // every agent, the anchor a included, plays
			}
			m, agents, _, err := build(ts, "a", PerAgent)
			if err != nil {
				t.Fatal(err)
			}
			idx := map[string]int{}
			for i, a := range agents {
				idx[a] = i // the anchor is 0, its rating column left out
			}
			var rows [][]float64
			for _, tl := range ts {
				i, j := idx[tl.First], idx[tl.Second]
				row := make([]float64, 2*n-1)
				if i > 0 {
					row[i-1]++
				}
				if j > 0 {
					row[j-1]--
				}
				row[n-1+i] = 1
				rows = append(rows, row)
			}
			want := rank(rows) == 2*n-1
			if got := m.identified(); got != want {
				t.Errorf("%d agents, pairs %v: identified %v, rank says %v", n, ts, got, want)
			}
			if want {
				identified++
			}
		}
		t.Logf("n=%d identified %d", n, identified)
		if identified == 0 {
			t.Errorf("%d agents: no set of pairs identified (the check is vacuous)", n)
		}
	}
}

// rank is the rank of rows by Gaussian elimination with partial pivoting
// (the entries are small integers, so a tolerance of 1e-9 is safe).
func rank(rows [][]float64) int {
	a := make([][]float64, len(rows))
	for i := range rows {
		a[i] = append([]float64(nil), rows[i]...)
	}
	if len(a) == 0 {
		return 0
	}
	r := 0
	for c := 0; c < len(a[0]) && r < len(a); c++ {
		p := r
		for i := r + 1; i < len(a); i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-9 {
			continue
		}
		a[r], a[p] = a[p], a[r]
		for i := range a {
			if i != r {
				f := a[i][c] / a[r][c]
				for j := c; j < len(a[i]); j++ {
					a[i][j] -= f * a[r][j]
				}
			}
		}
		r++
	}
	return r
}
