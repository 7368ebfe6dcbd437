package agent

import (
	"errors"
	"math"
	"slices"
	"strconv"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve/endgame"
)

type mctsAgent struct {
	seeded
	iters  int
	c      float64
	greedy bool         // greedy rollouts
	solver bool         // MCTS-Solver: back up proven wins, losses and draws
	sim    engine.State // the position of the current descent and rollout
	spare  engine.State
	nodes  []node  // the tree; nodes[0] is the root. Reused from move to move.
	path   []int32 // nodes of the current descent, root first
	buf    []engine.Move
	never  *neverCache // never-ending moves met so far
	db     *endgame.DB // endgame database; nil for none
}

// node is one position of the tree, reached from its parent by move.
type node struct {
	first    int32 // index of the first child; -1 until expanded
	n        uint8 // number of children
	move     engine.Move
	mover    engine.Player // the player who played move
	dead     bool          // move turned out never-ending (infinite=illegal)
	terminal bool          // the game is over here, or the endgame database holds the position; reward holds its outcome
	visits   int32
	wins     float64 // sum of the rewards for mover
	reward   float64 // terminal outcome for the root's mover; with proven, the proven outcome
	// proven (MCTS-Solver only) says reward is the exact outcome of the
	// node under best play of both sides: the game ends here (not at
	// max_plies), or the node's children prove it (see prove).
	proven bool
}

// poolCap bounds the node pool reserved when an agent is made; a pool
// that needs more grows (by doubling) during the first searches only.
const poolCap = 1 << 16

func newMCTS(g engine.Game, iters int, c float64, greedy, solver bool) *mctsAgent {
	a := &mctsAgent{
		iters:  iters,
		c:      c,
		greedy: greedy,
		solver: solver,
		// One iteration adds at most one node's children.
		nodes: make([]node, 0, min(poolCap, 1+(iters+1)*g.NumMoves())),
		sim:   g.NewState(),
		spare: g.NewState(),
		buf:   make([]engine.Move, 0, engine.MaxMoves),
		never: newNeverCache(),
	}
	engine.ShareNeverMemo(a.sim, a.spare) // changes no verdict, see engine.NeverMemo
	a.init(streamMCTS)
	return a
}

// Choose runs iters UCT iterations from s and returns the most visited
// move, ties broken uniformly at random. From a position the endgame
// database holds it searches nothing: the root is proven (with the
// solver) and the move is one of best value, as alphabeta plays there.
func (a *mctsAgent) Choose(s engine.State, moves []engine.Move) engine.Move {
	root := s.Player()
	if a.db != nil && !s.Over() {
		if v, ok := a.db.Lookup(s); ok {
			a.nodes = append(a.nodes[:0], node{first: -1, terminal: true, reward: v.Outcome().ScoreFor(root), proven: a.solver})
			return bestValued(&a.seeded, s, moves, a.spare, a.db.Lookup)
		}
	}
	a.nodes = append(a.nodes[:0], node{first: -1})
	a.expand(0, root, moves)
	for it := 0; it < a.iters; it++ {
		a.sim.CopyFrom(s)
		a.path = append(a.path[:0], 0)
		reward, ok := a.descend(root)
		if !ok {
			break // every root move is never-ending
		}
		if a.solver {
			a.backupProofs(root)
		}
		for _, i := range a.path {
			nd := &a.nodes[i]
			nd.visits++
			if nd.mover == root {
				nd.wins += reward
			} else {
				nd.wins += 1 - reward
			}
		}
		if a.solver && a.nodes[0].proven {
			break // the root's value is known
		}
	}
	r := &a.nodes[0]
	var best int32 = -1
	ties := 0
	choice := moves[a.rng.IntN(len(moves))]
	keep := a.solverKeeps(root)
	for i := r.first; i < r.first+int32(r.n); i++ {
		nd := &a.nodes[i]
		if nd.dead || (keep != nil && !keep(nd)) {
			continue
		}
		switch {
		case nd.visits > best:
			best, ties, choice = nd.visits, 1, nd.move
		case nd.visits == best:
			ties++
			if a.rng.IntN(ties) == 0 {
				choice = nd.move
			}
		}
	}
	return choice
}

// expand gives node i one child per move, played by mover.
func (a *mctsAgent) expand(i int32, mover engine.Player, moves []engine.Move) {
	first := int32(len(a.nodes))
	for _, m := range moves {
		a.nodes = append(a.nodes, node{first: -1, move: m, mover: mover})
	}
	a.nodes[i].first, a.nodes[i].n = first, uint8(len(moves))
}

// descend walks from the root (a.sim holds the root position) by UCT to a
// node not visited before, or to the end of the game, playing the moves on
// a.sim and recording the path, then plays a random rollout. It returns
// the reward for the root's mover: 1 for a win, 0 for a loss, 1/2 for a
// draw or an unfinished game. ok is false if every root move is
// never-ending.
func (a *mctsAgent) descend(root engine.Player) (reward float64, ok bool) {
	var cur int32
	for {
		nd := &a.nodes[cur]
		if nd.terminal || nd.proven {
			return nd.reward, true
		}
		if a.sim.Over() {
			nd.terminal, nd.reward = true, outcome(a.sim, root)
			nd.proven = a.solver && a.sim.Result() != engine.Unfinished
			return nd.reward, true
		}
		if nd.first < 0 {
			a.buf = a.sim.Candidates(a.buf[:0])
			a.expand(cur, a.sim.Player(), a.buf)
			nd = &a.nodes[cur]
		}
		c := a.pick(cur)
		if c < 0 && a.solver && a.prove(cur, root) {
			// Every live child is proven (pick skips them).
			return a.nodes[cur].reward, true
		}
		if c < 0 {
			// Every move here is never-ending: the player to move has no
			// legal move.
			if cur == 0 {
				return 0, false
			}
			a.rejectAll(cur)
			nd = &a.nodes[cur]
			nd.terminal, nd.reward = true, outcome(a.spare, root)
			nd.proven = a.solver && a.spare.Result() != engine.Unfinished
			return nd.reward, true
		}
		if !a.never.applyHere(a.sim, a.nodes[c].move) {
			// Never-ending: a.sim still holds this node's position. (When
			// the cache answered, a.sim still lists the move, so when no
			// live move is left a.sim is not over and pick finds none.)
			a.nodes[c].dead = true
			continue
		}
		a.path = append(a.path, c)
		cur = c
		if a.nodes[c].visits == 0 {
			if !a.sim.Over() {
				if r, ok := a.endgameReward(root); ok {
					nd = &a.nodes[c]
					nd.terminal, nd.reward, nd.proven = true, r, a.solver
					return r, true
				}
				return a.rollout(root), true
			}
			a.nodes[c].terminal, a.nodes[c].reward = true, outcome(a.sim, root)
			a.nodes[c].proven = a.solver && a.sim.Result() != engine.Unfinished
			return a.nodes[c].reward, true
		}
	}
}

// pick returns the child of node i to descend into: a random unvisited
// live child if there is one, else the live child of largest UCB1 value
// mean + c·sqrt(ln N / n) (the first on ties), or -1 if every child is dead.
func (a *mctsAgent) pick(i int32) int32 {
	nd := &a.nodes[i]
	first, last := nd.first, nd.first+int32(nd.n)
	var choice int32 = -1
	unvisited := 0
	for j := first; j < last; j++ {
		if !a.nodes[j].dead && !a.nodes[j].proven && a.nodes[j].visits == 0 {
			unvisited++
			if a.rng.IntN(unvisited) == 0 {
				choice = j
			}
		}
	}
	if unvisited > 0 {
		return choice
	}
	logN := math.Log(float64(nd.visits))
	best := math.Inf(-1)
	for j := first; j < last; j++ {
		ch := &a.nodes[j]
		if ch.dead || ch.proven {
			continue // a proven child's value is known: no descent can change it
		}
		n := float64(ch.visits)
		// The explicit conversions forbid fused multiply-adds, so the
		// choice is the same on every platform.
		u := float64(ch.wins/n) + float64(a.c*math.Sqrt(logN/n))
		if u > best {
			best, choice = u, j
		}
	}
	return choice
}

// rejectAll leaves in a.spare the end of the game at a.sim when every move
// of node i (a.sim's position) is rejected as never-ending.
func (a *mctsAgent) rejectAll(i int32) {
	a.buf = a.buf[:0]
	nd := &a.nodes[i]
	for j := nd.first; j < nd.first+int32(nd.n); j++ {
		a.buf = append(a.buf, a.nodes[j].move)
	}
	endOfRejected(a.spare, a.sim, a.buf)
}

// rollout plays uniformly random candidates (or greedy moves) on a.sim to
// the end of the game (max_plies included) and returns the outcome for
// root.
func (a *mctsAgent) rollout(root engine.Player) float64 {
	for !a.sim.Over() {
		a.buf = a.sim.Candidates(a.buf[:0])
		a.rolloutMove()
	}
	return outcome(a.sim, root)
}

// rolloutMove plays on a.sim one move of the rollout policy among a.buf,
// a.sim's candidates. A never-ending choice is left out and the policy
// chooses again among the rest, drawing as it would from the candidates
// the engine lists after rejecting it, so the never-ending cache changes
// no choice. When no candidate is left every one was never-ending, and the
// moves the cache answered for are rejected on a.sim itself, ending the
// game as the engine ends it.
func (a *mctsAgent) rolloutMove() {
	for len(a.buf) > 0 {
		var m engine.Move
		if a.greedy {
			m = greedyChoice(a.rng, a.never, a.spare, a.sim, a.buf)
		} else {
			m = a.buf[a.rng.IntN(len(a.buf))]
		}
		if a.never.applyHere(a.sim, m) {
			return
		}
		a.buf = slices.DeleteFunc(a.buf, func(x engine.Move) bool { return x == m })
	}
	for !a.sim.Over() {
		a.buf = a.sim.Candidates(a.buf[:0])
		if _, err := a.sim.Apply(a.buf[0]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
			panic("agent: mcts: candidate " + strconv.Itoa(int(a.buf[0])) + " does not apply: " + err.Error())
		}
	}
}

// outcome returns the reward of the finished game s for p.
func outcome(s engine.State, p engine.Player) float64 { return s.Result().ScoreFor(p) }

// endgameReward returns the reward for root of a.sim's position when the
// endgame database holds it: 1 or 0 when root or the opponent can force a
// win, 1/2 when neither can (a draw, or endless play). The value is exact
// (ignoring max_plies, as the database does), so the node is an end of the
// descent and, with the solver, a proven node.
func (a *mctsAgent) endgameReward(root engine.Player) (float64, bool) {
	if a.db == nil {
		return 0, false
	}
	v, ok := a.db.Lookup(a.sim)
	if !ok {
		return 0, false
	}
	return v.Outcome().ScoreFor(root), true
}

// forMover returns reward, an outcome for the root's mover, for p.
func forMover(reward float64, p, root engine.Player) float64 {
	if p == root {
		return reward
	}
	return 1 - reward
}

// backupProofs walks the last descent's path up from its end and proves
// each node whose children decide it (MCTS-Solver, Winands, Björnsson and
// Saito 2008, with draws): the player to move at a node wins there if a
// child is a proven win for them, and otherwise, once every live child is
// proven, gets the best of the children's proven outcomes. It stops at
// the first node that stays unproven (no node above it can change).
func (a *mctsAgent) backupProofs(root engine.Player) {
	for j := len(a.path) - 1; j > 0; j-- {
		if !a.nodes[a.path[j]].proven || !a.prove(a.path[j-1], root) {
			return
		}
	}
}

// prove tries to prove node i (expanded) from its children and reports
// whether it is proven.
func (a *mctsAgent) prove(i int32, root engine.Player) bool {
	nd := &a.nodes[i]
	if nd.proven {
		return true
	}
	p := a.nodes[nd.first].mover // the player to move at i
	best, all, live := -1.0, true, false
	for j := nd.first; j < nd.first+int32(nd.n); j++ {
		ch := &a.nodes[j]
		if ch.dead {
			continue
		}
		live = true
		if !ch.proven {
			all = false
			continue
		}
		v := forMover(ch.reward, p, root)
		if v == 1 {
			nd.proven, nd.reward = true, ch.reward
			return true
		}
		if v > best {
			best = v
		}
	}
	if !live || !all {
		// Unproven children are left (or every child is dead, which the
		// next descent ends as the engine does).
		return false
	}
	nd.proven, nd.reward = true, forMover(best, p, root)
	return true
}

// solverKeeps returns, for MCTS-Solver, the filter of the root's children
// the final choice considers: a proven win when the root is proven won,
// else every child that is not a proven loss for the root's mover (all
// of them if each is one); nil without the solver.
func (a *mctsAgent) solverKeeps(root engine.Player) func(*node) bool {
	if !a.solver {
		return nil
	}
	r := &a.nodes[0]
	if r.first < 0 {
		return nil
	}
	if r.proven && r.reward == 1 {
		return func(nd *node) bool { return nd.proven && nd.reward == 1 }
	}
	for j := r.first; j < r.first+int32(r.n); j++ {
		if nd := &a.nodes[j]; !nd.dead && !(nd.proven && nd.reward == 0) {
			return func(nd *node) bool { return !(nd.proven && nd.reward == 0) }
		}
	}
	return nil
}

// rootProof returns the root's proven outcome for its mover after the
// last search, and whether it is proven (MCTS-Solver; for tests).
func (a *mctsAgent) rootProof() (float64, bool) {
	return a.nodes[0].reward, a.nodes[0].proven
}
