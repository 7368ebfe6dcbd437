package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The testdata notebooks were executed by nbconvert with the gonb v0.11.1
// kernel (the compile-error ones with --allow-errors, compile-error-raw with
// the kernel's --raw_error as scripts/notebooks.sh runs it), so they hold
// what the kernel really writes.
func TestExecuted(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string // substrings of the problems, in order; none for a good notebook
	}{
		{"ok.ipynb", nil},
		{"panic.ipynb", []string{"cell 1: failed (exit status 2)\n    panic: boom\n    goroutine 1 [running]:"}},
		{"shell-fail.ipynb", []string{"cell 1: failed (exit status 1)"}},
		{"compile-error.ipynb", []string{"cell 1: ERROR: parsing go files"}},
		{"compile-error-raw.ipynb", []string{"cell 1: ERROR: /tmp/gonb_3d3e6269/main.go:5:20: missing ',' before newline in argument list (and 1 more errors)\n    Cell[1]: Line 2\n    func main() {"}},
		{"not-executed.ipynb", []string{"cell 1: not executed"}},
	} {
		nb, err := Read(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		got := Executed(nb)
		if len(got) != len(tc.want) {
			t.Errorf("%s: problems %q, want %d matching %q", tc.file, got, len(tc.want), tc.want)
			continue
		}
		for i := range got {
			if !strings.Contains(got[i], tc.want[i]) {
				t.Errorf("%s: problem %d is %q, want it to contain %q", tc.file, i, got[i], tc.want[i])
			}
		}
	}
}

func TestClean(t *testing.T) {
	nb, err := Read(filepath.Join("testdata", "panic.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(Clean(nb), "\n")
	for _, want := range []string{"cell 1: must be Markdown", "cell 1: has outputs"} {
		if !strings.Contains(got, want) {
			t.Errorf("Clean of an executed notebook = %q, want a problem %q", got, want)
		}
	}
	nb.Metadata.Kernelspec.Name = "python3"
	if got := strings.Join(Clean(nb), "\n"); !strings.Contains(got, `kernel "python3", want gonb`) {
		t.Errorf("Clean of a python notebook = %q, want a kernel problem", got)
	}
}

// TestCommittedNotebooks checks the notebooks in notebooks/ as they are in
// the tree: stripped of outputs, on the gonb kernel, each opening with a
// Markdown cell that names its configs/ experiment, and each experiment it
// names exists.
func TestCommittedNotebooks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("found %d notebooks in notebooks/, want at least 3", len(files))
	}
	for _, f := range files {
		nb, err := Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range Clean(nb) {
			t.Errorf("%s: %s", f, p)
		}
		if len(nb.Cells) == 0 {
			continue
		}
		for _, cfg := range configsNamed(string(nb.Cells[0].Source)) {
			if _, err := os.Stat(filepath.Join("..", "..", cfg)); err != nil {
				t.Errorf("%s: names %s, which does not exist", f, cfg)
			}
		}
	}
}

// configsNamed returns the configs/NAME.toml or .yaml paths in s.
func configsNamed(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return strings.ContainsRune(" \t\n`'\"()[]*,;", r)
	}) {
		w = strings.TrimRight(w, ".:")
		if strings.HasPrefix(w, "configs/") && (strings.HasSuffix(w, ".toml") || strings.HasSuffix(w, ".yaml")) {
			out = append(out, w)
		}
	}
	return out
}

func TestRunUsage(t *testing.T) {
	var sb strings.Builder
	if _, err := run("bogus", []string{"x.ipynb"}, &sb); err == nil {
		t.Error("run with an unknown mode: no error")
	}
	if _, err := run("clean", nil, &sb); err == nil {
		t.Error("run with no files: no error")
	}
	n, err := run("executed", []string{filepath.Join("testdata", "missing.ipynb"), filepath.Join("testdata", "ok.ipynb")}, &sb)
	if err != nil || n != 1 || !strings.Contains(sb.String(), "missing.ipynb") {
		t.Errorf("run on a missing and a good notebook = %d, %v, output %q; want 1 problem naming the missing file", n, err, sb.String())
	}
}

func TestCleanRunTimings(t *testing.T) {
	nb := &Notebook{Cells: []Cell{
		{Type: "markdown", Source: "Data: configs/quickstart.toml"},
		{Type: "code", Source: "%%\nfmt.Println(1)", Metadata: map[string]any{"execution": map[string]any{}}},
	}}
	nb.Metadata.Kernelspec.Name = "gonb"
	got := Clean(nb)
	if len(got) != 1 || !strings.Contains(got[0], "cell 2: has outputs") {
		t.Errorf("Clean of a cell with run timings = %q, want one problem for cell 2", got)
	}
	delete(nb.Cells[1].Metadata, "execution")
	if got := Clean(nb); len(got) != 0 {
		t.Errorf("Clean of a clean notebook = %q, want none", got)
	}
}
