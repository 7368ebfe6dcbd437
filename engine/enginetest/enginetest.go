// Package enginetest holds the checks that every variant's tests run on
// its Game: random games with invariants, undo by copy, perft consistency
// and allocation counts.
package enginetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
)

// RandomGames plays n random games of g from seed and checks, after every
// move: the state's own invariants (conservation, no negative counts,
// incremental hash equal to a full recomputation); the legal moves are
// candidates, and every legal move applies without error on a copy; an
// undo by CopyFrom restores the position and hash exactly; material is
// never negative and never exceeds the total; and every game ends within
// max_plies with a result and an end reason. It returns the number of
// plies played. A failure names the seed and game so it can be replayed.
func RandomGames(t testing.TB, g engine.Game, n int, seed uint64) (plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x6261_6f6c_6162))
	s := g.NewState()
	spare := s.Clone()
	probe := s.Clone()
	var cands, legal []engine.Move
	for game := 0; game < n; game++ {
		s.CopyFrom(g.NewState())
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("%s seed %d game %d ply %d: %s\n%s", g.Ruleset(), seed, game, s.Ply(), fmt.Sprintf(format, args...), s)
		}
		for !s.Over() {
			if err := s.Check(); err != nil {
				fail("invariant: %v", err)
			}
			checkMaterial(s, g, fail)
			cands = s.Candidates(cands[:0])
			if len(cands) == 0 {
				fail("game not over but no candidates")
			}
			if !slices.IsSorted(cands) {
				fail("candidates not sorted: %v", cands)
			}
			// Exact legality is costly with long sowings; check it on a
			// sample of plies.
			if rng.IntN(8) == 0 {
				legal = s.Legal(legal[:0])
				for _, m := range legal {
					if !slices.Contains(cands, m) {
						fail("legal move %d is not a candidate %v", m, cands)
					}
					probe.CopyFrom(s)
					if _, err := probe.Apply(m); err != nil {
						fail("legal move %d does not apply: %v", m, err)
					}
					if err := probe.Check(); err != nil {
						fail("after legal move %d: %v", m, err)
					}
				}
			}
			m := cands[rng.IntN(len(cands))]
			spare.CopyFrom(s)
			before, beforeHash := s.String(), s.Hash()
			_, err := s.Apply(m)
			if err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				fail("move %d: %v", m, err)
			}
			if err == nil && rng.IntN(4) == 0 {
				s.CopyFrom(spare)
				if s.Hash() != beforeHash || s.String() != before {
					fail("undo by CopyFrom did not restore the position")
				}
				if _, err := s.Apply(m); err != nil {
					fail("move %d after undo: %v", m, err)
				}
			}
			if s.Ply() > g.MaxPlies() {
				fail("ply %d beyond max_plies %d", s.Ply(), g.MaxPlies())
			}
		}
		if err := s.Check(); err != nil {
			fail("invariant at end: %v", err)
		}
		if s.Result() == engine.Ongoing || s.EndReason() == engine.NotOver {
			fail("over with result %v reason %v", s.Result(), s.EndReason())
		}
		if (s.EndReason() == engine.MaxPlies) != (s.Result() == engine.Unfinished) {
			fail("result %v with end reason %v", s.Result(), s.EndReason())
		}
		if len(s.Candidates(cands[:0])) != 0 {
			fail("candidates after the end")
		}
		if _, err := s.Apply(0); !errors.Is(err, engine.ErrGameOver) {
			fail("Apply after the end: %v", err)
		}
		plies += s.Ply()
	}
	return plies
}

func checkMaterial(s engine.State, g engine.Game, fail func(string, ...any)) {
	a, b := s.Material(engine.South), s.Material(engine.North)
	if a < 0 || b < 0 || a+b > g.TotalMaterial() {
		fail("material south %d north %d total %d", a, b, g.TotalMaterial())
	}
}

// PerftByApply counts move sequences of length depth from s through the
// State API (Legal and Apply), as a slow reference for the variant's own
// Perft. It ignores game-level ends by replaying only while the position
// itself has legal moves; use it with rulesets whose max_plies exceeds
// depth and where no repetition can end a game within depth.
func PerftByApply(s engine.State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		if _, err := c.Apply(m); err != nil {
			panic(fmt.Sprintf("legal move %d: %v", m, err))
		}
		total += PerftByApply(c, depth-1)
	}
	return total
}

// NoAllocs checks that Candidates and Apply of random games do not
// allocate.
func NoAllocs(t *testing.T, g engine.Game) {
	t.Helper()
	s := g.NewState()
	start := g.NewState()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	// Warm up: grow histories to their size.
	for i := 0; i < 20; i++ {
		playOut(s, start, rng, buf)
	}
	allocs := testing.AllocsPerRun(200, func() { playOut(s, start, rng, buf) })
	if allocs != 0 {
		t.Errorf("%s: %.1f allocations per random game, want 0", g.Ruleset(), allocs)
	}
}

func playOut(s, start engine.State, rng *rand.Rand, buf []engine.Move) {
	s.CopyFrom(start)
	for !s.Over() {
		buf = s.Candidates(buf[:0])
		s.Apply(buf[rng.IntN(len(buf))])
	}
}
