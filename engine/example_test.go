package engine_test

import (
	"fmt"

	"github.com/baolab/baolab/engine"
)

func ExampleAppendMoves() {
	buf := make([]engine.Move, 0, engine.MaxMoves)
	fmt.Println(engine.AppendMoves(buf, 0b1010_0001))
	fmt.Println(engine.AppendMoves(buf, 1<<31|1<<63))
	fmt.Println(len(engine.AppendMoves(buf, 0)))
	// Output:
	// [0 5 7]
	// [31 63]
	// 0
}
