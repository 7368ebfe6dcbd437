package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/baolab/baolab/sim/evaluate"
)

// TestFitEvalCommand: baolab fit-eval writes weights that read back, with
// the command that made them, prints the documented line, and writes the
// same file when run again.
func TestFitEvalCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "w.json")
	args := []string{"fit-eval", "--rules", "kimasai-four-rows:holes=4", "--positions", "300", "--seed", "5", "--out", file}
	out, _, code := baolab(t, args...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !regexp.MustCompile(`^positions=\d+ log_loss=\d\.\d{4} accuracy=\d\.\d{4} material_log_loss=\d\.\d{4} material_accuracy=\d\.\d{4}\n$`).MatchString(out) {
		t.Fatalf("output %q", out)
	}
	first, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(file)
	m, err := evaluate.Read(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if want := "baolab " + strings.Join(args, " "); m.Command != want || m.Variant != "kimasai-four-rows" {
		t.Errorf("command %q variant %s; want %q", m.Command, m.Variant, want)
	}
	if _, _, code := baolab(t, args...); code != 0 {
		t.Fatalf("second run: exit %d", code)
	}
	if again, _ := os.ReadFile(file); string(again) != string(first) {
		t.Error("a second run wrote different weights")
	}
}

func TestFitEvalBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"fit-eval", "--out", "x"},                         // no --rules
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1"}, // no --out
		{"fit-eval", "--rules", "nope", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--rules", "kimasai-four-rows:holes=4", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--positions", "0", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--ridge", "-1", "--out", "x"},
		{"fit-eval", "--rules", "kingulu", "--max-positions", "1000", "--out", "x"},
	} {
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
		}
	}
}
