package agent

import (
	"math/rand/v2"

	"github.com/baolab/baolab/engine"
)

type greedyAgent struct {
	seeded
	spare engine.State
}

func newGreedy(g engine.Game) *greedyAgent {
	a := &greedyAgent{spare: g.NewState()}
	engine.ShareNeverMemo(a.spare) // changes no verdict, see engine.NeverMemo
	a.init(streamGreedy)
	return a
}

// Choose plays each move on a spare copy of s and returns one that scores
// best for the mover, ties broken uniformly at random.
func (a *greedyAgent) Choose(s engine.State, moves []engine.Move) engine.Move {
	// No never-ending cache: greedy sows each position's moves once, and
	// in measured games no position with a never-ending move came back.
	return greedyChoice(a.rng, nil, a.spare, s, moves)
}

// greedyChoice plays each of moves from s on spare and returns one that
// leaves the best score for the mover of s, ties broken uniformly at random
// with rng. When every move is never-ending any will do: the caller's Apply
// rejects it and the state ends the game when none is left. The greedy
// agent and mcts's greedy rollouts both choose with it. never (nil for
// none) answers for the never-ending moves it has met before.
func greedyChoice(rng *rand.Rand, never *neverCache, spare, s engine.State, moves []engine.Move) engine.Move {
	me := s.Player()
	best, ties := -scoreInf, 0
	choice := moves[0]
	for _, m := range moves {
		if !never.apply(spare, s, m) {
			continue // never-ending with infinite=illegal: not playable
		}
		v := score(spare, me, 1)
		switch {
		case v > best:
			best, ties, choice = v, 1, m
		case v == best:
			ties++
			if rng.IntN(ties) == 0 {
				choice = m
			}
		}
	}
	if ties == 0 {
		return moves[rng.IntN(len(moves))]
	}
	return choice
}
