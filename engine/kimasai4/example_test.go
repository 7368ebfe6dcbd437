package kimasai4_test

import (
	"fmt"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
)

// ExampleNewStateAt builds a position from a diagram on the 4-hole board
// and plays a capturing step: South's stone in its front hole 1 steps
// into the empty front hole 2 and takes North's facing front stone and
// the back stone behind it.
func ExampleNewStateAt() {
	g := engine.MustParse("kimasai-four-rows:holes=4")
	p, err := kimasai4.ParseDiagram(g, `
North back:  1 1 1 0
North front: 1 1 1 0
South front: 1 0 1 1
South back:  1 1 1 1`)
	if err != nil {
		panic(err)
	}
	s, err := kimasai4.NewStateAt(g, p, engine.South)
	if err != nil {
		panic(err)
	}
	fmt.Println("moves:", s.Candidates(nil))
	info, _ := s.Apply(1)
	fmt.Println("captured:", info.Captured)
	fmt.Print(s)
	// Output:
	// moves: [1]
	// captured: 2
	// North back:  1 0 1 0
	// North front: 1 0 1 0
	// South front: 1 1 0 1
	// South back:  1 1 1 1
	// stones: south 7, north 4
	// ply 1, north to move
}

// Example plays the first moves of the default game.
func Example() {
	g := engine.MustParse("kimasai-four-rows")
	s := g.NewState()
	for _, m := range []engine.Move{10, 22} {
		if _, err := s.Apply(m); err != nil {
			panic(err)
		}
	}
	fmt.Print(s)
	fmt.Println(s.Candidates(nil))
	// Output:
	// North back:  1 0 1 1 1 1 1 1 1 1 1 1
	// North front: 0 1 1 1 1 1 1 1 1 1 1 0
	// South front: 1 0 1 1 1 1 1 1 1 1 1 1
	// South back:  1 1 1 1 1 1 1 1 1 1 1 1
	// stones: south 23, north 21
	// ply 2, south to move
	// [9]
}
