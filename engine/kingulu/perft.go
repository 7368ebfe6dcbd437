package kingulu

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// Perft returns the number of distinct legal move sequences of length
// depth from s (perft(0) = 1; a position whose game is over has none). It works on the position only: max_plies,
// repetitions and the moves s has already rejected are ignored. A state
// whose game ended by a never-ending move (infinite=draw) has no moves.
// s must be a *State of a kingulu Game; its own Game's rules are used.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	if depth == 0 {
		return 1
	}
	if st.Track.EndReason() == engine.InfiniteMove {
		return 0
	}
	return st.g.perft(st.p, depth)
}

// perft takes the position by value: a pointer to a local passed to a
// recursive call would make the local escape to the heap.
//
// At the last ply it counts in bulk where it can (see bulkCount): every
// candidate of such a position is a legal move, so its moves need not be
// sown. Only positions where a move may be never-ending are sown to the
// end.
func (g *Game) perft(p pos, depth int) uint64 {
	if depth == 1 && g.bulkCount(&p) {
		return uint64(bits.OnesCount32(p.cand))
	}
	var total uint64
	var info engine.MoveInfo
	for c := p.cand; c != 0; c &= c - 1 {
		q := p
		switch g.sow(&q, trailing(c), &info, false) {
		case sowEnded:
			if depth == 1 {
				total++
				break
			}
			switch q.cand = g.candidates(&q); {
			case q.cand == 0:
			case depth == 2 && g.bulkCount(&q):
				total += uint64(bits.OnesCount32(q.cand))
			default:
				total += g.perft(q, depth-1)
			}
		case sowNeverEnding:
			if g.rules.InfiniteDraw && depth == 1 {
				total++
			}
		}
	}
	return total
}

// bulkCount says whether every candidate move of p is legal at the last
// ply of a perft: under infinite=draw a never-ending candidate is a legal
// move too, and without lap_limit a move is never-ending only while no
// hole is reserved (see the package doc), so with a hole reserved every
// candidate ends. (With lap_limit a move with a hole reserved can still
// run past the limit.)
func (g *Game) bulkCount(p *pos) bool {
	return g.rules.InfiniteDraw || g.rules.LapLimit == 0 && p.reserved() != 0
}
