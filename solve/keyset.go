package solve

import "math"

// The enumeration keeps the node keys in two keyTables (non-terminal
// nodes, terminal nodes with their margins) and nothing else: no queue
// and no separate key array. A key is stored as a word: a bijective mix of
// its 62 position bits (mix62) shifted left by two, and two tag bits (a
// non-terminal node: not yet expanded or expanded; a terminal node: its
// flag). The tag bits are never both zero, so a zero word is an empty slot.
//
// A table is 256 parts (chosen by the word's top 8 bits), each an ordered
// linear-probing table: the slot a word is first tried at (its home) grows
// with the word, and the words are kept in increasing order, each at or
// after its home with no empty slot in between (Robin Hood hashing with
// the order made total). A lookup stops at the first empty slot or the
// first larger word; an insertion shifts the words up to the next empty
// slot by one. Growing a part by a quarter is one sequential merge of its
// words into a larger array, so the part stays between 72% and 90% full:
// 8.9 to 11.1 bytes per key (and 3% more of slots after the last home),
// and a resize holds one part twice.

const (
	mask62    = 1<<62 - 1
	mixMul1   = 0x7fb5d329728ea185
	mixMul2   = 0x81dadef4bc2dd44d
	partBits  = 8
	nParts    = 1 << partBits
	maxLoadPc = 90 // a part grows when an insertion would fill it beyond this percentage of its homes
	minHomes  = 64
)

// mixInv1 and mixInv2 are the inverses of the multipliers modulo 2^64
// (and so modulo 2^62).
var mixInv1, mixInv2 = oddInverse(mixMul1), oddInverse(mixMul2)

func oddInverse(c uint64) uint64 {
	x := c // correct to 3 bits; each Newton step doubles them
	for range 5 {
		x *= 2 - c*x
	}
	return x
}

// mix62 is a bijection of the 62-bit numbers that mixes every bit into
// the top ones (the finalizer of MurmurHash3, reduced to 62 bits).
func mix62(x uint64) uint64 {
	x ^= x >> 31
	x = x * mixMul1 & mask62
	x ^= x >> 27
	x = x * mixMul2 & mask62
	x ^= x >> 33
	return x
}

// unmix62 inverts mix62.
func unmix62(x uint64) uint64 {
	x ^= x >> 33
	x = x * mixInv2 & mask62
	x ^= x>>27 ^ x>>54
	x = x * mixInv1 & mask62
	x ^= x >> 31
	return x
}

// tableMem counts the bytes of the enumeration's tables and their peak
// (a part being resized counted twice).
type tableMem struct{ cur, peak int64 }

func (m *tableMem) add(d int64) {
	m.cur += d
	m.peak = max(m.peak, m.cur)
}

// keyTable is a set of node words (see above). Two words are the same
// entry when they differ only in the bits of ign.
type keyTable struct {
	parts   [nParts]tablePart
	n       int
	ign     uint64
	margins bool // keep an int8 per entry
	mem     *tableMem
}

type tablePart struct {
	slots []uint64
	m     []int8 // margins, when the table keeps them
	homes int    // home slots: the first homes of slots
	n     int
	// unexpanded words (tag 1, in a table that tracks them) and the
	// lowest slot one can be at.
	open, lo int
}

func newKeyTable(ign uint64, margins bool, mem *tableMem) *keyTable {
	t := &keyTable{ign: ign, margins: margins, mem: mem}
	for p := range t.parts {
		t.parts[p].resize(startHomes[p], t)
	}
	return t
}

// startHomes[p] is the number of homes part p starts at,
// minHomes·1.25^(p/nParts): the parts then grow at evenly spread times,
// and the table's size follows its words smoothly (10.3 bytes per word on
// average) instead of jumping by a quarter all at once.
var startHomes = func() (h [nParts]int) {
	for p := range h {
		h[p] = int(minHomes*math.Pow(1.25, float64(p)/nParts) + 0.5)
	}
	return h
}()

// clear empties the table for reuse: a part no larger than it starts is
// zeroed, a larger one is given back and started again.
func (t *keyTable) clear() {
	for p := range t.parts {
		pt := &t.parts[p]
		homes := startHomes[p]
		if pt.homes > homes {
			t.mem.add(-t.slotBytes(len(pt.slots)))
			pt.slots, pt.m = nil, nil
			pt.resize(homes, t)
		} else {
			clear(pt.slots)
			clear(pt.m)
		}
		pt.n, pt.open, pt.lo = 0, 0, 0
	}
	t.n = 0
}

// slotBytes returns the size of a part of slots slots (and margins).
func (t *keyTable) slotBytes(slots int) int64 {
	if t.margins {
		return 9 * int64(slots)
	}
	return 8 * int64(slots)
}

func (p *tablePart) home(w uint64) int {
	return int(uint64(uint32(w>>(32-partBits))) * uint64(p.homes) >> 32)
}

// resize rebuilds the part with homes home slots (or more, if its words do
// not fit after them).
func (p *tablePart) resize(homes int, t *keyTable) {
	for {
		old, oldM := p.slots, p.m
		slots := make([]uint64, homes+homes/32+8) // slots after the last home hold the words shifted past it
		var m []int8
		if t.margins {
			m = make([]int8, len(slots))
		}
		t.mem.add(t.slotBytes(len(slots)))
		p.slots, p.m, p.homes = slots, m, homes
		next, ok := 0, true
		for i, w := range old {
			if w == 0 {
				continue
			}
			j := max(p.home(w), next)
			if j == len(slots) {
				ok = false
				break
			}
			slots[j] = w
			if m != nil {
				m[j] = oldM[i]
			}
			next = j + 1
		}
		if ok {
			t.mem.add(-t.slotBytes(len(old)))
			p.lo = 0
			return
		}
		t.mem.add(-t.slotBytes(len(slots)))
		p.slots, p.m = old, oldM
		homes += homes / 4
	}
}

// add inserts w with margin m unless the table holds the same entry, or
// room is false; it returns whether the table holds the entry (before
// the call), and its margin.
func (t *keyTable) add(w uint64, m int8, room bool) (found bool, oldM int8) {
	p := &t.parts[w>>(64-partBits)]
	if room && 100*(p.n+1) > maxLoadPc*p.homes {
		p.resize(p.homes+p.homes/4, t)
	}
	for {
		slots := p.slots
		key := w | t.ign
		i := p.home(w)
		for ; i < len(slots); i++ {
			s := slots[i]
			if s == 0 || s|t.ign > key {
				break
			}
			if s|t.ign == key {
				if p.m != nil {
					return true, p.m[i]
				}
				return true, 0
			}
		}
		if !room {
			return false, 0
		}
		j := i
		for j < len(slots) && slots[j] != 0 {
			j++
		}
		if j == len(slots) { // no empty slot left after i
			p.resize(p.homes+p.homes/4, t)
			continue
		}
		copy(slots[i+1:j+1], slots[i:j])
		slots[i] = w
		if p.m != nil {
			copy(p.m[i+1:j+1], p.m[i:j])
			p.m[i] = m
		}
		p.n++
		t.n++
		if w&3 == tagOpen {
			p.open++
			p.lo = min(p.lo, i)
		}
		return false, 0
	}
}

// Tags of the words of non-terminal nodes.
const (
	tagOpen     = 1 // not yet expanded
	tagExpanded = 2
)

// takeOpen appends up to max-len(out) unexpanded keys to out, marking
// them expanded, from part *cur on (wrapping around); it returns out and
// moves *cur to the part it stopped in.
func (t *keyTable) takeOpen(out []uint64, max int, cur *int) []uint64 {
	for range nParts + 1 {
		p := &t.parts[*cur]
		for i := p.lo; p.open > 0 && len(out) < max; i++ {
			if w := p.slots[i]; w&3 == tagOpen {
				p.slots[i] = w ^ tagOpen ^ tagExpanded
				p.open--
				out = append(out, unmix62(w>>2))
			}
			p.lo = i + 1
		}
		if len(out) == max {
			return out
		}
		*cur = (*cur + 1) % nParts
	}
	return out
}
