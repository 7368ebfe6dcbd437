package analysis

import (
	"testing"

	"github.com/baolab/baolab/dataset"
)

// TestMoveLoopAllocs checks that the per-move loop, which runs once per
// logged move, does not allocate.
func TestMoveLoopAllocs(t *testing.T) {
	const plies = 50
	c := &moveCursor{t: &dataset.Reader{Path: "mem"}, done: true}
	for k := int32(0); k < plies; k++ {
		c.b.Append(&dataset.MoveRow{GameID: 7, Ply: k, Move: int8(k % 6), Legal: int16(1 + k%5), Laps: int64(1 + k%3),
			MaterialSouth: 30 + k%4, MaterialNorth: 31 - k%4})
	}
	var a cellAcc
	allocs := testing.AllocsPerRun(100, func() {
		c.i = 0
		if err := c.game(7, plies, 1, &a); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per game", allocs)
	}
	// AllocsPerRun runs the game once more to warm up.
	if a.moves != 101*plies || a.lead.N != 101 {
		t.Errorf("moves %d games %v", a.moves, a.lead.N)
	}
}
