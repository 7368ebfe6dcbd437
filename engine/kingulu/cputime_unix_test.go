//go:build unix

package kingulu_test

import "syscall"

// cpuSeconds returns the process's user plus system CPU time, so that
// benchmarks on a shared machine can report per-CPU-second rates.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + 1e-6*float64(ru.Utime.Usec+ru.Stime.Usec)
}
