package solve

import "github.com/baolab/baolab/engine"

// keySet maps node keys to their index in the enumeration's arrays
// (non-terminal, or terminal with termBit): open addressing over uint32
// slots (index+1; 0 empty), at most three quarters full.
type keySet struct {
	slots []uint32
	n     int
}

const termBit = 1 << 31

func (h *keySet) init(size int) { h.slots = make([]uint32, size) }

func keyAt(v uint32, non, term []uint64) uint64 {
	if v&termBit != 0 {
		return term[v&^termBit]
	}
	return non[v]
}

// find returns the index stored for key and whether it is there.
func (h *keySet) find(key uint64, non, term []uint64) (uint32, bool) {
	mask := uint64(len(h.slots) - 1)
	for i := engine.Fmix64(key) & mask; ; i = (i + 1) & mask {
		s := h.slots[i]
		if s == 0 {
			return 0, false
		}
		if v := s - 1; keyAt(v, non, term) == key {
			return v, true
		}
	}
}

// insert stores idx for key (which must be absent and already appended to
// its array).
func (h *keySet) insert(key uint64, idx uint32, non, term []uint64) {
	if 4*(h.n+1) > 3*len(h.slots) {
		old := h.slots
		h.slots = make([]uint32, 2*len(old))
		mask := uint64(len(h.slots) - 1)
		for _, s := range old {
			if s == 0 {
				continue
			}
			i := engine.Fmix64(keyAt(s-1, non, term)) & mask
			for h.slots[i] != 0 {
				i = (i + 1) & mask
			}
			h.slots[i] = s
		}
	}
	mask := uint64(len(h.slots) - 1)
	i := engine.Fmix64(key) & mask
	for h.slots[i] != 0 {
		i = (i + 1) & mask
	}
	h.slots[i] = idx + 1
	h.n++
}
