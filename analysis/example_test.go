package analysis_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/baolab/baolab/analysis"
	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// A dataset of three games, analysed: first-player advantage with its
// interval, and game lengths.
func ExampleAnalyze() {
	dir, err := os.MkdirTemp("", "baolab-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	game := func(id int64, result string, plies int) synth.Game {
		g := synth.Game{GameRow: dataset.GameRow{ID: id, Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "random",
			Result: synth.Result(result), EndReason: engine.Score, FirstRepeatPly: -1}}
		for k := 0; k < plies; k++ {
			g.Moves = append(g.Moves, dataset.MoveRow{Player: engine.South, Legal: 2, Laps: 1, MaterialSouth: 32, MaterialNorth: 32})
		}
		return g
	}
	games := []synth.Game{game(0, "south", 20), game(1, "south", 30), game(2, "north", 25)}
	if err := synth.WriteBatch(dir, 0, 0, games, true); err != nil {
		log.Fatal(err)
	}

	ds, err := load.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	s, err := analysis.Analyze(context.Background(), ds, analysis.Options{})
	if err != nil {
		log.Fatal(err)
	}
	c := s.Cells[0]
	f := c.FirstPlayerAdvantage
	fmt.Printf("%s: %d games, first-player advantage %.3f [%.3f, %.3f]\n", c.Ruleset, c.Games, f.Value, f.Lo, f.Hi)
	fmt.Printf("length: mean %.1f, median %.0f plies; %.1f legal moves per move\n", c.Length.Mean.Value, c.Length.Median, c.Moves.BranchingFactor.Value)
	// Output:
	// kingulu: 3 games, first-player advantage 0.667 [0.208, 0.939]
	// length: mean 25.0, median 25 plies; 2.0 legal moves per move
}
