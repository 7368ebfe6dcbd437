package kingulu

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// TestBulkBanking checks that sow, which leaves seeds sown into
// reserved holes in their lanes and banks them at the end of the move, and
// which looks for cycles only while no hole is reserved, plays every candidate exactly as sowPerLap, the sowing before
// those changes (banking lap by lap, looking for cycles always): the
// same position, banks, hash and MoveInfo, the lap at which a
// never-ending move is found included. Without banking (perft's sow) the
// position must be the same but for seeds sown into the holes reserved
// before the move, left in their lanes (see checkSow). The
// rulesets give long relay sowings over reserved holes (max_reserved stops
// new reservations) and never-ending moves (played, with infinite=draw, so
// that games go on).
func TestBulkBanking(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	long, neverEnding := 0, 0
	var hits int64
	for _, rs := range []string{
		"kingulu:infinite=draw",
		"kingulu:max_reserved=1,infinite=draw",
		"kingulu:max_reserved=0,infinite=draw",
		"kingulu:holes=7,seeds=9,max_reserved=2,infinite=draw",
		"kingulu:holes=5,seeds=7,max_reserved=1,skip_origin=on,infinite=draw",
		"kingulu:holes=8,seeds=5,max_reserved=1,penultimate=origin,infinite=draw",
	} {
		g := engine.MustParse(rs).(*Game)
		games := 1000
		if testenv.Short() {
			games = 200
		}
		for gi := 0; gi < games; gi++ {
			s := g.NewState().(*State)
			var buf []engine.Move
			for !s.Over() {
				for c := s.p.cand; c != 0; c &= c - 1 {
					i := trailing(c)
					want := s.p
					var wantInfo engine.MoveInfo
					rw := g.sowPerLap(&want, i, &wantInfo)
					if rw == sowNeverEnding && s.p.res != [2]uint32{} { // sow would not stop
						t.Fatalf("%s move %d: never-ending with a hole reserved\n%s", rs, i, s)
					}
					gotInfo := checkSow(t, rs, s, i, rw, want, wantInfo)
					if s.p.res != [2]uint32{} && gotInfo.Laps > bankEvery && want.bank != s.p.bank {
						long++
					}
					if rw == sowNeverEnding {
						neverEnding++
					}
				}
				buf = s.Candidates(buf[:0])
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
		hits += g.cycles.hits.Load()
	}
	// Hand-made positions with many seeds (laps of whole rounds) and holes
	// reserved on both sides, where the mover may reserve no more. (Moves
	// of more than bankEvery laps are rare here; TestRandomGames meets
	// them, and State.Check recomputes banks and hash there.)
	for _, rs := range []string{"kingulu:max_reserved=1", "kingulu:max_reserved=1,skip_origin=on,holes=5"} {
		g := engine.MustParse(rs).(*Game)
		hs := g.rules.Holes
		positions := 3000
		if testenv.Short() {
			positions = 600
		}
		for k := 0; k < positions; k++ {
			var p Position
			for pl := 0; pl < 2; pl++ {
				for i := 0; i < hs; i++ {
					p.Seeds[pl][i] = rng.IntN(40)
				}
			}
			p.Reserved[engine.North][rng.IntN(hs)] = true // held by South, the mover
			p.Reserved[engine.South][rng.IntN(hs)] = true
			s, err := NewStateAt(g, p, engine.South)
			if err != nil {
				t.Fatal(err)
			}
			for c := s.p.cand; c != 0; c &= c - 1 {
				i := trailing(c)
				want := s.p
				var wantInfo engine.MoveInfo
				rw := g.sowPerLap(&want, i, &wantInfo)
				if rw == sowNeverEnding { // sow would not stop
					t.Fatalf("%s move %d: never-ending with a hole reserved\n%s", rs, i, s)
				}
				gotInfo := checkSow(t, rs, s, i, rw, want, wantInfo)
				if gotInfo.Laps > bankEvery && want.bank != s.p.bank {
					long++
				}
			}
		}
	}
	t.Logf("%d moves of more than %d laps banking into reserved holes, %d never-ending moves, %d found by a remembered cycle", long, bankEvery, neverEnding, hits)
	if neverEnding == 0 {
		t.Error("no never-ending move met: the test does not reach the cycle finding")
	}
	if hits == 0 {
		t.Error("no never-ending move found by a remembered cycle: the test does not reach the cycle cache")
	}
}

var _ = bits.OnesCount32

// bankEvery is the number of laps over which TestBulkBanking counts a move
// as long: sow once banked every so many laps.
const bankEvery = 64

// checkSow plays move i of s with sow, banking and not, and fails t unless
// the first gives rw, wantInfo and (if the move ended) want, and the second
// the same but for seeds sown into the holes reserved at s, left in
// their lanes (and in the hash) instead of the banks.
func checkSow(t *testing.T, rs string, s *State, i, rw int, want pos, wantInfo engine.MoveInfo) engine.MoveInfo {
	t.Helper()
	g, p := s.g, s.p
	got, lean := p, p
	var gotInfo, leanInfo engine.MoveInfo
	r := g.sow(&got, i, &gotInfo, true)
	if r != rw || gotInfo != wantInfo || (r == sowEnded && got != want) {
		t.Fatalf("%s move %d: sow %d %+v, lap by lap %d %+v\n%s", rs, i, r, gotInfo, rw, wantInfo, s)
	}
	rl := g.sow(&lean, i, &leanInfo, false)
	if rl != rw || leanInfo != wantInfo {
		t.Fatalf("%s move %d: sow without banking %d %+v, lap by lap %d %+v\n%s", rs, i, rl, leanInfo, rw, wantInfo, s)
	}
	if r != sowEnded {
		return gotInfo
	}
	res := p.reserved()
	for h := 0; h < g.n; h++ {
		if res&(1<<h) == 0 && lean.get(h) != want.get(h) {
			t.Fatalf("%s move %d: sow without banking leaves %d in hole %d, lap by lap %d\n%s", rs, i, lean.get(h), h, want.get(h), s)
		}
	}
	bank := lean.bank // plus what fell into reserved holes
	for o := 0; o < 2; o++ {
		for m := p.res[o]; m != 0; m &= m - 1 {
			h := trailing(m)
			bank[o] += int32(lean.get(h) - want.get(h))
		}
	}
	if lean.res != want.res || lean.toMove != want.toMove || bank != want.bank || lean.lin != g.hash(&lean) {
		t.Fatalf("%s move %d: sow without banking: reserved %v, to move %v, banks with the reserved holes' gains %v, hash %#x (recomputed %#x); lap by lap %v %v %v\n%s",
			rs, i, lean.res, lean.toMove, bank, lean.lin, g.hash(&lean), want.res, want.toMove, want.bank, s)
	}
	return gotInfo
}

// sowPerLap is sow as it was before bankReserved: every lap walks the
// reserved holes and banks what fell into them at once.
func (g *Game) sowPerLap(p *pos, i int, info *engine.MoveInfo) int {
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
	var tortSown int64
	start, startH := p.w, h // a move that comes back to its first lap start never ends
	// A never-ending move reports one cycle: its laps and seeds sown.
	cycle := func(l, s int64) int { laps, sown = l, s; return sowNeverEnding }
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
			tort, tortH, power, lam, tortSown = p.w, h, 1, 0, sown
			continue
		}
		if h == startH && p.w == start {
			return cycle(laps, sown)
		}
		lam++
		if h == tortH && p.w == tort {
			return cycle(int64(lam), sown-tortSown)
		}
		if lam == power {
			tort, tortH, power, lam, tortSown = p.w, h, power<<1, 0, sown
		}
	}
	p.toMove ^= 1
	return sowEnded
}
