package kimasai2

import "github.com/baolab/baolab/engine"

// Never-ending verdicts by rotated states, for search (a State with a
// never-ending memo, see memo.go) on the default board of 16 holes a
// player.
//
// Once a move cannot raid any more (it does not raid at all, or the
// opponent's inner row is empty: raids only lower it), a lap depends on
// the hole it starts from only through the holes after it: every hole is
// alike. So the lap-start states, rotated so that the hole about to be
// lifted comes first, form a deterministic sequence of their own, and the
// rotated state repeats iff the real one does: a real repeat is a rotated
// one, and if the rotated state repeats after l laps the real state after
// l laps is the earlier one turned by some d holes, so after k*l laps
// (k = 16/gcd(d,16), the order of the turn) it is the earlier one itself.
// A real cycle can thus be up to 16 times as long as the rotated one; the
// longest never-ending moves a two-rows search meets (10^8-10^9 laps)
// are of that kind, and cycle finding on rotated states sees them in a
// fraction of the laps.
//
// Once rotating, the sowing's distinguished rotated states go to the
// stacks of cycle.go (their laps no longer run Brent's method beside
// them, which with the rotation doubled the cost of a lap), and one in
// 2^rotSampleBits to the process's rotated table (memo.go), which tells
// a later sowing that meets a cycle some earlier one went round.
//
// verdict16 is only a verdict: for a move that ends, or one it cannot
// decide cheaply, the caller sows the move again by the exact kernels,
// which give its outcome; so no outcome of a move that ends depends on it.
// (It does not track the position's hash, which the outcome needs.)

// rotBudget is how many laps verdict16 sows between raids while a raid is
// still possible before it gives the move back to the exact kernels.
const rotBudget = 1 << 16

// rot128 turns the rows w0 (holes 0-7), w1 (holes 8-15) so that hole s
// comes first: byte i of the result is hole (s+i)&15. No branch (s goes
// either way at random); a shift by 64 gives 0 in Go.
func rot128(w0, w1 uint64, s int) (uint64, uint64) {
	m := -uint64(s >> 3 & 1) // all ones when s is in the second word: swap
	a, b := w0^(w0^w1)&m, w1^(w0^w1)&m
	sh := uint(s&7) * 8
	return a>>sh | b<<(64-sh), b>>sh | a<<(64-sh)
}

// rotDist reports whether the rotated state r0, r1 is distinguished for
// the stacks (about 1 in 16): one multiply of the first 8 holes, since it
// is computed at every lap. Any function of the rotated state would do:
// it only spaces the states the stacks look at.
func rotDist(r0 uint64) bool { return (r0*0x9E3779B97F4A7C15)>>nvDistShift == 0 }

// rotSampled reports whether the distinguished rotated state r0 is one
// the memo samples (1 in rotSampleRate of the distinguished ones: the top
// bits of the same product as rotDist's).
func rotSampled(r0 uint64) bool { return (r0*0x9E3779B97F4A7C15)>>rotSampleShift == 0 }

// rotLow returns the first word of rot128(w0, w1, s): holes s .. s+7.
func rotLow(w0, w1 uint64, s int) uint64 {
	m := -uint64(s >> 3 & 1)
	a, b := w0^(w0^w1)&m, w1^(w0^w1)&m
	sh := uint(s&7) * 8
	return a>>sh | b<<(64-sh)
}

// rotKey returns the stacks' order key of a distinguished rotated state
// (the hole, 0 after rotation, in the low 5 bits).
func rotKey(r0, r1 uint64) uint64 {
	return engine.Fmix64(r0^(r1+engine.Golden)*0xbf58476d1ce4e5b9) &^ 31
}

// verdict16 sows move h of start on a board of 16 holes a player (raids:
// the move may raid) far enough to tell whether it never ends. decided is
// false when it gave up (rotBudget laps between raids while a raid is
// still possible); otherwise info.NeverEnding says whether the move never
// ends, and info holds the laps, cows sown and captures up to the verdict
// (for a move that ends: the move's own, which the tests compare with the
// exact kernels; the caller sows such a move exactly for its position).
// memo, when not nil, lends its rotated table (memo.go).
//
// While a raid is possible verdict16 runs Brent's method on the real
// lap-start states (each raid restarts it); once none is, rotVerdict goes
// on. Its loop keeps Brent's state (b0, b1, bs, power, lam) in locals the
// compiler holds in registers, which a split into steps would send
// through memory at every lap.
func (g *Game) verdict16(start rows2, h int, raids bool, memo *neverMemo) (info engine.MoveInfo, decided bool) {
	w0, w1, o0 := start.w0, start.w1, start.o0
	if !raids {
		o0 = 0 // a move that does not raid never uses the opponent's row
	}
	var n lapCount
	s := h & 15
	c := w0 >> (uint(s&7) * 8) & 0xFF
	if s >= 8 {
		c = w1 >> (uint(s&7) * 8) & 0xFF
	}
	if o0 == 0 {
		return g.rotVerdict(w0, w1, s, c, n, memo), true
	}
	var b0, b1 uint64
	var bs int
	power, lam := int64(1), int64(0)
	fresh := true // the next lap-start state starts a new search
	sinceRaid := int64(0)
	w0, w1 = lift16(w0, w1, s, c)
	for {
		last := (s + int(c)) & 15
		cn := at16(w0, w1, last) + (c+15)>>4
		w0, w1 = g.lap16(w0, w1, s, c)
		n.laps++
		sinceRaid++
		n.sown += int64(c)
		if cn == 1 {
			return n.ended(), true
		}
		if f := 7 - last; last < 8 {
			if k := o0 >> (uint(f&7) * 8) & 0xFF; k != 0 {
				// The raided cows are sown next, from hole last (or
				// the one before it), which keeps its own.
				o0 -= k << (uint(f&7) * 8)
				n.capt += 1<<32 | k
				c, s = k, last
				if !g.rules.CaptureNext {
					s = (last - 1) & 15
				}
				fresh, sinceRaid = true, 0
				continue
			}
		}
		s, c = last, cn
		switch {
		case o0 == 0:
			return g.rotVerdict(w0, w1, s, c, n, memo), true
		case sinceRaid > rotBudget:
			return engine.MoveInfo{}, false
		case fresh:
			b0, b1, bs, power, lam, fresh = w0, w1, s, 1, 0, false
		case w0 == b0 && w1 == b1 && s == bs:
			return n.never(), true
		default:
			if lam++; lam == power {
				b0, b1, bs, power, lam = w0, w1, s, power<<1, 0
			}
		}
		w0, w1 = lift16(w0, w1, s, c)
	}
}

// lapCount is what a sowing of verdict16 has counted: laps, cows sown and
// captures (captures<<32 | cows captured).
type lapCount struct {
	laps, sown int64
	capt       uint64
}

// ended is the MoveInfo of a move that ended after n.
func (n lapCount) ended() engine.MoveInfo {
	return engine.MoveInfo{Laps: n.laps, Sown: n.sown, Captures: int32(n.capt >> 32), Captured: int32(uint32(n.capt))}
}

// never is the MoveInfo of a move shown never to end after n.
func (n lapCount) never() engine.MoveInfo {
	info := n.ended()
	info.NeverEnding = true
	return info
}

// A lap of verdict16: the c cows lifted from hole s (c > 0) of the rows
// w0, w1 go one to a hole from hole s+1 on, and the lap ends in hole
// last = (s+c) mod 16, whose count after the lap is cn. verdict16 takes
// cn from the count before the lap (at16 plus ceil(c/16)), so that the
// next lap need not wait for lap16's additions:
//
//	last := (s + int(c)) & 15
//	cn := at16(w0, w1, last) + (c+15)>>4
//	w0, w1 = g.lap16(w0, w1, s, c)

// lap16 returns the rows w0, w1 after a lap of c cows from hole s.
func (g *Game) lap16(w0, w1 uint64, s int, c uint64) (uint64, uint64) {
	mk := &g.lapMask[(s<<5|int(c&15))&(32*32-1)]
	q := (c >> 4) * ones8
	return w0 + q + mk[0], w1 + q + mk[1]
}

// at16 returns the count of hole h of the rows w0, w1.
func at16(w0, w1 uint64, h int) uint64 {
	return (w0 ^ (w0^w1)&-uint64(h>>3&1)) >> (uint(h&7) * 8) & 0xFF
}

// rotVerdict goes on with a sowing of verdict16 that can raid no more,
// from the lap-start state w0, w1 (hole s, holding c cows, is about to be
// lifted) after n, and returns its verdict: it ends, or it never ends.
// Its distinguished rotated states go to the stacks (cycle.go) and, one
// in 2^rotSampleBits of them, to memo's rotated table (memo.go; nil: no
// memo); after nvGap laps without a distinguished state, or on a full
// stack, Brent's method alone decides (rotBrent).
func (g *Game) rotVerdict(w0, w1 uint64, s int, c uint64, n lapCount, memo *neverMemo) engine.MoveInfo {
	stk := getStacks()
	defer nvPool.Put(stk)
	memo.startSamples()
	gap := 0
	for {
		if r0 := rotLow(w0, w1, s); rotDist(r0) {
			_, r1 := rot128(w0, w1, s)
			if memo != nil && rotSampled(r0) && memo.sample(r0, r1) {
				return n.never() // a state of a cycle known never to end
			}
			switch stk.step(rotKey(r0, r1), &[4]uint64{r0, r1}) {
			case nvRepeat:
				memo.learnSamples()
				return n.never()
			case nvFull:
				return g.rotBrent(w0, w1, s, c, n, memo)
			}
			gap = 0
		} else if gap++; gap > nvGap {
			return g.rotBrent(w0, w1, s, c, n, memo)
		}
		w0, w1 = lift16(w0, w1, s, c)
		last := (s + int(c)) & 15
		cn := at16(w0, w1, last) + (c+15)>>4
		w0, w1 = g.lap16(w0, w1, s, c)
		n.laps++
		n.sown += int64(c)
		if cn == 1 {
			return n.ended()
		}
		s, c = last, cn
	}
}

// rotBrent is rotVerdict's Brent's method on rotated states, for the
// cycles the stacks cannot see: it always ends.
func (g *Game) rotBrent(w0, w1 uint64, s int, c uint64, n lapCount, memo *neverMemo) engine.MoveInfo {
	b0, b1 := rot128(w0, w1, s)
	power, lam := int64(1), int64(0)
	for {
		w0, w1 = lift16(w0, w1, s, c)
		last := (s + int(c)) & 15
		cn := at16(w0, w1, last) + (c+15)>>4
		w0, w1 = g.lap16(w0, w1, s, c)
		n.laps++
		n.sown += int64(c)
		if cn == 1 {
			return n.ended()
		}
		s, c = last, cn
		x0, x1 := rot128(w0, w1, s)
		if x0 == b0 && x1 == b1 {
			memo.learnSamples()
			return n.never()
		}
		if lam++; lam == power {
			b0, b1, power, lam = x0, x1, power<<1, 0
		}
	}
}

// lift16 empties hole s (holding c cows) of the rows w0, w1.
func lift16(w0, w1 uint64, s int, c uint64) (uint64, uint64) {
	x := c << (uint(s&7) * 8)
	hi := -uint64(s >> 3 & 1)
	return w0 - x&^hi, w1 - x&hi
}
