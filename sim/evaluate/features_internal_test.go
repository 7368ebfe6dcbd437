package evaluate

import "testing"

// packingByHoles is packing as its doc defines it: each stone, from the
// last hole down, walks to the next free place against hole hi-1.
func packingByHoles(b uint32, lo, hi uint) int {
	steps, packed := 0, uint(0)
	for h := hi; h > lo; h-- {
		if b&(1<<(h-1)) != 0 {
			steps += int(hi - packed - h)
			packed++
		}
	}
	return steps
}

// TestPackingAgreesWithItsDefinition: the popcount sum equals the walk
// over the holes for every stone pattern of a row of up to 16 holes
// (four-rows boards go to 16 holes a row), in either row of the board.
func TestPackingAgreesWithItsDefinition(t *testing.T) {
	for _, n := range []uint{4, 7, 12, 16} {
		for row := uint(0); row < 2; row++ {
			lo, hi := row*n, row*n+n
			for x := uint32(0); x < 1<<n; x++ {
				b := x<<lo | 0x5 // stones outside the row must not count
				if row == 1 {
					b = x<<lo | 0x3
				} else if n < 16 {
					b = x | 0x3<<n
				}
				if got, want := packing(b, lo, hi), packingByHoles(b, lo, hi); got != want {
					t.Fatalf("n=%d row %d stones %#x: packing %d, walk %d", n, row, b, got, want)
				}
			}
		}
	}
}
