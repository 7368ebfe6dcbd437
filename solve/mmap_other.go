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

func unmapFile([]byte) {}
