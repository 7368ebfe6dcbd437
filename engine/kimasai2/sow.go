package kimasai2

import (
	"math"

	"github.com/baolab/baolab/engine"
)

// pos is the position as a plain value: the cows of each player packed one
// byte per hole (hole h of player p is byte h&7 of w[p][h>>3]), reserves,
// the opening flag, the player to move and the linear hash of the counts.
type pos struct {
	w       [2][4]uint64
	lin     uint64 // sum over holes of count * rk[player][hole], mod 2^64
	reserve [2]uint8
	toMove  engine.Player
	opening bool // no move played yet: the next move is the game's first
}

// count returns the cows in hole h of a packed row.
func count(w *[4]uint64, h int) uint64 { return w[h>>3&3] >> (uint(h&7) * 8) & 0xFF }

// phase2 reports whether a move starting in x is a phase-2 move.
func (x *pos) phase2() bool { return x.reserve[0] == 0 && x.reserve[1] == 0 }

// nonEmpty returns the bitmask of the non-empty holes of a packed row.
func nonEmpty(w *[4]uint64) uint64 {
	var m uint64
	for i := 0; i < 4; i++ {
		x := w[i]
		// High bit of each byte set iff the byte is non-zero.
		t := (x | ((x & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F)) & 0x8080808080808080
		// Gather the 8 high bits into one byte (bit k = byte k).
		m |= ((t >> 7) * 0x0102040810204080 >> 56 & 0xFF) << (8 * uint(i))
	}
	return m
}

// hash mixes the linear hash with the rest of the position.
func (g *Game) hash(x *pos) uint64 {
	h := x.lin + uint64(x.reserve[0])*g.kRes[0] + uint64(x.reserve[1])*g.kRes[1]
	if x.opening {
		h += g.kOpen
	}
	if x.toMove == engine.North {
		h += g.kNorth
	}
	return engine.Fmix64(h) // a bijection that spreads the bits
}

// moveResult is what play reports: the move's engine.MoveInfo packed in
// four fields (so the compiler keeps it in registers, which a five-field
// struct it does not) and flags.
type moveResult struct {
	laps, sown int64
	capt       uint64 // captures<<32 | cows captured
	flags      uint8  // resNever | resPhase2 | resIrrev
}

const (
	resNever  = 1 << iota // the sowing never ends (or passed lap_limit); the position is unchanged
	resPhase2             // the move started in phase 2
	resIrrev              // the move made every earlier position unreachable
)

func (r moveResult) never() bool  { return r.flags&resNever != 0 }
func (r moveResult) phase2() bool { return r.flags&resPhase2 != 0 }
func (r moveResult) irrev() bool  { return r.flags&resIrrev != 0 }

// info returns the move's facts.
func (r moveResult) info() engine.MoveInfo {
	return engine.MoveInfo{Laps: r.laps, Sown: r.sown, Captures: int32(r.capt >> 32), Captured: int32(uint32(r.capt)), NeverEnding: r.never()}
}

func packInfo(info engine.MoveInfo, flags uint8) moveResult {
	if info.NeverEnding {
		flags |= resNever
	}
	return moveResult{info.Laps, info.Sown, uint64(info.Captures)<<32 | uint64(uint32(info.Captured)), flags}
}

// play applies move m (a hole of the player to move, which the caller has
// checked is non-empty) to x. When the sowing never ends (or passes
// lap_limit) the result says so and x is left unchanged. The result also
// says whether the move started in phase 2, and whether it made every
// earlier position unreachable (a reserve cow brought in, or the opening;
// not a raid, since the opponent can raid the cows back in a later move).
func (g *Game) play(x *pos, m int) moveResult {
	p := x.toMove & 1
	var flags uint8
	phase2 := x.phase2()
	intro := !phase2 && x.reserve[p] > 0 && !(x.opening && !g.OpeningIntro)
	// raids: the move is played by the phase-2 rules (phase_change=immediate:
	// also the move that brings in the last reserve cow).
	raids := phase2 || (g.PhaseImmediate && intro && x.reserve[p] == 1 && x.reserve[p^1] == 0)
	if raids {
		flags = resPhase2
	}
	lin := x.lin
	if intro {
		lin += g.rk[p][m&31]
	}
	// Sow on copies of the two rows' words, written back only when the move
	// ends: a never-ending move leaves the position as it was.
	var r moveResult
	if g.n > 16 || g.general {
		var info engine.MoveInfo
		info, lin = g.play4(x, m, intro, raids, lin)
		if r = packInfo(info, flags); r.never() {
			return r
		}
	} else {
		w, ow := &x.w[p], &x.w[p^1]
		w0, w1, o0 := w[0], w[1], ow[0]
		if intro {
			x := uint64(1) << (uint(m&7) * 8)
			hi := -uint64(m >> 3 & 1)
			w0 += x &^ hi
			w1 += x & hi
		}
		a0, a1, ao, al, laps, sown, capt := g.sow2Short(w0, w1, o0, lin, int(p), m, raids)
		if laps == 0 { // a long move: again from the start, with cycle finding
			var info engine.MoveInfo
			a0, a1, ao, al, info = g.sow2(w0, w1, o0, lin, int(p), m, raids, g.LapLimit)
			r = packInfo(info, flags)
			if r.never() {
				return r
			}
		} else {
			r = moveResult{laps, sown, capt, flags}
		}
		w[0], w[1], ow[0], lin = a0, a1, ao, al
	}
	if intro || (x.opening && !phase2) { // a phase-2 opening (reserve=0) can recur
		r.flags |= resIrrev
	}
	x.lin = lin
	if intro {
		x.reserve[p]--
	}
	x.opening = false
	x.toMove = p ^ 1
	return r
}

// play4 is play's sowing on boards of more than 16 holes per player: it
// sows move m of x (a reserve cow brought in when intro) and writes the
// rows back, or sets info.NeverEnding for a never-ending move and leaves
// x as it was. lin is the linear hash before the move; play4 returns it
// after the move.
func (g *Game) play4(x *pos, m int, intro, raids bool, lin uint64) (info engine.MoveInfo, _ uint64) {
	p := x.toMove & 1
	w, ow := &x.w[p], &x.w[p^1]
	cw := *w
	if intro {
		cw[m>>3&3] += 1 << (uint(m&7) * 8)
	}
	cw2, co, lin, info, never := g.sow4(cw, *ow, lin, int(p), m, raids, g.LapLimit)
	if never {
		info.NeverEnding = true
		return info, lin
	}
	*w, *ow = cw2, co
	return info, lin
}

// shortLaps is the most laps sow2Short sows before it hands a move to
// sow2. Nearly every move ends sooner (1.7 laps on average in perft(6)).
const shortLaps = 64

// The lap loops of sow2Short and sow2 are built from lift2, lapEnd,
// lapAdd, raid2 and raidStart, which the compiler inlines; the callers
// load the player's hash keys once, so that their loops keep them in
// registers. sow2Long writes the same steps out (see there).

// count2 returns the cows in hole s of a row of two words w0, w1.
func count2(w0, w1 uint64, s int) uint64 {
	if s >= 8 {
		w0 = w1
	}
	return w0 >> (uint(s&7) * 8) & 0xFF
}

// lift2 takes the c cows out of hole s of the row w0, w1 and updates the
// linear hash lin (rk: the row owner's keys).
func lift2(w0, w1, lin, c uint64, s int, rk *[2 * MaxHoles]uint64) (_, _, _ uint64) {
	x := c << (uint(s&7) * 8)
	hi := -uint64(s >> 3 & 1) // all ones when s is in the second word
	return w0 - x&^hi, w1 - x&hi, lin - c*rk[s&31]
}

// A lap of c = q*n+r cows from the hole after s gives every hole q cows
// and the r holes after s one more; d = divq[c] holds q, r and q+[r>0].

// lapEnd returns the hole where a lap of d from the hole after s on the
// row w0, w1 ends, and that hole's count after the lap, computed from its
// count before (old + q + [r>0]) so the next lap need not wait for the
// additions of lapAdd. n is g.n, passed in so that loops keep it in a
// register.
func lapEnd(w0, w1 uint64, s int, d uint32, n int) (last int, cn uint64) {
	last = s + int(d>>8&0xFF)
	if last >= n {
		last -= n
	}
	wl := w0
	if last >= 8 {
		wl = w1
	}
	return last, wl>>(uint(last&7)*8)&0xFF + uint64(d>>16)
}

// lapAdd sows a lap of d from the hole after s on player p's row w0, w1
// and returns the row and linear hash lin after it; sumR and lapR are
// g.sumR[p] and &g.lapR[p], passed in so that loops keep them in
// registers.
func (g *Game) lapAdd(w0, w1, lin uint64, s int, d uint32, sumR uint64, lapR *[4 * MaxHoles * MaxHoles]uint64) (_, _, _ uint64) {
	q := uint64(d & 0xFF)
	idx := (s<<5 | int(d>>8&0xFF)) & (32*32 - 1)
	mk := &g.lapMask[idx]
	return w0 + q*g.ones[0] + mk[0], w1 + q*g.ones[1] + mk[1], lin + q*sumR + lapR[idx]
}

// raid2 is the raid of a phase-2 lap of player p that ended in hole last
// (already known to be an inner hole, last < Holes): the k cows of the
// facing hole of the opponent's inner row o0 are taken (k = 0: the hole
// is empty and there is no raid). It returns o0 and the linear hash lin
// after the raid.
func (g *Game) raid2(o0, lin uint64, p, last int) (_, _ uint64, k uint64) {
	f := (g.Holes - 1 - last) & 7
	k = o0 >> (uint(f) * 8) & 0xFF
	if k != 0 { // most laps: no work
		o0 -= k << (uint(f) * 8)
		lin -= k * g.rk[(p^1)&1][f]
	}
	return o0, lin, k
}

// raidStart returns the hole after which raided cows are sown, for a raid
// from hole last: last itself with capture_sow=next (the first cow falls
// in last+1), the hole before it with capture_sow=here (the first cow
// falls in the capturing hole).
func (g *Game) raidStart(last int) int {
	if g.CaptureNext {
		return last
	}
	if last == 0 {
		return g.n - 1
	}
	return last - 1
}

// sow2Short is sow2 for the common short move, kept small enough that
// its loop lives in registers: it sows at most shortLaps laps (never more
// than lap_limit) and looks for no cycle. A move that ends within them
// comes back with laps > 0 (capt is captures<<32 | cows captured); for
// any other move it returns laps == 0 and the caller plays the move again
// from the start with sow2, which finds cycles and applies lap_limit. Both
// sow the same laps, so a move gets the same outcome whichever finishes it.
func (g *Game) sow2Short(w0, w1, o0, lin uint64, p, h int, raids bool) (_, _, _, _ uint64, laps, sown int64, capt uint64) {
	max := int64(shortLaps)
	if l := g.LapLimit; l > 0 && l < max {
		max = l
	}
	n, rk, sumR, lapR := g.n, &g.rk[p&1], g.sumR[p&1], &g.lapR[p&1]
	s := h & 31
	c := w0 >> (uint(s&7) * 8) & 0xFF // count2, written out: a few instructions less per move
	if s >= 8 {
		c = w1 >> (uint(s&7) * 8) & 0xFF
	}
	w0, w1, lin = lift2(w0, w1, lin, c, s, rk)
	for laps < max {
		// Hole s is empty (lifted, or the raiding hole's turn is next):
		// sow c cows from the hole after s.
		d := g.divq[c&0xFF]
		last, cn := lapEnd(w0, w1, s, d, n)
		w0, w1, lin = g.lapAdd(w0, w1, lin, s, d, sumR, lapR)
		laps++
		sown += int64(c)
		if cn == 1 { // the hole was empty before the last cow
			return w0, w1, o0, lin, laps, sown, capt
		}
		if raids && last < g.Holes {
			var k uint64
			if o0, lin, k = g.raid2(o0, lin, p, last); k != 0 {
				capt += 1<<32 | k
				c, s = k, g.raidStart(last)
				continue
			}
		}
		// Relay: lift the hole where the lap ended.
		s, c = last, cn
		w0, w1, lin = lift2(w0, w1, lin, c, s, rk)
	}
	return 0, 0, 0, 0, 0, 0, 0
}

// sow4 and sow2 lift hole h of player p (row w; the opponent's row is ow, lin the
// linear hash) and sows laps until one ends in an empty hole. raids allows
// raids (phase 2). With limit > 0 a move still sowing after limit laps is
// never-ending; with limit 0 detection is exact: the state at the start of
// each relay lap (w and the hole to lift; ow is constant between raids) is
// checked for a repeat, and the search restarts after each raid (a raid
// lowers the opponent's total for good, so no earlier state can recur,
// and a cycle of lap states cannot contain a raid). The first nvStart laps
// use Brent's algorithm; a move still sowing then goes on in sow2Long or
// sow4Long (cycle.go), which find long cycles in far fewer laps. On never
// == true the returned rows are meaningless.
//
// The loop is built for speed (it can run for 10^8 laps and more): counts
// are packed a byte per hole, a lap of c = q*n+r cows adds q to every hole
// plus one to the r holes after s in a few word additions, and the count
// of the hole where the lap ends is computed from its count before the
// lap (old + q + [r>0]) so the next lap need not wait for the additions.
// Boards of up to 16 holes per player (two words) use sow2, which keeps
// the words in registers; play calls it directly with the words (going
// through a wrapper that copied whole rows cost a quarter of perft's time),
// and only for moves that sow2Short, a smaller loop without cycle finding,
// has not finished in shortLaps laps.
//
// sow4 handles any board (up to 32 holes per player).
func (g *Game) sow4(w, ow [4]uint64, lin uint64, p, h int, raids bool, limit int64) (_, _ [4]uint64, _ uint64, info engine.MoveInfo, never bool) {
	n, H := g.n, g.Holes
	ones := g.ones
	rk := &g.rk[p]
	rko := &g.rk[p^1]
	sumR := g.sumR[p]
	lapR := &g.lapR[p]
	capNext, skip := g.CaptureNext, g.SkipOrigin
	var laps, sown int64
	s := h
	c := count(&w, s)
	lift := true
	raided := false
	saved, savedS := w, s
	power, lam := int64(1), int64(0)
	handover := int64(nvStart)
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
		cn := count(&w, last) + qn // count of last after the lap
		idx := (s<<5 | r) & (32*32 - 1)
		mk := &g.lapMask[idx]
		w[0] += q*ones[0] + mk[0]
		w[1] += q*ones[1] + mk[1]
		w[2] += q*ones[2] + mk[2]
		w[3] += q*ones[3] + mk[3]
		lin += q*sumR + lapR[idx]
		if skip && lift && q > 0 { // skip_origin: the lifted hole gets none
			w[s>>3&3] -= q << (uint(s&7) * 8)
			lin -= q * rk[s&31]
		}
		laps++
		sown += int64(c)
		if cn == 1 { // the hole was empty before the last cow
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, info, false
		}
		if g.WinCapture && raids && last < H && g.winRaid(&w, &ow, &lin, p, last, &info) {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, info, false
		}
		if limit > 0 && laps >= limit {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, info, true
		}
		if raids && last < H {
			f := H - 1 - last
			if k := count(&ow, f); k != 0 {
				ow[f>>3&3] -= k << (uint(f&7) * 8)
				lin -= k * rko[f&31]
				info.Captures++
				info.Captured += int32(k)
				raided, lift, c = true, false, k
				s = last // capture_sow=next: the first cow falls in last+1
				if !capNext {
					// here: the first cow falls in the capturing hole
					s = last - 1
					if s < 0 {
						s += n
					}
				}
				continue
			}
		}
		s, c, lift = last, cn, true
		if raided {
			saved, savedS = w, s
			power, lam, raided = 1, 0, false
			continue
		}
		if limit > 0 {
			continue
		}
		lam++
		if s == savedS && w == saved {
			info.Laps, info.Sown = laps, sown
			return w, ow, lin, info, true
		}
		if lam == power {
			saved, savedS = w, s
			power <<= 1
			lam = 0
		}
		if laps >= handover {
			// A long move: see sow2.
			info.Laps, info.Sown = laps, sown
			var back bool
			w, ow, lin, s, info, never, back = g.sow4Long(w, ow, lin, p, s, raids, info)
			if !back {
				return w, ow, lin, info, never
			}
			laps, sown, handover = info.Laps, info.Sown, math.MaxInt64
			c = count(&w, s)
			saved, savedS = w, s
			power, lam = 1, 0
		}
	}
}

// sow2 is sow for boards of up to 16 holes per player (holes <= 8): the
// player's row is w0, w1 and the opponent's inner row o0.
func (g *Game) sow2(w0, w1, o0, lin uint64, p, h int, raids bool, limit int64) (_, _, _, _ uint64, info engine.MoveInfo) {
	n, rk, sumR, lapR := g.n, &g.rk[p&1], g.sumR[p&1], &g.lapR[p&1]
	var laps, sown int64
	s := h
	c := count2(w0, w1, s)
	lift := true
	raided := false
	saved0, saved1, savedS := w0, w1, s
	power, lam := int64(1), int64(0)
	handover := int64(nvStart)
	for {
		if lift {
			w0, w1, lin = lift2(w0, w1, lin, c, s, rk)
		}
		d := g.divq[c&0xFF]
		last, cn := lapEnd(w0, w1, s, d, n)
		w0, w1, lin = g.lapAdd(w0, w1, lin, s, d, sumR, lapR)
		laps++
		sown += int64(c)
		if cn == 1 { // the hole was empty before the last cow
			info.Laps, info.Sown = laps, sown
			return w0, w1, o0, lin, info
		}
		if limit > 0 && laps >= limit {
			info.Laps, info.Sown, info.NeverEnding = laps, sown, true
			return w0, w1, o0, lin, info
		}
		if raids && last < g.Holes {
			var k uint64
			if o0, lin, k = g.raid2(o0, lin, p, last); k != 0 {
				info.Captures++
				info.Captured += int32(k)
				raided, lift, c, s = true, false, k, g.raidStart(last)
				continue
			}
		}
		s, c, lift = last, cn, true
		if raided {
			saved0, saved1, savedS = w0, w1, s
			power, lam, raided = 1, 0, false
			continue
		}
		if limit > 0 {
			continue
		}
		lam++
		if w0 == saved0 && s == savedS && w1 == saved1 {
			info.Laps, info.Sown, info.NeverEnding = laps, sown, true
			return w0, w1, o0, lin, info
		}
		if lam == power {
			saved0, saved1, savedS = w0, w1, s
			power <<= 1
			lam = 0
		}
		if laps >= handover {
			// A long move: go on with the stacks (see cycle.go), which are
			// faster to find long cycles; they hand back the move here, to
			// Brent's method alone, for the rare cycles they cannot see.
			info.Laps, info.Sown = laps, sown
			var back, never bool
			w0, w1, o0, lin, s, info, never, back = g.sow2Long(w0, w1, o0, lin, p, s, raids, info)
			if !back {
				info.NeverEnding = never
				return w0, w1, o0, lin, info
			}
			laps, sown, handover = info.Laps, info.Sown, math.MaxInt64
			c = count2(w0, w1, s)
			saved0, saved1, savedS = w0, w1, s
			power, lam = 1, 0
		}
	}
}

// winRaid applies win_check=capture to a phase-2 lap of player p whose
// last cow fell into the occupied inner hole last: if the facing hole
// holds the opponent's last inner cows, they are raided into hole last
// itself (not sown), the raid is counted, and winRaid reports true: the
// move ends and wins. Otherwise nothing changes.
func (g *Game) winRaid(w, ow *[4]uint64, lin *uint64, p, last int, info *engine.MoveInfo) bool {
	f := g.Holes - 1 - last
	k := count(ow, f)
	if k == 0 {
		return false
	}
	rest := *ow
	rest[f>>3&3] -= k << (uint(f&7) * 8)
	if rest[0]&g.inner[0]|rest[1]&g.inner[1]|rest[2]&g.inner[2]|rest[3]&g.inner[3] != 0 {
		return false
	}
	*ow = rest
	w[last>>3&3] += k << (uint(last&7) * 8)
	*lin += k*g.rk[p&1][last&31] - k*g.rk[(p^1)&1][f&31]
	info.Captures++
	info.Captured += int32(k)
	return true
}
