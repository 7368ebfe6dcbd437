package analysis

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// DefaultExactMaxPositions is the largest board (in reachable positions)
// whose exact value Analyze computes by default: about a second of
// solving (and under a second to find that a larger board is over it).
// Larger boards are skipped with a note.
const DefaultExactMaxPositions = 300_000

// exactValues solves every ruleset of cells with at most maxPositions
// reachable positions and pairs its value with the random-play first-player
// advantage of the same ruleset. Rulesets that cannot be solved (too many
// positions, a key too long, a variant without an encoder) are skipped
// with a note each; a board is never an error. solved, when not nil, is
// called with each solved board before the next is solved (so that one
// board's table is held at a time); its error stops the solving.
func exactValues(cells []summary.Cell, maxPositions int64, solved func(rs string, g engine.Game, res *solve.Result) error) (out []summary.Exact, notes []string, err error) {
	if maxPositions <= 0 {
		return nil, nil, nil
	}
	seen := map[string]bool{}
	var skipped []string
	for _, c := range cells {
		if seen[c.Ruleset] {
			continue
		}
		seen[c.Ruleset] = true
		g, err := engine.Parse(c.Ruleset)
		var board, reading string
		if err == nil {
			_, board, reading, err = engine.SplitRuleset(c.Ruleset)
		}
		if err != nil {
			notes = append(notes, fmt.Sprintf("exact: value of %s not computed: %v", c.Ruleset, err))
			continue
		}
		res, err := solve.Solve(g.NewState(), solve.Options{MaxPositions: maxPositions})
		if err != nil {
			if errors.Is(err, solve.ErrTooBig) {
				skipped = append(skipped, c.Ruleset)
			} else {
				notes = append(notes, fmt.Sprintf("exact: value of %s not computed: %v", c.Ruleset, err))
			}
			continue
		}
		e := exactOf(c, res, cells)
		e.Board, e.Reading = board, reading
		out = append(out, e)
		if solved != nil {
			if err := solved(c.Ruleset, g, res); err != nil {
				return out, notes, err
			}
		}
	}
	if len(skipped) > 0 {
		notes = append(notes, fmt.Sprintf("exact: values skipped for %d ruleset(s) with more than %d positions or a key too long to solve (%s): raise --exact-max-positions, or see baolab solve", len(skipped), maxPositions, strings.Join(skipped, ", ")))
	}
	return out, notes, nil
}

// exactOf builds the exact record of c's ruleset from its solved board.
func exactOf(c summary.Cell, res *solve.Result, cells []summary.Cell) summary.Exact {
	force := func(f solve.Force) *int {
		if f == solve.None {
			return nil
		}
		v := int(f)
		return &v
	}
	nan := summary.Num(math.NaN())
	e := summary.Exact{
		Ruleset: c.Ruleset, Variant: c.Variant, First: c.First,
		Positions: res.Positions, Terminal: res.Terminal, Cyclic: res.Cyclic,
		SouthCanForce: force(res.Root.South), NorthCanForce: force(res.Root.North),
		FirstPlayerValue: 0.5,
		RandomFPA:        summary.Interval{Value: nan, Lo: nan, Hi: nan},
	}
	if res.Root.Exact() {
		e.Margin = force(res.Root.South)
	}
	switch res.Root.Outcome() {
	case engine.SouthWins:
		e.Outcome = "south"
	case engine.NorthWins:
		e.Outcome = "north"
	default:
		e.Outcome = "draw"
	}
	if e.Outcome != "draw" {
		e.FirstPlayerValue = 0
		if e.Outcome == c.First {
			e.FirstPlayerValue = 1
		}
	}
	for _, r := range cells {
		if r.Ruleset == c.Ruleset && r.AgentSouth == "random" && r.AgentNorth == "random" {
			e.RandomGames, e.RandomFPA = r.Games, r.FirstPlayerAdvantage
			e.Agreement = agreement(e.FirstPlayerValue, r.FirstPlayerAdvantage)
			break
		}
	}
	return e
}

// agreement says whether the random-play interval f points to the
// perfect-play result v of the first mover (1, 0 or 0.5).
func agreement(v float64, f summary.Interval) string {
	holds := f.Lo <= 0.5 && f.Hi >= 0.5
	switch {
	case v == 0.5 && holds, v == 1 && f.Lo > 0.5, v == 0 && f.Hi < 0.5:
		return "agrees"
	case v == 0.5, v == 1 && f.Hi < 0.5, v == 0 && f.Lo > 0.5:
		return "disagrees"
	}
	return "undecided"
}
