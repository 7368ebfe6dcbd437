package kimasai2_test

import (
	"fmt"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
)

// Two opening moves: South opens without a reserve cow, North brings one in.
func Example() {
	g := engine.MustParse("kimasai-two-rows")
	s := g.NewState()
	for _, m := range []engine.Move{0, 0} {
		info, err := s.Apply(m)
		fmt.Printf("move %d: %d laps, %d cows sown, err %v\n", m, info.Laps, info.Sown, err)
	}
	fmt.Print(s)
	// Output:
	// move 0: 5 laps, 9 cows sown, err <nil>
	// move 0: 4 laps, 8 cows sown, err <nil>
	// kimasai-two-rows ply 2, phase 1
	// north outer   1  0  0  0  0  0  0  0   reserve 23
	// north inner   2  0  2  0  2  0  2  0
	// south inner   0  0  2  0  2  0  2  0
	// south outer   0  0  0  0  0  0  1  1   reserve 24
	// south to move
}

// A raid in a hand-made phase-2 position (holes=4): South's hole 0 sows
// into hole 1, which faces North's hole 2; its 3 cows are raided and sown
// from hole 1 on, the last into the empty hole 3. North's inner row is
// empty, so South wins.
func ExampleNewStateAt() {
	g := engine.MustParse("kimasai-two-rows:holes=4,reserve=0")
	var p kimasai2.Position
	p.Cows[engine.South][0], p.Cows[engine.South][1] = 1, 1
	p.Cows[engine.North][2] = 3
	s, err := kimasai2.NewStateAt(g, p, engine.South)
	if err != nil {
		panic(err)
	}
	fmt.Print(s)
	info, _ := s.Apply(0)
	fmt.Printf("captured %d\n", info.Captured)
	fmt.Print(s)
	// Output:
	// kimasai-two-rows:holes=4,reserve=0 ply 0, phase 2
	// north outer   0  0  0  0   reserve 0
	// north inner   0  3  0  0
	// south inner   1  1  0  0
	// south outer   0  0  0  0   reserve 0
	// south to move
	// captured 3
	// kimasai-two-rows:holes=4,reserve=0 ply 1, phase 2
	// north outer   0  0  0  0   reserve 0
	// north inner   0  0  0  0
	// south inner   0  3  1  1
	// south outer   0  0  0  0   reserve 0
	// game over: result south (inner-row-empty)
}
