package evaluate_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/sim/evaluate"
)

// swapSeats returns s with the players' pieces exchanged and the other
// player to move: the same position seen from the other seat. Every
// variant numbers holes from their owner's view, so the exchange is a
// swap of the two players' entries.
func swapSeats(t *testing.T, s engine.State) engine.State {
	t.Helper()
	var (
		out engine.State
		err error
	)
	to := s.Player().Other()
	switch st := s.(type) {
	case *kimasai4.State:
		p := st.Position()
		p.Stones[0], p.Stones[1] = p.Stones[1], p.Stones[0]
		out, err = kimasai4.NewStateAt(s.Game(), p, to)
	case *kingulu.State:
		p := st.Position()
		p.Seeds[0], p.Seeds[1] = p.Seeds[1], p.Seeds[0]
		p.Reserved[0], p.Reserved[1] = p.Reserved[1], p.Reserved[0]
		p.Bank[0], p.Bank[1] = p.Bank[1], p.Bank[0]
		out, err = kingulu.NewStateAt(s.Game(), p, to)
	case *kimasai2.State:
		p := st.Position()
		p.Cows[0], p.Cows[1] = p.Cows[1], p.Cows[0]
		p.Reserve[0], p.Reserve[1] = p.Reserve[1], p.Reserve[0]
		out, err = kimasai2.NewStateAt(s.Game(), p, to)
	default:
		t.Fatalf("no seat swap for a %T", s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFeaturesDoNotDependOnTheSeat plays random games on each variant's
// default board and checks, at every position, that a player's features
// are those of the same player's pieces in the other seat: South's view
// of a position equals North's view of the position with the seats
// exchanged (and the other player to move). An evaluation that read one
// seat's pieces where it meant the player's, or signed a term by seat
// rather than by the player to move, fails here; such a bug would make
// the fitted search play differently as South and as North.
func TestFeaturesDoNotDependOnTheSeat(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows", "kingulu", "kimasai-two-rows:lap_limit=2000"} {
		t.Run(rs, func(t *testing.T) {
			g := engine.MustParse(rs)
			rng := rand.New(rand.NewPCG(3, 26))
			var buf []engine.Move
			checked := 0
			for range 20 {
				s := g.NewState()
				for !s.Over() && s.Ply() < 200 {
					checkSwap(t, s, swapSeats(t, s))
					checked++
					buf = s.Candidates(buf[:0])
					if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
						break // a never-ending candidate: on to the next game
					}
				}
			}
			t.Logf("%d positions", checked)
		})
	}
}

// checkSwap compares the features of s from each player's view with the
// other player's view of w, s with the seats exchanged.
func checkSwap(t *testing.T, s, w engine.State) {
	t.Helper()
	for _, p := range []engine.Player{engine.South, engine.North} {
		var a, b [evaluate.MaxFeatures]float64
		n := evaluate.Features(&a, s, p)
		evaluate.Features(&b, w, p.Other())
		if a != b {
			t.Fatalf("ply %d: %v's features %v, with the seats exchanged %v", s.Ply(), p, a[:n], b[:n])
		}
	}
}
