package kingulu_test

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

var (
	rateGames = flag.Int("kingulu.rate", 0, "games of the never-ending rate test (default 100,000; 20,000 with -short)")
	rateRules = flag.String("kingulu.rules", "kingulu", "ruleset of the never-ending rate test (the claimed rate is checked for kingulu only)")
)

// claimedNeverEndingRate is the share of random games of the default rules
// (uniform among candidates) that meet a never-ending move, as the
// README states it: about 1 game in 4,500. 1,000,000 games from the
// seed of TestNeverEndingRate meet one in 220 (1 in 4,545); 300,000 meet
// one in 71 (1 in 4,225).
const claimedNeverEndingRate = 1.0 / 4500

// TestNeverEndingRate plays random games of the default rules and checks
// that the claimed rate lies within the 99.9% Wilson interval of the
// share observed (100,000 games from a fixed seed; -kingulu.rate=N for
// more). With -kingulu.rules=RULESET it only measures the rate of that
// ruleset.
func TestNeverEndingRate(t *testing.T) {
	games := *rateGames
	if games == 0 {
		games = 100000
		if testenv.Short() {
			games = 20000
		}
	}
	g := engine.MustParse(*rateRules)
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewState()
	met := 0
	var buf []engine.Move
	for i := 0; i < games; i++ {
		s.CopyFrom(g.NewState())
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		if s.NeverEndingMet() > 0 {
			met++
		}
	}
	lo, hi := wilson(met, games, 3.2905) // 99.9%
	t.Logf("%d of %d games met a never-ending move (1 in %.0f); 99.9%% interval 1 in %.0f .. 1 in %.0f",
		met, games, float64(games)/float64(max(met, 1)), 1/hi, 1/lo)
	if g.Ruleset() == "kingulu" && (claimedNeverEndingRate < lo || claimedNeverEndingRate > hi) {
		t.Errorf("claimed rate 1 in %.0f is outside the 99.9%% interval [%.3g, %.3g] of %d/%d", 1/claimedNeverEndingRate, lo, hi, met, games)
	}
}

// wilson returns the Wilson score interval of k successes in n trials at
// normal quantile z.
func wilson(k, n int, z float64) (lo, hi float64) {
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

func TestWilson(t *testing.T) {
	// Hand-worked: 10 of 100 at z = 1.96 gives [0.0552, 0.1744].
	lo, hi := wilson(10, 100, 1.96)
	if math.Abs(lo-0.05523) > 1e-4 || math.Abs(hi-0.17437) > 1e-4 {
		t.Errorf("wilson(10, 100) = [%g, %g], want [0.0552, 0.1744]", lo, hi)
	}
}
