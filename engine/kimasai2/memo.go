package kimasai2

import "github.com/baolab/baolab/engine"

// A never-ending memo (engine.NeverMemo) remembers lap-start states that
// exact detection has shown never to end, so that a later sowing reaching
// one of them is rejected there instead of going round its cycle again.
//
// Why it is exact: the laps of a move from a lap-start state (the mover's
// rows, the hole about to be lifted, the opponent's inner row and whether
// the move raids) are a function of that state and the rules alone, not of
// the opponent's outer row, the reserves, the player or the history. When
// the stacks (cycle.go) see a repeat, every state on them was met since
// the move's last raid, with the opponent's inner row it has now, so each
// leads into the repeating cycle: each never ends. learn stores them; a
// sowing whose lap-start state equals a stored one (compared exactly, not
// by hash) never ends either. So a memo changes no verdict and, since only
// never-ending moves consult it, no outcome of a move that ends; what it
// changes is the laps a never-ending move reports (fewer: the laps sown
// until the memo answered), which is why only callers that ignore them
// (search) use one, and Apply without a memo stays the reference.
//
// Two-rows sowings of many positions fall into the same few cycles: in the
// late game the mover's cows relay round the same rows whatever the
// opponent's outer row holds (sibling moves and transpositions of a
// search differ there), and a cycle can be 10^8 laps long. With a memo a
// sowing that enters a known cycle stops at the first stored state it
// meets, on average about 1/65 of the cycle after entering it, where the
// stacks need a whole cycle and more.
//
// For the stored states to be found, both sowings must stop at the same
// distinguished states, and those are picked by the linear hash, which
// also counts the opponent's outer row. So with a memo play subtracts that
// row's part of the linear hash before sowing a long move (and adds it
// back after): the hash the stacks see is then a function of the
// lap-start state and the player. (A sowing of the other player stops at
// other states and seldom meets the first player's.)
//
// Only the two-word rows (up to 8 holes a row, without skip_origin or
// win_check=capture) use a memo; sow4 ignores it.

// memoBits is the base-2 logarithm of the slots of a memo (40 bytes each:
// 640 KiB, allocated when the first never-ending move is learned).
const memoBits = 14

// neverMemo is kimasai2's engine.NeverMemo: a direct-mapped table of
// lap-start states shown never to end under the rules of game g. A new
// state overwrites its slot's old one (a later detection costs laps, never
// a wrong verdict). Not safe for concurrent use.
type neverMemo struct {
	g       *Game
	slots   []memoSlot
	hits    int64 // verdicts answered by the memo (for tests)
	rotated int64 // verdicts by rotated states (rotated.go; for tests)
}

// memoSlot is one remembered state: its nvKey (the hole to lift in the
// low 5 bits), the mover's rows, the opponent's inner row and whether the
// move raids; set marks a slot in use.
type memoSlot struct {
	key, w0, w1, o0 uint64
	raids, set      bool
}

// slot returns the slot of key k.
func (t *neverMemo) slot(k uint64) *memoSlot {
	return &t.slots[k>>5&(1<<memoBits-1)]
}

// knows reports whether the lap-start state with key k, rows a (o0 the
// opponent's inner row) and raids is remembered as never ending. A nil
// memo knows nothing.
func (t *neverMemo) knows(k uint64, a rows2, raids bool) bool {
	if t == nil || t.slots == nil {
		return false
	}
	sl := t.slot(k)
	if sl.set && sl.key == k && sl.w0 == a.w0 && sl.w1 == a.w1 && sl.o0 == a.o0 && sl.raids == raids {
		t.hits++
		return true
	}
	return false
}

// learn remembers every state on the stacks, which have just seen a
// repeat: all were met since the last raid, with the opponent's inner row
// o0, by a move that raids when raids is set.
func (t *neverMemo) learn(stk *nvStacks, o0 uint64, raids bool) {
	if t == nil {
		return
	}
	if t.slots == nil {
		t.slots = make([]memoSlot, 1<<memoBits)
	}
	for cl := range stk.n {
		for i := range int(stk.n[cl]) {
			k, w := stk.key[cl][i], &stk.w[cl][i]
			*t.slot(k) = memoSlot{key: k, w0: w[0], w1: w[1], o0: o0, raids: raids, set: true}
		}
	}
}

// forGame returns the memo to use for a move of game g: t itself, emptied
// first when it last served another rule set (its states' verdicts hold
// under that one's rules only); nil for no memo, and under lap_limit,
// where detection is not exact and the memo is not consulted.
func (t *neverMemo) forGame(g *Game) *neverMemo {
	if t == nil || g.rules.LapLimit > 0 {
		return nil
	}
	if t.g != g {
		t.g, t.slots = g, nil
	}
	return t
}

// outerLin returns the part of the linear hash that the holes of player o
// beyond the inner row contribute (rows w), which a sowing of the other
// player never changes.
func (g *Game) outerLin(w *[4]uint64, o engine.Player) uint64 {
	var sum uint64
	for h := g.rules.Holes; h < g.n; h++ {
		sum += count(w, h) * g.rk[o&1][h&31]
	}
	return sum
}

// ShareNeverMemo makes s use the never-ending memo of src (a
// kimasai-two-rows state), giving src a new, empty one when it has none;
// see engine.NeverMemo. Clone does not copy a memo and CopyFrom keeps the
// receiver's.
func (s *State) ShareNeverMemo(src engine.State) {
	o := src.(*State)
	if o.memo == nil {
		o.memo = &neverMemo{}
	}
	s.memo = o.memo
}

// NeverMemoVerdicts returns how many never-ending verdicts s's memo has
// given, from remembered states or by rotated states (0 without a memo),
// for tests and measurements.
func (s *State) NeverMemoVerdicts() int64 {
	if s.memo == nil {
		return 0
	}
	return s.memo.hits + s.memo.rotated
}
