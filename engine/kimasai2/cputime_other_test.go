//go:build !unix

package kimasai2

func cpuSeconds() float64 { return 0 }
