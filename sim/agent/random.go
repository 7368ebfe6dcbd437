package agent

import "github.com/baolab/baolab/engine"

type randomAgent struct{ seeded }

func newRandom() *randomAgent {
	a := &randomAgent{}
	a.init(streamRandom)
	return a
}

// Choose returns a uniformly random move of moves.
func (a *randomAgent) Choose(_ engine.State, moves []engine.Move) engine.Move {
	return moves[a.rng.IntN(len(moves))]
}
