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
	intro := !phase2 && x.reserve[p] > 0 && !(x.opening && !g.rules.OpeningIntro)
	w, ow, lin := x.w[p], x.w[o], x.lin
	if intro {
		w[m>>3] += 1 << (uint(m&7) * 8)
		lin += g.rk[p][m]
	}
	_, _, _, info, never := g.sowBrent(w, ow, lin, int(p), m, phase2, limit)
	info.NeverEnding = never
	return info
}

// sowBrent is sow4 as it was with Brent's cycle finding alone (sow4Brent
// and sow2Brent, laps_ref_gen_test.go), except that a limit > 0 caps the
// laps without turning detection off: a move still sowing after limit laps
// is reported never-ending with info.Laps == limit, so tests can skip it.
func (g *Game) sowBrent(w, ow [4]uint64, lin uint64, p, h int, raids bool, limit int64) (_, _ [4]uint64, _ uint64, info engine.MoveInfo, never bool) {
	if g.n <= 16 && !g.general {
		a, info := g.sow2Brent(rows2{w[0], w[1], ow[0], lin}, p, h, raids, limit)
		w[0], w[1], ow[0] = a.w0, a.w1, a.o0
		never, info.NeverEnding = info.NeverEnding, false
		return w, ow, a.lin, info, never
	}
	a, info := g.sow4Brent(rows4{w, ow, lin}, p, h, raids, limit)
	never, info.NeverEnding = info.NeverEnding, false
	return a.w, a.ow, a.lin, info, never
}
