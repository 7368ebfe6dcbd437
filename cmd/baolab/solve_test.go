package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/solve"
)

func TestSolveOutputFormat(t *testing.T) {
	dir := t.TempDir()
	out, _, code := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=2", "--out", dir, "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	forms := []string{`^positions=\d+ terminal=\d+ cyclic=(yes|no)$`, `^outcome=(south|north|draw) south_can_force=(-?\d+|none) north_can_force=(-?\d+|none)$`}
	for i, line := range lines {
		form := `^move=\d+ outcome=(south|north|draw) south_can_force=(-?\d+|none) north_can_force=(-?\d+|none)$`
		if i < 2 {
			form = forms[i]
		}
		if !regexp.MustCompile(form).MatchString(line) {
			t.Errorf("line %d %q does not match %s", i+1, line, form)
		}
	}
	// The numbers are the library's (worked by hand in package solve's
	// tests): 47 positions, 8 terminal, North wins by 2 after 1, by 12
	// after 2.
	r, err := solve.Solve(engine.MustParse("kingulu:holes=3,seeds=2").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	printSolved(&want, r)
	if out != want.String() {
		t.Errorf("got\n%swant\n%s", out, want.String())
	}
	back, err := solve.ReadTable(dir)
	if err != nil || back.Len() != int(r.Positions) || back.Ruleset != "kingulu:holes=3,seeds=2" {
		t.Errorf("table read back: %v, %d rows of %q", err, back.Len(), back.Ruleset)
	}
}

func TestSolveBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--rules", "nope"},
		{"solve", "--rules", "kingulu:holes=2"},
		{"solve", "--rules", "kingulu"},                                            // key too long for the solver
		{"solve", "--rules", "kingulu:holes=4,seeds=3", "--max-positions", "1000"}, // over the limit
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--max-positions", "0"},    // absurd limit
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--workers", "-1"},         // absurd workers
		{"solve"},
	} {
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
		}
	}
}
