package testenv

import (
	"fmt"
	"runtime"
	"testing"
)

// recorder is a testing.TB that records a skip or a fatal failure and, as
// testing.T does, ends the goroutine that called it.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skip(args ...any) {
	r.skipped = fmt.Sprint(args...)
	runtime.Goexit()
}
func (r *recorder) Fatalf(f string, args ...any) {
	r.failed = fmt.Sprintf(f, args...)
	runtime.Goexit()
}

func TestMissing(t *testing.T) {
	for _, c := range []struct {
		ci         string
		skip, fail bool
	}{
		{"", true, false},
		{"false", true, false},
		{"0", true, false},
		{"yes", true, false}, // not a boolean: not CI
		{"true", false, true},
		{"1", false, true},
		{"TRUE", false, true},
	} {
		t.Setenv("CI", c.ci)
		r := &recorder{TB: t}
		done := make(chan bool)
		go func() {
			defer close(done)
			Missing(r, "no C compiler (cc) on PATH: %s", "the C perft")
		}()
		<-done
		want := "no C compiler (cc) on PATH: the C perft"
		if skipped := r.skipped != ""; skipped != c.skip || (skipped && r.skipped != want) {
			t.Errorf("CI=%q: skipped %q, want a skip: %v", c.ci, r.skipped, c.skip)
		}
		if failed := r.failed != ""; failed != c.fail || (failed && r.failed != want+" (CI=true: no test may skip)") {
			t.Errorf("CI=%q: failed %q, want a failure: %v", c.ci, r.failed, c.fail)
		}
	}
}

func TestShort(t *testing.T) {
	t.Setenv("CI", "true")
	if Short() {
		t.Error("Short() under CI=true")
	}
	t.Setenv("CI", "")
	if Short() != testing.Short() {
		t.Errorf("Short() = %v without CI, testing.Short() = %v", Short(), testing.Short())
	}
}
