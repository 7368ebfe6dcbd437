package kingulu

import (
	"fmt"

	"github.com/baolab/baolab/engine"
)

// A kingulu key (engine.Encoder) is, bit by bit: the player to move (1
// bit); for each global hole 0..2*holes-1 (South's holes then North's, in
// sowing order) whether it is reserved (1 bit; its owner is the player
// across); then every hole's seeds in that order and of South's and
// North's banks, each in unary (that many one bits and a zero, the last
// without its zero). With T seeds in play a key takes 1 + 2*holes + T +
// 2*holes + 1 bits: 50 bits for holes=6,seeds=2 and 62 for holes=5,seeds=4.

var _ engine.Encoder = (*Game)(nil)

// KeyBits returns the key length of s's positions: 4*holes + 2 + the
// seeds in play.
func (g *Game) KeyBits(s engine.State) int {
	return 4*g.rules.Holes + 2 + int(s.(*State).total)
}

// AppendKey appends the key of s's position.
func (g *Game) AppendKey(buf []byte, s engine.State) []byte {
	p := &s.(*State).p
	w := engine.KeyWriter{Buf: buf}
	w.Bits(uint64(p.toMove), 1)
	w.Bits(uint64(p.reserved()), uint(g.n))
	for h := 0; h < g.n; h++ {
		w.Count(p.get(h))
	}
	w.Count(int(p.bank[0]))
	w.Last(int(p.bank[1]))
	return w.Finish()
}

// StateFromKey returns a new state at the position of key (see LoadKey).
func (g *Game) StateFromKey(key []byte) (engine.State, error) {
	s := &State{}
	if err := g.LoadKey(s, key); err != nil {
		return nil, err
	}
	return s, nil
}

// LoadKey sets dst, a *State of this package, to the position of key at
// ply 0 with an empty history, as NewStateAt builds it (over at once, by
// score, when the player to move has no candidate). It does not allocate
// once dst has grown; on an error dst is unchanged.
func (g *Game) LoadKey(dst engine.State, key []byte) error {
	r := engine.NewKeyReader(key)
	var q pos
	q.toMove = engine.Player(r.Bits(1))
	res := uint32(r.Bits(uint(g.n)))
	total := 0
	for h := 0; h < g.n && r.Err() == nil; h++ {
		c := r.Count()
		if total += c; total > maxTotal {
			return fmt.Errorf("%s: %w: more than %d seeds", Name, engine.ErrBadKey, maxTotal)
		}
		q.add(h, c)
	}
	bank0, bank1 := r.Count(), r.Last()
	if err := r.Err(); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	if total += bank0 + bank1; total > maxTotal {
		return fmt.Errorf("%s: %w: more than %d seeds", Name, engine.ErrBadKey, maxTotal)
	}
	if want := engine.KeyBytes(4*g.rules.Holes + 2 + total); len(key) != want {
		return fmt.Errorf("%s: %w: %d bytes, a key of %d seeds has %d", Name, engine.ErrBadKey, len(key), total, want)
	}
	q.bank = [2]int32{int32(bank0), int32(bank1)}
	g.setReserved(&q, res)
	g.reset(dst.(*State), g.completed(q))
	return nil
}
