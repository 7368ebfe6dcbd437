package solve

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestSortSlots checks that sortSlots sorts nodes by key, every node kept
// with its fields, for counts around its insertion-sort threshold and
// beyond a few digits, keys of a few bits to 62, a quarter of them
// flagged terminal or infinite.
func TestSortSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, slotSortSmall - 1, slotSortSmall, 1000, 100_000} {
		for _, kb := range []uint{5, 29, 62} {
			nodes := make([]dfsSlot, n)
			for i := range nodes {
				k := rng.Uint64() & (1<<kb - 1)
				if rng.IntN(4) == 0 {
					k |= []uint64{FlagTerminal, FlagInfinite}[rng.IntN(2)]
				}
				nodes[i] = dfsSlot{key: k, win: uint16(k), south: uint16(k >> 16), north: uint16(i), val: 1, state: slotDone}
			}
			want := slices.Clone(nodes)
			slices.SortFunc(want, cmpSlot)
			sortSlots(nodes)
			if !slices.IsSortedFunc(nodes, cmpKey) {
				t.Errorf("n=%d, %d-bit keys: not sorted", n, kb)
			}
			slices.SortFunc(nodes, cmpSlot) // equal keys (a few bits) in any order
			if !slices.Equal(nodes, want) {
				t.Errorf("n=%d, %d-bit keys: the nodes changed", n, kb)
			}
		}
	}
}

func cmpKey(a, b dfsSlot) int {
	switch {
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	}
	return 0
}

// cmpSlot orders nodes by key, then by north (the node's number above).
func cmpSlot(a, b dfsSlot) int {
	if c := cmpKey(a, b); c != 0 {
		return c
	}
	return int(a.north) - int(b.north)
}

// TestRelease checks that release leaves the elements outside the whole
// pages it is given alone and, where it gives memory back (releases),
// that the pages read as zeros.
func TestRelease(t *testing.T) {
	s := make([]uint64, 1<<16)
	for i := range s {
		s[i] = 1
	}
	lo, hi := 100, len(s)-100
	release(s[lo:hi])
	release(s[:0])
	zeros := 0
	for i, v := range s {
		switch {
		case v == 0 && (i < lo || i >= hi):
			t.Fatalf("element %d, outside the released %d..%d, is 0", i, lo, hi)
		case v == 0:
			zeros++
		case v != 1:
			t.Fatalf("element %d is %d", i, v)
		}
	}
	if releases && zeros < hi-lo-2*os.Getpagesize()/8 {
		t.Errorf("%d of the %d elements released read as 0", zeros, hi-lo)
	}
}
