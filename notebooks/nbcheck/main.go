// Command nbcheck checks baolab's Jupyter notebooks.
//
//	nbcheck executed FILE.ipynb...   notebooks executed by nbconvert --execute
//	nbcheck clean FILE.ipynb...      notebooks as committed to git
//
// executed fails when any cell of a notebook failed. nbconvert alone does not
// catch every failure: the gonb kernel (v0.11.1) reports a compile error as a
// cell error, but when a cell's program panics or exits non-zero, or a shell
// command (`!cmd`) fails, it only writes "exit status N" (or "signal: NAME")
// to the cell's stderr and reports success. nbcheck reads those lines, as well
// as error outputs, and also fails on a code cell that was never executed.
//
// clean fails when a notebook carries outputs, execution counts or run
// timings (scripts/strip-notebooks.sh removes them before committing), does
// not use the gonb kernel, or does not open with a Markdown cell that names
// the configs/ experiment making its data.
//
// Each problem is one line naming the file and cell (numbered from 1); the
// exit status is 1 when there is any, 2 on bad usage.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
)

// Notebook is the part of an nbformat 4 notebook that nbcheck reads.
type Notebook struct {
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
	NBFormat int    `json:"nbformat"`
	Cells    []Cell `json:"cells"`
}

// Cell is one notebook cell.
type Cell struct {
	Type           string         `json:"cell_type"`
	Source         Text           `json:"source"`
	Metadata       map[string]any `json:"metadata"`
	ExecutionCount *int           `json:"execution_count"`
	Outputs        []Output       `json:"outputs"`
}

// Output is one output of a code cell.
type Output struct {
	Type      string   `json:"output_type"`
	Name      string   `json:"name"` // stream: stdout or stderr
	Text      Text     `json:"text"` // stream
	EName     string   `json:"ename"`
	EValue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

// Text is nbformat's multi-line string: a string or a list of lines.
type Text string

// UnmarshalJSON accepts both forms.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = Text(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		return errors.New("text is neither a string nor a list of strings")
	}
	*t = Text(strings.Join(lines, ""))
	return nil
}

// Read parses the notebook in file.
func Read(file string) (*Notebook, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var nb Notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%s: not a notebook: %w", file, err)
	}
	if nb.NBFormat != 4 {
		return nil, fmt.Errorf("%s: nbformat %d, want 4", file, nb.NBFormat)
	}
	return &nb, nil
}

// failLine matches what gonb writes to a cell's stderr when the cell's
// program or a shell command ends badly (Go's exec.ExitError text).
var failLine = regexp.MustCompile(`(?m)^(exit status \d+|signal: [a-z ]+)$`)

// Executed returns the problems of a notebook executed by nbconvert. Each
// failed cell's problem is a line naming the cell and the failure, followed
// by up to MaxDetail indented lines of what the cell wrote to stderr or of
// its error traceback (compile errors, with the kernel's --raw_error).
func Executed(nb *Notebook) []string {
	var probs []string
	for i, c := range nb.Cells {
		if c.Type != "code" || strings.TrimSpace(string(c.Source)) == "" {
			continue
		}
		if c.ExecutionCount == nil {
			probs = append(probs, fmt.Sprintf("cell %d: not executed", i+1))
			continue
		}
		var stderr strings.Builder
		for _, o := range c.Outputs {
			switch {
			case o.Type == "error":
				probs = append(probs, fmt.Sprintf("cell %d: %s: %s", i+1, o.EName, firstLine(o.EValue))+
					detail(strings.Join(o.Traceback, "\n")))
			case o.Type == "stream" && o.Name == "stderr":
				stderr.WriteString(string(o.Text))
			}
		}
		if m := failLine.FindString(stderr.String()); m != "" {
			probs = append(probs, fmt.Sprintf("cell %d: failed (%s)", i+1, m)+detail(stderr.String()))
		}
	}
	return probs
}

// MaxDetail is the number of lines of a failed cell's output that a problem
// quotes.
const MaxDetail = 20

// ansi matches terminal colour codes, which gonb puts in tracebacks.
var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// detail returns the first MaxDetail non-empty lines of s, each on a new
// line and indented.
func detail(s string) string {
	var b strings.Builder
	n := 0
	for _, l := range strings.Split(ansi.ReplaceAllString(s, ""), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n == MaxDetail {
			b.WriteString("\n    ...")
			break
		}
		b.WriteString("\n    " + l)
		n++
	}
	return b.String()
}

// Clean returns the problems of a notebook as it should be committed.
func Clean(nb *Notebook) []string {
	var probs []string
	if k := nb.Metadata.Kernelspec.Name; k != "gonb" {
		probs = append(probs, fmt.Sprintf("kernel %q, want gonb", k))
	}
	if len(nb.Cells) == 0 || nb.Cells[0].Type != "markdown" || !strings.Contains(string(nb.Cells[0].Source), "configs/") {
		probs = append(probs, "cell 1: must be Markdown saying what the notebook shows and which configs/ experiment makes its data")
	}
	for i, c := range nb.Cells {
		_, timed := c.Metadata["execution"]
		if len(c.Outputs) > 0 || c.ExecutionCount != nil || timed {
			probs = append(probs, fmt.Sprintf("cell %d: has outputs: strip them with scripts/strip-notebooks.sh", i+1))
		}
	}
	return probs
}

// firstLine returns the first non-empty line of s, shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 160 {
				l = l[:160] + "..."
			}
			return l
		}
	}
	return ""
}

// run checks files in mode and writes one line per problem to w. It returns
// the number of problems.
func run(mode string, files []string, w io.Writer) (int, error) {
	var check func(*Notebook) []string
	switch mode {
	case "executed":
		check = Executed
	case "clean":
		check = Clean
	default:
		return 0, fmt.Errorf("unknown mode %q (want executed or clean)", mode)
	}
	if len(files) == 0 {
		return 0, errors.New("no notebook given")
	}
	n := 0
	for _, f := range files {
		nb, err := Read(f)
		if err != nil {
			fmt.Fprintln(w, err)
			n++
			continue
		}
		for _, p := range check(nb) {
			fmt.Fprintf(w, "%s: %s\n", f, p)
			n++
		}
	}
	return n, nil
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nbcheck executed|clean FILE.ipynb...")
		os.Exit(2)
	}
	n, err := run(os.Args[1], os.Args[2:], os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nbcheck:", err)
		os.Exit(2)
	}
	if n > 0 {
		os.Exit(1)
	}
}
