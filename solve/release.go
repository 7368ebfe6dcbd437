package solve

import "unsafe"

// release gives the whole pages of s's memory back to the system where
// it can (releases): s's elements read as zeros afterwards. It is for the
// part of a large array the solver has read for the last time, so that
// the process does not hold it beside the arrays made from it until the
// collector frees the whole array.
func release[T any](s []T) {
	if len(s) == 0 {
		return
	}
	var x T
	releaseBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(x))))
}

// releaseBlock is how many elements release is given at a time by a loop
// that reads an array once, front to back (a few pages of 16-byte slots).
const releaseBlock = 1 << 12
