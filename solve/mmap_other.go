//go:build !unix

package solve

import "os"

// mapFile reads size bytes of f from offset at (no memory mapping on this
// system), into memory aligned for uint64.
func mapFile(f *os.File, at int64, size int) ([]byte, error) {
	w := make([]uint64, (size+7)/8)
	b := bytesOf(w)[:size]
	_, err := f.ReadAt(b, at)
	return b, err
}

// mapFileRW reads the first size bytes of f into memory aligned for
// uint64 (no memory mapping on this system: the arrays of a layer solved
// out of core are then in memory, and what is written to them is not
// written to f, which only scratch arrays are mapped from).
func mapFileRW(f *os.File, size int) ([]byte, error) { return mapFile(f, 0, size) }

func unmapFile([]byte) {}
