package kimasai4

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// Perft returns the number of distinct legal move sequences of length
// depth from s's position and player to move, ignoring max_plies and
// repetition. s is not changed.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	return g.perft(st.pos.Stones[st.toMove], st.pos.Stones[st.toMove^1], depth)
}

// perft counts from a position given as the mover's and the opponent's
// bitboards (the rules are symmetric in player-relative numbering).
func (g *Game) perft(me, op uint32, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if me == 0 || op == 0 {
		return 0
	}
	cand := g.candidates(me)
	if depth == 1 {
		return uint64(bits.OnesCount32(cand))
	}
	var total uint64
	for ; cand != 0; cand &= cand - 1 {
		from := uint32(bits.TrailingZeros32(cand))
		m2, o2, _ := g.step(me, op, from)
		total += g.perft(o2, m2, depth-1)
	}
	return total
}
