package engine

// History records the position hashes of one game so that repeated
// positions are found in constant time per move. Positions before an
// irreversible move (a capture, a seed banked, a reserve cow brought in)
// can never occur again, so a variant calls Reset after such a move and
// the history stays short.
//
// The zero value is ready to use. CopyFrom does not allocate once the
// receiver has grown to the source's size.
type History struct {
	hashes []uint64 // positions since the last Reset, in order
	slots  []slot   // open addressing, len a power of two, at most half full
	// pending is a position recorded by ResetTo and not yet in hashes and
	// slots: games whose moves are mostly irreversible then never touch
	// the table.
	pending    uint64
	hasPending bool
}

type slot struct {
	hash  uint64
	count int32 // 0: empty
}

// Reset forgets every recorded position.
func (h *History) Reset() {
	if len(h.hashes)*8 < len(h.slots) {
		mask := uint64(len(h.slots) - 1)
		for _, x := range h.hashes {
			for i := x & mask; h.slots[i].count != 0; i = (i + 1) & mask {
				h.slots[i] = slot{}
			}
		}
	} else {
		clear(h.slots)
	}
	h.hashes = h.hashes[:0]
	h.hasPending = false
}

// ResetTo forgets every recorded position and records x once. It is the
// cheap form of Reset followed by Push(x), for irreversible moves.
func (h *History) ResetTo(x uint64) {
	if len(h.hashes) > 0 {
		h.Reset()
	}
	h.pending, h.hasPending = x, true
}

// Len returns the number of positions recorded since the last Reset.
func (h *History) Len() int {
	if h.hasPending {
		return len(h.hashes) + 1
	}
	return len(h.hashes)
}

// Push records a position and returns how many times it has now been seen
// since the last Reset, this time included.
func (h *History) Push(x uint64) int {
	if h.hasPending {
		h.hasPending = false
		h.push(h.pending)
	}
	return h.push(x)
}

func (h *History) push(x uint64) int {
	if 2*(len(h.hashes)+1) > len(h.slots) {
		h.grow()
	}
	h.hashes = append(h.hashes, x)
	mask := uint64(len(h.slots) - 1)
	i := x & mask
	for h.slots[i].count != 0 && h.slots[i].hash != x {
		i = (i + 1) & mask
	}
	h.slots[i].hash = x
	h.slots[i].count++
	return int(h.slots[i].count)
}

// Count returns how many times x has been recorded since the last Reset.
func (h *History) Count(x uint64) int {
	if h.hasPending && x == h.pending {
		return 1 // the table is empty while a position is pending
	}
	if len(h.slots) == 0 {
		return 0
	}
	mask := uint64(len(h.slots) - 1)
	for i := x & mask; h.slots[i].count != 0; i = (i + 1) & mask {
		if h.slots[i].hash == x {
			return int(h.slots[i].count)
		}
	}
	return 0
}

func (h *History) grow() {
	n := 64
	for n < 4*(len(h.hashes)+1) {
		n *= 2
	}
	old := h.hashes
	if cap(h.slots) >= n {
		// Reuse the arrays (they may be larger after a CopyFrom from a
		// shorter history). Rebuilding in place is safe: Push writes
		// hashes[i] only after old[i] has been read.
		h.slots = h.slots[:n]
		clear(h.slots)
		h.hashes = h.hashes[:0]
	} else {
		h.slots = make([]slot, n)
		h.hashes = make([]uint64, 0, n/2)
	}
	for _, x := range old {
		h.push(x)
	}
}

// CopyFrom makes h equal to src.
func (h *History) CopyFrom(src *History) {
	if cap(h.slots) < len(src.slots) {
		h.slots = make([]slot, len(src.slots))
		h.hashes = make([]uint64, 0, len(src.slots)/2)
	}
	h.slots = h.slots[:len(src.slots)]
	copy(h.slots, src.slots)
	h.hashes = append(h.hashes[:0], src.hashes...)
	h.pending, h.hasPending = src.pending, src.hasPending
}
