package kimasai2

import (
	"math/rand/v2"
	"testing"
)

// TestRot128 checks the branch-free rotation against byte-by-byte turning.
func TestRot128(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 26))
	for i := 0; i < 2000; i++ {
		w0, w1, s := rng.Uint64(), rng.Uint64(), rng.IntN(16)
		r0, r1 := rot128(w0, w1, s)
		var w [4]uint64
		w[0], w[1] = w0, w1
		var want [4]uint64
		for j := 0; j < 16; j++ {
			want[j>>3] |= count(&w, (s+j)&15) << (uint(j&7) * 8)
		}
		if r0 != want[0] || r1 != want[1] {
			t.Fatalf("rot128(%x, %x, %d) = %x %x, want %x %x", w0, w1, s, r0, r1, want[0], want[1])
		}
	}
}
