package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestMain lets tests run the real command, exit codes included: the test
// binary re-executes itself with BAOLAB_RUN_MAIN=1 and runs main.
func TestMain(m *testing.M) {
	if os.Getenv("BAOLAB_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// baolab runs the command with args in-process, on a fresh command tree,
// and returns stdout, stderr and the exit code. baolabIn (slurm_test.go)
// runs the real binary instead, for another directory, environment or
// signals.
func baolab(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestRulesListsEveryVariantAndOption(t *testing.T) {
	out, _, code := baolab(t, "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, v := range engine.Variants() {
		if !strings.Contains(out, v.Name+" — ") {
			t.Errorf("variant %s missing", v.Name)
		}
		for _, o := range v.Options {
			if !strings.Contains(out, "  "+o.Key+" ") {
				t.Errorf("%s: option %s missing", v.Name, o.Key)
			}
		}
	}
	// The options that size a board say so on their line, and no other does.
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		size := f[0] == "holes" || f[0] == "seeds" || f[0] == "reserve"
		if strings.Contains(line, "(board size)") != size {
			t.Errorf("board size marked %v on %q", !size, line)
		}
	}
	if i, j := strings.Index(out, "kingulu —"), strings.Index(out, "kimasai-four-rows —"); i < 0 || j < i {
		t.Error("variants not in registry order (kingulu first, kimasai-four-rows last)")
	}
}

func TestPerftOutputFormat(t *testing.T) {
	out, _, code := baolab(t, "perft", "--rules", "kingulu", "--depth", "3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	g := engine.MustParse("kingulu")
	want := ""
	for d := 1; d <= 3; d++ {
		want += "depth=" + strconv.Itoa(d) + " nodes=" + strconv.FormatUint(g.Perft(g.NewState(), d), 10) + "\n"
	}
	if out != want {
		t.Errorf("got\n%swant\n%s", out, want)
	}
}

func TestPerftDivideSumsToTotal(t *testing.T) {
	for _, rs := range []string{"kingulu", "kimasai-two-rows", "kimasai-four-rows"} {
		out, _, code := baolab(t, "perft", "--rules", rs, "--depth", "3", "--divide")
		if code != 0 {
			t.Fatalf("%s: exit %d", rs, code)
		}
		var total, sum uint64
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var d int
			var n uint64
			if m := regexp.MustCompile(`^depth=(\d+) nodes=(\d+)$`).FindStringSubmatch(line); m != nil {
				d, _ = strconv.Atoi(m[1])
				n, _ = strconv.ParseUint(m[2], 10, 64)
				if d == 3 {
					total = n
				}
			} else if m := regexp.MustCompile(`^move=(\d+) nodes=(\d+)$`).FindStringSubmatch(line); m != nil {
				n, _ = strconv.ParseUint(m[2], 10, 64)
				sum += n
			} else {
				t.Errorf("%s: unexpected line %q", rs, line)
			}
		}
		if total == 0 || sum != total {
			t.Errorf("%s: divide sums to %d, perft(3) = %d", rs, sum, total)
		}
	}
}

func TestBadInputExitsTwoWithOneLine(t *testing.T) {
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--rules", "chess", "--depth", "1"}, `unknown variant "chess"`},
		{[]string{"perft", "--rules", "kingulu:penultimate=sometimes"}, `option "penultimate": value "sometimes" not allowed (allowed: lap, origin, never)`},
		{[]string{"perft", "--rules", "kingulu:bogus=1"}, `unknown option "bogus"`},
		{[]string{"show", "--rules", "kingulu", "--moves", "0"}, "ply 0: move 0 is not legal (legal moves: "},
		{[]string{"show", "--rules", "kingulu", "--moves", "x"}, `--moves: item 1 ("x") is not a hole number`},
		{[]string{"perft", "--depth", "1"}, `required flag(s) "rules" not set`},
		{[]string{"perft", "--rules", "kingulu", "--depth", "x"}, `invalid argument "x"`},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	} {
		_, errOut, code := baolab(t, c.args...)
		if code != 2 {
			t.Errorf("case %d %v: exit %d, want 2 (stderr %q)", i, c.args, code, errOut)
		}
		if !strings.Contains(errOut, c.want) {
			t.Errorf("case %d: stderr %q does not contain %q", i, errOut, c.want)
		}
		if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("case %d: error is not one line: %q", i, errOut)
		}
	}
}

func TestShowPrintsBoardAfterMoves(t *testing.T) {
	g := engine.MustParse("kingulu")
	s := g.NewState()
	moves := s.Legal(nil)
	if _, err := s.Apply(moves[0]); err != nil {
		t.Fatal(err)
	}
	out, _, code := baolab(t, "show", "--rules", "kingulu", "--moves", strconv.Itoa(int(moves[0])))
	if code != 0 || out != s.String() {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, s.String())
	}
}
