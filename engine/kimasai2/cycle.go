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
// goes on in sow2Long/sow4Long under Nivasch's multi-stack algorithm on
// distinguished states:
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

// sow2Long continues sow2 under exact detection for a move still sowing
// after nvStart laps, from the start of a lap that lifts hole s; info
// holds the laps and cows sown so far. It returns the move's outcome, or
// back = true with the state at the start of a lap that lifts hole s when
// the stacks cannot be relied on to find the cycle (no distinguished state
// for nvGap laps, or a full stack): sow2 then goes on with Brent's method.
// Its lap loop is sow2's (lift2, lapEnd, lapAdd, raid2) written out by
// hand: built from those steps it ran 4-6% more instructions, and this is
// the loop that sows 10^8 laps and more per never-ending move.
func (g *Game) sow2Long(w0, w1, o0, lin uint64, p, s int, raids bool, info engine.MoveInfo) (_, _, _, _ uint64, _ int, _ engine.MoveInfo, never, back bool) {
	n, H := g.n, g.Holes
	ones0, ones1 := g.ones[0], g.ones[1]
	rk := &g.rk[p]
	rko := &g.rk[p^1]
	sumR := g.sumR[p]
	lapR := &g.lapR[p]
	capNext := g.CaptureNext
	laps, sown := info.Laps, info.Sown
	lift := true
	c := count2(w0, w1, s)
	stk := getStacks()
	defer nvPool.Put(stk)
	deadline := laps + nvGap
	for {
		d := g.divq[c&0xFF]
		q, r, qn := uint64(d&0xFF), int(d>>8&0xFF), uint64(d>>16)
		if lift {
			x := c << (uint(s&7) * 8)
			hi := -uint64(s >> 3 & 1)
			w0 -= x &^ hi
			w1 -= x & hi
			lin -= c * rk[s&31]
		}
		last := s + r
		if last >= n {
			last -= n
		}
		wl := w0
		if last >= 8 {
			wl = w1
		}
		cn := wl>>(uint(last&7)*8)&0xFF + qn
		idx := (s<<5 | r) & (32*32 - 1)
		mk := &g.lapMask[idx]
		w0 += q*ones0 + mk[0]
		w1 += q*ones1 + mk[1]
		lin += q*sumR + lapR[idx]
		laps++
		sown += int64(c)
		if cn == 1 {
			info.Laps, info.Sown = laps, sown
			return w0, w1, o0, lin, last, info, false, false
		}
		if raids && last < H {
			f := H - 1 - last
			if k := o0 >> (uint(f&7) * 8) & 0xFF; k != 0 {
				o0 -= k << (uint(f&7) * 8)
				lin -= k * rko[f&31]
				info.Captures++
				info.Captured += int32(k)
				lift, c = false, k
				s = last
				if !capNext {
					s = last - 1
					if s < 0 {
						s += n
					}
				}
				// No earlier state can recur: start afresh.
				stk.n = [nvClasses]uint8{}
				deadline = laps + nvGap
				continue
			}
		}
		s, c, lift = last, cn, true
		if h := nvHash(lin, s); h>>nvDistShift == 0 {
			switch stk.step(nvKey(h, s), &[4]uint64{w0, w1}) {
			case nvRepeat:
				info.Laps, info.Sown = laps, sown
				return w0, w1, o0, lin, s, info, true, false
			case nvFull:
				info.Laps, info.Sown = laps, sown
				return w0, w1, o0, lin, s, info, false, true
			}
			deadline = laps + nvGap
		} else if laps >= deadline {
			info.Laps, info.Sown = laps, sown
			return w0, w1, o0, lin, s, info, false, true
		}
	}
}

// sow4Long is sow2Long for sow4.
func (g *Game) sow4Long(w, ow [4]uint64, lin uint64, p, s int, raids bool, info engine.MoveInfo) (_, _ [4]uint64, _ uint64, _ int, _ engine.MoveInfo, never, back bool) {
	n, H := g.n, g.Holes
	ones := g.ones
	rk := &g.rk[p]
	rko := &g.rk[p^1]
	sumR := g.sumR[p]
	lapR := &g.lapR[p]
	capNext, skip := g.CaptureNext, g.SkipOrigin
	laps, sown := info.Laps, info.Sown
	lift := true
	c := count(&w, s)
	stk := getStacks()
	defer nvPool.Put(stk)
	deadline := laps + nvGap
	for {
		d := g.divq[c&0xFF]
		if skip && lift {
			d = g.divqSkip[c&0xFF]
		}
		q, r, qn := uint64(d&0xFF), int(d>>8&0xFF), uint64(d>>16)
		if lift {
			w[s>>3&3] -= c << (uint(s&7) * 8)
			lin -= c * rk[s&31]
		}
		last := s + r
		if last >= n {
			last -= n
		}
		cn := count(&w, last) + qn
		idx := (s<<5 | r) & (32*32 - 1)
		mk := &g.lapMask[idx]
		w[0] += q*ones[0] + mk[0]
		w[1] += q*ones[1] + mk[1]
		w[2] += q*ones[2] + mk[2]
		w[3] += q*ones[3] + mk[3]
		lin += q*sumR + lapR[idx]
		if skip && lift && q > 0 {
			w[s>>3&3] -= q << (uint(s&7) * 8)
			lin -= q * rk[s&31]
		}
		laps++
		sown += int64(c)
		if cn == 1 {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, last, info, false, false
		}
		if g.WinCapture && raids && last < H && g.winRaid(&w, &ow, &lin, p, last, &info) {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, last, info, false, false
		}
		if raids && last < H {
			f := H - 1 - last
			if k := count(&ow, f); k != 0 {
				ow[f>>3&3] -= k << (uint(f&7) * 8)
				lin -= k * rko[f&31]
				info.Captures++
				info.Captured += int32(k)
				lift, c = false, k
				s = last
				if !capNext {
					s = last - 1
					if s < 0 {
						s += n
					}
				}
				stk.n = [nvClasses]uint8{}
				deadline = laps + nvGap
				continue
			}
		}
		s, c, lift = last, cn, true
		if h := nvHash(lin, s); h>>nvDistShift == 0 {
			switch stk.step(nvKey(h, s), &w) {
			case nvRepeat:
				info.Laps, info.Sown = laps, sown
				return w, ow, lin, s, info, true, false
			case nvFull:
				info.Laps, info.Sown = laps, sown
				return w, ow, lin, s, info, false, true
			}
			deadline = laps + nvGap
		} else if laps >= deadline {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, s, info, false, true
		}
	}
}
