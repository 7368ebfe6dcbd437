// Package testenv decides what a test does when the machine lacks something
// it needs (a C compiler, pdflatex, root, a Slurm cluster) or when the tests
// run with -short: on a developer's machine the test is skipped with the
// reason logged; under continuous integration (the environment variable CI
// set to true, as .ci/run's caller sets it) nothing may be skipped, so the
// test fails instead and says what is missing, and -short cuts nothing.
//
// Every test with a skip path goes through Missing or Short, so the rule
// lives here once.
package testenv

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// CI reports whether the tests run under continuous integration: CI is set
// to a true value (true, 1, TRUE, ...; see strconv.ParseBool).
func CI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Missing skips t, logging why (format and args say what is missing and what
// the test would have checked); under CI it fails t with the same words
// instead, since a skipped check is a check CI did not make.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	why := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (CI=true: no test may skip)", why)
	}
	t.Skip(why)
}

// Short reports whether long tests should cut their work short or skip:
// with -short, except under CI, where every test runs in full.
func Short() bool {
	return testing.Short() && !CI()
}
