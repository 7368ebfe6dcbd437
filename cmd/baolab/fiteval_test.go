package main

import (
	"os"
	"path/filepath"
	"reflect"
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
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kingulu", "--deep-positions", "0", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kingulu", "--deep-nodes", "0", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kingulu", "--deep-nodes", "1000000001", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kingulu", "--deep-opening-plies", "-1", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kingulu", "--deep-nodes", "many", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "nope", "--out", "x"},
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep", "kimasai-four-rows", "--out", "x"}, // another variant
		{"fit-eval", "--rules", "kingulu:holes=4,seeds=1", "--deep-positions", "5", "--out", "x"},       // no --deep
	} {
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
		}
	}
}

// TestFitEvalDeep: fit-eval --deep adds the played positions to the fit
// (the weights differ from the fit without them), prints their count and
// log-losses, records them and every --deep flag in the weights, and the
// recorded command, run again, writes the same file; another seed writes
// other weights.
func TestFitEvalDeep(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "w.json")
	base := []string{"fit-eval", "--rules", "kimasai-four-rows:holes=4", "--positions", "300", "--seed", "5"}
	deep := []string{"--deep", "kimasai-four-rows:holes=5", "--deep-nodes", "100", "--deep-opening-plies", "2", "--deep-positions", "40"}
	args := append(append(append([]string{}, base...), deep...), "--out", file)
	out, errOut, code := baolab(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`^positions=\d+ log_loss=\d\.\d{4} accuracy=\d\.\d{4} material_log_loss=\d\.\d{4} material_accuracy=\d\.\d{4} deep_positions=40 deep_log_loss=\d\.\d{4} deep_material_log_loss=\d\.\d{4}\n$`).MatchString(out) {
		t.Fatalf("output %q", out)
	}
	first := readWeights(t, file)
	if want := "baolab " + strings.Join(args, " "); first.Command != want {
		t.Errorf("command %q, want %q", first.Command, want)
	}
	if !reflect.DeepEqual(first.DeepRulesets, []string{"kimasai-four-rows:holes=5"}) || first.DeepPositions != 40 || first.DeepAgent != "alphabeta:nodes=100" {
		t.Errorf("deep provenance %v, %d, %q", first.DeepRulesets, first.DeepPositions, first.DeepAgent)
	}
	firstBytes, _ := os.ReadFile(file)
	if _, errOut, code := baolab(t, strings.Fields(first.Command)[1:]...); code != 0 {
		t.Fatalf("recorded command: exit %d: %s", code, errOut)
	}
	if again, _ := os.ReadFile(file); string(again) != string(firstBytes) {
		t.Error("the recorded command wrote different weights")
	}
	// Defaults are recorded too.
	short := filepath.Join(dir, "short.json")
	if _, errOut, code := baolab(t, append(append([]string{}, base...), "--deep", "kimasai-four-rows:holes=5", "--deep-nodes", "100", "--deep-positions", "5", "--out", short)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if c := readWeights(t, short).Command; !strings.Contains(c, " --deep-nodes 100 --deep-opening-plies 4 --deep-positions 5 ") {
		t.Errorf("command %q does not record every --deep flag", c)
	}
	for _, other := range [][]string{
		append(append([]string{}, base...), "--out", filepath.Join(dir, "plain.json")),
		append(append([]string{"fit-eval", "--rules", "kimasai-four-rows:holes=4", "--positions", "300", "--seed", "6"}, deep...), "--out", filepath.Join(dir, "seed6.json")),
	} {
		if _, errOut, code := baolab(t, other...); code != 0 {
			t.Fatalf("%v: exit %d: %s", other, code, errOut)
		}
		if w := readWeights(t, other[len(other)-1]).Weights; reflect.DeepEqual(w, first.Weights) {
			t.Errorf("%v: the same weights as %v", other, args)
		}
	}
}

func readWeights(t *testing.T, file string) *evaluate.Model {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := evaluate.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
