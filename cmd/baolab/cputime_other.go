//go:build !unix

package main

// processCPU returns 0: the process's CPU time is not available here.
func processCPU() float64 { return 0 }
