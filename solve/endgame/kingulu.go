package endgame

import (
	"fmt"
	"iter"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// Format names the layout of MetaFile of a kingulu database.
const Format = "baolab-kingulu-endgame/1"

// kinguluDB is the kingulu variant of a database: K counts the seeds in
// play, a canonical position has the other seeds in South's bank.
type kinguluDB struct{ g *kingulu.Game }

func (kinguluDB) format() string      { return Format }
func (kinguluDB) count() string       { return "seeds" }
func (v kinguluDB) keyBits(k int) int { return 4*v.g.Rules().Holes + 2 + k }

func (kinguluDB) positions(int) int { return -1 }

func (v kinguluDB) check(k int) error {
	if v.g.Rules().InfiniteDraw {
		return fmt.Errorf("endgame: %w: %s: with infinite=draw a game drawn by a never-ending move is worth 0 whatever the material, so values do not shift with it", ErrCannot, v.g.Ruleset())
	}
	if k < 0 || k > MaxSeeds(v.g) {
		return outOfRange(v.g, "seeds in play", k, 0, MaxSeeds(v.g))
	}
	return nil
}

func (v kinguluDB) canonical(k int) iter.Seq[engine.State] { return Canonical(v.g, k) }

func (v kinguluDB) newScratch(k int) engine.State {
	return canonicalState(v.g, k, kingulu.Position{}, engine.South)
}

func (v kinguluDB) canonicalOf(s, scratch engine.State, k int) (engine.State, int, bool) {
	ks, ok := s.(*kingulu.State)
	if !ok || InPlay(ks) > k {
		return nil, 0, false
	}
	c := scratch.(*kingulu.State)
	p := ks.Position()
	canonicalize(k, &p)
	if err := c.SetPosition(p, s.Player()); err != nil {
		panic("endgame: " + err.Error()) // counts are small and non-negative
	}
	return c, margin(s) - margin(c), true
}

// MaxSeeds returns the largest K a database of g can have: the keys of
// its positions (K seeds in all) must fit the solver's 62 bits.
func MaxSeeds(g *kingulu.Game) int { return solve.MaxKeyBits - 2 - 4*g.Rules().Holes }

// Canonical yields the canonical positions of g for at most k seeds in
// play (see the package doc), one state changed each time: every set of
// reserved holes the rules allow, every distribution of at most k seeds
// over the unreserved holes, South then North to move.
func Canonical(g *kingulu.Game, k int) iter.Seq[engine.State] {
	return func(yield func(engine.State) bool) {
		r := g.Rules()
		n := r.Holes
		for mask := uint32(0); mask < 1<<(2*n); mask++ {
			south, north := mask&(1<<n-1), mask>>n // South's row reserved by North, North's by South
			if popcount(south) > r.MaxReserved || popcount(north) > r.MaxReserved {
				continue
			}
			var p kingulu.Position
			var free [][2]int // unreserved holes: player, hole
			for h := range 2 * n {
				pl, i := h/n, h%n
				if mask&(1<<h) != 0 {
					p.Reserved[pl][i] = true
				} else {
					free = append(free, [2]int{pl, i})
				}
			}
			if !distribute(g, k, &p, free, 0, 0, yield) {
				return
			}
		}
	}
}

// distribute puts 0..k-used seeds in free[j] and on, yielding each
// complete position with both players to move; false when yield stopped.
func distribute(g *kingulu.Game, k int, p *kingulu.Position, free [][2]int, j, used int, yield func(engine.State) bool) bool {
	if j == len(free) {
		for _, pl := range []engine.Player{engine.South, engine.North} {
			if !yield(canonicalState(g, k, *p, pl)) {
				return false
			}
		}
		return true
	}
	h := free[j]
	for c := 0; used+c <= k; c++ {
		p.Seeds[h[0]][h[1]] = c
		if !distribute(g, k, p, free, j+1, used+c, yield) {
			p.Seeds[h[0]][h[1]] = 0
			return false
		}
	}
	p.Seeds[h[0]][h[1]] = 0
	return true
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// canonicalState returns the canonical position of p for k seeds: p's
// reserved holes emptied, North's bank 0 and South's bank k minus the
// seeds in play, toMove to move.
func canonicalState(g *kingulu.Game, k int, p kingulu.Position, toMove engine.Player) *kingulu.State {
	canonicalize(k, &p)
	s, err := kingulu.NewStateAt(g, p, toMove)
	if err != nil {
		panic("endgame: " + err.Error()) // counts are small and non-negative
	}
	return s
}

// canonicalize makes p its canonical position for k seeds: its reserved
// holes emptied, North's bank 0 and South's bank k minus its seeds in
// play.
func canonicalize(k int, p *kingulu.Position) {
	inPlay := 0
	for pl := range 2 {
		for i := range kingulu.MaxHoles {
			if p.Reserved[pl][i] {
				p.Seeds[pl][i] = 0
			}
			inPlay += p.Seeds[pl][i]
		}
	}
	p.Bank = [2]int{k - inPlay, 0}
}

// InPlay returns the seed count of the unreserved holes of a kingulu state.
func InPlay(s *kingulu.State) int {
	p := s.Position()
	n := 0
	for pl := range 2 {
		for i := range kingulu.MaxHoles {
			if !p.Reserved[pl][i] {
				n += p.Seeds[pl][i]
			}
		}
	}
	return n
}
