//go:build linux

package solve

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// releases is whether release gives memory back at once on this system.
const releases = true

// releaseBytes gives the whole pages inside b back to the system
// (madvise MADV_DONTNEED; best effort: an error leaves them), which then
// read as zeros: b is memory the solver reads no more.
func releaseBytes(b []byte) {
	page := uintptr(os.Getpagesize())
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := (at+page-1)&^(page-1), (at+uintptr(len(b)))&^(page-1)
	if lo < hi {
		unix.Madvise(b[lo-at:hi-at], unix.MADV_DONTNEED)
	}
}
