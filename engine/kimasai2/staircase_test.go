package kimasai2

import (
	"testing"

	"github.com/baolab/baolab/engine"
)

// staircasePosition is a kimasai-two-rows position (reserve=0) where a
// position really repeats: South holds 10, 9, ..., 1 cows in holes 0-9,
// North 3, 2, 1 in holes 0-2 and 2, 1 in holes 8-9, South to move. A move
// that lifts the top of a staircase sows it one hole on (its last cow
// falls into the empty hole after it: no relay, no raid). South has one
// staircase; North moves its two in turn. After 32 moves of each player
// every staircase has gone round the 16 holes (North's twice 16 steps), and
// the start comes back at ply 64, not before.
func staircasePosition() (Position, engine.Player) {
	var p Position
	for h := 0; h < 10; h++ {
		p.Cows[engine.South][h] = uint8(10 - h)
	}
	p.Cows[engine.North][0], p.Cows[engine.North][1], p.Cows[engine.North][2] = 3, 2, 1
	p.Cows[engine.North][8], p.Cows[engine.North][9] = 2, 1
	return p, engine.South
}

// staircaseMoves returns the first plies moves of the staircase game:
// South lifts the top of its staircase, North alternately the top of its
// first and of its second.
func staircaseMoves(plies int) []engine.Move {
	top := [3]int{0, 0, 8} // South's, North's first, North's second
	var ms []engine.Move
	for ply := 0; ply < plies; ply++ {
		k := 0
		if ply%2 == 1 {
			k = 1 + ply/2%2
		}
		ms = append(ms, engine.Move(top[k]))
		top[k] = (top[k] + 1) % 16
	}
	return ms
}

func TestFirstRepeatStaircase(t *testing.T) {
	p, first := staircasePosition()
	s, err := NewStateAt(MustNew(Name+":reserve=0"), p, first)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range staircaseMoves(70) {
		if got, want := s.FirstRepeatPly(), -1; i < 64 && got != want {
			t.Fatalf("before ply %d: FirstRepeatPly %d, want -1\n%s", i+1, got, s)
		}
		info, err := s.Apply(m)
		if err != nil {
			t.Fatalf("ply %d move %d: %v\n%s", i, m, err, s)
		}
		if info.Laps != 1 || info.Captures != 0 || s.Over() {
			t.Fatalf("ply %d move %d: %+v, over %v\n%s", i, m, info, s.Over(), s)
		}
		if i+1 == 64 && (s.Position() != p || s.Player() != first) {
			t.Fatalf("after ply 64 the position is not the start:\n%s", s)
		}
	}
	if got := s.FirstRepeatPly(); got != 64 {
		t.Fatalf("FirstRepeatPly %d, want 64", got)
	}
}
