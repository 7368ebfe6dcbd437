package solve_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/solve"
)

// TestCSolve compares Solve (both methods) with the independent C
// retrograde solver of testdata/csolve/solve.c on small kingulu boards:
// the same lines as baolab solve prints (positions, terminal, cyclic, the
// start's value, each first move's value). The C program is built with
// cc; without one the test is skipped with the reason logged.
func TestCSolve(t *testing.T) {
	bin := enginetest.BuildC(t, "testdata/csolve/solve.c")
	for _, b := range []struct{ holes, seeds int }{{3, 1}, {3, 2}, {3, 4}, {4, 2}, {4, 3}, {5, 1}, {4, 4}} {
		out, err := exec.Command(bin, fmt.Sprint(b.holes), fmt.Sprint(b.seeds)).Output()
		if err != nil {
			t.Fatalf("csolve %d %d: %v", b.holes, b.seeds, err)
		}
		rs := fmt.Sprintf("kingulu:holes=%d,seeds=%d", b.holes, b.seeds)
		r := solveBoth(t, engine.MustParse(rs).NewState(), solve.Options{Workers: 2})
		cyc := "no"
		if r.Cyclic {
			cyc = "yes"
		}
		var got strings.Builder
		fmt.Fprintf(&got, "positions=%d terminal=%d cyclic=%s\n%v\n", r.Positions, r.Terminal, cyc, r.Root)
		for _, m := range r.Moves {
			fmt.Fprintf(&got, "move=%d %v\n", m.Move, m.Value)
		}
		if got.String() != string(out) {
			t.Errorf("%s: Solve\n%s\nC solver\n%s", rs, got.String(), out)
		}
	}
}
