package agent

import (
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// TestPerfectRatingOrder: the perfect agent's rating of a move's position
// (South to move), in the order it prefers them: a larger forced win
// first, then a shorter one; a draw by the values (finished, then an
// endless game where South's own value is none but North cannot force a
// win either, which ranks above every loss: a value none is not the worst
// outcome); a loss by less; among losses by the same margin, the longer
// resistance; a position the table does not hold last. Checked for North
// to move with the values mirrored.
func TestPerfectRatingOrder(t *testing.T) {
	type pos struct {
		name  string
		value solve.Value
		plies solve.Plies
		known bool
	}
	n := solve.None
	best := []pos{
		{"win by 2 in 9", solve.Value{South: 2, North: 2}, solve.Plies{South: 9, North: 3}, true},
		{"win by 1 in 3", solve.Value{South: 1, North: 1}, solve.Plies{South: 3, North: 1}, true},
		{"win by 1 in 5", solve.Value{South: 1, North: n}, solve.Plies{South: 5, North: solve.NoPlies}, true},
		{"finished draw", solve.Value{South: 0, North: 0}, solve.Plies{South: 4, North: 4}, true},
		{"draw, may lose by 3", solve.Value{South: -3, North: n}, solve.Plies{South: 1, North: solve.NoPlies}, true},
		{"endless", solve.Value{South: n, North: n}, solve.Plies{South: solve.NoPlies, North: solve.NoPlies}, true},
		{"lose by 1 in 8", solve.Value{South: n, North: -1}, solve.Plies{South: solve.NoPlies, North: 8}, true},
		{"lose by 1 in 2", solve.Value{South: -1, North: -1}, solve.Plies{South: 1, North: 2}, true},
		{"lose by 5 in 20", solve.Value{South: -5, North: -5}, solve.Plies{South: 20, North: 20}, true},
		{"unknown", solve.Value{South: n, North: n}, solve.Plies{South: solve.NoPlies, North: solve.NoPlies}, false},
	}
	mirror := func(f solve.Force) solve.Force {
		if f == n {
			return n
		}
		return -f
	}
	for _, me := range []engine.Player{engine.South, engine.North} {
		for i := 1; i < len(best); i++ {
			a, b := best[i-1], best[i]
			if me == engine.North {
				for _, p := range []*pos{&a, &b} {
					p.value = solve.Value{South: mirror(p.value.North), North: mirror(p.value.South)}
					p.plies = solve.Plies{South: p.plies.North, North: p.plies.South}
				}
			}
			ra, rb := perfectRating(me, a.value, a.plies, a.known), perfectRating(me, b.value, b.plies, b.known)
			if slices.Compare(ra[:], rb[:]) <= 0 {
				t.Errorf("%v to move: %q (%v) does not rate above %q (%v)", me, a.name, ra, b.name, rb)
			}
		}
	}
}
