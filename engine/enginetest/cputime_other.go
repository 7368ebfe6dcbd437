//go:build !unix

package enginetest

// CPUSeconds returns 0: the process's CPU time is not available here.
func CPUSeconds() float64 { return 0 }
