package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/testenv"
)

// fakeGremlins stands in for gremlins unleash: it records the TMPDIR it
// was given and where it was told to write its JSON (both must be outside
// the repository), then writes the recorded rating run there.
const fakeGremlins = `#!/usr/bin/env bash
out=
while [ $# -gt 0 ]; do
	case $1 in --output) out=$2; shift ;; esac
	shift
done
[ -d "$TMPDIR" ] || exit 3
printf '%s\n%s\n' "$TMPDIR" "$out" >"$RECORD"
cp "$FIXTURE" "$out"
`

// runMutate runs scripts/mutate.sh on ./analysis/rating with the fake
// gremlins and TMPDIR set to tmpdir, and returns its combined output and
// error.
func runMutate(t *testing.T, tmpdir, record, outDir string) ([]byte, error) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(t.TempDir(), "gremlins")
	if err := os.WriteFile(fake, []byte(fakeGremlins), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts/mutate.sh"), "./analysis/rating")
	cmd.Env = append(os.Environ(),
		"GREMLINS="+fake, "TMPDIR="+tmpdir, "RECORD="+record,
		"FIXTURE="+filepath.Join(root, "docs/mutation/analysis_rating.json"),
		"OUT="+filepath.Join(outDir, "out"), "MUTATION_OUT="+filepath.Join(outDir, "mutation.md"))
	return cmd.CombinedOutput()
}

// TestMutateWorksOutsideTheRepository: mutate.sh gives gremlins a private
// work directory under TMPDIR (outside the repository, so that gremlins'
// copies of the module never land in the clone or in go ./...), writes the
// unfinished JSON there, and removes it on exit; a TMPDIR inside the
// repository is refused (exit 2) before gremlins runs.
func TestMutateWorksOutsideTheRepository(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testenv.Missing(t, "bash not found: mutate.sh not checked")
	}
	tmp, outDir := t.TempDir(), t.TempDir()
	record := filepath.Join(outDir, "record")
	if out, err := runMutate(t, tmp, record, outDir); err != nil {
		t.Fatalf("mutate.sh: %v\n%s", err, out)
	}
	rec, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(rec)), "\n")
	if len(lines) != 2 {
		t.Fatalf("record %q: want TMPDIR and the output path", rec)
	}
	work, output := lines[0], lines[1]
	if filepath.Dir(work) != tmp || !strings.HasPrefix(filepath.Base(work), "baolab-mutate.") {
		t.Errorf("gremlins' TMPDIR %s, want a private directory in %s", work, tmp)
	}
	if filepath.Dir(output) != work {
		t.Errorf("gremlins wrote its JSON to %s, want it inside the work directory %s", output, work)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Errorf("the work directory %s is still there after the run (%v)", work, err)
	}
	for _, f := range []string{"mutation.md", "mutation/analysis_rating.json", "mutation/analysis_rating.run"} {
		if _, err := os.Stat(filepath.Join(outDir, f)); err != nil {
			t.Errorf("result %s: %v", f, err)
		}
	}

	// TMPDIR inside the repository: refused, nothing run, nothing made.
	root, _ := filepath.Abs("../..")
	inside := filepath.Join(root, "tmp", "mutate-test-must-not-exist")
	out, err := runMutate(t, inside, filepath.Join(outDir, "record2"), outDir)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("TMPDIR inside the repository: %v, want exit status 2\n%s", err, out)
	}
	if !strings.Contains(string(out), "inside the repository") {
		t.Errorf("TMPDIR inside the repository: message %q does not say why", out)
	}
	if _, err := os.Stat(inside); !os.IsNotExist(err) {
		t.Errorf("%s was created", inside)
		os.RemoveAll(inside)
		os.Remove(filepath.Dir(inside)) // only if empty
	}
	if _, err := os.Stat(filepath.Join(outDir, "record2")); !os.IsNotExist(err) {
		t.Error("gremlins ran with TMPDIR inside the repository")
	}
}
