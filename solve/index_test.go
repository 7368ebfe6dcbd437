package solve

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
)

// TestIndexBuckets: with the buckets, index finds every non-terminal and
// terminal key at its place and misses keys that are absent (between,
// below and above the keys), on uniform keys, on keys crowded into a few
// buckets, on keys whose spread is far from even within a bucket (so that
// index's interpolated guess is many keys off, above and below), and on
// one and two keys.
func TestIndexBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		name string
		n    int
		key  func() uint64
	}{
		{"uniform", 5000, func() uint64 { return r.Uint64() & mask62 }},
		{"crowded", 5000, func() uint64 { return 1<<40 + r.Uint64()&0xfff | uint64(r.IntN(3))<<50 }},
		{"log-uniform", 5000, func() uint64 { return r.Uint64() & mask62 >> r.IntN(62) }},
		{"clusters", 5000, func() uint64 { return r.Uint64()&(mask62&^(1<<52-1)) | uint64(r.IntN(4))<<48 | r.Uint64()&0xfff }},
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

// BenchmarkIndex times index on the keys the sweeps look up: every
// non-terminal child of every node of kingulu:holes=6,seeds=1, in the
// sweeps' order (ns per lookup).
func BenchmarkIndex(b *testing.B) {
	start := engine.MustParse("kingulu:holes=6,seeds=1").NewState()
	x, err := newExpander(start)
	if err != nil {
		b.Fatal(err)
	}
	sv := &solver{opt: Options{MaxPositions: DefaultMaxPositions, Progress: nopProgress{}}, ex: []*expander{x}}
	root, _, _ := x.c.Key(start)
	if err := sv.enumerate(root); err != nil {
		b.Fatal(err)
	}
	sv.buildBuckets()
	var look []uint64
	var kids []child
	for i := sv.nNon - 1; i >= 0; i-- {
		kids, _, _, _ = x.expand(sv.keys[i], kids[:0])
		for _, c := range kids {
			if c.key&(FlagTerminal|FlagInfinite) == 0 {
				look = append(look, c.key)
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, k := range look {
			if sv.index(k) < 0 {
				b.Fatalf("%#x not found", k)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(look)), "ns/lookup")
}
