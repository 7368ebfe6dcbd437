//go:build unix

package enginetest

import "syscall"

// CPUSeconds returns the process's user plus system CPU time, so that
// benchmarks on a shared machine can report rates per CPU second, which
// other jobs inflate less than wall time. It is 0 where unsupported.
func CPUSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + 1e-6*float64(ru.Utime.Usec+ru.Stime.Usec)
}
