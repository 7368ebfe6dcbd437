package enginetest

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// CPerftCase is one cross-check of Game.Perft against an independent C
// perft: the ruleset, the C program's arguments after the depth, and the
// deepest depth compared.
type CPerftCase struct {
	Ruleset string
	Args    []string
	Depth   int
}

// BuildC compiles the C program src with cc -O2 into the test's temporary
// directory and returns the binary's path. Without a C compiler on PATH
// the test is skipped with the reason logged (under CI it fails instead,
// see package internal/testenv); a compile error fails it.
func BuildC(t *testing.T, src string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		testenv.Missing(t, "no C compiler (cc) on PATH: %v; the cross-check with %s needs one", err, src)
	}
	bin := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(src), ".c"))
	if out, err := exec.Command(cc, "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("cc %s: %v\n%s", src, err, out)
	}
	return bin
}

// CheckCPerft builds the C perft src (a file of testdata/cperft) with cc
// -O2 and, for every case, compares the counts it prints for depths
// 1..Depth ("perft(d) = n" lines) with Game.Perft from the ruleset's
// initial state. Without a C compiler the test is skipped with the reason
// logged, or fails under CI.
func CheckCPerft(t *testing.T, src string, cases []CPerftCase) {
	t.Helper()
	bin := BuildC(t, src)
	for _, c := range cases {
		args := append([]string{fmt.Sprint(c.Depth)}, c.Args...)
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("%s %s: %v", src, strings.Join(args, " "), err)
		}
		counts := map[int]uint64{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			var d int
			var n uint64
			if k, _ := fmt.Sscanf(sc.Text(), "perft(%d) = %d", &d, &n); k == 2 {
				counts[d] = n
			}
		}
		g := engine.MustParse(c.Ruleset)
		s := g.NewState()
		for d := 1; d <= c.Depth; d++ {
			want, ok := counts[d]
			if !ok {
				t.Fatalf("%s %s: no perft(%d) in the output:\n%s", src, strings.Join(args, " "), d, out)
			}
			if got := g.Perft(s, d); got != want {
				t.Errorf("%s: Game.Perft(%d) = %d, the C perft (%s) gives %d", c.Ruleset, d, got, strings.Join(args, " "), want)
			}
		}
	}
}
