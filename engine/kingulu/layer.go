package kingulu

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/baolab/baolab/engine"
)

// Layers (engine.Layered). Banks never shrink and reservations are
// permanent, so a position's layer is its two banks and its reserved
// holes. A move that changes the layer adds seeds to a bank or reserves
// a hole, so the layer's rank — the banked seeds plus the reserved
// holes — grows, and the rank is the layer number's top field: layer
// numbers grow along every game. From the lowest bit, a layer is:
//
//	bits  0..23  the reserved holes (global numbering, as in a key)
//	bits 24..36  North's bank
//	bits 37..49  South's bank
//	bits 50..62  the rank
//
// A layer key is, from the lowest bit, the player to move (1 bit) and the
// seeds of every hole in sowing order in unary, each followed by a zero:
// 2*holes + 1 + B bits with B seeds on the board (61 at the start of the
// default board; seeds leave the board only for the banks).
const (
	layerResBits  = 24
	layerBankBits = 13
	layerBankMask = 1<<layerBankBits - 1
)

var _ engine.Layered = (*Game)(nil)

// LayerKeyBits returns the length of s's layer key: 2*holes + 1 + the
// seeds on the board.
func (g *Game) LayerKeyBits(s engine.State) int {
	return 2*g.rules.Holes + 1 + g.boardSeeds(&s.(*State).p)
}

// LayerKey returns the layer of s's position and its key in the layer.
// Keys longer than 64 bits (LayerKeyBits) come out truncated.
func (g *Game) LayerKey(s engine.State) (layer, key uint64) {
	p := &s.(*State).p
	key = uint64(p.toMove)
	at := uint(1)
	for h := 0; h < g.n; h++ {
		c := uint(p.get(h))
		key |= (1<<c - 1) << at
		at += c + 1
	}
	return layerOf(p.bank, p.reserved()), key
}

func layerOf(bank [2]int32, res uint32) uint64 {
	rank := uint64(bank[0]) + uint64(bank[1]) + uint64(bits.OnesCount32(res))
	return rank<<(layerResBits+2*layerBankBits) | uint64(bank[0])<<(layerResBits+layerBankBits) | uint64(bank[1])<<layerResBits | uint64(res)
}

// LoadLayerKey sets dst, a *State of this package, to the position
// (layer, key) at ply 0 with an empty history, as LoadKey does. It does
// not allocate; on an error dst is unchanged.
func (g *Game) LoadLayerKey(dst engine.State, layer, key uint64) error {
	var q pos
	q.bank[0] = int32(layer >> (layerResBits + layerBankBits) & layerBankMask)
	q.bank[1] = int32(layer >> layerResBits & layerBankMask)
	res := uint32(layer & (1<<layerResBits - 1))
	if res>>uint(g.n) != 0 || layerOf(q.bank, res) != layer {
		return fmt.Errorf("%s: %w: layer %#x", Name, engine.ErrBadKey, layer)
	}
	q.toMove = engine.Player(key & 1)
	key >>= 1
	total := int(q.bank[0] + q.bank[1])
	for h := 0; h < g.n; h++ {
		c := bits.TrailingZeros64(^key)
		if c == 64 {
			return fmt.Errorf("%s: %w: layer key of a hole of 64 seeds or more", Name, engine.ErrBadKey)
		}
		q.add(h, c)
		total += c
		key >>= uint(c) + 1
	}
	if key != 0 {
		return fmt.Errorf("%s: %w: layer key longer than %d holes", Name, engine.ErrBadKey, g.n)
	}
	if total > maxTotal {
		return fmt.Errorf("%s: %w: more than %d seeds", Name, engine.ErrBadKey, maxTotal)
	}
	g.setReserved(&q, res)
	g.reset(dst.(*State), g.completed(q))
	return nil
}

// LayerString describes a layer: "south_bank=<n> north_bank=<n>
// reserved=<holes>", the reserved holes as S<i> (South's hole i, reserved
// by North) and N<i>, or "-" for none.
func (g *Game) LayerString(layer uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "south_bank=%d north_bank=%d reserved=", layer>>(layerResBits+layerBankBits)&layerBankMask, layer>>layerResBits&layerBankMask)
	res := uint32(layer & (1<<layerResBits - 1))
	if res == 0 {
		b.WriteString("-")
	}
	for h, sep := 0, ""; res != 0; h, res = h+1, res>>1 {
		if res&1 == 0 {
			continue
		}
		side, i := "S", h
		if h >= g.rules.Holes {
			side, i = "N", h-g.rules.Holes
		}
		b.WriteString(sep + side + strconv.Itoa(i))
		sep = ","
	}
	return b.String()
}
