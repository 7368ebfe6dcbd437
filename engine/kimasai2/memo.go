package kimasai2

import (
	"sync"

	"github.com/baolab/baolab/engine"
)

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

	// What the current verdict16 call has sampled for the rotated
	// table, and how many sampled states it met.
	samp    [][2]uint64
	seen    uint64
	rotHits int64 // verdicts answered by the rotated table (for tests)
}

// The rotated table. A sowing on the default board (8 holes a row) that
// cannot raid any more is a sequence of rotated states (rotated.go) that
// depends on nothing else: not the player, the opponent's rows, whether
// the move could raid before, or any rule option that leaves the board at
// two words a player. So a rotated state met by a never-ending move never
// ends wherever it comes back, in any game of any such rule set, and one
// table serves the whole process. Search meets the same few long cycles
// (10^6-10^8 laps) from many positions: in alpha-beta games of the
// defaults about 4 in 10 of the sowings longer than 10^5 laps enter a
// cycle an earlier one went round.
//
// verdict16 samples 1 in 2^rotSampleBits of its rotated states (a fixed
// function of the state, so two sowings of one cycle sample the same
// states), keeps up to rotSampleCap of them by reservoir sampling, and on
// a never-ending verdict stores them in the table; a later sowing stops at
// the first sampled state it finds there, on a cycle whose samples were
// all kept within about 2^rotSampleBits laps of entering it. The table is
// direct-mapped (a new state overwrites its slot's old one: a later
// detection costs laps, never a wrong verdict) and compared exactly; an
// empty slot is zero, which a rotated state never is (its first hole holds
// the cows about to be lifted). A mutex guards it: it is read once in
// 2^rotSampleBits laps, from every goroutine of the process.
var rotTable struct {
	sync.Mutex
	slots [][2]uint64
}

const (
	rotTableBits  = 16   // slots of the rotated table (16 bytes each: 1 MiB)
	rotSampleCap  = 8192 // rotated states one verdict16 call keeps (128 KiB)
	rotSampleBits = 10   // 1 lap-start state in 2^10 is sampled
)

// rotSampleShift is the shift of rotSampled; a variable so that tests can
// sample every distinguished state (64).
var rotSampleShift uint = 64 - rotSampleBits

// rotSlot returns the index of rotated state r0, r1 in the table.
func rotSlot(r0, r1 uint64) uint64 { return rotKey(r0, r1) >> (64 - rotTableBits) }

// startSamples begins the samples of a new verdict16 call (nil: no memo).
func (t *neverMemo) startSamples() {
	if t == nil {
		return
	}
	if t.samp == nil {
		t.samp = make([][2]uint64, 0, rotSampleCap)
	}
	t.samp, t.seen = t.samp[:0], 0
}

// sample reports whether the sampled rotated state r0, r1 is in the
// rotated table, and otherwise keeps it among the call's samples.
func (t *neverMemo) sample(r0, r1 uint64) bool {
	i := rotSlot(r0, r1)
	rotTable.Lock()
	known := rotTable.slots != nil && rotTable.slots[i] == [2]uint64{r0, r1}
	rotTable.Unlock()
	if known {
		t.rotHits++
		return true
	}
	t.seen++
	switch {
	case len(t.samp) < rotSampleCap:
		t.samp = append(t.samp, [2]uint64{r0, r1})
	default: // reservoir sampling, its draw a function of the state
		if j := (engine.Fmix64(r1 ^ r0*engine.Golden)) % t.seen; j < rotSampleCap {
			t.samp[j] = [2]uint64{r0, r1}
		}
	}
	return false
}

// learnSamples stores the call's samples in the rotated table: the call
// has just shown its rotated states never to end (nil: no memo).
func (t *neverMemo) learnSamples() {
	if t == nil || len(t.samp) == 0 {
		return
	}
	rotTable.Lock()
	if rotTable.slots == nil {
		rotTable.slots = make([][2]uint64, 1<<rotTableBits)
	}
	for _, r := range t.samp {
		rotTable.slots[rotSlot(r[0], r[1])] = r
	}
	rotTable.Unlock()
	t.samp = t.samp[:0]
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
