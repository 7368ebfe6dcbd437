package kingulu

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// pos is a position as a plain value. Holes are numbered globally in
// sowing order: South's hole i is i, North's hole i is holes+i, so sowing
// goes from hole h to h+1 (mod 2*holes) and hole h faces 2*holes-1-h.
// Hole counts are 16-bit lanes of w, four to a word: hole h is lane h&3 of
// word h>>2. Lanes beyond the board are zero.
type pos struct {
	w      [maxWords]uint64
	res    [2]uint32 // res[p]: global holes reserved by p
	bank   [2]int32
	lin    uint64 // linear hash of board, banks and reservations (see Game)
	toMove engine.Player
	// cand holds the moves (player-relative holes) of toMove that pass every
	// rule except the never-ending check.
	cand uint32
}

func (p *pos) get(h int) int { return int(p.w[h>>2]>>(uint(h&3)*16)) & laneMask }

// add adds d (which may be negative) to hole h.
func (p *pos) add(h, d int) { p.w[h>>2] += uint64(int64(d)) << (uint(h&3) * 16) }

func (p *pos) reserved() uint32 { return p.res[0] | p.res[1] }

func trailing(x uint32) int { return bits.TrailingZeros32(x) }

// Results of Game.move.
const (
	sowEnded       = iota // the move ended; the position is updated
	sowIllegal            // the first lap broke rule 4 (p is garbage)
	sowNeverEnding        // the sowing never ends or exceeds lap_limit (p is garbage)
)

// lastHole returns where the last of c seeds lifted from h falls, and how
// many seeds that hole receives in the lap.
func (g *Game) lastHole(h, c int) (last, got int) {
	rounds, rem := 0, c
	if c >= g.period {
		rounds, rem = c/g.period, c%g.period
	}
	if rem > 0 {
		last = h + rem
		got = rounds + 1
	} else {
		last = h + g.period // h itself, or h-1 when skipping the origin
		got = rounds
	}
	if last >= g.n {
		last -= g.n
	}
	return last, got
}

// candidates returns the candidate moves of the player to move.
func (g *Game) candidates(p *pos) uint32 {
	hs, n, per, minLift := g.rules.Holes, g.n, g.period, g.rules.MinLift
	flr := g.rules.FirstLapRule
	base := int(p.toMove) * hs
	res := p.reserved()
	var mask uint32
	for i := 0; i < hs; i++ {
		h := base + i
		c := p.get(h)
		if c < minLift || res>>uint(h)&1 != 0 {
			continue
		}
		if flr {
			var last, before int
			if c < per { // the common short lap: the last hole gets one seed
				last = h + c
				if last >= n {
					last -= n
				}
				before = p.get(last)
			} else {
				var got int
				last, got = g.lastHole(h, c)
				before = got - 1
				if last != h {
					before += p.get(last)
				}
			}
			if before > 0 && uint(last-base) < uint(hs) && res>>uint(last)&1 == 0 {
				continue // rule 4: the first lap ends in an occupied own hole
			}
		}
		mask |= 1 << i
	}
	return mask
}

// move plays move i (player-relative) of the player to move on p, adding
// its facts to info. On sowEnded p is the position after the move, with
// the other player to move and cand computed. Otherwise p is left in an
// unspecified state: callers move on a copy.
func (g *Game) move(p *pos, i int, info *engine.MoveInfo) int {
	r := g.sow(p, i, info)
	if r == sowEnded {
		p.cand = g.candidates(p)
	}
	return r
}

// sow is move without computing the candidates of the position reached.
func (g *Game) sow(p *pos, i int, info *engine.MoveInfo) int {
	n, nw, hs := g.n, g.nw, g.rules.Holes
	me := int(p.toMove)
	base := me * hs
	h := base + i
	origin := p.get(h)
	first := true
	lapLimit := g.rules.LapLimit
	var laps, sown int64
	defer func() { info.Laps += laps; info.Sown += sown }()
	// Brent's cycle finding over lap starts (board, hole to lift). Banks
	// and reservations cannot change without the board losing seeds or the
	// move ending, so the board and the hole are the whole state.
	tort, tortH := p.w, h
	power, lam := 1, 0
	for {
		c := p.get(h)
		p.w[h>>2] &^= laneMask << (uint(h&3) * 16)
		lin := p.lin - uint64(c)*g.r[h]
		rounds, rem := 0, c
		if c >= g.period {
			rounds, rem = c/g.period, c%g.period
		}
		a := h + 1
		b := a + rem
		ur := uint64(rounds)
		lo := &g.low[a]
		if b <= n {
			hi := &g.low[b]
			for k := 0; k < nw; k++ {
				p.w[k] += ur*g.low[n][k] + hi[k] - lo[k]
			}
			lin += ur*g.pr[n] + g.pr[b] - g.pr[a]
		} else {
			hi := &g.low[b-n]
			for k := 0; k < nw; k++ {
				p.w[k] += (ur+1)*g.low[n][k] - lo[k] + hi[k]
			}
			lin += (ur+1)*g.pr[n] - g.pr[a] + g.pr[b-n]
		}
		if rounds > 0 && g.rules.SkipOrigin {
			p.add(h, -rounds)
			lin -= ur * g.r[h]
		}
		var last int
		if rem > 0 {
			last = h + rem
		} else {
			last = h + g.period
		}
		if last >= n {
			last -= n
		}
		// Seeds that fell into reserved holes go to their owners' banks.
		banked := false
		if res := p.reserved(); res != 0 {
			for o := 0; o < 2; o++ {
				for m := p.res[o]; m != 0; m &= m - 1 {
					r := trailing(m)
					d := rounds
					if x := r - a; (x >= 0 && x < rem) || (x < 0 && x+n < rem) {
						d++
					}
					if d > 0 {
						p.add(r, -d)
						p.bank[o] += int32(d)
						lin += uint64(d) * (g.rb[o] - g.r[r])
						banked = true
					}
				}
			}
		}
		p.lin = lin
		laps++
		sown += int64(c)
		res := p.reserved()
		if res&(1<<last) != 0 {
			break // rule 1
		}
		own := uint(last-base) < uint(hs)
		before := p.get(last) - 1
		if before == 0 { // rule 2
			if own {
				f := n - 1 - last
				if fc := p.get(f); fc > 0 && res&(1<<f) == 0 {
					p.add(f, -fc)
					p.add(last, -1)
					p.bank[me] += int32(fc + 1)
					p.lin += uint64(fc+1)*g.rb[me] - uint64(fc)*g.r[f] - g.r[last]
					info.Captures++
					info.Captured += int32(fc)
				}
			}
			break
		}
		if !own && before == 3 && bits.OnesCount32(p.res[me]) < g.rules.MaxReserved { // rule 3: kuweka mtoto
			p.res[me] |= 1 << last
			p.lin += g.zres[me][last]
			take := c >= 2
			switch g.rules.Penultimate {
			case PenultimateOrigin:
				take = take && origin >= 2
			case PenultimateNever:
				take = false
			}
			if take {
				q := last - 1
				if q < 0 {
					q += n
				}
				if q == h && g.rules.SkipOrigin {
					if q--; q < 0 {
						q += n
					}
				}
				if res&(1<<q) == 0 {
					p.add(q, -1)
					p.add(last, 1)
					p.lin += g.r[last] - g.r[q]
				}
			}
			info.Reserved = true // a reservation, not a capture
			break
		}
		if first && own && g.rules.FirstLapRule {
			return sowIllegal // rule 4
		}
		first = false
		h = last
		if lapLimit > 0 && laps >= lapLimit {
			return sowNeverEnding
		}
		if banked {
			tort, tortH, power, lam = p.w, h, 1, 0
			continue
		}
		lam++
		if h == tortH && p.w == tort {
			return sowNeverEnding
		}
		if lam == power {
			tort, tortH, power, lam = p.w, h, power<<1, 0
		}
	}
	p.toMove ^= 1
	return sowEnded
}

// hash recomputes the linear hash of p from scratch.
func (g *Game) hash(p *pos) uint64 {
	var x uint64
	for h := 0; h < g.n; h++ {
		x += uint64(p.get(h)) * g.r[h]
	}
	for o := 0; o < 2; o++ {
		x += uint64(p.bank[o]) * g.rb[o]
		for m := p.res[o]; m != 0; m &= m - 1 {
			x += g.zres[o][trailing(m)]
		}
	}
	return x
}

// score returns the score (material) of player o: seeds in o's unreserved
// holes and in the holes o reserved, plus o's bank.
func (g *Game) score(p *pos, o engine.Player) int {
	hs := g.rules.Holes
	s := int(p.bank[o])
	res := p.reserved()
	for i := 0; i < hs; i++ {
		if h := int(o)*hs + i; res&(1<<h) == 0 {
			s += p.get(h)
		}
		if h := int(o^1)*hs + i; p.res[o]&(1<<h) != 0 {
			s += p.get(h)
		}
	}
	return s
}

func (g *Game) boardSeeds(p *pos) int {
	s := 0
	for h := 0; h < g.n; h++ {
		s += p.get(h)
	}
	return s
}
