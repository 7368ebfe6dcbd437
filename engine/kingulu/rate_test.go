package kingulu_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
)

var rateGames = flag.Int("kingulu.rate", 0, "measure how often random games of the default rules meet a never-ending move, over this many games")

// TestNeverEndingRate measures the share of random games (uniform among
// candidates, default rules) that meet a never-ending move. It runs only
// with -kingulu.rate=N; 1,000,000 games from seed 1 met one in 220 games
// (1 in 4,545).
func TestNeverEndingRate(t *testing.T) {
	if *rateGames == 0 {
		t.Skip("run with -kingulu.rate=N")
	}
	g := engine.MustParse("kingulu")
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewState()
	met := 0
	var buf []engine.Move
	for i := 0; i < *rateGames; i++ {
		s.CopyFrom(g.NewState())
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		if s.NeverEndingMet() > 0 {
			met++
		}
	}
	t.Logf("%d of %d games met a never-ending move (1 in %.0f)", met, *rateGames, float64(*rateGames)/float64(max(met, 1)))
}
