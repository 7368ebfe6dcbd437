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

// setReserved records the holes of mask m (global numbering) as reserved,
// each by the player across from its owner: South's holes by North,
// North's by South. It is the inverse of reserved.
func (g *Game) setReserved(p *pos, m uint32) {
	south := uint32(1)<<uint(g.rules.Holes) - 1
	p.res[engine.North], p.res[engine.South] = m&south, m&^south
}

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

// candidates returns the candidate moves of the player to move. The common
// case (a first lap shorter than a round) is worked out without branches:
// which moves pass is as unpredictable as the position. Holes holding a
// round or more are rare and worked out after the loop.
func (g *Game) candidates(p *pos) uint32 {
	hs, n, per := g.rules.Holes, g.n, g.period
	minLift := g.rules.MinLift
	var flr uint32
	if g.rules.FirstLapRule {
		flr = 1
	}
	base := int(p.toMove) * hs
	// Shift counts are masked below 32 (they are) so that the compiler
	// drops its checks for wider shifts.
	ownFree := (uint32(1)<<(hs&31) - 1) << (base & 31) &^ p.reserved() // the mover's unreserved holes
	var mask, long uint32
	for i := 0; i < hs; i++ {
		h := base + i
		c := p.get(h)
		if c >= per {
			long |= 1 << (i & 31)
			c = 0
		}
		last := h + c // the last hole gets one seed
		if last >= n {
			last -= n
		}
		before := p.get(last)                              // c = 0: last = h, before = 0
		lifts := uint32(minLift-1-c) >> 31                 // c >= minLift
		occupied := uint32(-before) >> 31                  // before > 0
		rule4 := flr & occupied & (ownFree >> (last & 31)) // ends in an occupied own hole
		mask |= (lifts &^ rule4 & 1) << (i & 31)           // lifts, passes rule 4
	}
	for ; long != 0; long &= long - 1 {
		i := trailing(long)
		h := base + i
		last, got := g.lastHole(h, p.get(h))
		before := got - 1
		if last != h {
			before += p.get(last)
		}
		if !(g.rules.FirstLapRule && before > 0 && ownFree&(1<<(last&31)) != 0) {
			mask |= 1 << (i & 31) // a hole with a round or more lifts
		}
	}
	return mask & (ownFree >> (base & 31)) // unreserved
}

// move plays move i (player-relative) of the player to move on p, adding
// its facts to info. On sowEnded p is the position after the move, with
// the other player to move and cand computed. Otherwise p is left in an
// unspecified state: callers move on a copy.
func (g *Game) move(p *pos, i int, info *engine.MoveInfo) int {
	r := g.sow(p, i, info, true)
	if r == sowEnded {
		p.cand = g.candidates(p)
	}
	return r
}

// sow is move without computing the candidates of the position reached.
// With bank false seeds sown into reserved holes are not banked: they
// stay in the reserved holes' lanes (and in the hash as such), which no
// rule reads, and the banks gain only captures. Perft and Legal, which
// need only the moves, play so (as the C perft of testdata/cperft keeps
// no banks).
//
// A move is a loop of laps, each followed by the rules of the hole
// its last seed fell into (the package doc's rules 1 to 4: the move ends
// in a reserved hole, ends in an empty one, with a capture (capture), or
// reserves an opponent's hole (reserve), or relays), and, while no hole
// is reserved, the search for a never-ending move.
//
// sow stays one long function on purpose: it is the simulator's and the
// solver's hot loop (every move of every game and every solved position
// runs it), its lap is unrolled inline because a function there would not
// be inlined, and the cycle search keeps its tortoise, landmarks and
// counters in locals the compiler holds in registers; split into steps
// they would go through memory at every lap. Its parts are marked by the
// comments above and in the body (the lap, rules 1 to 4, the search).
func (g *Game) sow(p *pos, i int, info *engine.MoveInfo, bank bool) int {
	n, hs := g.n, g.rules.Holes
	wide := n > 12
	me := int(p.toMove)
	base := me * hs
	h := base + i
	origin := p.get(h)
	c := origin // h's seeds, h the hole to lift
	first := true
	lapLimit := g.rules.LapLimit
	var laps, sown int64
	result := sowEnded
	// Reservations do not change before the move ends (rule 3 ends it).
	res0 := p.res
	res := res0[0] | res0[1]
	// No rule reads the count of a reserved hole, so seeds sown into
	// reserved holes stay in their lanes and are banked in bulk
	// (bankReserved) against their counts at the start when the move
	// ends. No lane can overflow meanwhile: a lap moves seeds without
	// changing their number, so the lanes together hold at most all seeds
	// of the position, at most maxTotal.
	//
	// saved is Brent's tortoise while no hole is reserved, else the board
	// at the start.
	//
	// With no hole reserved, Brent's cycle finding over lap starts (board,
	// hole to lift) finds a never-ending move: nothing is banked, so the
	// board and the hole are the whole state. The first lap always moves
	// the tortoise (a lap changes the board), so it starts unset. With a
	// hole reserved the move cannot be never-ending (see the package doc)
	// and no cycle is looked for. Within the move the hash p.lin changes
	// with the board alone (banks and reservations change only as the
	// move ends), so boards are compared by hash first.
	//
	// A never-ending move found so far has always come back to its own
	// first lap start (see the package doc), so that start is checked at
	// every lap too: it finds such a move after one cycle of laps, where
	// Brent's method takes two to three. And the cycles found are
	// remembered by their landmarks (see cycle.go): a move whose laps
	// come to a landmark of a known cycle never ends. A new cycle is
	// walked once more to remember its landmarks (recording counts down
	// its laps). MoveInfo gets one cycle's laps and seeds sown (cycLaps,
	// cycSown) whichever way the cycle was found.
	var saved [maxWords]uint64
	tortH, power, lam := -1, 1, 0
	var tortLin uint64
	var tortSown, cycLaps, cycSown, recording int64
	start, startH, startLin := p.w, h, p.lin
	cache := g.cycles
	boardLin := -(uint64(p.bank[0])*g.rb[0] + uint64(p.bank[1])*g.rb[1]) // p.lin + boardLin hashes the board alone while no hole is reserved
	bank = bank && res != 0
	if bank {
		saved = p.w
	}
	for {
		// The lap: from the lap table (lapTable), unrolled here (as a
		// function it would not be inlined), or worked out when long.
		var last int
		if c < 2*n {
			e := &g.laps[h*2*n+c]
			w := &p.w
			w[0] += e.w[0]
			w[1] += e.w[1]
			w[2] += e.w[2]
			if wide { // more than 12 holes on the board
				w[3] += e.w[3]
				w[4] += e.w[4]
				w[5] += e.w[5]
			}
			p.lin += e.lin
			last = e.last
		} else {
			last = g.sowLap(p, h, c)
		}
		laps++
		sown += int64(c)
		if res&(1<<(last&31)) != 0 {
			break // rule 1
		}
		own := uint(last-base) < uint(hs)
		before := p.get(last) - 1
		if before == 0 { // rule 2
			if own {
				g.capture(p, me, n-1-last, last, res, info)
			}
			break
		}
		if !own && before == 3 && bits.OnesCount32(p.res[me]) < g.rules.MaxReserved { // rule 3: kuweka mtoto
			g.reserve(p, me, h, c, last, origin, res, info)
			break
		}
		if first && own && g.rules.FirstLapRule {
			result = sowIllegal // rule 4
			break
		}
		first = false
		h, c = last, before+1 // relay
		if lapLimit > 0 && laps >= lapLimit {
			result = sowNeverEnding
			break
		}
		if res != 0 {
			continue
		}
		// The search for a never-ending move.
		if recording > 0 {
			if landmark(p.lin+boardLin, g.r[h]) {
				cache.add(cycleKey{p.w, int8(h), int8(me)}, cycleLen{cycLaps, cycSown})
			}
			if recording--; recording == 0 {
				break
			}
			continue
		}
		if p.lin == startLin && h == startH && p.w == start {
			result, cycLaps, cycSown = sowNeverEnding, laps, sown
			if recording = cycLaps; cache == nil {
				break
			}
			continue
		}
		if cache != nil && landmark(p.lin+boardLin, g.r[h]) {
			if cl, ok := cache.get(cycleKey{p.w, int8(h), int8(me)}); ok {
				result, cycLaps, cycSown = sowNeverEnding, cl.laps, cl.sown
				break
			}
		}
		lam++
		if p.lin == tortLin && h == tortH && p.w == saved {
			result, cycLaps, cycSown = sowNeverEnding, int64(lam), sown-tortSown
			if recording = cycLaps; cache == nil {
				break
			}
			continue
		}
		if lam == power {
			saved, tortLin, tortH, power, lam, tortSown = p.w, p.lin, h, power<<1, 0, sown
		}
	}
	if cycLaps > 0 {
		laps, sown = cycLaps, cycSown
	}
	info.Laps += laps
	info.Sown += sown
	if result == sowEnded {
		if bank {
			g.bankReserved(p, &res0, &saved)
		}
		p.toMove ^= 1
	}
	return result
}

// lapEffect is what a lap of c seeds lifted from hole h does to any
// board: the words to add to it (the lift and each seed sown, lane by
// lane; a lane's decrease is added in two's complement, which is exact
// because the lane holds every seed lifted), the change of the linear
// hash, and the hole where the last seed falls.
type lapEffect struct {
	w    [maxWords]uint64
	lin  uint64
	last int
}

// lapTable returns the lap effects of the laps of fewer than 2*n seeds
// from every hole, hole by hole: the lap of c seeds from h is entry
// h*2*n + c, played by sow. Longer laps are worked out as they come
// (sowLap).
func (g *Game) lapTable() []lapEffect {
	t := make([]lapEffect, g.n*2*g.n)
	for h := 0; h < g.n; h++ {
		for c := 0; c < 2*g.n; c++ {
			var p pos
			p.add(h, c)
			w0 := p.w
			last := g.sowLap(&p, h, c)
			e := &t[h*2*g.n+c]
			for k := range p.w {
				e.w[k] = p.w[k] - w0[k]
			}
			e.lin, e.last = p.lin, last
		}
	}
	return t
}

// sowLap is a lap worked out without the lap table (lapTable): it
// lifts the c seeds of hole h and sows them, updating the board and the
// hash, and returns the hole where the last seed fell. The lap lifts the c seeds
// of h, puts rounds seeds into every hole and one more into the rem
// holes from a = h+1 on: that is k whole rings (the lanes below e) minus
// the lanes below a; skip_origin then takes the rounds seeds back out of
// h.
func (g *Game) sowLap(p *pos, h, c int) int {
	n, per := g.n, g.period
	rounds, rem := 0, c
	if c >= per {
		rounds, rem = c/per, c%per
	}
	a := h + 1
	k, e := uint64(rounds), a+rem
	if e > n {
		k, e = k+1, e-n
	}
	full, lo, hi := &g.low[n], &g.low[a], &g.low[e]
	w := &p.w
	w[h>>2] -= uint64(c) << (uint(h&3) * 16)
	for j := range w {
		w[j] += k*full[j] + hi[j] - lo[j]
	}
	lin := p.lin - uint64(c)*g.r[h] + k*g.pr[n] + g.pr[e] - g.pr[a]
	if rounds > 0 && g.rules.SkipOrigin {
		p.add(h, -rounds)
		lin -= uint64(rounds) * g.r[h]
	}
	p.lin = lin
	last := h + per
	if rem > 0 {
		last = h + rem
	}
	if last >= n {
		last -= n
	}
	return last
}

// capture is rule 2 in the mover's own hole last, empty before its seed
// fell: if the facing hole f is neither reserved nor empty, the mover
// banks its seeds and the capturing seed.
func (g *Game) capture(p *pos, me, f, last int, res uint32, info *engine.MoveInfo) {
	if fc := p.get(f); fc > 0 && res&(1<<(f&31)) == 0 {
		p.add(f, -fc)
		p.add(last, -1)
		p.bank[me] += int32(fc + 1)
		p.lin += uint64(fc+1)*g.rb[me] - uint64(fc)*g.r[f] - g.r[last]
		info.Captures++
		info.Captured += int32(fc)
	}
}

// reserve is rule 3 (kuweka mtoto): the mover reserves the opponent's
// hole last, where the last seed of a lap of c seeds from h fell, and,
// as the penultimate option says, takes the penultimate seed of the lap
// out of its hole (unless that hole is reserved) into last. origin is the
// seeds of the move's first hole.
func (g *Game) reserve(p *pos, me, h, c, last, origin int, res uint32, info *engine.MoveInfo) {
	n := g.n
	p.res[me&1] |= 1 << (last & 31)
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
		if res&(1<<(q&31)) == 0 {
			p.add(q, -1)
			p.add(last, 1)
			p.lin += g.r[last] - g.r[q]
		}
	}
	info.Reserved = true // a reservation, not a capture
}

// bankReserved moves every seed that the holes reserved at the start of
// the move (res0) gained over their counts w0 to their owners' banks,
// leaving the holes at w0.
func (g *Game) bankReserved(p *pos, res0 *[2]uint32, w0 *[maxWords]uint64) {
	for o := 0; o < 2; o++ {
		for m := res0[o]; m != 0; m &= m - 1 {
			r := trailing(m)
			k, sh := r>>2, uint(r&3)*16
			if d := p.w[k]>>sh&laneMask - w0[k]>>sh&laneMask; d > 0 {
				p.w[k] -= d << sh
				p.bank[o] += int32(d)
				p.lin += d * (g.rb[o] - g.r[r])
			}
		}
	}
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
	hs := uint(g.rules.Holes)
	own := (uint32(1)<<hs - 1) << (uint(o) * hs)
	return int(p.bank[o]) + g.seedsIn(p, own&^p.reserved()|p.res[o])
}

// boardSeeds returns the seed count of all holes.
func (g *Game) boardSeeds(p *pos) int { return g.seedsIn(p, uint32(1)<<uint(g.n)-1) }

// seedsIn returns the seed count of the holes of mask m. It adds the selected
// 16-bit lanes of every word, then the four lanes of the sum (no lane can
// carry: a board holds at most maxTotal seeds).
func (g *Game) seedsIn(p *pos, m uint32) int {
	var x uint64
	for k := 0; k < g.nw; k++ {
		x += p.w[k] & laneSelect[m>>(4*k)&15]
	}
	return int(x * 0x0001_0001_0001_0001 >> 48)
}

// laneSelect[m] keeps the 16-bit lanes of a word whose bits are set in
// the 4-bit hole mask m.
var laneSelect = func() (t [16]uint64) {
	for m := range t {
		for i := range 4 {
			if m>>i&1 != 0 {
				t[m] |= laneMask << (16 * i)
			}
		}
	}
	return t
}()
