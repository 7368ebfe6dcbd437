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

// StateFromKey returns the state at ply 0 of the position of key, as
// NewStateAt builds it.
func (g *Game) StateFromKey(key []byte) (engine.State, error) {
	r := engine.NewKeyReader(key)
	toMove := engine.Player(r.Bits(1))
	var p Position
	p.Opening = r.Bit()
	total := 0
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < g.n && r.Err() == nil; h++ {
			c := r.Count()
			if total += c; total > 255 {
				return nil, fmt.Errorf("%s: %w: more than 255 cows", Name, engine.ErrBadKey)
			}
			p.Cows[pl][h] = uint8(c)
		}
	}
	p.Reserve[0] = r.Count()
	p.Reserve[1] = r.Last()
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	total += p.Reserve[0] + p.Reserve[1]
	if want := engine.KeyBytes(total + 4*g.rules.Holes + 3); len(key) != want {
		return nil, fmt.Errorf("%s: %w: %d bytes, a key of %d cows has %d", Name, engine.ErrBadKey, len(key), total, want)
	}
	s, err := NewStateAt(g, p, toMove)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadKey, err)
	}
	return s, nil
}
