package agent

import "github.com/baolab/baolab/engine"

type alphaBetaAgent struct {
	seeded
	depth  int
	levels []level // levels[k]: the moves of a node k plies below the root and the slot for its children
}

// level is the preallocated work space of one search depth.
type level struct {
	child engine.State
	buf   []engine.Move
	val   [engine.MaxMoves]int32 // score after the move, from the node's mover's view
	term  [engine.MaxMoves]bool  // the move ends the game (val is exact)
	order [engine.MaxMoves]uint8 // indices of the playable moves, best val first
}

func newAlphaBeta(g engine.Game, depth int) *alphaBetaAgent {
	a := &alphaBetaAgent{depth: depth, levels: make([]level, depth)}
	for k := range a.levels {
		a.levels[k].child = g.NewState()
		a.levels[k].buf = make([]engine.Move, 0, engine.MaxMoves)
	}
	a.init(streamAlphaBeta)
	return a
}

// Choose searches depth plies and returns a move of best value, ties
// broken uniformly at random.
func (a *alphaBetaAgent) Choose(s engine.State, moves []engine.Move) engine.Move {
	me := s.Player()
	L := &a.levels[0]
	n := a.prepare(s, 0, moves, a.depth == 1, scoreInf)
	if n == 0 {
		return moves[a.rng.IntN(len(moves))] // every move is never-ending
	}
	best, ties := -scoreInf, 0
	var choice engine.Move
	for _, i := range L.order[:n] {
		v := L.val[i]
		if !L.term[i] && a.depth > 1 {
			// A window just below best finds every move that ties with it
			// exactly; worse moves return a bound below best.
			applyOn(L.child, s, moves[i])
			v = a.value(me, L.child, 1, a.depth-1, best-1, scoreInf)
		}
		switch {
		case v > best:
			best, ties, choice = v, 1, moves[i]
		case v == best:
			ties++
			if a.rng.IntN(ties) == 0 {
				choice = moves[i]
			}
		}
	}
	return choice
}

// value returns the value for player me of child, a position k plies below
// the root reached by a move of me, searched depth more plies (depth >= 1)
// with the window (alpha, beta) of me's view. child must not be over.
func (a *alphaBetaAgent) value(me engine.Player, child engine.State, k, depth int, alpha, beta int32) int32 {
	if child.Player() == me { // the mover moves again
		return a.search(child, k, depth, alpha, beta)
	}
	return -a.search(child, k, depth, -beta, -alpha)
}

// search returns the negamax value of s (not over), k plies below the root,
// for its player to move, searched depth plies (depth >= 1). The value is
// exact inside (alpha, beta), a bound outside (fail-soft).
func (a *alphaBetaAgent) search(s engine.State, k, depth int, alpha, beta int32) int32 {
	me := s.Player()
	L := &a.levels[k]
	L.buf = s.Candidates(L.buf[:0])
	n := a.prepare(s, k, L.buf, depth == 1, beta)
	if n == 0 {
		// Every candidate is never-ending: the player to move has no
		// legal move, and the state decides how the game ends.
		endOfRejected(L.child, s, L.buf)
		return score(L.child, me, k)
	}
	best := -scoreInf
	for _, i := range L.order[:n] {
		v := L.val[i]
		if !L.term[i] && depth > 1 {
			applyOn(L.child, s, L.buf[i])
			v = a.value(me, L.child, k+1, depth-1, alpha, beta)
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// prepare plays every move of s (k plies below the root) once on the level's
// child slot, scores the result for the mover and writes the playable
// moves' indices to the level's order, best first (stable, so equal moves
// stay in move order). It returns their number. When the scores are exact
// (leaf is set, or the move ends the game) a score >= beta cuts the loop
// short, as no other move can change the node's fail-soft value.
func (a *alphaBetaAgent) prepare(s engine.State, k int, moves []engine.Move, leaf bool, beta int32) int {
	me := s.Player()
	L := &a.levels[k]
	n := 0
	for i, m := range moves {
		if !applyOn(L.child, s, m) {
			continue
		}
		L.term[i] = L.child.Over()
		L.val[i] = score(L.child, me, k+1)
		// Insertion by descending value.
		j := n
		for j > 0 && L.val[L.order[j-1]] < L.val[i] {
			L.order[j] = L.order[j-1]
			j--
		}
		L.order[j] = uint8(i)
		n++
		if L.val[i] >= beta && (leaf || L.term[i]) {
			break
		}
	}
	return n
}
