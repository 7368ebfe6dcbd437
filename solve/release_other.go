//go:build !linux

package solve

// releases is whether release gives memory back at once on this system:
// not on this one, where an array's memory goes back when the collector
// frees the array.
const releases = false

// releaseBytes would give the pages inside b back to the system.
func releaseBytes([]byte) {}
