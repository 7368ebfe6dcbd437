package kimasai4

import (
	"fmt"
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// A kimasai-four-rows key (engine.Encoder) is, bit by bit: the player to
// move (1 bit), then South's bitboard and North's (2*holes bits each, bit
// h = a stone in the owner's hole h): 4*holes + 1 bits, 33 for holes=8.

var _ engine.Encoder = (*Game)(nil)

// KeyBits returns 4*holes + 1, the length of every key of the game.
func (g *Game) KeyBits(engine.State) int { return 2*int(g.size) + 1 }

// AppendKey appends the key of s's position.
func (g *Game) AppendKey(buf []byte, s engine.State) []byte {
	st := s.(*State)
	w := engine.KeyWriter{Buf: buf}
	w.Bits(uint64(st.toMove), 1)
	w.Bits(uint64(st.pos.Stones[0]), uint(g.size))
	w.Bits(uint64(st.pos.Stones[1]), uint(g.size))
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
// ply 0 with an empty history, as NewStateAt builds it (refusing a board
// without stones). It does not allocate once dst has grown; on an error
// dst is unchanged.
func (g *Game) LoadKey(dst engine.State, key []byte) error {
	if want := engine.KeyBytes(2*int(g.size) + 1); len(key) != want {
		return fmt.Errorf("%s: %w: %d bytes, want %d", Name, engine.ErrBadKey, len(key), want)
	}
	r := engine.NewKeyReader(key)
	toMove := engine.Player(r.Bits(1))
	var p Position
	p.Stones[0] = uint32(r.Bits(uint(g.size)))
	p.Stones[1] = uint32(r.Bits(uint(g.size)))
	if r.Last() != 0 || r.Err() != nil {
		return fmt.Errorf("%s: %w: bits after the board", Name, engine.ErrBadKey)
	}
	if err := g.setPosition(dst.(*State), &p, toMove); err != nil {
		return fmt.Errorf("%w: %v", engine.ErrBadKey, err)
	}
	return nil
}

var _ engine.ChildKeys = (*Game)(nil)

// AppendChildKeys appends a Child for each step of the position of key
// (see engine.ChildKeys), from the bitboards in the key and the step
// tables State.Apply uses, without a State. The game ends after a step
// when the opponent has no stone that can step (the mover wins:
// all-captured or no-moves), or at max_plies when that is 1; from a
// position at ply 0 with an empty history no step repeats a position.
func (g *Game) AppendChildKeys(dst []engine.Child, key uint64) []engine.Child {
	me := engine.Player(key & 1)
	stones := [2]uint32{uint32(key>>1) & g.full, uint32(key>>(1+g.size)) & g.full}
	mine, theirs := stones[me], stones[me^1]
	if theirs == 0 {
		return dst // over: all captured
	}
	for c := g.candidates(mine); c != 0; c &= c - 1 {
		from := uint32(bits.TrailingZeros32(c))
		st := &g.moves[from]
		op := theirs
		if op&st.face != 0 {
			op &^= st.face | st.back
		}
		var after [2]uint32
		after[me], after[me^1] = mine^st.flip, op
		ch := engine.Child{Key: uint64(me^1) | uint64(after[0])<<1 | uint64(after[1])<<(1+g.size), Move: engine.Move(from)}
		switch {
		case op == 0:
			ch.Result, ch.End = engine.Win(me), engine.AllCaptured
		case g.candidates(op) == 0:
			ch.Result, ch.End = engine.Win(me), engine.NoMoves
		case g.rules.Common.MaxPlies <= 1:
			ch.Result, ch.End = engine.Unfinished, engine.MaxPlies
		}
		dst = append(dst, ch)
	}
	return dst
}
