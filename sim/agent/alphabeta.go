package agent

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/evaluate"
	"github.com/baolab/baolab/solve/endgame"
)

// TTBits is the base-2 logarithm of the number of transposition-table
// entries of an alphabeta agent without the tt key (TTEntryBytes each:
// 768 KiB per agent).
const TTBits = 15

// TTEntryBytes is the size of one transposition-table entry.
const TTEntryBytes = int(unsafe.Sizeof(ttEntry{}))

// ttBitsFor returns the base-2 logarithm of the largest number of
// transposition-table entries that fit in mb MiB; TTBits for mb = 0.
func ttBitsFor(mb int) int {
	if mb == 0 {
		return TTBits
	}
	return bits.Len64(uint64(mb)<<20/uint64(TTEntryBytes)) - 1
}

type alphaBetaAgent struct {
	seeded
	depth  int   // deepest iteration
	budget int64 // nodes allowed per move; 0: no budget
	plain  bool  // test hook: one fixed-depth search, no table, no iterations
	levels []level
	tt     []ttEntry       // a power of two of entries
	gen    uint32          // search number; table entries of another search are empty
	db     *endgame.DB     // endgame database; nil for none
	eval   *evaluate.Model // fitted evaluation; nil for material
	never  *neverCache     // never-ending moves met so far

	nodes   int64 // moves played by this search
	total   int64 // moves played by every search since the agent was made
	aborted bool  // the budget ran out during the current iteration
	horizon bool  // the current iteration scored a position at its depth limit

	rootN    int                    // number of playable root moves
	rootOrd  [engine.MaxMoves]uint8 // root moves in search order
	rootVal  [engine.MaxMoves]int32 // their values from the last complete iteration
	newVal   [engine.MaxMoves]int32
	depthHit int   // depth of the last complete iteration (for tests)
	toEnd    bool  // the last complete iteration reached the end of every line (for tests)
	hits     int64 // table answers (for tests)
}

// level is the preallocated work space of one search depth.
type level struct {
	child engine.State
	buf   []engine.Move
	val   [engine.MaxMoves]int32 // score after the move, from the node's mover's view
	term  [engine.MaxMoves]bool  // the move ends the game (val is exact)
	order [engine.MaxMoves]uint8 // indices of the playable moves, best val first
}

// ttEntry is one transposition-table slot: the value of a position (at a
// ply) searched to a remaining depth, as an exact value or a bound.
type ttEntry struct {
	key   uint64 // position hash mixed with the ply
	val   int32  // as search returned it; a key's ply fixes its distance from the root, so win and loss scores need no shift
	gen   uint32
	depth uint8
	flag  uint8       // ttExact, ttLower or ttUpper
	best  engine.Move // the best move found here
	ok    bool        // best is set
}

const (
	ttExact uint8 = iota + 1
	ttLower
	ttUpper
)

// newAlphaBeta returns an agent searching depth plies at most, budget
// nodes per move (0: no budget), with a table of 2^ttBits entries.
func newAlphaBeta(g engine.Game, depth int, budget int64, ttBits int) *alphaBetaAgent {
	a := &alphaBetaAgent{depth: depth, budget: budget, levels: make([]level, depth), tt: make([]ttEntry, 1<<ttBits), never: newNeverCache()}
	children := make([]engine.State, depth)
	for k := range a.levels {
		a.levels[k].child = g.NewState()
		a.levels[k].buf = make([]engine.Move, 0, engine.MaxMoves)
		children[k] = a.levels[k].child
	}
	// One never-ending memo for every level: the same cycles come back in
	// sibling lines and at other depths (it changes no verdict).
	engine.ShareNeverMemo(children...)
	a.init(streamAlphaBeta)
	return a
}

// Choose searches by iterative deepening and returns a move of best value
// in the last complete iteration, ties broken uniformly at random.
func (a *alphaBetaAgent) Choose(s engine.State, moves []engine.Move) engine.Move {
	if a.db != nil {
		if _, ok := a.db.Lookup(s); ok {
			return a.chooseEndgame(s, moves)
		}
	}
	a.gen++
	a.nodes, a.aborted, a.horizon = 0, false, false
	me := s.Player()
	L := &a.levels[0]
	first := 2
	if a.plain {
		first = max(2, a.depth)
	}
	// Depth 1: every move scored exactly (no cut-off at the root).
	n := a.prepare(s, 0, moves, a.depth == 1 || !a.plain, scoreInf)
	a.rootN = n
	if n == 0 {
		return moves[a.rng.IntN(len(moves))] // every move is never-ending
	}
	copy(a.rootOrd[:n], L.order[:n])
	for _, i := range L.order[:n] {
		a.rootVal[i] = L.val[i]
	}
	a.depthHit = 1
	horizon := a.horizon || a.plain
	for d := first; d <= a.depth && horizon; d++ {
		a.horizon = false
		best := -scoreInf
		for _, i := range a.rootOrd[:n] {
			v := L.val[i]
			if !L.term[i] {
				// A window just below best finds every move that ties
				// with it exactly; worse moves return a bound below best.
				a.play(L.child, s, moves[i])
				v = a.value(me, L.child, 1, d-1, best-1, scoreInf)
				if a.aborted {
					break
				}
			}
			a.newVal[i] = v
			best = max(best, v)
		}
		if a.aborted {
			break
		}
		for _, i := range a.rootOrd[:n] {
			a.rootVal[i] = a.newVal[i]
		}
		sortByVal(a.rootOrd[:n], &a.rootVal)
		a.depthHit = d
		horizon = a.horizon
	}
	a.total += a.nodes
	a.toEnd = !horizon
	// The moves of best value, in the order of moves, and one of them at
	// random: the choice does not depend on the order of the search.
	best, ties := -scoreInf, 0
	for _, i := range a.rootOrd[:n] {
		switch v := a.rootVal[i]; {
		case v > best:
			best, ties = v, 1
		case v == best:
			ties++
		}
	}
	pick := a.rng.IntN(ties)
	for i, m := range moves {
		if a.isRoot(uint8(i), n) && a.rootVal[i] == best {
			if pick == 0 {
				return m
			}
			pick--
		}
	}
	panic("agent: alphabeta lost its best move")
}

// chooseEndgame plays, from a position of the endgame database, a move
// whose position has the best value for the mover, as perfect does
// (bestValued). The database holds every position a move leads to.
func (a *alphaBetaAgent) chooseEndgame(s engine.State, moves []engine.Move) engine.Move {
	return bestValued(&a.seeded, s, moves, a.levels[0].child, a.db.Lookup)
}

// bestRootValue returns the best root value of the last complete
// iteration of the last search (for tests and measurements).
func (a *alphaBetaAgent) bestRootValue() int32 {
	best := -scoreInf
	for _, i := range a.rootOrd[:a.rootN] {
		best = max(best, a.rootVal[i])
	}
	return best
}

// isRoot reports whether move index i is one of the n playable root moves.
func (a *alphaBetaAgent) isRoot(i uint8, n int) bool {
	for _, j := range a.rootOrd[:n] {
		if j == i {
			return true
		}
	}
	return false
}

// sortByVal sorts ord by descending val (stable insertion sort).
func sortByVal(ord []uint8, val *[engine.MaxMoves]int32) {
	for i := 1; i < len(ord); i++ {
		x := ord[i]
		j := i
		for j > 0 && val[ord[j-1]] < val[x] {
			ord[j] = ord[j-1]
			j--
		}
		ord[j] = x
	}
}

// play plays m on dst, a copy of src, and counts the node (a move the
// never-ending cache answers counts as one too, so node counts do not
// depend on the cache).
func (a *alphaBetaAgent) play(dst, src engine.State, m engine.Move) bool {
	a.nodes++
	if a.budget > 0 && a.nodes > a.budget {
		a.aborted = true
	}
	return a.never.apply(dst, src, m)
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

// ttKey mixes the ply into the position hash: the value of a position
// depends on how many plies are left before max_plies.
func ttKey(s engine.State) uint64 {
	return s.Hash() ^ engine.SplitMixFinal(uint64(s.Ply()+1)*engine.Golden)
}

// search returns the negamax value of s (not over), k plies below the root,
// for its player to move, searched depth plies (depth >= 1). The value is
// exact inside (alpha, beta), a bound outside (fail-soft).
//
// The table answers only for the same position, ply and remaining depth,
// so it returns what the plain search would (or a bound of it that cuts
// off as the plain search would); entries of other depths only order the
// moves.
func (a *alphaBetaAgent) search(s engine.State, k, depth int, alpha, beta int32) int32 {
	if a.aborted {
		return 0
	}
	var e *ttEntry
	var key uint64
	if !a.plain {
		key = ttKey(s)
		e = &a.tt[key&uint64(len(a.tt)-1)]
		if e.gen == a.gen && e.key == key && int(e.depth) == depth {
			v := e.val
			switch {
			case e.flag == ttExact,
				e.flag == ttLower && v >= beta,
				e.flag == ttUpper && v <= alpha:
				a.hits++
				return v
			}
		}
	}
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
	if e != nil && e.gen == a.gen && e.key == key && e.ok {
		// The best move of an earlier iteration first.
		for j, i := range L.order[:n] {
			if L.buf[i] == e.best {
				copy(L.order[1:j+1], L.order[:j])
				L.order[0] = i
				break
			}
		}
	}
	alpha0 := alpha
	best := -scoreInf
	bestMove := L.buf[L.order[0]]
	for _, i := range L.order[:n] {
		v := L.val[i]
		if !L.term[i] && depth > 1 {
			a.play(L.child, s, L.buf[i])
			v = a.value(me, L.child, k+1, depth-1, alpha, beta)
			if a.aborted {
				return 0
			}
		}
		if v > best {
			best, bestMove = v, L.buf[i]
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	if e != nil && (e.gen != a.gen || e.key == key || int(e.depth) <= depth) {
		flag := ttExact
		switch {
		case best <= alpha0:
			flag = ttUpper
		case best >= beta:
			flag = ttLower
		}
		*e = ttEntry{key: key, val: best, gen: a.gen, depth: uint8(depth), flag: flag, best: bestMove, ok: true}
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
		if !a.play(L.child, s, m) {
			continue
		}
		L.term[i] = L.child.Over()
		L.val[i] = a.score(L.child, me, k+1)
		if a.db != nil && !L.term[i] {
			if v, ok := a.db.Lookup(L.child); ok {
				L.val[i], L.term[i] = endgameScore(v, me), true // exact: not searched further
			}
		}
		if leaf && !L.term[i] {
			a.horizon = true
		}
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

// EvalScale is the search score of one unit of the fitted evaluation's
// logit (alphabeta:eval=fitted): the score of a position that goes on is
// round(EvalScale · logit), clamped to ±evalCap.
const EvalScale = 1000

// evalCap bounds the fitted score of a position that goes on below the
// endgame database's scores (scoreWin/2 and more) and every finished
// game's.
const evalCap = scoreWin / 4

// score is score(s, p, dist) with the agent's evaluation of a position
// that goes on: the material difference, or the fitted model's.
func (a *alphaBetaAgent) score(s engine.State, p engine.Player, dist int) int32 {
	if a.eval == nil || s.Result() != engine.Ongoing {
		return score(s, p, dist)
	}
	z := math.Round(EvalScale * a.eval.Logit(s, p))
	return int32(max(-float64(evalCap), min(float64(evalCap), z)))
}
