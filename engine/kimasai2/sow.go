package kimasai2

import "github.com/baolab/baolab/engine"

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
func (g *Game) play(x *pos, m int) moveResult { return g.playMemo(x, m, nil) }

// playMemo is play consulting and filling the never-ending memo memo
// (memo.go; nil for none), which changes only the laps, cows sown and
// captures a never-ending move reports.
func (g *Game) playMemo(x *pos, m int, memo *neverMemo) moveResult {
	p := x.toMove & 1
	var flags uint8
	phase2 := x.phase2()
	intro := !phase2 && x.reserve[p] > 0 && !(x.opening && !g.rules.OpeningIntro)
	// raids: the move is played by the phase-2 rules (phase_change=immediate:
	// also the move that brings in the last reserve cow).
	raids := phase2 || (g.rules.PhaseImmediate && intro && x.reserve[p] == 1 && x.reserve[p^1] == 0)
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
		start := rows2{w[0], w[1], ow[0], lin}
		if intro {
			cow := uint64(1) << (uint(m&7) * 8)
			hi := -uint64(m >> 3 & 1)
			start.w0 += cow &^ hi
			start.w1 += cow & hi
		}
		var a rows2
		var laps, sown int64
		var capt uint64
		if g.n == 16 { // 8 holes a row (the default board)
			a, laps, sown, capt = g.sow2Short8(start, int(p), m, raids)
		} else {
			a, laps, sown, capt = g.sow2Short(start, int(p), m, raids)
		}
		if laps == 0 { // a long move: again from the start, with cycle finding
			if a, r = g.play2Long(start, p, m, raids, flags, ow, memo); r.never() {
				return r
			}
		} else {
			r = moveResult{laps, sown, capt, flags}
		}
		w[0], w[1], ow[0], lin = a.w0, a.w1, a.o0, a.lin
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

// play2Long is play's sowing of a long move on boards of up to 16 holes
// per player (one that sow2Short gave up on after shortLaps laps): from
// start again, with cycle finding (the memo's rotated states first, when
// there is a memo), for the player p to move, whose opponent's rows are
// ow. The result is never-ending, or the rows after the move and its
// result with flags; playMemo's hot path, the short move, stays inline.
func (g *Game) play2Long(start rows2, p engine.Player, m int, raids bool, flags uint8, ow *[4]uint64, memo *neverMemo) (rows2, moveResult) {
	if memo != nil && g.n == 16 {
		// Search: rotated states tell a never-ending move sooner
		// (rotated.go); a move that ends is sown exactly below.
		if info, ok := g.verdict16(start, m, raids, memo); ok && info.NeverEnding {
			memo.rotated++
			return rows2{}, packInfo(info, flags)
		}
	}
	// With a memo, the hash the stacks see leaves out the opponent's
	// outer row, which the move cannot change (memo.go).
	var outer uint64
	if memo != nil {
		outer = g.outerLin(ow, p^1)
		start.lin -= outer
	}
	var a rows2
	var info engine.MoveInfo
	if g.n == 16 {
		a, info = g.sow2Holes8(start, int(p), m, raids, g.rules.LapLimit, memo)
	} else {
		a, info = g.sow2(start, int(p), m, raids, g.rules.LapLimit, memo)
	}
	a.lin += outer
	return a, packInfo(info, flags)
}

// play4 is play's sowing on boards of more than 16 holes per player (and
// with skip_origin or win_check=capture): it sows move m of x (a reserve
// cow brought in when intro) and writes the rows back, or sets
// info.NeverEnding for a never-ending move and leaves x as it was. lin is
// the linear hash before the move; play4 returns it after the move.
func (g *Game) play4(x *pos, m int, intro, raids bool, lin uint64) (info engine.MoveInfo, after uint64) {
	p := x.toMove & 1
	w, ow := &x.w[p], &x.w[p^1]
	start := rows4{*w, *ow, lin}
	if intro {
		start.w[m>>3&3] += 1 << (uint(m&7) * 8)
	}
	a, info := g.sow4(start, int(p), m, raids, g.rules.LapLimit)
	if info.NeverEnding {
		return info, lin
	}
	*w, *ow = a.w, a.ow
	return info, a.lin
}

// shortLaps is the most laps sow2Short sows before it hands a move to
// sow2. Nearly every move ends sooner (1.7 laps on average in perft(6)).
const shortLaps = 64

// The lap loops (sow2Short, sow2, sow2Run, sow4, sow4Run, the variants
// sow2Short8, sow2Holes8 and sow2Run8 for the default 8 holes a row, and
// the stacks' drivers sow2Long, sow2Long8 and sow4Long) are in laps_gen.go, written
// by go generate (internal/lapgen) from one template: each rule of a lap
// is written there once, for each row width. They are built for speed (a
// never-ending move can run for 10^8 laps and more): counts are packed a
// byte per hole, a lap of c = q*n+r cows adds q to every hole plus one to
// the r holes after s in a few word additions, and the count of the hole
// where the lap ends is computed from its count before the lap (old + q +
// [r>0]) so the next lap need not wait for the additions. Boards of up to
// 8 holes a row (two words a player) use the sow2 loops, which keep the
// words in registers and decide which word holds the hole where a lap
// ends, and whether that hole raids, without branches (which went either
// way at random: removing them made the laps of never-ending moves about
// 30% faster); play calls them with the words (going through a wrapper
// that copied whole rows cost a quarter of perft's time), first sow2Short
// (or sow2Short8), a smaller loop without cycle finding, then sow2 (or
// sow2Holes8) for a move still sowing after shortLaps laps.
//
//go:generate go run ./internal/lapgen

// ones8 has a cow in every hole of a row of 8 holes (one word).
const ones8 = 0x0101010101010101

// rows2 is what the two-word lap loops sow: the mover's rows (w0: holes
// 0-7, w1: holes 8-15), the opponent's inner row o0 and the linear hash.
type rows2 struct{ w0, w1, o0, lin uint64 }

// rows4 is what the four-word lap loops sow: the mover's rows w, the
// opponent's rows ow and the linear hash.
type rows4 struct {
	w, ow [4]uint64
	lin   uint64
}

// winRaid applies win_check=capture to a phase-2 lap of player p whose
// last cow fell into the occupied inner hole last: if the facing hole
// holds the opponent's last inner cows, they are raided into hole last
// itself (not sown) and winRaid returns their number k: the move ends and
// wins. Otherwise nothing changes and it returns 0.
func (g *Game) winRaid(w, ow *[4]uint64, lin *uint64, p, last int) (k uint64) {
	f := g.rules.Holes - 1 - last
	k = count(ow, f)
	if k == 0 {
		return 0
	}
	rest := *ow
	rest[f>>3&3] -= k << (uint(f&7) * 8)
	if rest[0]&g.inner[0]|rest[1]&g.inner[1]|rest[2]&g.inner[2]|rest[3]&g.inner[3] != 0 {
		return 0
	}
	*ow = rest
	w[last>>3&3] += k << (uint(last&7) * 8)
	*lin += k*g.rk[p&1][last&31] - k*g.rk[(p^1)&1][f&31]
	return k
}
