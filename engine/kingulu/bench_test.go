package kingulu_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

// playRandom plays games of g from start with uniform random choice
// among Candidates and returns the plies played.
func playRandom(g engine.Game, games int, rng *rand.Rand) (plies int) {
	s := g.NewState()
	start := g.NewState()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for i := 0; i < games; i++ {
		s.CopyFrom(start)
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				panic(err)
			}
		}
		plies += s.Ply()
	}
	return plies
}

// BenchmarkRandomGames plays random games of the default ruleset on one
// core and reports games/s and plies/s.
func BenchmarkRandomGames(b *testing.B) {
	g := engine.MustParse("kingulu")
	rng := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	plies := playRandom(g, b.N, rng)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(float64(plies)/sec, "plies/s")
}

// BenchmarkPerft times Game.Perft to depth 12 of the default ruleset
// (183,926 leaves) and reports leaves per second of wall and of CPU time
// (less inflated by other jobs on a shared machine);
// testdata/cperft/bench.sh compares `baolab perft` with C.
func BenchmarkPerft(b *testing.B) {
	g := engine.MustParse("kingulu")
	s := g.NewState()
	var nodes uint64
	cpu := enginetest.CPUSeconds()
	for i := 0; i < b.N; i++ {
		nodes += g.Perft(s, 12)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
	if cpu := enginetest.CPUSeconds() - cpu; cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu, "leaves/cpu-s")
	}
}
