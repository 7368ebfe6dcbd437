package main

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/testenv"
)

// TestStageClock checks the --stats stages line against a hand-run clock:
// a stage's time is summed over its runs, time outside the stages is
// "other", and "without plies" leaves out only the distance passes.
func TestStageClock(t *testing.T) {
	now := 10.0
	c := newStageClock(nopProgress{}, func() float64 { return now })
	step := func(name string, secs float64) {
		c.Stage(name, 1)
		now += secs
		c.Done()
	}
	now += 0.5 // before the first stage: other
	step("enumerate", 2)
	step("South pass", 1)
	now += 0.25 // between stages: other
	step("South plies", 3)
	c.Stage("North plies", 1) // ended by the next Stage, not by Done
	now += 4
	step("South pass", 0.5) // a second run adds to the first
	var b strings.Builder
	c.write(&b)
	want := "solve stages, CPU s: enumerate 2.00, South pass 1.50, South plies 3.00, North plies 4.00, other 0.75; without plies 4.25 of 11.25\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

// TestProcessCPU checks that the CPU clock moves forward under work.
func TestProcessCPU(t *testing.T) {
	t0 := processCPU()
	if t0 == 0 {
		testenv.Missing(t, "no process CPU clock on this platform (the stage timings of solve --stats read it)")
	}
	x := 0
	for i := 0; processCPU()-t0 < 0.01 && i < 1e10; i++ {
		x += i
	}
	if processCPU() <= t0 {
		t.Errorf("CPU time did not grow (%d)", x)
	}
}
