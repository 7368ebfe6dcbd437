package kimasai4

import (
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// Perft returns the number of distinct legal move sequences of length
// depth from s's position and player to move, ignoring max_plies and
// repetition. s is not changed.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	me, op := st.pos.Stones[st.toMove], st.pos.Stones[st.toMove^1]
	switch {
	case depth == 0:
		return 1
	case me == 0 || op == 0: // the game is over (all-captured)
		return 0
	}
	t := g.steps()
	return t.count(t.twice(me), t.twice(op), depth)
}

// steps tabulates Game.step for every hole a stone can step from.
func (g *Game) steps() steps {
	t := steps{size: g.size, full: uint64(g.full)}
	for from := range g.size {
		flipped, _, _ := g.step(1<<from, 0, from)
		t.flip[from] = t.twice(flipped ^ 1<<from)
		_, left, _ := g.step(1<<from, g.full, from)
		take := g.full &^ left
		t.take[from] = t.twice(take)
		for m := take; m != 0; m &= m - 1 { // the one stone that makes the step a capture
			x := m & -m
			if _, _, taken := g.step(1<<from, x, from); taken > 0 {
				t.face[from] = uint64(x)
			}
		}
		if f := t.face[from]; f != 0 { // a front hole: bit 15 at most
			for v := range uint64(256) {
				if v&f != 0 {
					t.captures[0][v] |= 1 << from
				}
				if v<<8&f != 0 {
					t.captures[1][v] |= 1 << from
				}
			}
		}
	}
	return t
}

// steps holds, for each hole a stone can step from, the bits the step
// flips on the mover's bitboard (the hole and the next one), the
// opponent's stone that makes it a capture (0 when it cannot capture) and
// the opponent's stones the capture takes: Game.step as tables.
// captures[0][b] and captures[1][b] are the holes a step from which
// captures when b is the low and the high byte of the opponent's front
// row.
//
// Perft keeps each bitboard twice over in a uint64 (bits 2n..4n-1 repeat
// bits 0..2n-1, see twice), so that the stone in the hole after each hole
// is one shift away (movable): flip and take are doubled likewise.
type steps struct {
	flip, face, take [32]uint64
	captures         [2][256]uint64
	size             uint32 // 2n
	full             uint64 // the mask of 2n bits
}

// twice returns the doubled bitboard of b.
func (t *steps) twice(b uint32) uint64 { return uint64(b) | uint64(b)<<t.size }

// movable is the function movable on a doubled bitboard: the stones of b
// whose next hole is empty, as a plain bitboard.
func (t *steps) movable(b uint64) uint64 { return b &^ (b >> 1) & t.full }

// capturing returns the holes a step from which captures, given the
// opponent's bitboard op.
func (t *steps) capturing(op uint64) uint64 {
	return t.captures[0][op&0xff] | t.captures[1][op>>8&0xff]
}

// count is perft from a position given as the mover's and the opponent's
// doubled bitboards (the rules are symmetric in player-relative
// numbering), both non-empty, for depth >= 1. A step never takes the
// mover's own stones, so after it only the opponent can be left with
// none (the game is over). The last three plies are counted without a
// call (count3), so that the hot loops keep their values in registers.
func (t *steps) count(me, op uint64, depth int) uint64 {
	switch depth {
	case 1:
		return ones(t.movable(me))
	case 2:
		return t.count2(me, op)
	case 3:
		return t.count3(me, op)
	}
	var total uint64
	for cand := t.movable(me); cand != 0; cand &= cand - 1 {
		m2, o2 := t.step(me, op, cand)
		switch {
		case o2 == 0:
		case depth == 4:
			total += t.count3(o2, m2)
		default:
			total += t.count(o2, m2, depth-1)
		}
	}
	return total
}

// count3 is count at depth 3, with count2 written out.
func (t *steps) count3(me, op uint64) uint64 {
	var total uint64
	for cand := t.movable(me); cand != 0; cand &= cand - 1 {
		m2, o2 := t.step(me, op, cand)
		if o2 == 0 {
			continue
		}
		c2 := t.movable(o2)
		capt := c2 & t.capturing(m2)
		total += ones(t.movable(m2)) * ones(c2&^capt)
		for ; capt != 0; capt &= capt - 1 {
			if o3 := m2 &^ t.take[bits.TrailingZeros64(capt)&31]; o3 != 0 {
				total += ones(t.movable(o3))
			}
		}
	}
	return total
}

// count2 is count at depth 2: the leaves below a move are the opponent's
// candidates, the same below every move that captures nothing, so only
// the captures are played.
func (t *steps) count2(me, op uint64) uint64 {
	cand := t.movable(me)
	capt := cand & t.capturing(op)
	total := ones(t.movable(op)) * ones(cand&^capt)
	for ; capt != 0; capt &= capt - 1 {
		if o2 := op &^ t.take[bits.TrailingZeros64(capt)&31]; o2 != 0 {
			total += ones(t.movable(o2))
		}
	}
	return total
}

// step plays the step of the lowest candidate in cand.
func (t *steps) step(me, op, cand uint64) (me2, op2 uint64) {
	from := bits.TrailingZeros64(cand) & 31
	me2, op2 = me^t.flip[from], op
	if op&t.face[from] != 0 {
		op2 &^= t.take[from]
	}
	return me2, op2
}

// ones counts the bits of x.
func ones(x uint64) uint64 { return uint64(bits.OnesCount64(x)) }
