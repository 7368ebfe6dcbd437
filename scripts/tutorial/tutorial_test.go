package tutorial

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/testenv"
)

// tutorial is the part of a README between the tutorial markers.
type tutorial struct {
	commands []string            // shell commands, continuation lines joined
	expect   map[string][]string // file -> lines quoted from it
	latex    []string            // files the LaTeX snippet reads
	snippet  []string            // the LaTeX snippet's lines
}

var latexFile = regexp.MustCompile(`\\(?:input|includegraphics)(?:\[[^]]*\])?\{([^}]+)\}`)

// parse reads the tutorial out of a README. Code blocks tagged sh give
// commands; a text block after "<!-- tutorial:expect FILE -->" gives
// lines that FILE must hold; the latex block after "<!-- tutorial:latex
// -->" names files by \input and \includegraphics.
func parse(readme string) (tutorial, bool) {
	t := tutorial{expect: map[string][]string{}}
	begin := strings.Index(readme, "<!-- tutorial:begin -->")
	end := strings.Index(readme, "<!-- tutorial:end -->")
	if begin < 0 || end < begin {
		return t, false
	}
	sc := bufio.NewScanner(strings.NewReader(readme[begin:end]))
	var (
		fence, expectFile  string
		latexNext, inLatex bool
		pending            string
	)
	for sc.Scan() {
		line := sc.Text()
		trim := strings.TrimSpace(line)
		if fence == "" {
			if f, ok := strings.CutPrefix(trim, "<!-- tutorial:expect "); ok {
				expectFile = strings.TrimSuffix(f, " -->")
				continue
			}
			if trim == "<!-- tutorial:latex -->" {
				latexNext = true
				continue
			}
			if tag, ok := strings.CutPrefix(trim, "```"); ok {
				fence = tag
				inLatex = tag == "latex" && latexNext
				latexNext = false
				if tag != "text" {
					expectFile = ""
				}
				continue
			}
			continue
		}
		if trim == "```" {
			fence, expectFile, inLatex = "", "", false
			continue
		}
		switch {
		case fence == "sh":
			if i := strings.Index(line, " #"); i >= 0 && pending == "" {
				line = line[:i]
			}
			line = strings.TrimSpace(line)
			if c, ok := strings.CutSuffix(line, `\`); ok {
				pending += c
				continue
			}
			if cmd := strings.TrimSpace(pending + line); cmd != "" {
				t.commands = append(t.commands, cmd)
			}
			pending = ""
		case fence == "text" && expectFile != "":
			t.expect[expectFile] = append(t.expect[expectFile], line)
		case inLatex:
			t.snippet = append(t.snippet, line)
			for _, m := range latexFile.FindAllStringSubmatch(line, -1) {
				t.latex = append(t.latex, m[1])
			}
		}
	}
	return t, true
}

func TestParse(t *testing.T) {
	readme := "intro\n```sh\nnot this\n```\n<!-- tutorial:begin -->\n```sh\na --x   # comment\nb \\\n  --y\n```\n" +
		"<!-- tutorial:expect out.md -->\n```text\nline one\n```\n```text\nnot expected\n```\n" +
		"<!-- tutorial:latex -->\n```latex\n\\input{r/t.tex}\n\\includegraphics[width=1in]{r/f.pdf}\n```\n<!-- tutorial:end -->\n```sh\nnor this\n```\n"
	got, ok := parse(readme)
	if !ok {
		t.Fatal("markers not found")
	}
	if want := []string{"a --x", "b --y"}; strings.Join(got.commands, "|") != strings.Join(want, "|") {
		t.Errorf("commands %q, want %q", got.commands, want)
	}
	if len(got.expect) != 1 || strings.Join(got.expect["out.md"], "|") != "line one" {
		t.Errorf("expect %q", got.expect)
	}
	if strings.Join(got.latex, "|") != "r/t.tex|r/f.pdf" {
		t.Errorf("latex %q", got.latex)
	}
}

// TestTutorial runs the README's tutorial.
func TestTutorial(t *testing.T) {
	if testenv.Short() {
		t.Skip("runs a simulation and an analysis (seconds); not with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	tut, ok := parse(string(readme))
	if !ok {
		t.Fatal("README.md has no <!-- tutorial:begin --> ... <!-- tutorial:end -->")
	}
	if len(tut.commands) == 0 || len(tut.expect) == 0 || len(tut.latex) == 0 {
		t.Fatalf("the tutorial lost its commands, quoted output or LaTeX: %+v", tut)
	}

	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "configs"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := os.ReadFile(filepath.Join(root, "configs", "tutorial.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "configs", "tutorial.toml"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "bin", "baolab"), "./cmd/baolab")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range tut.commands {
		if !strings.HasPrefix(c, "bin/baolab ") {
			t.Errorf("tutorial command %q does not run bin/baolab", c)
			continue
		}
		cmd := exec.Command("sh", "-c", c)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		t.Logf("%s: ok", c)
	}
	for file, lines := range tut.expect {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Errorf("quoted file: %v", err)
			continue
		}
		for _, l := range lines {
			if !strings.Contains(string(b), l) {
				t.Errorf("%s does not hold the line the README quotes:\n%s", file, l)
			}
		}
	}
	for _, f := range append(tut.latex, "runs/tutorial/report/index.html") {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the tutorial names %s: %v", f, err)
		}
	}
	t.Run("pdflatex", func(t *testing.T) { typeset(t, dir, tut.snippet) })
}

// typeset puts the tutorial's LaTeX snippet into an article with the
// packages its first line names and runs pdflatex on it in dir: the
// table and the figure must go into a paper as written.
func typeset(t *testing.T, dir string, snippet []string) {
	if _, err := exec.LookPath("pdflatex"); err != nil {
		testenv.Missing(t, "pdflatex not found (Debian: texlive-latex-recommended)")
	}
	pkgs := "booktabs,array,longtable,graphicx"
	if len(snippet) > 0 {
		if p, ok := strings.CutPrefix(strings.TrimSpace(snippet[0]), `% \usepackage{`); ok {
			pkgs = strings.TrimSuffix(p, "}")
		}
	}
	doc := "\\documentclass{article}\n\\usepackage{" + pkgs + "}\n\\begin{document}\n" + strings.Join(snippet, "\n") + "\n\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "paper.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex paper.tex: %v\n%s", err, out)
	}
	if fi, err := os.Stat(filepath.Join(dir, "paper.pdf")); err != nil || fi.Size() == 0 {
		t.Fatalf("pdflatex wrote no paper.pdf: %v", err)
	}
}

// TestReadmeFacts: the README's first screen states the Go version and the
// module path that go.mod declares.
func TestReadmeFacts(t *testing.T) {
	root := filepath.Join("..", "..")
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var module, goVersion string
	for _, l := range strings.Split(string(mod), "\n") {
		if m, ok := strings.CutPrefix(l, "module "); ok {
			module = strings.TrimSpace(m)
		}
		if v, ok := strings.CutPrefix(l, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}
	// go 1.26.0 is stated as 1.26.
	parts := strings.Split(goVersion, ".")
	if len(parts) < 2 || module == "" {
		t.Fatalf("go.mod: module %q, go %q", module, goVersion)
	}
	first := string(readme)
	if i := strings.Index(first, "## "); i >= 0 {
		first = first[:i] // the first screen: before the first section
	}
	for _, want := range []string{
		"Go (" + parts[0] + "." + parts[1] + " or later",
		"go install " + module + "/cmd/baolab@latest",
		"make run", "make test",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("README's first screen lacks %q (go.mod: module %s, go %s)", want, module, goVersion)
		}
	}
}
