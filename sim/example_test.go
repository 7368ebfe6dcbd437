package sim_test

import (
	"context"
	"fmt"
	"os"

	"github.com/baolab/baolab/dataset"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/sim"
)

func ExamplePlan_Experiment() {
	e, err := sim.Plan{
		Rules:  []string{"kingulu:seeds=4,penultimate=never", "kimasai-four-rows:infinite=draw"},
		Agents: []string{"mcts:iters=100/random", "greedy"},
		Games:  1000,
	}.Experiment()
	fmt.Println(err)
	fmt.Println(e.Rules)
	fmt.Println(e.Agents)
	fmt.Println(e.NumCells(), "cells of", e.NumBatches(), "batches of", e.Batch, "games")
	// Output:
	// <nil>
	// [kingulu:penultimate=never kimasai-four-rows]
	// [mcts:iters=100,c=1.4/random greedy/greedy]
	// 4 cells of 4 batches of 256 games
}

func ExampleRun() {
	dir, _ := os.MkdirTemp("", "baolab-example")
	defer os.RemoveAll(dir)
	exp, _ := sim.Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 100, Seed: 1, Moves: true}.Experiment()
	s, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dir, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := dataset.ReadManifest(dir)
	fmt.Println(s.Games, "games in", len(m.Cells), "cell; dataset complete:", m.Complete)
	// Output: 100 games in 1 cell; dataset complete: true
}
