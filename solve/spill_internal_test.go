package solve

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// TestRunSetMerge adds random keys, with repeats, to run sets of one and
// two words a record, enough for more than maxFanIn runs (so that runs
// are merged into one before the end), and checks that merge gives every
// distinct record once, in order, and leaves no file. (Checked: merging
// the first maxFanIn-1 runs only, leaving one out of the cascade, loses
// keys here.)
func TestRunSetMerge(t *testing.T) {
	for _, width := range []int{1, 2} {
		dir := t.TempDir()
		rs := newRunSet(dir, "r", width, 0)
		rng := rand.New(rand.NewPCG(1, uint64(width)))
		want := map[[2]uint64]bool{}
		records := (maxFanIn + 10) * rs.max / width
		var keys []uint64
		for i := range records {
			k := rng.Uint64() // distinct but for one in ten, a repeat of an earlier key
			if i%10 == 9 {
				k = keys[rng.IntN(len(keys))]
			}
			keys = append(keys, k)
			rec := []uint64{k, uint64(rng.IntN(3))}[:width]
			want[[2]uint64(append(slices.Clone(rec), 0, 0)[:2])] = true
			if err := rs.add(rec...); err != nil {
				t.Fatal(err)
			}
		}
		if len(rs.paths) >= maxFanIn || rs.seq <= maxFanIn {
			t.Fatalf("width %d: %d runs open, %d written: want the runs merged past %d", width, len(rs.paths), rs.seq, maxFanIn)
		}
		var got [][2]uint64
		err := rs.merge(func(rec []uint64) error {
			got = append(got, [2]uint64(append(slices.Clone(rec), 0, 0)[:2]))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		sorted := slices.SortedFunc(func(yield func([2]uint64) bool) {
			for r := range want {
				if !yield(r) {
					return
				}
			}
		}, func(a, b [2]uint64) int { return slices.Compare(a[:], b[:]) })
		if !slices.Equal(got, sorted) {
			t.Errorf("width %d: merged %d records, want the %d distinct ones in order", width, len(got), len(sorted))
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
			t.Errorf("width %d: %d files left", width, len(left))
		}
	}
}
