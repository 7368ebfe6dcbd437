package main

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/buildinfo"
)

// TestVersion: baolab version and baolab --version print the same three
// lines, those of the binary's build information.
func TestVersion(t *testing.T) {
	want := buildinfo.Read().String()
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, errOut, code := baolab(t, args...)
		if code != 0 || errOut != "" || out != want {
			t.Errorf("%v: exit %d, stderr %q, stdout\n%s\nwant\n%s", args, code, errOut, out, want)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "baolab ") || !strings.HasPrefix(lines[1], "commit ") || !strings.HasPrefix(lines[2], "built with go") {
			t.Errorf("%v: not the three lines baolab <version>, commit ..., built with go...:\n%s", args, out)
		}
	}
}
