package solve

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/baolab/baolab/engine"
)

// The sweep method keeps no move lists: besides the sorted keys (8 bytes
// per node) it holds one 32-bit word per node, and it generates a node's
// moves again whenever it needs them.
//
// Both sides' values are the least fixed point of the minimax equations
// (a node of the side takes the best of its successors' values, a node of
// the opponent the worst, None below every margin): the position is in
// W_S(t) exactly when South's fixed-point value is >= t, and likewise for
// North. The method finds it in three steps.
//
//  1. Kahn's topological sort from the nodes without predecessors: a
//     counter per node of its predecessors not yet peeled, the moves
//     generated again for each peeled node. The counters are counted in
//     the first sweep of step 2, over every node, in the same word as the
//     values (kahnFused; with a word of their own, and the values started
//     again, when a node has more predecessors than the bits there hold).
//     A node is peeled, at level k,
//     in the k-th round; every successor of a peeled node has a higher
//     level or is never peeled. The nodes never peeled are those on or
//     below a cycle: the graph has a cycle when there is one, and they are
//     closed under moves.
//  2. The nodes never peeled: sweeps recompute each from its successors'
//     current values, in place, until a sweep changes nothing (chaotic
//     iteration from the bottom: every value read lies at or below the
//     fixed point, so every value computed does too, and a sweep that
//     changes nothing has reached it). South's value only rises and
//     North's only falls, and South's final value is at most North's
//     (South's strategy and North's played against each other give one
//     finished game), so a node whose two values meet is final and is not
//     looked at again.
//  3. The peeled nodes, in decreasing level: each once, its successors
//     being all done.
//
// An acyclic board thus takes four generations of every node's moves
// (enumeration, counting with the first sweep, Kahn, values), like the
// predecessor lists (three and the lists); a cyclic one as many more
// sweeps over the nodes on or below a cycle as their values need to
// settle, the first of them being the counting.

// Word of a node: during Kahn's sort, the count of its predecessors not
// yet peeled (moves into it: fewer than 2^31), or kahnPeeled with its
// level; then byte 0 is South's value, byte 1 minus North's (so that each
// side maximises its own byte at its own nodes), each -128 (noneVal) for
// None; wordFinal when the node needs no more work; wordPeeled with the
// level in the bits from levelShift (a node deeper than maxLevel is left
// to the sweeps of step 2, like the nodes on or below a cycle).
const (
	wordFinal  = 1 << 16
	wordPeeled = 1 << 17
	levelShift = 18
	maxLevel   = 1<<(32-levelShift) - 1
	valueBits  = 1<<17 - 1
	kahnPeeled = 1 << 31
	// During kahnFused: a node's count of predecessors not yet peeled,
	// or its level once peeled (kahnPeeled), in bits cntShift..30.
	cntShift = 17
	cntMask  = 1<<14 - 1
)

func valueWord(s, n int8) uint32 {
	w := uint32(uint8(s)) | uint32(uint8(n))<<8
	if s != noneVal && n != noneVal && int(s) == -int(n) {
		w |= wordFinal
	}
	return w
}

// initWords sets the values of every node, keeping the other bits of the
// non-terminal ones: None for the non-terminal ones, the margin for the
// terminal ones and the dead ends (final).
func (sv *solver) initWords(word []uint32) {
	for i := range sv.nNon {
		word[i] = word[i]&^valueBits | valueWord(noneVal, noneVal)
	}
	for i, m := range sv.termM {
		word[sv.nNon+i] = valueWord(m, -m)
	}
	for _, i := range sv.dead {
		m := sv.margin[i]
		word[i] = word[i]&^valueBits | valueWord(m, -m) | wordFinal
	}
}

// known returns the values of a child that is no node of the sweep (as
// a word holds them: South's, minus North's): a terminal node's margin,
// or, when solving one layer, the values of a position of a later layer
// in its solved file. ok is false for a non-terminal node of the sweep.
func (sv *solver) known(c child) (s, nn int8, ok bool, err error) {
	if sv.ext != nil && c.layer != sv.ext.layer {
		p, err := sv.ext.pair(c, sv)
		return pairSouth(p), -pairNorth(p), true, err // -noneVal is noneVal
	}
	if c.key&(FlagTerminal|FlagInfinite) != 0 {
		return c.margin, -c.margin, true, nil
	}
	return 0, 0, false, nil
}

// outside tells whether a child is no node of the sweep's counts: a
// terminal node, or a position of a later layer.
func (sv *solver) outside(c child) bool {
	return c.key&(FlagTerminal|FlagInfinite) != 0 || sv.ext != nil && c.layer != sv.ext.layer
}

// update recomputes the values of node i from its children's: it returns
// whether they changed.
func (sv *solver) update(word []uint32, i int, kids []child) (bool, error) {
	south := KeyPlayer(sv.keys[i]) == engine.South
	bs, bn := startValues(south)
	for _, c := range kids {
		s, nn, ok, err := sv.known(c)
		if err != nil {
			return false, err
		}
		if !ok {
			j := sv.index(c.key)
			if j < 0 {
				return false, sv.notEnumerated(c.key)
			}
			w := atomic.LoadUint32(&word[j])
			s, nn = int8(w), int8(w>>8)
		}
		bs, bn = fold(south, bs, bn, s, nn)
	}
	return setValues(word, i, bs, bn), nil
}

func (sv *solver) notEnumerated(key uint64) error {
	return fmt.Errorf("solve: %s: node %#x not enumerated (non-deterministic moves?)", sv.ruleset, key)
}

// startValues returns the values of a node of South's (south) or North's
// before its first child: each side maximises its own byte at its own
// nodes (South's byte, and minus North's value).
func startValues(south bool) (s, n int8) {
	if south {
		return noneVal, 127
	}
	return 127, noneVal
}

// fold takes one child's values s, n into a node's bs, bn.
func fold(south bool, bs, bn, s, n int8) (int8, int8) {
	if south {
		return max(bs, s), min(bn, n)
	}
	return min(bs, s), max(bn, n)
}

// setValues stores the values of node i (its other bits may change
// meanwhile: counts) and returns whether they changed.
func setValues(word []uint32, i int, bs, bn int8) bool {
	for {
		old := atomic.LoadUint32(&word[i])
		w := old&^valueBits | valueWord(bs, bn)
		if w == old {
			return false
		}
		if atomic.CompareAndSwapUint32(&word[i], old, w) {
			return true
		}
	}
}

// sweepSolve computes sv.valS, sv.valN, sv.cyclic and sv.nEdges.
func (sv *solver) sweepSolve() error {
	word := make([]uint32, len(sv.keys))
	if err := sv.sweepWords(word); err != nil {
		return err
	}
	n := len(sv.keys)
	sv.valS, sv.valN = make([]int8, n), make([]int8, n)
	wordValues(word, sv.valS, sv.valN)
	sv.note(int64(14 * n))
	return nil
}

// nodeBytes is the memory of the sweep's arrays of keys and words (none
// when they are mapped files: a layer solved out of core).
func (sv *solver) nodeBytes() int64 {
	if sv.mapped {
		return 0
	}
	return 12 * int64(len(sv.keys))
}

// wordValues writes the values the words hold (see valueWord) into
// south and north (at least as long).
func wordValues(word []uint32, south, north []int8) {
	for i, w := range word {
		south[i] = int8(w)
		if nn := int8(w >> 8); nn == noneVal {
			north[i] = noneVal
		} else {
			north[i] = -nn
		}
	}
}

// sweepWords computes the values of every node into word (one per key,
// zeros: its memory may be a mapped file), sv.cyclic and sv.nEdges.
func (sv *solver) sweepWords(word []uint32) error {
	sv.initWords(word)
	top, ok, err := sv.kahnFused(word)
	if err != nil {
		return err
	}
	if !ok { // a count overflowed its bits: count apart, then start the values again
		clear(word)
		sv.sweeps = 0
		if top, err = sv.kahn(word); err != nil {
			return err
		}
		for i := range sv.nNon {
			if w := word[i]; w&kahnPeeled != 0 {
				word[i] = kahnPeeled | (w&^kahnPeeled)<<cntShift
			} else {
				word[i] = 0
			}
		}
		sv.initWords(word)
	}
	for i := range sv.nNon {
		if w := word[i]; w&kahnPeeled != 0 {
			word[i] = w&valueBits | wordPeeled | (w>>cntShift&maxLevel)<<levelShift
		} else {
			word[i] = w & valueBits
		}
	}
	p := sv.opt.Progress
	update := func(x *expander, i int, kids []child) (bool, error) { return sv.update(word, i, kids) }
	// Step 2: the nodes on or below a cycle (and any too deep for a level).
	for {
		open := 0
		for i := range sv.nNon {
			if word[i]&(wordFinal|wordPeeled) == 0 {
				open++
			}
		}
		if open == 0 {
			break
		}
		sv.sweeps++
		p.Stage(fmt.Sprintf("sweep %d", sv.sweeps), int64(open))
		var changed atomic.Int64
		err := sv.forEach(visit{n: sv.nNon, reverse: true, word: word, mask: wordFinal | wordPeeled},
			func(_ int, x *expander, i int, kids []child) error {
				ch, err := update(x, i, kids)
				if ch {
					changed.Add(1)
				}
				return err
			})
		p.Done()
		if err != nil {
			return err
		}
		if changed.Load() == 0 {
			break
		}
	}
	// Step 3: the peeled nodes, deepest first.
	if err := sv.solvePeeled(word, top); err != nil {
		return err
	}
	sv.sweeps++
	return nil
}

// solvePeeled computes the peeled nodes that are not final, level by
// level from the deepest (top): each once, its successors being done. The
// nodes of a level are gathered into a list, by a counting sort on the
// level in one pass over the words, for as many levels at a time as a
// list of a quarter of the nodes holds (one byte per node: the values at
// the end take two), so that an acyclic board, whose hundreds of levels
// are all peeled, takes a few passes over the words instead of one per
// level. A level too large for the list is run from a pass of its own.
func (sv *solver) solvePeeled(word []uint32, top int) error {
	const sel = wordFinal | wordPeeled
	count := make([]int, top+1)
	peeled := 0
	for _, w := range word[:sv.nNon] {
		if w&sel == wordPeeled {
			count[w>>levelShift&maxLevel]++
			peeled++
		}
	}
	p := sv.opt.Progress
	p.Stage("peeled nodes", int64(peeled))
	defer p.Done()
	update := func(_ int, x *expander, i int, kids []child) error {
		_, err := sv.update(word, i, kids)
		return err
	}
	list := make([]uint32, 0, max(1, sv.nNon/4))
	if sv.peeledList > 0 {
		list = make([]uint32, 0, sv.peeledList)
	}
	sv.note(sv.nodeBytes() + int64(4*cap(list)))
	for hi := top; hi >= 0; {
		if count[hi] > cap(list) {
			err := sv.forEach(visit{n: sv.nNon, word: word, mask: sel | maxLevel<<levelShift, val: wordPeeled | uint32(hi)<<levelShift}, update)
			if err != nil {
				return err
			}
			hi--
			continue
		}
		// Levels lo..hi fill the list: level l at list[start[hi-l]:start[hi-l+1]].
		lo, total := hi, count[hi]
		for lo > 0 && total+count[lo-1] <= cap(list) {
			lo--
			total += count[lo]
		}
		start := make([]int, hi-lo+2)
		for l := hi; l >= lo; l-- {
			start[hi-l+1] = start[hi-l] + count[l]
		}
		next := slices.Clone(start)
		list = list[:total]
		for i, w := range word[:sv.nNon] {
			if l := int(w >> levelShift & maxLevel); w&sel == wordPeeled && l >= lo && l <= hi {
				list[next[hi-l]] = uint32(i)
				next[hi-l]++
			}
		}
		for l := hi; l >= lo; l-- {
			if err := sv.forList(list[start[hi-l]:start[hi-l+1]], update); err != nil {
				return err
			}
		}
		hi = lo - 1
	}
	return nil
}

// kahnFused is the first sweep and Kahn's sort in one: the first sweep
// over every non-terminal node (in the sweeps' order) also counts each
// node's predecessors, in bits cntShift.. of its word (values below), so
// that Kahn's sort needs no pass of its own to count; it leaves
// kahnPeeled and the level in those bits of every peeled node. It returns
// false, with the words to be started again, when a node has more
// predecessors than the bits hold.
func (sv *solver) kahnFused(word []uint32) (top int, ok bool, err error) {
	p := sv.opt.Progress
	p.Stage("count moves", int64(sv.nNon))
	var total atomic.Int64
	var overflow atomic.Bool
	err = sv.forEach(visit{n: sv.nNon, reverse: true},
		func(_ int, x *expander, i int, kids []child) error {
			south := KeyPlayer(sv.keys[i]) == engine.South
			bs, bn := startValues(south)
			for _, c := range kids {
				s, nn, ok, err := sv.known(c)
				if err != nil {
					return err
				}
				if !ok {
					j := sv.index(c.key)
					if j < 0 {
						return sv.notEnumerated(c.key)
					}
					w := atomic.AddUint32(&word[j], 1<<cntShift)
					if w>>cntShift&cntMask == cntMask {
						overflow.Store(true)
					}
					s, nn = int8(w), int8(w>>8)
				}
				bs, bn = fold(south, bs, bn, s, nn)
			}
			total.Add(int64(len(kids)))
			if atomic.LoadUint32(&word[i])&wordFinal == 0 { // not a dead end, whose value is its margin
				setValues(word, i, bs, bn)
			}
			return nil
		})
	p.Done()
	if err != nil {
		return 0, false, err
	}
	sv.nEdges = total.Load()
	sv.sweeps = 1
	if overflow.Load() {
		return 0, false, nil
	}
	top, err = sv.kahnPeel(word, cntShift, cntMask)
	return top, err == nil, err
}

// kahn runs Kahn's topological sort over the non-terminal nodes (terminal
// ones lie on no cycle) with word as the counters; it leaves kahnPeeled
// and the level in the word of every peeled node, sets sv.cyclic when a
// node is left, counts the moves, and returns the highest level kept. A
// node whose level does not fit the word is not marked (it is then solved
// with the nodes on or below a cycle: its successors are deeper still).
func (sv *solver) kahn(word []uint32) (int, error) {
	p := sv.opt.Progress
	p.Stage("count moves", int64(sv.nNon))
	var total atomic.Int64
	err := sv.forNodes(func(x *expander, i int, kids []child) error {
		for _, c := range kids {
			if sv.outside(c) {
				continue
			}
			j := sv.index(c.key)
			if j < 0 {
				return sv.notEnumerated(c.key)
			}
			atomic.AddUint32(&word[j], 1)
		}
		total.Add(int64(len(kids)))
		return nil
	})
	p.Done()
	if err != nil {
		return 0, err
	}
	sv.nEdges = total.Load()
	// Nodes whose level does not fit keep their count (0): the sweeps
	// solve them with the nodes on or below a cycle.
	return sv.kahnPeel(word, 0, ^uint32(0))
}

// kahnPeel is Kahn's sort proper, once each non-terminal node's
// predecessors are counted in bits shift.. of its word (mask wide): it
// peels the nodes with none left, level by level, leaving kahnPeeled and
// the level (in the count's bits) in the word of every peeled node whose
// level fits, sets sv.cyclic when a node is left, and returns the highest
// level kept.
func (sv *solver) kahnPeel(word []uint32, shift uint, mask uint32) (int, error) {
	p := sv.opt.Progress
	p.Stage("cycles", int64(sv.nNon))
	defer p.Done()
	var front []uint32
	for i := range sv.nNon {
		if word[i]>>shift&mask == 0 {
			front = append(front, uint32(i))
		}
	}
	one := uint32(1) << shift
	peeled, level := 0, 0
	outs := make([][]uint32, len(sv.ex))
	for ; len(front) > 0; level++ {
		peeled += len(front)
		if level <= maxLevel {
			for _, i := range front {
				word[i] |= kahnPeeled | uint32(level)<<shift // the count is 0
			}
		}
		sv.note(sv.nodeBytes() + int64(4*cap(front)))
		err := sv.forList(front, func(w int, x *expander, i int, kids []child) error {
			for _, c := range kids {
				if sv.outside(c) {
					continue
				}
				j := sv.index(c.key)
				if atomic.AddUint32(&word[j], -one)>>shift&mask == 0 {
					outs[w] = append(outs[w], uint32(j))
				}
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
		front = front[:0]
		for w := range outs {
			front = append(front, outs[w]...)
			outs[w] = outs[w][:0]
		}
		slices.Sort(front) // binary searches in key order are kinder to the cache
	}
	sv.cyclic = peeled < sv.nNon
	return min(level-1, maxLevel), nil
}
