//go:build unix

package solve

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f from offset at (a multiple of the page
// size), read-only.
func mapFile(f *os.File, at int64, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), at, size, syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmapFile(b []byte) { syscall.Munmap(b) }
