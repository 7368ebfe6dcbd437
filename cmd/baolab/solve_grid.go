package main

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/config"
	"github.com/baolab/baolab/solve"
)

// solveGrid is the TOML file of baolab solve --grid.
type solveGrid struct {
	MaxPositions int64    `toml:"max_positions"`
	Rules        []string `toml:"rules"`
}

// runSolveGrid solves every ruleset of the grid file in turn. A board too
// big to solve is reported as stopped and the grid goes on; a bad file or
// ruleset is bad input before any board is solved.
func runSolveGrid(p solvePrinter, file, out string, opt solve.Options, maxPosGiven bool) error {
	grid, games, err := loadSolveGrid(file)
	if err != nil {
		return badInput(err)
	}
	if grid.MaxPositions > 0 && !maxPosGiven {
		opt.MaxPositions = grid.MaxPositions
	}
	for _, g := range games {
		res, err := solve.Solve(g.NewState(), opt)
		if errors.Is(err, solve.ErrTooBig) {
			if err := p.stopped(g.Ruleset(), dataset.OneLine(err)); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if err := p.solved(res); err != nil {
			return err
		}
		if out != "" {
			if err := solve.WriteTable(filepath.Join(out, url.PathEscape(g.Ruleset())), res.Table); err != nil {
				return err
			}
		}
	}
	return nil
}

// loadSolveGrid reads and checks a grid file and parses its rulesets. It
// is read as experiment files are (config.Decode): a key in another case
// or unknown, and a bad ruleset, are errors naming the file, line and key.
func loadSolveGrid(file string) (solveGrid, []engine.Game, error) {
	var grid solveGrid
	data, err := os.ReadFile(file)
	if err != nil {
		return grid, nil, err
	}
	f, err := config.Decode(file, data, &grid)
	if err != nil {
		return grid, nil, err
	}
	if len(grid.Rules) == 0 {
		return grid, nil, fmt.Errorf("%s: no rules = [...] given", file)
	}
	if grid.MaxPositions < 0 {
		return grid, nil, f.Errorf("max_positions", -1, fmt.Errorf("must be 1 or more, not %d", grid.MaxPositions))
	}
	games := make([]engine.Game, len(grid.Rules))
	for i, r := range grid.Rules {
		if games[i], err = engine.Parse(r); err != nil {
			return grid, nil, f.Errorf("rules", i, err)
		}
	}
	return grid, games, nil
}
