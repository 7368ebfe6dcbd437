package evaluate

import (
	"fmt"
	"math/bits"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
)

// MaxFeatures bounds the number of features of any variant.
const MaxFeatures = 10

// Feature names of each variant, in the order Features writes them.
var names = map[string][]string{
	kingulu.Name: {
		"material", // score difference (seeds held, reserved holes and bank), / all seeds
		"bank",     // bank difference, / all seeds
		"reserved", // holes reserved difference, / holes per row
		"board",    // seeds in own unreserved holes difference, / all seeds
		"reach",    // seeds a capture can take: facing seeds of own empty holes, difference, / all seeds
		"threes",   // opponent holes holding exactly 3 (reservable by me) minus own, / holes per row
		"mobility", // own liftable holes minus the opponent's, / holes per row
		"to_move",  // +1 when the player is to move, -1 otherwise
	},
	kimasai4.Name: {
		"material", // stones difference, / holes per player
		"front",    // front-row stones difference, / holes per row
		"mobility", // stones that can step difference, / holes per row
		"threats",  // steps that capture a front stone, difference, / holes per row
		"doubles",  // steps that capture a front and a back stone, difference, / holes per row
		"to_move",  // +1 when the player is to move, -1 otherwise
		// Steps of the player to move that capture, / holes per row, +
		// when that is the player and - when it is the opponent.
		"mover_threats",
		"front_tempo", // steps own front stones can make inside the front row, difference, / holes per row squared
		"back_tempo",  // steps own back stones can make inside the back row, difference, / holes per row squared
	},
	kimasai2.Name: {
		"material",    // cows (board and reserve) difference, / all cows
		"inner",       // inner-row cows difference, / all cows
		"inner_holes", // occupied inner holes difference, / holes per row
		"reach",       // cows facing own occupied inner holes (raidable) difference, / all cows
		"reserve",     // reserve difference, / all cows
		"mobility",    // occupied holes difference, / holes per player
		"to_move",     // +1 when the player is to move, -1 otherwise
	},
}

// Names returns the feature names of a variant, or an error naming the
// variants that have features.
func Names(variant string) ([]string, error) {
	n, ok := names[variant]
	if !ok {
		return nil, fmt.Errorf("evaluate: no features for variant %q (variants: %s, %s, %s)", variant, kingulu.Name, kimasai4.Name, kimasai2.Name)
	}
	return n, nil
}

// Features writes the features of s from p's view to dst (which must hold
// MaxFeatures) and returns how many it wrote. It panics on a state of a
// variant without features (Names reports which have them).
func Features(dst *[MaxFeatures]float64, s engine.State, p engine.Player) int {
	tm := -1.0
	if s.Player() == p {
		tm = 1
	}
	switch st := s.(type) {
	case *kingulu.State:
		return kinguluFeatures(dst, st, p, tm)
	case *kimasai4.State:
		return kimasai4Features(dst, st, p, tm)
	case *kimasai2.State:
		return kimasai2Features(dst, st, p, tm)
	}
	panic(fmt.Sprintf("evaluate: no features for a %T (variant %s)", s, s.Game().Variant()))
}

func kinguluFeatures(dst *[MaxFeatures]float64, s *kingulu.State, p engine.Player, tm float64) int {
	pos := s.Position()
	r := s.Game().(*kingulu.Game).Rules()
	n := r.Holes
	me, op := int(p), int(p.Other())
	total := pos.Bank[0] + pos.Bank[1]
	var board, reach, threes, mob, res [2]int
	for pl := range 2 {
		for i := range n {
			c := pos.Seeds[pl][i]
			total += c
			if pos.Reserved[pl][i] {
				res[1-pl]++ // reserved by the other player
				continue
			}
			board[pl] += c
			if c >= r.MinLift {
				mob[pl]++
			}
			if c == 3 {
				threes[pl]++
			}
			if f := n - 1 - i; c == 0 && !pos.Reserved[1-pl][f] {
				reach[pl] += pos.Seeds[1-pl][f]
			}
		}
	}
	t, h := float64(max(total, 1)), float64(n)
	dst[0] = float64(s.Material(p)-s.Material(p.Other())) / t
	dst[1] = float64(pos.Bank[me]-pos.Bank[op]) / t
	dst[2] = float64(res[me]-res[op]) / h
	dst[3] = float64(board[me]-board[op]) / t
	dst[4] = float64(reach[me]-reach[op]) / t
	dst[5] = float64(threes[op]-threes[me]) / h
	dst[6] = float64(mob[me]-mob[op]) / h
	dst[7] = tm
	return 8
}

func kimasai4Features(dst *[MaxFeatures]float64, s *kimasai4.State, p engine.Player, tm float64) int {
	pos := s.Position()
	n := uint(s.Game().(*kimasai4.Game).Rules().Holes)
	size := 2 * n
	full := uint32(1)<<size - 1
	front := uint32(1)<<n - 1
	var stones, fr, mob, thr, dbl [2]int
	for pl := range 2 {
		my, their := pos.Stones[pl], pos.Stones[1-pl]
		stones[pl] = bits.OnesCount32(my)
		fr[pl] = bits.OnesCount32(my & front)
		// A stone at h steps to h+1 (2n-1 to 0) when that hole is empty.
		next := (my<<1 | my>>(size-1)) & full
		into := next &^ my // holes a stone can step into
		mob[pl] = bits.OnesCount32(into)
		for m := into & front; m != 0; m &= m - 1 {
			f := uint(bits.TrailingZeros32(m))
			if their&(1<<(n-1-f)) != 0 {
				thr[pl]++
				if their&(1<<(n+f)) != 0 {
					dbl[pl]++
				}
			}
		}
	}
	me, op := int(p), int(p.Other())
	h := float64(n)
	dst[0] = float64(stones[me]-stones[op]) / float64(size)
	dst[1] = float64(fr[me]-fr[op]) / h
	dst[2] = float64(mob[me]-mob[op]) / h
	dst[3] = float64(thr[me]-thr[op]) / h
	dst[4] = float64(dbl[me]-dbl[op]) / h
	dst[5] = tm
	dst[6] = tm * float64(thr[s.Player()]) / h
	my, their := pos.Stones[me], pos.Stones[op]
	dst[7] = float64(packing(my, 0, n)-packing(their, 0, n)) / (h * h)
	dst[8] = float64(packing(my, n, size)-packing(their, n, size)) / (h * h)
	return 9
}

// packing returns the steps the stones of b in holes lo..hi-1 can make
// without leaving those holes: the sum of their distances to the places
// they take when packed against hole hi-1, in order. With c stones at
// holes i_1 > ... > i_c, the k-th goes to hi-k, so the sum is
// c(hi-1) - c(c-1)/2 - (i_1 + ... + i_c); the sum of the stones' holes,
// counted from lo, is the popcount of the stones at holes with bit j of
// their number set, times 2^j, summed over j (no loop over the holes: the
// evaluation runs at every leaf of search).
func packing(b uint32, lo, hi uint) int {
	m := b >> lo & (1<<(hi-lo) - 1)
	c := bits.OnesCount32(m)
	sum := bits.OnesCount32(m&0xAAAAAAAA) + 2*bits.OnesCount32(m&0xCCCCCCCC) + 4*bits.OnesCount32(m&0xF0F0F0F0) +
		8*bits.OnesCount32(m&0xFF00FF00) + 16*bits.OnesCount32(m&0xFFFF0000)
	return c*int(hi-1-lo) - c*(c-1)/2 - sum
}

func kimasai2Features(dst *[MaxFeatures]float64, s *kimasai2.State, p engine.Player, tm float64) int {
	pos := s.Position()
	n := s.Game().(*kimasai2.Game).Rules().Holes
	total := pos.Reserve[0] + pos.Reserve[1]
	var inner, holes, reach, mob [2]int
	for pl := range 2 {
		for h := range 2 * n {
			c := int(pos.Cows[pl][h])
			total += c
			if c > 0 {
				mob[pl]++
			}
			if h < n {
				inner[pl] += c
				if c > 0 {
					holes[pl]++
					reach[pl] += int(pos.Cows[1-pl][n-1-h])
				}
			}
		}
	}
	me, op := int(p), int(p.Other())
	t, hr := float64(max(total, 1)), float64(n)
	dst[0] = float64(s.Material(p)-s.Material(p.Other())) / t
	dst[1] = float64(inner[me]-inner[op]) / t
	dst[2] = float64(holes[me]-holes[op]) / hr
	dst[3] = float64(reach[me]-reach[op]) / t
	dst[4] = float64(pos.Reserve[me]-pos.Reserve[op]) / t
	dst[5] = float64(mob[me]-mob[op]) / (2 * hr)
	dst[6] = tm
	return 7
}
