package agent

import (
	"fmt"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// endgames caches the endgame databases of the process: one load per
// directory and ruleset, shared by every worker.
var endgames perProcess[*endgame.DB]

// loadEndgame reads the endgame database in dir for the agent called
// name (alphabeta or mcts), once per process whichever agent asks, and
// checks that it serves g's ruleset. The error wraps ErrPrepare and names
// the agent: "agent cannot play this game: NAME: ...".
func loadEndgame(name, dir string, g engine.Game) (*endgame.DB, error) {
	db, err := endgames.get(g.Ruleset()+"\x00"+dir, func() (*endgame.DB, error) {
		return endgame.ReadFor(dir, g)
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrPrepare, name, err)
	}
	return db, nil
}

// endgameOption is the endgame key of the agents that take one (alphabeta,
// strong and mcts), declared once.
var endgameOption = engine.Option{Key: "endgame", Optional: true, Check: directory, Kind: "a directory",
	Help: "an endgame database (kingulu or kimasai-four-rows) written by baolab endgame --out DIR; left out: none"}

// endgameScore is the search score for p of a position whose value an
// endgame database gives: ±(scoreWin/2 + the margin the winner can force)
// for a forced win or loss (below a win seen in the search, above any
// material difference), and 0 when neither side can force a win (a draw,
// or endless play), as a finished draw scores.
func endgameScore(v solve.Value, p engine.Player) int32 {
	var x int32 // South's view
	switch v.Outcome() {
	case engine.SouthWins:
		x = scoreWin/2 + int32(v.South)
	case engine.NorthWins:
		x = -scoreWin/2 + int32(v.North)
	}
	if p == engine.North {
		return -x
	}
	return x
}
