//go:build !unix

package kingulu_test

func cpuSeconds() float64 { return 0 }
