package kimasai2

import (
	"sync"

	"github.com/baolab/baolab/engine"
)

// Exact never-ending detection for long moves.
//
// The lap-start states of a move (the mover's packed counts and the hole
// about to be lifted; the opponent's row is constant between raids) form
// a deterministic sequence, so the move never ends iff a state repeats.
// The first nvStart laps run in sow2/sow4 under Brent's cycle finding
// (cheap, and enough for the many short cycles). A move still sowing then
// goes on in sow2Long/sow2Long8/sow4Long under Nivasch's multi-stack
// algorithm on distinguished states; their laps are sown by sow2Run,
// sow2Run8 and sow4Run, which stop at each distinguished state (a call
// inside the lap loop made the compiler keep its values in memory):
//
//   - Every state has a hash of its linear hash (a function of the counts
//     while the opponent's row is constant) and its hole s. The state is
//     distinguished when the top nvDistBits bits of the hash are 0 (1
//     state in 16). A distinguished state's key is the hash put through a
//     non-linear mixer, with s in the low 5 bits; the top nvClassBits
//     bits of the key pick one of nvClasses stacks.
//   - Each stack keeps the suffix minima, under the total order (key, then
//     counts word by word), of the distinguished states of its class seen
//     since the start of the stacks or the last raid: a new state pops the
//     larger entries, and if the entry then on top is the same state (same
//     key and the same counts, compared exactly) the sowing has provably
//     repeated; otherwise the state is pushed.
//   - Once in the cycle, the smallest distinguished state of a class is
//     never popped, so the repeat is seen at the latest when it comes round
//     again: within lead-in + 2 cycles, and in expectation about lead-in +
//     cycle*(1 + 1/65) when the cycle holds many distinguished states,
//     where Brent's method needs up to about 3*(lead-in + cycle) laps.
//   - The stacks cannot see a cycle without distinguished states, and a
//     full stack (never seen: a stack holds about ln(states pushed) entries)
//     cannot record more. So after nvGap laps without a distinguished
//     state, or on a full stack, the move is handed back to sow2/sow4,
//     which go on from that lap under Brent's method alone: the detection
//     always ends.
//
// Only an exact equality of two lap-start states declares a move
// never-ending, so there are no false positives. Over the fixtures of
// testdata/never_ending.txt the laps to detection drop from 1.084*10^9
// (Brent's method alone) to 4.07*10^8; a move whose cycle of a few hundred
// laps starts after about 1000 laps can take a few percent more laps than
// under Brent's method (Brent's check is not kept running beside the
// stacks: its registers slowed every lap by a quarter).
const (
	nvStart     = 1024 // laps sown under Brent alone before the stacks start
	nvDistBits  = 4    // 1 state in 16 is distinguished
	nvClassBits = 6
	nvClasses   = 1 << nvClassBits
	nvCap       = 64   // entries per stack (about ln(states pushed) are used; 32 overflowed on 10^9-lap moves)
	nvGap       = 1024 // laps without a distinguished state before going back to Brent
	nvDistShift = 64 - nvDistBits
)

// nvStacks holds the Nivasch stacks of the distinguished states.
type nvStacks struct {
	n   [nvClasses]uint8
	key [nvClasses][nvCap]uint64
	w   [nvClasses][nvCap][4]uint64
}

// nvPool recycles the stacks (about 330 KB, too large for the goroutine
// stack) so that long sowings do not allocate. Only n needs clearing: the
// entries above n[i] are never read.
var nvPool = sync.Pool{New: func() any { return new(nvStacks) }}

func getStacks() *nvStacks {
	stk := nvPool.Get().(*nvStacks)
	stk.n = [nvClasses]uint8{}
	return stk
}

// nvHash returns a hash of the state with linear hash lin and hole s; the
// state is distinguished when its top nvDistBits bits are 0.
func nvHash(lin uint64, s int) uint64 {
	return (lin + uint64(s)*engine.Golden) * 0xbf58476d1ce4e5b9
}

// nvKey returns the order key of a distinguished state from its hash: the
// hash goes through a non-linear mixer (a linear hash alone orders some
// sowings' states along arithmetic progressions, which piles up the
// stacks), and s is put into the low 5 bits so that equal keys mean equal
// holes.
func nvKey(h uint64, s int) uint64 {
	return engine.Fmix64(h)&^31 | uint64(s&31)
}

// less reports whether counts a come before b (word by word).
func less(a, b *[4]uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// Outcomes of nvStacks.step.
const (
	nvPushed = iota // the state is now on its stack
	nvRepeat        // the state equals one on its stack: the sowing repeats
	nvFull          // the stack is full (the state is not recorded)
)

// step runs one Nivasch step for the distinguished state (k, w).
func (t *nvStacks) step(k uint64, w *[4]uint64) int {
	cl := int(k >> (64 - nvClassBits))
	n := int(t.n[cl])
	keys := &t.key[cl]
	for n > 0 {
		tk := keys[n-1]
		if tk < k {
			break
		}
		if tk == k {
			tw := &t.w[cl][n-1]
			if *tw == *w {
				return nvRepeat
			}
			if less(tw, w) {
				break
			}
		}
		n--
	}
	if n == nvCap {
		return nvFull
	}
	keys[n] = k
	t.w[cl][n] = *w
	t.n[cl] = uint8(n + 1)
	return nvPushed
}

// runCount is what a run kernel (sow2Run, sow2Run8, sow4Run) carries
// from one call to the next: the laps and cows sown so far, the captures
// (captures<<32 | cows captured) and the lap at which the stacks give the
// move back to Brent's method if no distinguished state comes first.
type runCount struct {
	laps, sown int64
	capt       uint64
	deadline   int64
}

// Why a run kernel stopped (runRaided is or-ed in when a raid happened
// during the call).
const (
	runEnd      = iota // the move ended
	runDist            // at a distinguished lap-start state
	runDeadline        // at a lap-start state, nvGap laps after the last distinguished one
	runRaided   = 4
)

// runRare holds what a run kernel's laps use seldom (the opponent's inner
// row of two-word rows, for raids; the player's hash key sum, for laps of
// a cow or more per hole; the cows sown, the captures, the deadline and
// whether a raid happened). With more than four fields it is not kept in
// registers, which go to what every lap uses.
type runRare struct {
	o0, sumR, capt uint64
	raidMask       uint64 // all ones when the move raids (two-word rows)
	sown, deadline int64
	raided         int
}
