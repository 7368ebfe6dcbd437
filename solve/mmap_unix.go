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

// mapFileRW maps the first size bytes of f (at least size long) for
// reading and writing: the pages are the file's, which the kernel writes
// back and drops as it needs the memory. unmapFile lets it go.
func mapFileRW(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
}

func unmapFile(b []byte) { syscall.Munmap(b) }
