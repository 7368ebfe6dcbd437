package kingulu_test

import (
	"fmt"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

// Play the first moves of a default game.
func Example() {
	g := engine.MustParse("kingulu")
	s := g.NewState()
	fmt.Println(s.Candidates(nil))
	info, err := s.Apply(2)
	fmt.Printf("%+v %v\n", info, err)
	fmt.Print(s)
	// Output:
	// [2 3 4 5]
	// {Laps:5 Sown:26 Captures:1 Captured:6 Reserved:false NeverEnding:false} <nil>
	//          n5    n4    n3    n2    n1    n0
	// North     1     0     6     6     0     1   bank 0  score 14
	// South     6     6     2     7     0     6   bank 7  score 34
	//          s0    s1    s2    s3    s4    s5
	// ply 1: north to move
}

// Build a position by hand: South's 3 seeds in hole 3 end in North's hole
// 0, which held 3: kuweka mtoto. North's hole 0 becomes South's, with the
// penultimate seed taken back from South's hole 5.
func ExampleNewStateAt() {
	g := engine.MustParse("kingulu")
	var p kingulu.Position
	p.Seeds[engine.South][3] = 3
	p.Seeds[engine.North][0] = 3
	p.Seeds[engine.North][3] = 2
	s, err := kingulu.NewStateAt(g, p, engine.South)
	if err != nil {
		panic(err)
	}
	info, _ := s.Apply(3)
	fmt.Printf("captures %d captured %d reserved %v\n", info.Captures, info.Captured, info.Reserved)
	fmt.Print(s)
	// Output:
	// captures 0 captured 0 reserved true
	//          n5    n4    n3    n2    n1    n0
	// North     0     0     2     0     0    [5]  bank 0  score 2
	// South     0     0     0     0     1     0   bank 0  score 6
	//          s0    s1    s2    s3    s4    s5
	// [n]: reserved by the player across
	// ply 1: north to move
}
