package solve

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIndexBuckets: with the buckets, index finds every non-terminal and
// terminal key at its place and misses keys that are absent (between,
// below and above the keys), on uniform keys, on keys crowded into a few
// buckets, and on one and two keys.
func TestIndexBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		name string
		n    int
		key  func() uint64
	}{
		{"uniform", 5000, func() uint64 { return r.Uint64() & mask62 }},
		{"crowded", 5000, func() uint64 { return 1<<40 + r.Uint64()&0xfff | uint64(r.IntN(3))<<50 }},
		{"one", 1, func() uint64 { return 12345 }},
		{"two", 2, func() uint64 { return r.Uint64() & 0xff }},
	} {
		set := map[uint64]bool{}
		for len(set) < tc.n {
			set[tc.key()&^1] = true // even keys: odd ones are absent
		}
		non := make([]uint64, 0, len(set))
		for k := range set {
			non = append(non, k)
		}
		slices.Sort(non)
		term := []uint64{FlagTerminal | 2, FlagTerminal | 8, FlagInfinite | 4}
		slices.Sort(term)
		sv := &solver{keys: append(slices.Clone(non), term...), nNon: len(non)}
		sv.buildBuckets()
		if tc.n > 1 && (len(sv.bucket) < 2 || len(sv.bucket) > tc.n/8+2) {
			t.Errorf("%s: %d buckets for %d keys", tc.name, len(sv.bucket), tc.n)
		}
		for i, k := range sv.keys {
			if got := sv.index(k); got != i {
				t.Fatalf("%s: index(%#x) = %d, want %d", tc.name, k, got, i)
			}
			if k&(FlagTerminal|FlagInfinite) == 0 {
				for _, miss := range []uint64{k + 1, k - 1} {
					if got := sv.index(miss); got != -1 {
						t.Fatalf("%s: index(%#x) = %d, want -1", tc.name, miss, got)
					}
				}
			}
		}
		for _, miss := range []uint64{0, non[len(non)-1] + 2, mask62, FlagTerminal | 4} {
			if set[miss] {
				continue
			}
			if got := sv.index(miss); got != -1 {
				t.Fatalf("%s: index(%#x) = %d, want -1", tc.name, miss, got)
			}
		}
	}
}
