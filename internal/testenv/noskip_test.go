package testenv

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// skipCall matches a call that skips a test or benchmark; shortCall a
// direct use of testing.Short, which ignores CI.
var (
	skipCall  = regexp.MustCompile(`\b\w+\.(Skip|Skipf|SkipNow)\(`)
	shortCall = regexp.MustCompile(`\btesting\.Short\(\)`)
)

// TestNoSkipOutsideTestenv checks the rule of this package over every Go
// file of the repository: no test may pass by skipping under CI. A skip is
// allowed only through Missing (which fails under CI) or right under an
// `if testenv.Short()` (false under CI, so the test runs in full);
// testing.Short() itself, which is true under CI with -short, is used
// nowhere but here.
func TestNoSkipOutsideTestenv(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	self, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "bin" || name == "out" || name == "tmp" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || filepath.Dir(path) == self {
			return nil
		}
		files++
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines := strings.Split(string(text), "\n")
		rel, _ := filepath.Rel(root, path)
		for i, line := range lines {
			code, _, _ := strings.Cut(line, "//")
			if shortCall.MatchString(code) {
				t.Errorf("%s:%d: testing.Short() passes by skipping under CI; use testenv.Short()", rel, i+1)
			}
			if skipCall.MatchString(code) && !(i > 0 && strings.Contains(lines[i-1], "if testenv.Short() {")) {
				t.Errorf("%s:%d: a skip not under `if testenv.Short()`: use testenv.Missing, which fails under CI", rel, i+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("only %d Go files found under %s: the walk missed the repository", files, root)
	}
}
