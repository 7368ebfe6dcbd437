//go:build linux

package solve

import (
	"os"

	"golang.org/x/sys/unix"
)

// punchHole frees the disk blocks of f's bytes [at, at+n), which read as
// zeros afterwards, where the file system can (best effort: an error
// leaves the bytes, which are not read again, in place).
func punchHole(f *os.File, at, n int64) {
	unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, at, n)
}
