package kimasai2

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

// BenchmarkNeverEndingLaps runs exact never-ending detection on the long
// never-ending moves of testdata/never_ending.txt (millions of laps each)
// and reports laps per second (wall clock, and per CPU second, which is
// the fair figure on a shared machine). testdata/cref/laps.c is a C port
// of the same loop (with Brent's method) for comparison: on the same moves
// it does about 160 million laps per CPU second on a quiet machine; the Go
// loops did about 95 million with the stacks of cycle.go (which need 0.40
// as many laps on these two moves) before the two-word loops lost their
// branches on where a lap ends, and about 125 million since (113-132
// million under a load average of 10, when the former did 65-76 million).
func BenchmarkNeverEndingLaps(b *testing.B) {
	g := MustNew(Name)
	var xs []pos
	var ms []int
	for _, fx := range loadFixtures(b) {
		if fx.laps < 1e6 || fx.laps > 1e8 {
			continue
		}
		s, err := NewStateAt(g, fx.pos, fx.toMove)
		if err != nil {
			b.Fatal(err)
		}
		xs = append(xs, s.x)
		ms = append(ms, int(fx.move))
	}
	var laps int64
	b.ResetTimer()
	cpu := enginetest.CPUSeconds()
	for i := 0; i < b.N; i++ {
		for j := range xs {
			y := xs[j]
			info := g.play(&y, ms[j]).info()
			if !info.NeverEnding {
				b.Fatal("fixture move ended")
			}
			laps += info.Laps
		}
	}
	b.ReportMetric(float64(laps)/b.Elapsed().Seconds(), "laps/s")
	if cpu := enginetest.CPUSeconds() - cpu; cpu > 0 {
		b.ReportMetric(float64(laps)/cpu, "laps/cpu-s")
	}
}

// randomPlay plays games uniformly at random among candidates from a fixed
// seed and gathers what the benchmarks report. cache, if non-nil, records
// every never-ending (position, move) met, to measure how often a cache of
// found cycles would be hit.
type playStats struct {
	games, plies, neGames, neMoves int
	laps, neLaps                   int64
	cacheHits                      int
	cacheLaps                      int64 // laps a cache would have saved
}

func randomPlay(g *Game, games int, seed uint64, cache map[uint64]bool, st *playStats) {
	rng := rand.New(rand.NewPCG(seed, 0x6b32))
	s := g.NewState().(*State)
	start := g.NewState()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for i := 0; i < games; i++ {
		s.CopyFrom(start)
		met := false
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			m := buf[rng.IntN(len(buf))]
			key := s.Hash() ^ uint64(m+1)*0x9e3779b97f4a7c15
			info, _ := s.Apply(m)
			st.laps += info.Laps
			if info.NeverEnding {
				met = true
				st.neMoves++
				st.neLaps += info.Laps
				if cache != nil {
					if cache[key] {
						st.cacheHits++
						st.cacheLaps += info.Laps
					}
					cache[key] = true
				}
			}
		}
		st.games++
		st.plies += s.Ply()
		if met {
			st.neGames++
		}
	}
}

func benchRandom(b *testing.B, rs string) {
	g := MustNew(rs)
	var st playStats
	b.ResetTimer()
	cpu := enginetest.CPUSeconds()
	randomPlay(g, b.N, 1, nil, &st)
	sec := b.Elapsed().Seconds()
	if cpu := enginetest.CPUSeconds() - cpu; cpu > 0 {
		b.ReportMetric(float64(st.games)/cpu, "games/cpu-s")
	}
	b.ReportMetric(float64(st.games)/sec, "games/s")
	b.ReportMetric(float64(st.plies)/sec, "plies/s")
	b.ReportMetric(float64(st.neGames)/float64(st.games), "never-ending-games/game")
	b.ReportMetric(float64(st.laps)/float64(st.games), "laps/game")
}

// BenchmarkRandomGames plays uniformly random games on one core with a
// fixed seed and reports games/s, plies/s, the share of games that meet a
// never-ending move and the laps sown per game. Under exact detection a
// few games cost seconds each (one move of 10^8 laps or more), so measure
// with many games: go test -bench RandomGames/defaults -benchtime 20000x.
// Measured that way (seed 1): 4.9% of games meet a never-ending move;
// defaults 242,551 laps and about 2.6 ms of CPU per game (569,588 laps and
// 6.3 ms with Brent's method alone), almost all of it in three
// never-ending moves of 1.5*10^8 to 3.2*10^9 laps; lap_limit=2000: 431
// laps and 14 us of CPU per game.
func BenchmarkRandomGames(b *testing.B) {
	b.Run("defaults", func(b *testing.B) { benchRandom(b, Name) })
	b.Run("lap_limit=2000", func(b *testing.B) { benchRandom(b, Name+":lap_limit=2000") })
}

// BenchmarkCycleCache measures whether a cache of never-ending moves
// already found (keyed by position and move) would pay off in random play:
// it reports the share of never-ending moves met again and the share of
// all laps sown that a cache would have saved. lap_limit=100000 bounds the
// work (the hit rate is what matters here). Measured with -benchtime
// 20000x: 0 hits among the never-ending moves of 20,000 games (random games
// never meet the same never-ending move twice), so the engine keeps no
// cache.
func BenchmarkCycleCache(b *testing.B) {
	g := MustNew(Name + ":lap_limit=100000")
	var st playStats
	cache := map[uint64]bool{}
	randomPlay(g, b.N, 1, cache, &st)
	b.ReportMetric(float64(st.cacheHits)/float64(max(st.neMoves, 1)), "hits/never-ending")
	b.ReportMetric(float64(st.cacheLaps)/float64(max(st.laps, 1)), "saved-laps/lap")
	b.ReportMetric(float64(st.neLaps)/float64(max(st.laps, 1)), "never-ending-laps/lap")
}
