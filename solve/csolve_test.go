package solve_test

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/internal/testenv"
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

// TestCSolveFourRows compares Solve (depth first, the method it chooses
// for this game; TestDepthFirstFourRows checks it against predecessor
// lists on the same boards) with the independent C solver of
// testdata/csolve/four.c on small kimasai-four-rows boards, under every
// repetition reading (no position of the game recurs, so none changes the
// solve; the C checks that), both empty starts and both first players:
// baolab solve's lines (positions, terminal, cyclic, the start's value
// with the winner's distance, each first move's value) and, from the C's
// -d dump, every position's key, values and both distances against the
// Table. The C program is built with cc; without one the test is skipped
// with the reason logged (it fails under CI). With -short (not under CI)
// holes=6 is solved under repetition=first only.
func TestCSolveFourRows(t *testing.T) {
	bin := enginetest.BuildC(t, "testdata/csolve/four.c")
	type board struct {
		holes int
		opts  []string // options after holes, as the C takes them
	}
	var boards []board
	for _, h := range []int{4, 5, 6} {
		for _, r := range []string{"first", "third", "none"} {
			if h == 6 && r != "first" && testenv.Short() {
				continue
			}
			boards = append(boards, board{h, []string{"repetition=" + r}})
		}
	}
	boards = append(boards, board{4, []string{"empty_start=right"}}, board{5, []string{"first=north"}},
		board{5, []string{"empty_start=right", "first=north", "repetition=none"}})
	for _, b := range boards {
		rs := fmt.Sprintf("kimasai-four-rows:holes=%d", b.holes)
		for _, o := range b.opts {
			rs += "," + o
		}
		args := append([]string{fmt.Sprint(b.holes)}, b.opts...)
		out, err := exec.Command(bin, append(args, "-d")...).Output()
		if err != nil {
			t.Fatalf("four %s -d: %v", strings.Join(args, " "), err)
		}
		var r *solve.Result
		if b.holes <= 5 {
			r = solveBoth(t, engine.MustParse(rs).NewState(), solve.Options{Workers: 2})
		} else {
			r, err = solve.Solve(engine.MustParse(rs).NewState(), solve.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
		}
		cyc := "no"
		if r.Cyclic {
			cyc = "yes"
		}
		plies := "none"
		switch r.Root.Outcome() {
		case engine.SouthWins:
			plies = fmt.Sprint(r.RootPlies.South)
		case engine.NorthWins:
			plies = fmt.Sprint(r.RootPlies.North)
		}
		var want strings.Builder
		fmt.Fprintf(&want, "positions=%d terminal=%d cyclic=%s\n%v plies=%s\n", r.Positions, r.Terminal, cyc, r.Root, plies)
		for _, m := range r.Moves {
			fmt.Fprintf(&want, "move=%d %v\n", m.Move, m.Value)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		head := strings.Count(want.String(), "\n")
		if len(lines) < head || strings.Join(lines[:head], "\n")+"\n" != want.String() {
			t.Errorf("%s: Solve\n%s\nC solver\n%s", rs, want.String(), strings.Join(lines[:min(head, len(lines))], "\n"))
			continue
		}
		// The dump: one line per position, "KEY S N SPLIES NPLIES".
		tab := r.Table
		if got := len(lines) - head; got != tab.Len() {
			t.Errorf("%s: the C dumped %d positions, the table holds %d", rs, got, tab.Len())
			continue
		}
		cpos := make(map[uint64]string, tab.Len())
		for _, l := range lines[head:] {
			k, rest, _ := strings.Cut(l, " ")
			key, err := strconv.ParseUint(k, 16, 64)
			if err != nil {
				t.Fatalf("%s: dump line %q: %v", rs, l, err)
			}
			cpos[key] = rest
		}
		bad := 0
		for i, key := range tab.Keys {
			v, d := tab.Value(i), tab.Plies(i)
			w := fmt.Sprintf("%v %v %d %d", v.South, v.North, d.South, d.North)
			if g, ok := cpos[key]; g != w {
				if bad++; bad <= 5 {
					t.Errorf("%s: position %#x: Solve %q, C %q (dumped: %v)", rs, key, w, g, ok)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d positions differ", rs, bad, tab.Len())
		}
	}
}
