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
//
// verdict16 stays one long function on purpose, like the generated lap
// loops: its lap is unrolled inline and Brent's search keeps its state
// (b0, b1, bs, power, lam) in locals the compiler holds in registers,
// which a split into steps would send through memory at every lap.
func (g *Game) verdict16(start rows2, h int, raids bool) (info engine.MoveInfo, decided bool) {
	w0, w1, o0 := start.w0, start.w1, start.o0
	if !raids {
		o0 = 0 // a move that does not raid never uses the opponent's row
	}
	var laps, sown, sinceRaid int64
	var capt uint64
	s := h & 15
	c := w0 >> (uint(s&7) * 8) & 0xFF
	if s >= 8 {
		c = w1 >> (uint(s&7) * 8) & 0xFF
	}
	w0, w1 = lift16(w0, w1, s, c)
	// Brent on the real lap-start states while a raid is possible (each
	// raid restarts it), then Brent and the stacks on rotated states.
	var b0, b1 uint64
	var bs int
	power, lam := int64(1), int64(0)
	fresh := true // the next relay state starts a new search
	rotating := false
	var stk *nvStacks
	defer func() {
		if stk != nil {
			nvPool.Put(stk)
		}
	}()
	for {
		q, r := c>>4, int(c&15)
		qn := q + uint64(r+15)>>4
		last := (s + r) & 15
		wl := w0 ^ (w0^w1)&-uint64(last>>3)
		cn := wl>>(uint(last&7)*8)&0xFF + qn
		mk := &g.lapMask[(s<<5|r)&(32*32-1)]
		w0 += q*ones8 + mk[0]
		w1 += q*ones8 + mk[1]
		laps++
		sinceRaid++
		sown += int64(c)
		if cn == 1 {
			return engine.MoveInfo{Laps: laps, Sown: sown, Captures: int32(capt >> 32), Captured: int32(uint32(capt))}, true
		}
		if f := 7 - last; last < 8 && o0 != 0 {
			if k := o0 >> (uint(f&7) * 8) & 0xFF; k != 0 {
				o0 -= k << (uint(f&7) * 8)
				capt += 1<<32 | k
				c, s = k, last
				if !g.rules.CaptureNext {
					s = (last - 1) & 15
				}
				fresh, sinceRaid = true, 0
				continue
			}
		}
		s, c = last, cn
		x0, x1, xs := w0, w1, s // the state Brent compares
		if o0 == 0 {
			x0, x1 = rot128(w0, w1, s)
			xs = 0
			if !rotating {
				rotating, fresh = true, true
				stk = getStacks()
			}
			if stk != nil && rotDist(x0) {
				switch stk.step(rotKey(x0, x1), &[4]uint64{x0, x1}) {
				case nvRepeat:
					return neverInfo(laps, sown, capt), true
				case nvFull: // the stacks cannot record more: Brent alone
					nvPool.Put(stk)
					stk = nil
				}
			}
		} else if sinceRaid > rotBudget {
			return engine.MoveInfo{}, false
		}
		switch {
		case fresh:
			b0, b1, bs, power, lam, fresh = x0, x1, xs, 1, 0, false
		case x0 == b0 && x1 == b1 && xs == bs:
			return neverInfo(laps, sown, capt), true
		default:
			if lam++; lam == power {
				b0, b1, bs, power, lam = x0, x1, xs, power<<1, 0
			}
		}
		w0, w1 = lift16(w0, w1, s, c)
	}
}

// lift16 empties hole s (holding c cows) of the rows w0, w1.
func lift16(w0, w1 uint64, s int, c uint64) (uint64, uint64) {
	x := c << (uint(s&7) * 8)
	hi := -uint64(s >> 3 & 1)
	return w0 - x&^hi, w1 - x&hi
}

// neverInfo is the MoveInfo of a never-ending move decided after laps
// laps, sown cows sown and captures capt (captures<<32 | cows).
func neverInfo(laps, sown int64, capt uint64) engine.MoveInfo {
	return engine.MoveInfo{Laps: laps, Sown: sown, Captures: int32(capt >> 32), Captured: int32(uint32(capt)), NeverEnding: true}
}
