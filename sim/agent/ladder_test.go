package agent_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim/agent"
)

// openingMatch plays games/2 random openings of plies plies, each once
// with a in each seat, and returns a's wins and losses and the rest.
func openingMatch(t testing.TB, g engine.Game, a, b agent.Spec, games, plies int, seed uint64) (aWins, bWins, other int) {
	t.Helper()
	aa, bb := a.New(g), b.New(g)
	rng := rand.New(rand.NewPCG(seed, 99))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for i := 0; i < games; i += 2 {
		start := g.NewState()
		for range plies {
			if buf = start.Candidates(buf[:0]); start.Over() {
				break
			}
			start.Apply(buf[rng.IntN(len(buf))])
		}
		for seat := range 2 {
			south, north := aa, bb
			if seat == 1 {
				south, north = bb, aa
			}
			end, _ := play(t, start, south, north, seed+uint64(i+seat))
			switch end.Result() {
			case engine.Win(engine.Player(seat)):
				aWins++
			case engine.Win(engine.Player(1 - seat)):
				bWins++
			default:
				other++
			}
		}
	}
	return aWins, bWins, other
}

// TestStrongerRungsWin: on the default kingulu board each rung of a small
// ladder beats the one below it, by a one-sided sign test at p < 0.001
// over both seats and random openings (a margin, not a fixed win rate).
func TestStrongerRungsWin(t *testing.T) {
	g := engine.MustParse("kingulu")
	ladder := []string{"random", "alphabeta:depth=2", "alphabeta:nodes=4000"}
	games := 200
	if testenv.Short() {
		games = 100
	}
	for i := 1; i < len(ladder); i++ {
		strong, weak := mustParse(t, ladder[i]), mustParse(t, ladder[i-1])
		w, l, d := openingMatch(t, g, strong, weak, games, 4, uint64(100*i))
		p := signTestP(w, l)
		t.Logf("%s vs %s: %d wins, %d losses, %d other; sign test p = %.2g", ladder[i], ladder[i-1], w, l, d, p)
		if p > 1e-3 {
			t.Errorf("%s did not clearly beat %s: %d wins, %d losses, %d other (p = %.2g)", ladder[i], ladder[i-1], w, l, d, p)
		}
	}
}
