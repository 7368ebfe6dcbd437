package agent_test

import (
	"fmt"

	"github.com/baolab/baolab/sim/agent"
)

func ExampleParse() {
	for _, s := range []string{"random", "alphabeta", "mcts:c=2", "mcts:iters=100,c=0.7", "alphabeta:depth=0"} {
		spec, err := agent.Parse(s)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(spec)
	}
	// Output:
	// random
	// alphabeta:depth=4
	// mcts:iters=400,c=2
	// mcts:iters=100,c=0.7
	// error: agent spec "alphabeta:depth=0": alphabeta: option "depth": value "0" not allowed (allowed: 1..32)
}

func ExampleParsePair() {
	south, north, err := agent.ParsePair("mcts:iters=400/greedy")
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(south)
	fmt.Println(north)
	fmt.Println(agent.PairString(south, north))
	// Output:
	// mcts:iters=400,c=1.4
	// greedy
	// mcts:iters=400,c=1.4/greedy
}
