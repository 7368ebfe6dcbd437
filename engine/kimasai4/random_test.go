package kimasai4_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

// optionSets are the rulesets the random tests play besides the default.
var optionSets = []string{
	"kimasai-four-rows:empty_start=right",
	"kimasai-four-rows:first=north,repetition=third",
	"kimasai-four-rows:repetition=none,max_plies=60",
	"kimasai-four-rows:holes=4",
	"kimasai-four-rows:holes=5,empty_start=right,first=north",
	"kimasai-four-rows:holes=16,repetition=none",
}

func TestRandomGamesDefault(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows")
	plies := enginetest.RandomGames(t, g, 10000, 1)
	t.Logf("%d plies", plies)
}

func TestRandomGamesOptions(t *testing.T) {
	for i, rs := range optionSets {
		enginetest.RandomGames(t, engine.MustParse(rs), 2000, uint64(100+i))
	}
}

// TestAgainstReference plays random games with the engine and the slow
// reference model side by side and compares them after every move: board
// as South sees it, player, ply, result, end reason, first repeated ply,
// material and candidates.
func TestAgainstReference(t *testing.T) {
	sets := append([]string{"kimasai-four-rows"}, optionSets...)
	for i, rs := range sets {
		g := engine.MustParse(rs)
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		for game := 0; game < 600; game++ {
			s, r := g.NewState(), newRef(g)
			if d := r.compare(s); d != "" {
				t.Fatalf("%s game %d: at the start: %s", rs, game, d)
			}
			for !s.Over() {
				ms := s.Candidates(nil)
				m := ms[rng.IntN(len(ms))]
				info, err := s.Apply(m)
				if err != nil {
					t.Fatalf("%s game %d: %v", rs, game, err)
				}
				if taken := r.apply(m); int(info.Captured) != taken {
					t.Fatalf("%s game %d ply %d: captured %d, reference %d", rs, game, s.Ply(), info.Captured, taken)
				}
				if d := r.compare(s); d != "" {
					t.Fatalf("%s game %d ply %d: %s", rs, game, s.Ply(), d)
				}
			}
		}
	}
}

func TestNoAllocs(t *testing.T) {
	for _, rs := range append([]string{"kimasai-four-rows"}, optionSets...) {
		enginetest.NoAllocs(t, engine.MustParse(rs))
	}
}

// BenchmarkRandomGames plays uniform random games of the default ruleset
// through the engine.State interface, with a fixed seed, on one core.
func BenchmarkRandomGames(b *testing.B) {
	benchRandom(b, "kimasai-four-rows")
}

// BenchmarkRandomGamesHoles4 is BenchmarkRandomGames on the smallest board.
func BenchmarkRandomGamesHoles4(b *testing.B) {
	benchRandom(b, "kimasai-four-rows:holes=4")
}

func benchRandom(b *testing.B, rs string) {
	g := engine.MustParse(rs)
	start := g.NewState()
	s := start.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	plies, games := 0, 0
	for b.Loop() {
		s.CopyFrom(start)
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		plies += s.Ply()
		games++
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(games)/sec, "games/s")
	b.ReportMetric(float64(plies)/sec, "plies/s")
	b.ReportMetric(0, "ns/op")
}
