package agent

import "github.com/baolab/baolab/engine"

// Agent chooses moves for one seat of one game at a time.
//
// An Agent is deterministic given the seed passed to Reset: the same seed,
// game and positions give the same moves. Agents are not safe for
// concurrent use; a worker makes its own with Spec.New.
type Agent interface {
	// Reset starts a new game with the given seed.
	Reset(seed uint64)
	// Choose returns one of moves (s's candidates, never empty) for the
	// player to move in s. It must not change s. A candidate may turn out
	// to be never-ending: the caller then calls Choose again with the
	// remaining candidates.
	Choose(s engine.State, moves []engine.Move) engine.Move
}

// Spec is a parsed agent spec such as "mcts:iters=400,c=1.4".
type Spec interface {
	// String returns the canonical spec string (every parameter given,
	// in a fixed order), as written to logs.
	String() string
	// New returns a fresh agent that plays g.
	New(g engine.Game) Agent
}
