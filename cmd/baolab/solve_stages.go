package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/baolab/baolab/solve"
)

// stageClock is the progress display of solve --stats: it passes every
// call on to the display it wraps and adds up the process's CPU time
// spent in each of the solver's stages (by name, in the order first
// seen), so that --stats can say where a solve's CPU time goes: the
// distance passes ("South plies", "North plies") are work the kingulu C
// solver, solve/testdata/csolve/solve.c, does not do (four.c, the
// four-rows one, does; see docs/speed.md).
type stageClock struct {
	solve.Progress
	cpu func() float64 // the process's CPU seconds so far

	cur   string // the stage running, "" between stages
	since float64
	start float64
	names []string
	spent map[string]float64
}

// newStageClock wraps p, reading the CPU time with cpu (processCPU).
func newStageClock(p solve.Progress, cpu func() float64) *stageClock {
	return &stageClock{Progress: p, cpu: cpu, start: cpu(), spent: map[string]float64{}}
}

func (c *stageClock) Stage(name string, total int64) {
	c.stop()
	c.cur, c.since = name, c.cpu()
	c.Progress.Stage(name, total)
}

func (c *stageClock) Done() {
	c.stop()
	c.Progress.Done()
}

// stop adds the CPU time since the stage began to its total.
func (c *stageClock) stop() {
	if c.cur == "" {
		return
	}
	if _, ok := c.spent[c.cur]; !ok {
		c.names = append(c.names, c.cur)
	}
	c.spent[c.cur] += c.cpu() - c.since
	c.cur = ""
}

// write prints the stages' line: "solve stages, CPU s: NAME S, ...,
// other S; without plies S of S", where other is the time outside the
// named stages (sorting the keys, the index, start-up) and "without
// plies" all but the distance passes.
func (c *stageClock) write(w io.Writer) {
	c.stop()
	total := c.cpu() - c.start
	var parts []string
	named, plies := 0.0, 0.0
	for _, n := range c.names {
		s := c.spent[n]
		parts = append(parts, fmt.Sprintf("%s %.2f", n, s))
		named += s
		if strings.HasSuffix(n, " plies") {
			plies += s
		}
	}
	parts = append(parts, fmt.Sprintf("other %.2f", max(0, total-named)))
	fmt.Fprintf(w, "solve stages, CPU s: %s; without plies %.2f of %.2f\n", strings.Join(parts, ", "), total-plies, total)
}
