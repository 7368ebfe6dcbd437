package sim

import (
	"context"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// prepareAgents calls Prepare of every agent spec that has one
// (agent.Preparer: perfect solves the board) for every ruleset it plays,
// before any game, so that a board an agent cannot play stops the run at
// the start. The error wraps agent.ErrPrepare. A spec that is an
// agent.ContextPreparer stops when ctx is done (SIGTERM during perfect's
// solve of a large board).
func prepareAgents(ctx context.Context, exp dataset.Experiment) error {
	for c := range exp.NumCells() {
		cell := exp.Cell(c)
		south, north, err := agent.ParsePair(cell.Agents)
		if err != nil {
			return err
		}
		for _, sp := range []agent.Spec{south, north} {
			p, ok := sp.(agent.Preparer)
			if !ok {
				continue
			}
			g, err := engine.Parse(cell.Ruleset)
			if err != nil {
				return err
			}
			if cp, ok := sp.(agent.ContextPreparer); ok {
				err = cp.PrepareContext(ctx, g)
			} else {
				err = p.Prepare(g)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}
