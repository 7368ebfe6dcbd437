package kimasai4

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// candidates returns the stones of bitboard b whose next hole is empty.
func (g *Game) candidates(b uint32) uint32 { return movable(b, 1<<(g.size-1)) }

// movable returns the stones of bitboard b whose next hole is empty, where
// top is the bit of hole 2n-1, the hole before hole 0.
func movable(b, top uint32) uint32 {
	next := b>>1 | -(b&1)&top // bit h: stone in hole h+1 (mod 2n)
	return b &^ next
}

func (g *Game) fullHash(p Position, toMove engine.Player) uint64 {
	var h uint64
	for q := range p.Stones {
		for b := p.Stones[q]; b != 0; b &= b - 1 {
			h ^= g.zob[q][bits.TrailingZeros32(b)]
		}
	}
	if toMove == engine.North {
		h ^= g.zSide
	}
	return h
}

// step plays the step from hole from (a candidate) on the mover's and the
// opponent's bitboards and returns them with the stones captured.
func (g *Game) step(me, op, from uint32) (me2, op2 uint32, taken int32) {
	to := from + 1
	if to == g.size {
		to = 0
	}
	me2, op2 = me^(1<<from|1<<to), op
	if to < g.n && op&(1<<(g.n-1-to)) != 0 {
		gone := op & (1<<(g.n-1-to) | 1<<(g.n+to))
		op2 = op &^ gone
		taken = int32(bits.OnesCount32(gone))
	}
	return me2, op2, taken
}

// stepMove is Game.step from one hole as masks, with the changes it makes
// to the hash, so that State.Apply needs no arithmetic on hole numbers.
type stepMove struct {
	flip  uint32    // the mover's bits the step flips (the hole and the next)
	face  uint32    // the opponent's stone that makes the step a capture (0: none can)
	back  uint32    // the opponent's stone a capture also takes if there (0: none)
	zMove [2]uint64 // hash change of the step for each mover, side to move included
	zFace [2]uint64 // hash change of taking face, for each opponent
	zBack [2]uint64 // hash change of taking back, for each opponent
}

// stepMove tabulates Game.step from hole from.
func (g *Game) stepMove(from uint32) stepMove {
	var t stepMove
	flipped, _, _ := g.step(1<<from, 0, from)
	t.flip = flipped ^ 1<<from
	_, left, _ := g.step(1<<from, g.full, from)
	take := g.full &^ left
	for m := take; m != 0; m &= m - 1 { // the one stone that makes the step a capture
		x := m & -m
		if _, _, n := g.step(1<<from, x, from); n > 0 {
			t.face = x
		}
	}
	t.back = take &^ t.face
	for q := range 2 {
		for b := t.flip; b != 0; b &= b - 1 {
			t.zMove[q] ^= g.zob[q][bits.TrailingZeros32(b)]
		}
		t.zMove[q] ^= g.zSide
		if t.face != 0 {
			t.zFace[q] = g.zob[q][bits.TrailingZeros32(t.face)]
		}
		if t.back != 0 {
			t.zBack[q] = g.zob[q][bits.TrailingZeros32(t.back)]
		}
	}
	return t
}
