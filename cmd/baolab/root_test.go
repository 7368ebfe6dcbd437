package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestExitCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{nil, 0},
		{errors.New("disk full"), 1},
		{badInput(errors.New("unknown variant")), 2},
		{fmt.Errorf("sim: %w", badInput(errors.New("bad shard"))), 2},
		{badInput(nil), 0},
	} {
		if got := exitCode(c.err); got != c.want {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

// TestCobraRefusalsAreUsageErrors: every way cobra refuses a command line
// comes back from Execute as a usageError, with cobra's message.
func TestCobraRefusalsAreUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate" for "baolab"`},
		{[]string{"solv"}, "Did you mean this?\n\tsolve\n"},
		{[]string{"rules", "extra"}, `unknown command "extra" for "baolab rules"`},
		{[]string{"analyze"}, "accepts 1 arg(s), received 0"},
		{[]string{"perft", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"perft", "-z"}, "unknown shorthand flag: 'z' in -z"},
		{[]string{"perft", "--rules", "kingulu", "--depth", "x"}, `invalid argument "x" for "--depth"`},
		{[]string{"perft", "--depth", "1"}, `required flag(s) "rules" not set`},
		{[]string{"slurm", "--config", "x.toml"}, `required flag(s) "tasks" not set`},
		{[]string{"completion", "bash", "extra"}, `unknown command "extra" for "baolab completion bash"`},
		{[]string{"version", "extra"}, `unknown command "extra" for "baolab version"`},
	} {
		root := newRootCmd(new(bytes.Buffer), new(bytes.Buffer))
		root.SetArgs(c.args)
		err := root.Execute()
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: error %v (%T), want a usageError", c.args, err, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %q does not contain %q", c.args, err, c.want)
		}
	}
}

// TestRootHelpExitsZero: baolab alone prints the help with the command
// list and succeeds, as before the root became runnable.
func TestRootHelpExitsZero(t *testing.T) {
	out, errOut, code := baolab(t)
	if code != 0 || errOut != "" || !strings.Contains(out, "Available Commands:") || !strings.Contains(out, "solve ") {
		t.Errorf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
}

// TestTreesShareNoState: a flag set on one command tree is not seen by
// the next; each run starts from the defaults.
func TestTreesShareNoState(t *testing.T) {
	first, _, code := baolab(t, "perft", "--rules", "kingulu", "--depth", "2", "--divide")
	if code != 0 || !strings.Contains(first, "move=") {
		t.Fatalf("perft --divide: exit %d, output\n%s", code, first)
	}
	second, _, code := baolab(t, "perft", "--rules", "kimasai-two-rows")
	if code != 0 || strings.Contains(second, "move=") || strings.Count(second, "\n") != 1 || !strings.HasPrefix(second, "depth=1 ") {
		t.Errorf("perft after a --divide --depth 2 run: exit %d, output\n%s\nwant one line depth=1 and no divide", code, second)
	}
}

// TestInProcessErrorLine: run prints a refusal as one line "baolab: ..."
// on its stderr, nothing on stdout.
func TestInProcessErrorLine(t *testing.T) {
	out, errOut, code := baolab(t, "show", "--rules", "kingulu", "--moves", "0")
	if code != 2 || out != "" || !strings.HasPrefix(errOut, "baolab: ply 0: move 0 is not legal") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
