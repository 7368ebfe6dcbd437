package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// simulate plays games games of every ordered pair of agents (self-play
// included) from the model with ratings truth, draw parameter draw and
// first-move advantages adv: one for every agent (single model) when
// len(adv) == 1, else adv[i] for agent i.
func simulate(rng *rand.Rand, agents []string, truth, adv []float64, draw float64, games int) []Tally {
	var ts []Tally
	for i := range agents {
		for j := range agents {
			a := adv[0]
			if len(adv) > 1 {
				a = adv[i]
			}
			x := truth[i] - truth[j] + a
			pw, pl := pwin(x-draw), pwin(-x-draw)
			tl := Tally{First: agents[i], Second: agents[j]}
			for range games {
				switch u := rng.Float64(); {
				case u < pw:
					tl.Wins++
				case u < pw+pl:
					tl.Losses++
				default:
					tl.Draws++
				}
			}
			ts = append(ts, tl)
		}
	}
	return ts
}

// handLadder is a two-agent ladder with self-play that the per-agent
// model reproduces exactly. Each pair's shares have win odds × loss odds
// = 3/8, so D = 200·log10(8/3) throughout, and the edges are
//
//	random/random 6/2/2 (0.6, 0.2, 0.2):     a_random      = 200·log10 6
//	b/b           2/2/6 (0.2, 0.2, 0.6):     a_b           = −200·log10 6
//	random/b    54/10/8 (3/4, 5/36, 1/9):   −r_b + a_random = 200·log10 24
//	b/random    8/10/54 (1/9, 5/36, 3/4):    r_b + a_b      = −200·log10 24
//
// so r_b = −200·log10 4. (Counts are wins, draws, losses of the first
// mover.)
var handLadder = []Tally{
	{First: "random", Second: "random", Wins: 6, Draws: 2, Losses: 2},
	{First: "b", Second: "b", Wins: 2, Draws: 2, Losses: 6},
	{First: "random", Second: "b", Wins: 54, Draws: 10, Losses: 8},
	{First: "b", Second: "random", Wins: 8, Draws: 10, Losses: 54},
}

// handLogLik is the log-likelihood of handLadder's observed shares.
var handLogLik = 6*math.Log(0.6) + 4*math.Log(0.2) + 4*math.Log(0.2) + 6*math.Log(0.6) +
	2*(54*math.Log(0.75)+10*math.Log(5.0/36)+8*math.Log(1.0/9))

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s = %.6f, want %.6f (±%g)", name, got, want, tol)
	}
}

func TestPerAgentByHand(t *testing.T) {
	f, err := FitPerAgent(handLadder, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if f.Model != PerAgent || f.Params != 4 || len(f.FirstMoves) != 2 || f.Agents[1] != "b" || !math.IsNaN(f.FirstMove.Value) {
		t.Fatalf("fit %+v", f)
	}
	near(t, "r_b", f.Ratings[1].Value, -200*math.Log10(4), 1e-4)
	near(t, "a_random", f.FirstMoves[0].Value, 200*math.Log10(6), 1e-4)
	near(t, "a_b", f.FirstMoves[1].Value, -200*math.Log10(6), 1e-4)
	near(t, "D", f.Draw.Value, 200*math.Log10(8.0/3), 1e-4)
	near(t, "log-likelihood", f.LogLik, handLogLik, 1e-8)
	// The fit reproduces every count: X² = 0 on 4·2 − 4 degrees of freedom.
	g := f.GoF
	near(t, "X²", g.Chi2, 0, 1e-8)
	if g.DF != 4 || g.Counts != 12 || math.Abs(g.P-1) > 1e-8 {
		t.Errorf("goodness of fit %+v, want X² 0 on 4 df, p 1, 12 counts", g)
	}
	// Expected counts 6, 2, 2 (twice), 54, 10, 8 (twice): 4 of 12 below 5,
	// none below 1: more than a fifth, so approximate.
	if g.Small != 4 || g.Tiny != 0 || !g.Approximate {
		t.Errorf("small expected counts %d, tiny %d, approximate %v; want 4, 0, true", g.Small, g.Tiny, g.Approximate)
	}
	for _, p := range g.Pairs {
		near(t, p.First+"/"+p.Second+" predicted score", p.Predicted, p.Observed, 1e-6)
	}
	if p := g.Pairs[2]; p.First != "random" || p.Second != "b" || p.Games != 72 || math.Abs(p.Observed-59.0/72) > 1e-12 {
		t.Errorf("pair %+v, want random/b, 72 games, score 59/72", p)
	}
}

// TestChooseByHand: handLadder is unchanged when every result is turned
// round (a win for a loss) and the agents swapped, so the single model's
// A is 0 there, and its likelihood ratio against the exact per-agent fit
// is χ²₁ with p = erfc(√(G/2)).
func TestChooseByHand(t *testing.T) {
	c, err := Choose(handLadder, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	s, p := c.Single, c.PerAgent
	if c.Note != "" || p == nil || c.Test == nil {
		t.Fatalf("choice %+v", c)
	}
	near(t, "single A", s.FirstMove.Value, 0, 1e-3)
	if s.Params != 3 || s.FirstMoves != nil {
		t.Errorf("single fit: %d parameters, first moves %v", s.Params, s.FirstMoves)
	}
	g := 2 * (handLogLik - s.LogLik)
	lr := c.Test
	near(t, "G", lr.Statistic, g, 1e-6)
	near(t, "p", lr.P, math.Erfc(math.Sqrt(g/2)), 1e-9)
	if lr.DF != 1 || lr.Level != 0.05 {
		t.Errorf("test %+v, want 1 degree of freedom at level 0.05", lr)
	}
	t.Logf("G = %.4f, p = %.3g", g, lr.P)
	// G = 4.334, p = 0.037 < 0.05: the per-agent model is chosen.
	near(t, "G (printed)", g, 4.334, 0.0005)
	if lr.Chosen != PerAgent || c.Chosen() != p {
		t.Errorf("G %.3f, p %.3f: chosen %v", g, lr.P, lr.Chosen)
	}
	// The single fit's Pearson X² from its own parameters, by the formula;
	// 8 − 3 = 5 degrees of freedom, whose χ² tail is
	// erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3).
	r, a, d := s.Ratings[1].Value, s.FirstMove.Value, s.Draw.Value
	var x2 float64
	for _, tl := range handLadder {
		x := a
		if tl.First == "b" && tl.Second == "random" {
			x += r
		} else if tl.First == "random" && tl.Second == "b" {
			x -= r
		}
		pw, pl := pwin(x-d), pwin(-x-d)
		n := float64(tl.Wins + tl.Draws + tl.Losses)
		for _, oe := range [][2]float64{{float64(tl.Wins), n * pw}, {float64(tl.Losses), n * pl}, {float64(tl.Draws), n * (1 - pw - pl)}} {
			x2 += (oe[0] - oe[1]) * (oe[0] - oe[1]) / oe[1]
		}
	}
	sg := s.GoF
	near(t, "single X²", sg.Chi2, x2, 1e-6)
	tail := math.Erfc(math.Sqrt(x2/2)) + math.Sqrt(2*x2/math.Pi)*math.Exp(-x2/2)*(1+x2/3)
	near(t, "single gof p", sg.P, tail, 1e-9)
	if sg.DF != 5 {
		t.Errorf("single gof on %d degrees of freedom, want 5", sg.DF)
	}
	t.Logf("single X² = %.4f, p = %.3g", x2, sg.P)
}

// TestIdentification: without self-play two agents leave the per-agent
// model undetermined (two edges, three parameters); three agents in
// five ordered pairs determine it (five edges, five parameters, full
// rank).
func TestIdentification(t *testing.T) {
	two := handLadder[2:]
	if _, err := FitPerAgent(two, "random", 0.95); err == nil {
		t.Error("two agents without self-play: no error")
	}
	c, err := Choose(two, "random", 0.95)
	if err != nil || c.PerAgent != nil || c.Test != nil || c.Note == "" || c.Chosen() != c.Single {
		t.Errorf("choice without an identified per-agent model: %+v, %v", c, err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	ts := simulate(rng, []string{"random", "b", "c"}, []float64{0, 100, 200}, []float64{50}, 100, 30)
	var five []Tally
	for _, tl := range ts {
		if tl.First != tl.Second && !(tl.First == "c" && tl.Second == "b") {
			five = append(five, tl)
		}
	}
	if _, err := FitPerAgent(five, "random", 0.95); err != nil {
		t.Errorf("three agents, five ordered pairs: %v", err)
	}
	if _, err := FitPerAgent(five[:4], "random", 0.95); err == nil {
		t.Error("three agents, four ordered pairs (four edges, five parameters): no error")
	}
}

// pointFits returns both models' fits of ts without intervals.
func pointFits(t *testing.T, ts []Tally) (single, per *Fit) {
	t.Helper()
	single, err := fitModel(ts, "random", 0.95, Single, false)
	if err != nil {
		t.Fatal(err)
	}
	per, err = fitModel(ts, "random", 0.95, PerAgent, false)
	if err != nil {
		t.Fatal(err)
	}
	return single, per
}

// TestPerAgentRecovery draws 3-agent ladders whose first-move advantage
// grows with strength (−60, 40, 150 points) and checks that the
// per-agent fit recovers every parameter without bias (mean error within
// 10 points over 100 ladders of 100 games per ordered pair; the errors'
// standard deviation is at most about 25 points, the mean's 2.5), that
// the likelihood-ratio test prefers it in at least 95 ladders (it does in
// 100), and that the single model's goodness of fit fails in at least 80
// (95) while the per-agent one's fails in at most 12 (2; 5 expected).
func TestPerAgentRecovery(t *testing.T) {
	agents := []string{"random", "mid", "top"}
	truth, adv := []float64{0, 200, 400}, []float64{-60, 40, 150}
	const draw, games, reps = 80.0, 100, 100
	rng := rand.New(rand.NewPCG(3, 4))
	var errSum [6]float64
	chosen, singleMisfit, perMisfit := 0, 0, 0
	for range reps {
		s, p := pointFits(t, simulate(rng, agents, truth, adv, draw, games))
		got := []float64{p.Ratings[1].Value, p.Ratings[2].Value, p.FirstMoves[0].Value, p.FirstMoves[1].Value, p.FirstMoves[2].Value, p.Draw.Value}
		want := append(append(truth[1:len(truth):len(truth)], adv...), draw)
		for k := range got {
			errSum[k] += got[k] - want[k]
		}
		if Compare(s, p).Chosen == PerAgent {
			chosen++
		}
		if s.GoF.P < Level {
			singleMisfit++
		}
		if p.GoF.P < Level {
			perMisfit++
		}
	}
	for k, name := range []string{"r_mid", "r_top", "a_random", "a_mid", "a_top", "D"} {
		mean := errSum[k] / reps
		t.Logf("%s: mean error %.1f points", name, mean)
		if math.Abs(mean) > 10 {
			t.Errorf("%s: mean error %.1f points over %d ladders", name, mean, reps)
		}
	}
	t.Logf("per-agent chosen in %d, single misfit in %d, per-agent misfit in %d of %d", chosen, singleMisfit, perMisfit, reps)
	if chosen < 95 || singleMisfit < 80 || perMisfit > 12 {
		t.Errorf("of %d ladders: per-agent model chosen in %d, single fit rejected in %d, per-agent fit rejected in %d", reps, chosen, singleMisfit, perMisfit)
	}
}

// TestTestSizes draws ladders from the single model, where both the
// likelihood-ratio test and the single fit's goodness of fit should
// reject in 5% of ladders (both are asymptotic: 40 games per ordered
// pair give 0.059 and 0.064): each rejection rate over 1000 ladders must
// lie in [0.03, 0.08] (standard error 0.007).
func TestTestSizes(t *testing.T) {
	agents := []string{"random", "mid", "top"}
	truth := []float64{0, 150, 300}
	const draw, games, reps = 100.0, 40, 1000
	rng := rand.New(rand.NewPCG(8, 9))
	lr, gof := 0, 0
	for range reps {
		s, p := pointFits(t, simulate(rng, agents, truth, []float64{50}, draw, games))
		test := Compare(s, p)
		if test.DF != 2 {
			t.Fatalf("likelihood ratio on %d degrees of freedom, want 2", test.DF)
		}
		if test.Chosen == PerAgent {
			lr++
		}
		if s.GoF.DF != 9*2-4 {
			t.Fatalf("goodness of fit on %d degrees of freedom, want 14", s.GoF.DF)
		}
		if s.GoF.P < Level {
			gof++
		}
	}
	t.Logf("rejections of the true single model: likelihood ratio %d, goodness of fit %d of %d", lr, gof, reps)
	for _, c := range []struct {
		name string
		n    int
	}{{"likelihood ratio", lr}, {"goodness of fit", gof}} {
		if r := float64(c.n) / reps; r < 0.03 || r > 0.08 {
			t.Errorf("%s rejected the true model in %d of %d ladders", c.name, c.n, reps)
		}
	}
}

// TestProfileBoundsByHand pins the 95% profile-likelihood intervals of
// the two hand-worked ladders (TestTwoAgentsByHand's, and handLadder) to
// two decimals, the precision the bounds are found to (0.01 points).
// The values are those of testdata/profile.py, an independent plain
// Python reference (damped Newton on the likelihood in rating points,
// bisection of the profile to 1e-4 points).
func TestProfileBoundsByHand(t *testing.T) {
	single, err := FitML([]Tally{
		{First: "random", Second: "b", Wins: 6, Draws: 2, Losses: 2},
		{First: "b", Second: "random", Wins: 27, Draws: 5, Losses: 4},
	}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	per, err := FitPerAgent(handLadder, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want Estimate
	}{
		{"single r_b", single.Ratings[1], Estimate{60.2060, -70.9246, 183.8236}},
		{"single A", single.FirstMove, Estimate{215.8362, 91.0264, 355.2286}},
		{"single D", single.Draw, Estimate{85.1937, 37.7298, 159.6253}},
		{"per-agent r_b", per.Ratings[1], Estimate{-120.4120, -281.1390, 50.7479}},
		{"per-agent a_random", per.FirstMoves[0], Estimate{155.6303, -2.6877, 326.6105}},
		{"per-agent a_b", per.FirstMoves[1], Estimate{-155.6303, -326.6105, 2.6877}},
		{"per-agent D", per.Draw, Estimate{85.1937, 56.3786, 122.0134}},
	} {
		near(t, c.name, c.got.Value, c.want.Value, 1e-3)
		near(t, c.name+" lo", c.got.Lo, c.want.Lo, 0.01)
		near(t, c.name+" hi", c.got.Hi, c.want.Hi, 0.01)
	}
}

// TestPearsonTerms: each count adds (O − E)²/E and is small below 5 and
// tiny below 1 (5 and 1 themselves are not); a count expected 0 adds
// nothing when none was observed, and makes X² infinite when one was.
func TestPearsonTerms(t *testing.T) {
	var g GoodnessOfFit
	for _, oe := range [][2]float64{{7, 5}, {0, 1}, {3, 0.5}, {2, 4.5}, {0, 0}} {
		g.add(oe[0], oe[1])
	}
	want := 4.0/5 + 1 + 2.5*2.5/0.5 + 2.5*2.5/4.5
	near(t, "X²", g.Chi2, want, 1e-12)
	if g.Counts != 5 || g.Small != 4 || g.Tiny != 2 {
		t.Errorf("counts %d, small %d, tiny %d; want 5, 4, 2", g.Counts, g.Small, g.Tiny)
	}
	g.add(1, 0)
	if !math.IsInf(g.Chi2, 1) {
		t.Errorf("an observed count expected never: X² %g", g.Chi2)
	}
	for _, c := range []struct {
		counts, small, tiny int
		want                bool
	}{{10, 2, 0, false}, {10, 3, 0, true}, {10, 0, 1, true}, {10, 0, 0, false}, {15, 3, 0, false}} {
		if got := cochranFails(c.counts, c.small, c.tiny); got != c.want {
			t.Errorf("Cochran's rule with %d counts, %d below 5, %d below 1: %v, want %v", c.counts, c.small, c.tiny, got, c.want)
		}
	}
}
