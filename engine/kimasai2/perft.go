package kimasai2

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// Perft counts the distinct legal move sequences of length depth from s at
// position level: max_plies and repetition are ignored, a never-ending
// move is skipped (infinite=illegal) or ends the game (infinite=draw), and
// a position where the inner-row-empty end has struck has no moves. s must
// be a *State of g; it is not changed.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	if depth == 0 {
		return 1
	}
	if st.Track.Over() && (st.Track.EndReason() == engine.InnerRowEmpty || st.Track.EndReason() == engine.InfiniteMove) {
		return 0
	}
	return g.perft(st.x, depth)
}

// perft takes the position by value: with a pointer, escape analysis of
// the recursion moved every copy to the heap.
func (g *Game) perft(x pos, depth int) uint64 {
	var n uint64
	for m := nonEmpty(&x.w[x.toMove]); m != 0; m &= m - 1 {
		y := x
		r := g.play(&y, bits.TrailingZeros64(m))
		if r.never() {
			if g.rules.InfiniteDraw && depth == 1 {
				n++
			}
			continue
		}
		if depth == 1 {
			n++
			continue
		}
		if (r.phase2() || !g.rules.EndPhase2) && (g.innerEmpty(&y, y.toMove) || g.innerEmpty(&y, y.toMove^1)) {
			continue
		}
		n += g.perft(y, depth-1)
	}
	return n
}

func (g *Game) innerEmpty(x *pos, p engine.Player) bool {
	return x.w[p][0]&g.inner[0]|x.w[p][1]&g.inner[1] == 0
}
