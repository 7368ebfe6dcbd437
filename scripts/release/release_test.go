package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/testenv"
)

// TestVersionAtTag: `make build` in a clean clone whose HEAD carries a
// version tag gives a binary whose `baolab version` and `--version` name
// that tag and the tagged commit, with no "+dirty"; a change to a tracked
// file after the tag makes the version say "+dirty". This is what a user who
// builds a release from a checkout gets (go install ...@vX.Y.Z stamps the
// same build information from the module proxy).
func TestVersionAtTag(t *testing.T) {
	if testenv.Short() {
		t.Skip("builds baolab twice in a clone; skipped with -short")
	}
	for _, tool := range []string{"git", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s is not installed: %v", tool, err)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		testenv.Missing(t, "not a git checkout (%v): the version comes from its tags", err)
	}
	clone := filepath.Join(t.TempDir(), "baolab")
	run(t, root, "git", "clone", "-q", "--no-hardlinks", root, clone)
	head := strings.TrimSpace(run(t, clone, "git", "rev-parse", "HEAD"))
	// A v0 tag: a tag of major version 2 or more is not a version of this
	// module (its path has no /vN suffix), and the toolchain ignores it.
	const tag = "v0.99.0"
	run(t, clone, "git", "-c", "user.name=test", "-c", "user.email=test@example.org", "tag", "-a", tag, "-m", "test release")

	bin := filepath.Join(clone, "bin", "baolab")
	run(t, clone, "make", "build", "BIN="+bin)
	want := []string{"baolab " + tag, "commit " + head}
	for _, args := range []string{"version", "--version"} {
		out := run(t, clone, bin, args)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 3 || lines[0] != want[0] || !strings.HasPrefix(lines[1], want[1]+" ") || !strings.HasSuffix(lines[1], ", tree clean") {
			t.Errorf("baolab %s at tag %s printed\n%s\nwant the lines %q, %q... tree clean, and a toolchain line", args, tag, out, want[0], want[1])
		}
	}

	if err := os.WriteFile(filepath.Join(clone, "README.md"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, clone, "make", "build", "BIN="+bin)
	out := run(t, clone, bin, "version")
	if first := strings.SplitN(out, "\n", 2)[0]; !strings.Contains(first, "+dirty") {
		t.Errorf("baolab version after a change to a tracked file printed %q first, want a version marked +dirty", first)
	}
}

// run runs name with args in dir and returns its standard output; any
// failure ends the test with the command's output.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if e, ok := err.(*exec.ExitError); ok {
			stderr = string(e.Stderr)
		}
		t.Fatalf("%s %s in %s: %v\n%s%s", name, strings.Join(args, " "), dir, err, out, stderr)
	}
	return string(out)
}
