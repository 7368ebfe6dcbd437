package kimasai2

import "github.com/baolab/baolab/engine"

// This file keeps the engine's first exact detector, Brent's cycle finding
// alone, as a reference: the tests check that the detector of sow.go and
// cycle.go gives the same verdicts and final positions.

// playBrent is play with the Brent-only detector and a lap cap (see
// sowBrent; 0 for none); it returns only the move's info (x is not
// changed).
func (g *Game) playBrent(x *pos, m int, limit int64) engine.MoveInfo {
	p, o := x.toMove, x.toMove^1
	phase2 := x.phase2()
	intro := !phase2 && x.reserve[p] > 0 && !(x.opening && !g.OpeningIntro)
	w, ow, lin := x.w[p], x.w[o], x.lin
	if intro {
		w[m>>3] += 1 << (uint(m&7) * 8)
		lin += g.rk[p][m]
	}
	_, _, _, info, never := g.sowBrent(w, ow, lin, int(p), m, phase2, limit)
	info.NeverEnding = never
	return info
}

// sowBrent is sow as it was with Brent's cycle finding alone (restarted
// after each raid), except that a limit > 0 caps the laps without turning
// detection off: a move still sowing after limit laps is reported
// never-ending with info.Laps == limit, so tests can skip it.
func (g *Game) sowBrent(w, ow [4]uint64, lin uint64, p, h int, raids bool, limit int64) (_, _ [4]uint64, _ uint64, info engine.MoveInfo, never bool) {
	if g.n <= 16 {
		w[0], w[1], ow[0], lin, info, never = g.sow2Brent(w[0], w[1], ow[0], lin, p, h, raids, limit)
		return w, ow, lin, info, never
	}
	return g.sow4Brent(w, ow, lin, p, h, raids, limit)
}

// sow4Brent is sowBrent for any board.
func (g *Game) sow4Brent(w, ow [4]uint64, lin uint64, p, h int, raids bool, limit int64) (_, _ [4]uint64, _ uint64, info engine.MoveInfo, never bool) {
	n, H := g.n, g.Holes
	ones := g.ones
	rk := &g.rk[p]
	rko := &g.rk[p^1]
	sumR := g.sumR[p]
	lapR := &g.lapR[p]
	capNext := g.CaptureNext
	var laps, sown int64
	s := h
	c := count(&w, s)
	lift := true
	raided := false
	saved, savedS := w, s
	power, lam := int64(1), int64(0)
	for {
		d := g.divq[c&0xFF]
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
		laps++
		sown += int64(c)
		if cn == 1 { // the hole was empty before the last cow
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
	}
}

// sow2Brent is sowBrent for boards of up to 16 holes per player, built
// from sow2's lap steps (the detector is what it keeps for reference).
func (g *Game) sow2Brent(w0, w1, o0, lin uint64, p, h int, raids bool, limit int64) (_, _, _, _ uint64, info engine.MoveInfo, never bool) {
	n, rk, sumR, lapR := g.n, &g.rk[p&1], g.sumR[p&1], &g.lapR[p&1]
	var laps, sown int64
	s := h
	c := count2(w0, w1, s)
	lift := true
	raided := false
	saved0, saved1, savedS := w0, w1, s
	power, lam := int64(1), int64(0)
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
			return w0, w1, o0, lin, info, false
		}
		if limit > 0 && laps >= limit {
			info.Laps, info.Sown = laps, sown
			return w0, w1, o0, lin, info, true
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
		lam++
		if w0 == saved0 && s == savedS && w1 == saved1 {
			info.Laps, info.Sown = laps, sown
			return w0, w1, o0, lin, info, true
		}
		if lam == power {
			saved0, saved1, savedS = w0, w1, s
			power <<= 1
			lam = 0
		}
	}
}
