package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTwoAgentsByHand: when the model can reproduce the observed shares of
// both seat orders exactly, the maximum-likelihood fit is the one that
// does. A first vs B: 6 wins, 2 draws, 2 losses; B first vs A: 27, 5, 4.
// With L(p) = 400·log10(p/(1−p)):
//
//	x1 − D = L(0.6),   −x1 − D = L(0.2)     (x1 = r_A − r_B + A = −r_B + A)
//	x2 − D = L(0.75),  −x2 − D = L(1/9)     (x2 = r_B + A)
//
// so x1 = 200·log10 6, x2 = 200·log10 24, D = 200·log10(8/3) from both,
// r_B = (x2 − x1)/2 = 200·log10 2 and A = (x1 + x2)/2 = 200·log10 12.
func TestTwoAgentsByHand(t *testing.T) {
	f, err := FitML([]Tally{
		{First: "random", Second: "b", Wins: 6, Draws: 2, Losses: 2},
		{First: "b", Second: "random", Wins: 27, Draws: 5, Losses: 4},
	}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"r_B", f.Ratings[1].Value, 200 * math.Log10(2)},
		{"A", f.FirstMove.Value, 200 * math.Log10(12)},
		{"D", f.Draw.Value, 200 * math.Log10(8.0/3)},
		{"r_random", f.Ratings[0].Value, 0},
	} {
		if math.Abs(c.got-c.want) > 1e-4 {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
	// The log-likelihood at the fit is that of the observed shares.
	want := 6*math.Log(0.6) + 2*math.Log(0.2) + 2*math.Log(0.2) + 27*math.Log(0.75) + 5*math.Log(5.0/36) + 4*math.Log(1.0/9)
	if math.Abs(f.LogLik-want) > 1e-8 {
		t.Errorf("log-likelihood %.10f, want %.10f", f.LogLik, want)
	}
	// Four free counts, three parameters: X² = 0 on 1 degree of freedom.
	if g := f.GoF; g.DF != 1 || math.Abs(g.Chi2) > 1e-8 || math.Abs(g.P-1) > 1e-8 {
		t.Errorf("goodness of fit %+v, want X² 0 on 1 df, p 1", g)
	}
	for _, e := range []Estimate{f.Ratings[1], f.FirstMove, f.Draw} {
		if !(e.Lo < e.Value && e.Value < e.Hi) || math.IsInf(e.Lo, 0) || math.IsInf(e.Hi, 0) {
			t.Errorf("interval %+v does not surround its estimate", e)
		}
	}
}

func pwin(z float64) float64 { return 1 / (1 + math.Pow(10, -z/400)) }

// TestRecoversKnownParameters draws 4-agent ladders from the single
// model and checks that the estimates are unbiased (mean error within 15
// points over 60 repetitions; the errors' standard deviation is about 40
// points, so the mean's is about 5). Interval coverage is
// TestIntervalCoverage's.
func TestRecoversKnownParameters(t *testing.T) {
	agents := []string{"random", "greedy", "deep", "deeper"}
	truth := []float64{0, 150, 320, 400}
	const adv, draw, games = 60.0, 120.0, 40
	reps := 60
	rng := rand.New(rand.NewPCG(1, 2))
	var errSum [5]float64
	for rep := 0; rep < reps; rep++ {
		ts := simulate(rng, agents, truth, []float64{adv}, draw, games)
		f, err := FitML(ts, "random", 0.95)
		if err != nil {
			t.Fatal(err)
		}
		want := append(truth[1:len(truth):len(truth)], adv, draw)
		got := append([]Estimate{}, f.Ratings[1:]...)
		got = append(got, f.FirstMove, f.Draw)
		for k, e := range got {
			if !(e.Lo < e.Value && e.Value < e.Hi) {
				t.Fatalf("interval %+v does not surround its estimate", e)
			}
			errSum[k] += e.Value - want[k]
		}
	}
	names := []string{"greedy", "deep", "deeper", "first move", "draw"}
	for k, name := range names {
		mean := errSum[k] / float64(reps)
		t.Logf("%s: mean error %.1f points", name, mean)
		if math.Abs(mean) > 15 {
			t.Errorf("%s: mean error %.1f points", name, mean)
		}
	}
}

func TestUnboundedRating(t *testing.T) {
	f, err := FitML([]Tally{
		{First: "random", Second: "perfect", Wins: 0, Draws: 0, Losses: 20},
		{First: "perfect", Second: "random", Wins: 20},
		{First: "random", Second: "random", Wins: 11, Draws: 1, Losses: 8},
	}, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if r := f.Ratings[1]; !math.IsInf(r.Value, 1) || !math.IsInf(r.Hi, 1) || r.Lo < 100 || math.IsInf(r.Lo, 0) {
		t.Errorf("an agent that never lost: %+v, want a finite lower bound and no upper bound", f.Ratings[1])
	}
}

func TestErrors(t *testing.T) {
	if _, err := FitML([]Tally{{First: "a", Second: "b", Wins: 1}}, "random", 0.95); err == nil {
		t.Error("a missing anchor gave no error")
	}
	if _, err := FitML([]Tally{{First: "random", Second: "b", Draws: 3}}, "random", 0.95); err == nil {
		t.Error("only draws gave no error")
	}
}
