package solve_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/engine/solve"
)

func solveAt(t *testing.T, s engine.State) *solve.Result {
	t.Helper()
	r, err := solve.Solve(s, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestKinguluEndgame: kingulu with 3 holes, South s0=1, North n1=1, South
// to move. South's only move lifts s0 and sows s1, an empty own hole
// facing n1, which holds a seed: South banks it with the capturing seed
// (bank 2). North then has no seed and no move: the game ends by score,
// 2 to 0, margin +2. Two positions, one terminal; value 2/2, south.
func TestKinguluEndgame(t *testing.T) {
	g := engine.MustParse("kingulu:holes=3")
	var p kingulu.Position
	p.Seeds[engine.South][0], p.Seeds[engine.North][1] = 1, 1
	s, err := kingulu.NewStateAt(g, p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	r := solveAt(t, s)
	want := solve.Value{South: 2, North: 2}
	if r.Positions != 2 || r.Terminal != 1 || r.Cyclic || r.Root != want || len(r.Moves) != 1 || r.Moves[0] != (solve.MoveValue{Move: 0, Value: want}) {
		t.Errorf("got %+v, want 2 positions, 1 terminal, root and move 0 at 2/2", r)
	}
	// The same position with North to move: North's n1 sows n2 (empty, own,
	// facing s0 which holds a seed): North banks 2, South has no move:
	// margin -2.
	s, _ = kingulu.NewStateAt(g, p, engine.North)
	if r := solveAt(t, s); r.Root != (solve.Value{South: -2, North: -2}) || r.Root.Outcome() != engine.NorthWins {
		t.Errorf("North to move: %v, want -2/-2 north", r.Root)
	}
}

// TestKimasai4Endgame: kimasai-four-rows with 4 holes, South's only stone
// in its last back hole 7, North's only stone in its front hole 3, South
// to move. South steps 7 -> 0, a front hole facing North's front hole 3,
// which holds a stone: captured (North's back hole 4 behind it is empty).
// North has no stone left: South wins (all-captured), +1.
func TestKimasai4Endgame(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows:holes=4")
	s, err := kimasai4.NewStateAt(g, kimasai4.Position{Stones: [2]uint32{1 << 7, 1 << 3}}, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	r := solveAt(t, s)
	if r.Positions != 2 || r.Terminal != 1 || r.Root != (solve.Value{South: 1, North: 1}) || len(r.Moves) != 1 || r.Moves[0].Move != 7 {
		t.Errorf("got %+v, want 2 positions, 1 terminal, 1/1 by move 7", r)
	}
}
