package kingulu

import "github.com/baolab/baolab/engine"

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
func (g *Game) perft(p pos, depth int) uint64 {
	var total uint64
	var info engine.MoveInfo
	for c := p.cand; c != 0; c &= c - 1 {
		q := p
		switch g.sow(&q, trailing(c), &info, false) {
		case sowEnded:
			if depth == 1 {
				total++
			} else if q.cand = g.candidates(&q); q.cand != 0 {
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
