package kimasai2

import (
	"fmt"

	"github.com/baolab/baolab/engine"
)

// A kimasai-two-rows key (engine.Encoder) is, bit by bit: the player to
// move (1 bit); the opening flag (1 bit: the next move is the game's
// first); then the cows of South's holes 0..2*holes-1, of North's, and
// South's and North's reserves, each in unary (that many one bits and a
// zero, the last without its zero). The phase follows from the reserves.
// With T cows in play a key takes T + 4*holes + 3 bits: 35 bits for
// holes=4,reserve=4.

var _ engine.Encoder = (*Game)(nil)

// KeyBits returns the key length of s's positions: the cows in play plus
// 4*holes + 3.
func (g *Game) KeyBits(s engine.State) int { return s.(*State).total + 4*g.rules.Holes + 3 }

// AppendKey appends the key of s's position.
func (g *Game) AppendKey(buf []byte, s engine.State) []byte {
	x := &s.(*State).x
	w := engine.KeyWriter{Buf: buf}
	w.Bits(uint64(x.toMove), 1)
	w.Bit(x.opening)
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < g.n; h++ {
			w.Count(int(count(&x.w[pl], h)))
		}
	}
	w.Count(int(x.reserve[0]))
	w.Last(int(x.reserve[1]))
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
// ply 0 with an empty history, as NewStateAt builds it. It does not
// allocate once dst has grown; on an error dst is unchanged.
func (g *Game) LoadKey(dst engine.State, key []byte) error {
	r := engine.NewKeyReader(key)
	var x pos
	x.toMove = engine.Player(r.Bits(1))
	x.opening = r.Bit()
	total := 0
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < g.n && r.Err() == nil; h++ {
			c := r.Count()
			if total += c; total > 255 {
				return fmt.Errorf("%s: %w: more than 255 cows", Name, engine.ErrBadKey)
			}
			g.place(&x, pl, h, uint64(c))
		}
	}
	reserve0, reserve1 := r.Count(), r.Last()
	if err := r.Err(); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	if total += reserve0 + reserve1; total > 255 {
		return fmt.Errorf("%s: %w: more than 255 cows", Name, engine.ErrBadKey)
	}
	if want := engine.KeyBytes(total + 4*g.rules.Holes + 3); len(key) != want {
		return fmt.Errorf("%s: %w: %d bytes, a key of %d cows has %d", Name, engine.ErrBadKey, len(key), total, want)
	}
	x.reserve = [2]uint8{uint8(reserve0), uint8(reserve1)}
	g.reset(dst.(*State), &x, total)
	return nil
}
