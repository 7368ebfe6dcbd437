package solve

import "github.com/baolab/baolab/engine"

// keySet maps node keys to their index in the enumeration's array of
// keys: open addressing over uint32 slots (index+1; 0 empty), at most
// three quarters full.
type keySet struct {
	slots []uint32
	n     int
}

func (h *keySet) init(size int) { h.slots = make([]uint32, size) }

// find returns the index stored for key and whether it is there.
func (h *keySet) find(key uint64, keys []uint64) (uint32, bool) {
	mask := uint64(len(h.slots) - 1)
	for i := engine.Fmix64(key) & mask; ; i = (i + 1) & mask {
		s := h.slots[i]
		if s == 0 {
			return 0, false
		}
		if keys[s-1] == key {
			return s - 1, true
		}
	}
}

// insert stores idx for key (which must be absent and already appended to
// keys).
func (h *keySet) insert(key uint64, idx uint32, keys []uint64) {
	if 4*(h.n+1) > 3*len(h.slots) {
		old := h.slots
		h.slots = make([]uint32, 2*len(old))
		mask := uint64(len(h.slots) - 1)
		for _, s := range old {
			if s == 0 {
				continue
			}
			i := engine.Fmix64(keys[s-1]) & mask
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
