package solve

import "github.com/baolab/baolab/engine"

// keyBlocks holds the enumeration's node keys, each with a margin byte
// (a terminal node's margin), in blocks of fixed size, so that growing
// never copies them.
type keyBlocks struct {
	k [][]uint64
	m [][]int8
	n int
}

const (
	blockBits = 16
	blockSize = 1 << blockBits
)

func (b *keyBlocks) at(i uint32) uint64   { return b.k[i>>blockBits][i&(blockSize-1)] }
func (b *keyBlocks) margin(i uint32) int8 { return b.m[i>>blockBits][i&(blockSize-1)] }

// push appends a key and its margin and returns its index.
func (b *keyBlocks) push(key uint64, m int8) uint32 {
	if b.n&(blockSize-1) == 0 {
		b.k = append(b.k, make([]uint64, blockSize))
		b.m = append(b.m, make([]int8, blockSize))
	}
	i := b.n
	b.k[i>>blockBits][i&(blockSize-1)], b.m[i>>blockBits][i&(blockSize-1)] = key, m
	b.n++
	return uint32(i)
}

// bytes returns the size of the blocks.
func (b *keyBlocks) bytes() int64 { return int64(len(b.k)) * blockSize * 9 }

// keySet maps node keys to their index in a keyBlocks: open addressing
// over uint32 slots (index+1; 0 empty), each of 256 parts (chosen by the
// top bits of the key's hash) at most three quarters full, so that a part
// growing copies only its own slots.
type keySet struct {
	parts [256][]uint32
	n     [256]int
}

func (h *keySet) init() {
	for p := range h.parts {
		h.parts[p] = make([]uint32, 64)
	}
}

// bytes returns the size of the slots.
func (h *keySet) bytes() int64 {
	s := 0
	for _, p := range h.parts {
		s += len(p)
	}
	return 4 * int64(s)
}

// find returns the index stored for key and whether it is there.
func (h *keySet) find(key uint64, b *keyBlocks) (uint32, bool) {
	x := engine.Fmix64(key)
	slots := h.parts[x>>56]
	mask := uint64(len(slots) - 1)
	for i := x & mask; ; i = (i + 1) & mask {
		s := slots[i]
		if s == 0 {
			return 0, false
		}
		if b.at(s-1) == key {
			return s - 1, true
		}
	}
}

// insert stores idx for key (which must be absent and already pushed).
func (h *keySet) insert(key uint64, idx uint32, b *keyBlocks) {
	x := engine.Fmix64(key)
	p := x >> 56
	if 4*(h.n[p]+1) > 3*len(h.parts[p]) {
		old := h.parts[p]
		slots := make([]uint32, 2*len(old))
		mask := uint64(len(slots) - 1)
		for _, s := range old {
			if s == 0 {
				continue
			}
			i := engine.Fmix64(b.at(s-1)) & mask
			for slots[i] != 0 {
				i = (i + 1) & mask
			}
			slots[i] = s
		}
		h.parts[p] = slots
	}
	slots := h.parts[p]
	mask := uint64(len(slots) - 1)
	i := x & mask
	for slots[i] != 0 {
		i = (i + 1) & mask
	}
	slots[i] = idx + 1
	h.n[p]++
}
