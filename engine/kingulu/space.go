package kingulu

import (
	"math/big"
	"math/bits"
	"slices"

	"github.com/baolab/baolab/engine"
)

// The layer space (engine.LayerSpace): the layers a board can reach and
// a bound on each one's positions, from the rules alone.
//
// A hole is reserved when the last seed of a lap falls into it after it
// held 3 (rule 3), and the penultimate seed may follow it (unless the
// option says not to, or that seed fell into a reserved hole); its count
// never changes again. So a reserved hole holds 4 or 5 seeds (4 only with
// penultimate=never), and a layer of banks b0, b1 and r reserved holes
// leaves free = T - b0 - b1 - 4r seeds, T the seed total, for the
// unreserved holes and the fifth seeds. Each player reserves at most
// max_reserved holes, all in the other player's row. Seeds reach a bank by
// a capture (the facing hole's seeds, at least one, and the capturing
// seed: two or more at once) or by falling into a reserved hole; so while
// no hole is reserved a bank holds 0 or at least 2 seeds, and a move banks
// 0 or at least 2 seeds, or reserves a hole and banks nothing. Once a hole
// is reserved a move may bank any number of seeds into either bank and
// reserve one hole.

var _ engine.LayerSpace = (*Game)(nil)

// layerFields splits a layer into its banks and reserved holes.
func layerFields(layer uint64) (b0, b1 int, res uint32) {
	return int(layer >> (layerResBits + layerBankBits) & layerBankMask), int(layer >> layerResBits & layerBankMask),
		uint32(layer & (1<<layerResBits - 1))
}

// inSpace reports whether banks b0, b1 and reserved holes res are a layer
// of the space.
func (g *Game) inSpace(b0, b1 int, res uint32) bool {
	hs := g.rules.Holes
	south, north := bits.OnesCount32(res&(1<<hs-1)), bits.OnesCount32(res>>hs)
	if res>>g.n != 0 || south > g.rules.MaxReserved || north > g.rules.MaxReserved {
		return false
	}
	if b0 < 0 || b1 < 0 || b0+b1+4*(south+north) > g.TotalMaterial() {
		return false
	}
	return res != 0 || b0 != 1 && b1 != 1
}

// SpaceLayers returns every layer of the space in increasing order: banks
// b0, b1 and reserved holes res with b0+b1+4·|res| at most the seed
// total, at most max_reserved holes reserved in each row, and no bank of
// one seed while no hole is reserved. With more than limit layers it
// returns none and false.
func (g *Game) SpaceLayers(limit int) ([]uint64, bool) {
	t := g.TotalMaterial()
	n := 0
	for res := uint32(0); res < 1<<g.n; res++ {
		if f := t - 4*bits.OnesCount32(res); f >= 0 {
			if n += (f + 1) * (f + 2) / 2; n > limit { // an upper bound: the banks b0+b1 <= f
				return nil, false
			}
		}
	}
	var out []uint64
	for res := uint32(0); res < 1<<g.n; res++ {
		r := bits.OnesCount32(res)
		for b0 := 0; b0+4*r <= t; b0++ {
			for b1 := 0; b0+b1+4*r <= t; b1++ {
				if g.inSpace(b0, b1, res) {
					out = append(out, layerOf([2]int32{int32(b0), int32(b1)}, res))
				}
			}
		}
	}
	slices.Sort(out)
	return out, true
}

// LayerReserved returns the layer's reserved holes.
func (g *Game) LayerReserved(layer uint64) int {
	_, _, res := layerFields(layer)
	return bits.OnesCount32(res)
}

// LayerBound returns the positions the rules allow in the layer: the
// player to move (2), times the ways to give each reserved hole 4 or 5
// seeds (4 with penultimate=never) and the other seeds on the board to
// its u unreserved holes,
//
//	2 · Σ_{j=0..r} C(r, j) · C(free - j + u - 1, u - 1)
//
// with j the reserved holes holding 5. It is 0 for a layer outside the
// space.
func (g *Game) LayerBound(layer uint64) *big.Int {
	b0, b1, res := layerFields(layer)
	n := new(big.Int)
	if !g.inSpace(b0, b1, res) {
		return n
	}
	r := bits.OnesCount32(res)
	free, u := g.TotalMaterial()-b0-b1-4*r, g.n-r
	fives := r
	if g.rules.Penultimate == PenultimateNever {
		fives = 0
	}
	var a, c big.Int
	for j := 0; j <= fives && j <= free; j++ {
		if u == 0 {
			if free != j {
				continue
			}
			c.SetInt64(1)
		} else {
			c.Binomial(int64(free-j+u-1), int64(u-1))
		}
		a.Binomial(int64(r), int64(j))
		n.Add(n, c.Mul(&c, &a))
	}
	return n.Lsh(n, 1)
}

// LayerSteps calls step for the layers a move's change of layer is a
// chain of (see above): while no hole is reserved, 2 or 3 more seeds in
// one bank, or one hole reserved; after that, one more seed in one bank,
// or one more hole reserved. Each is in the space.
func (g *Game) LayerSteps(layer uint64, step func(next uint64)) {
	b0, b1, res := layerFields(layer)
	if !g.inSpace(b0, b1, res) {
		return
	}
	try := func(b0, b1 int, res uint32) {
		if g.inSpace(b0, b1, res) {
			step(layerOf([2]int32{int32(b0), int32(b1)}, res))
		}
	}
	ks := []int{1}
	if res == 0 {
		ks = []int{2, 3}
	}
	for _, k := range ks {
		try(b0+k, b1, res)
		try(b0, b1+k, res)
	}
	for h := 0; h < g.n; h++ {
		if res&(1<<h) == 0 {
			try(b0, b1, res|1<<h)
		}
	}
}
