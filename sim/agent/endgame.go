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

// loadEndgame reads the endgame database in dir, once per process, and
// checks that it serves g's ruleset. The error wraps ErrPrepare.
func loadEndgame(dir string, g engine.Game) (*endgame.DB, error) {
	return endgames.get(g.Ruleset()+"\x00"+dir, func() (*endgame.DB, error) {
		db, err := endgame.ReadFor(dir, g)
		if err != nil {
			return nil, fmt.Errorf("%w: alphabeta: %w", ErrPrepare, err)
		}
		return db, nil
	})
}

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
