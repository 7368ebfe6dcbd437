package solve

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortNodes checks sortNodes against slices.Sort on rounds below and
// above radixMin, with node numbers up to n-1 for n needing one, two and
// three radix digits, duplicates included, and that the buffer it hands
// back is not the one holding the result.
func TestSortNodes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 1000, 1 << radixBits, 1<<radixBits + 1, 3_000_000, 1<<31 - 1} {
		for _, k := range []int{0, 1, 5, radixMin - 1, radixMin, 5000} {
			a := make([]uint32, k)
			for i := range a {
				a[i] = uint32(r.IntN(n))
			}
			if k > 2 {
				a[1] = a[0] // a duplicate
				a[2] = uint32(n - 1)
			}
			want := slices.Sorted(slices.Values(a))
			got, left := sortNodes(a, make([]uint32, 0, 3), n)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d k=%d: not sorted (first %v)", n, k, got[:min(k, 8)])
			}
			if k > 0 && len(left) > 0 && &left[0] == &got[0] {
				t.Fatalf("n=%d k=%d: the spare buffer is the result", n, k)
			}
		}
	}
}
