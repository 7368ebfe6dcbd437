package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// v3Dataset is a small dataset that baolab wrote in format
// baolab-dataset/3 (before the games and moves tables had experiment_id),
// with v3Summary the summary.json that baolab analyze of that version made
// of it (its dataset path replaced by DATASET). v3Flags are the flags of
// the sim command that wrote it.
const (
	v3Dataset = "../../testdata/dataset-v3"
	v3Summary = "../../testdata/dataset-v3.summary.json"
)

var v3Flags = []string{"--rules", "kingulu", "--rules", "kimasai-two-rows", "--agents", "random", "--agents", "random/greedy",
	"--games", "24", "--batch", "12", "--seed", "7"}

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

// TestAnalyzeFormat3: analyze still reads a baolab-dataset/3 dataset (the
// experiment id of its rows comes from the files' footers) and gives the
// summary that the baolab of that format gave, byte for byte.
func TestAnalyzeFormat3(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	copyTree(t, v3Dataset, dir)
	out := filepath.Join(t.TempDir(), "report")
	if _, errs, code := baolab(t, "analyze", dir, "--out", out, "-q"); code != 0 {
		t.Fatalf("analyze of a /3 dataset: exit %d: %s", code, errs)
	}
	got, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(v3Summary)
	if err != nil {
		t.Fatal(err)
	}
	got = bytes.Replace(got, []byte(`"dataset": "`+dir+`"`), []byte(`"dataset": "DATASET"`), 1)
	if !bytes.Equal(got, want) {
		t.Errorf("summary.json of the /3 dataset differs from %s", v3Summary)
	}
}

// TestSimRefusesFormat3: sim does not extend a baolab-dataset/3 dataset
// of the same experiment: one line telling the user to start a new
// directory, exit status 2, the dataset left as it was.
func TestSimRefusesFormat3(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	copyTree(t, v3Dataset, dir)
	before, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, errs, code := baolab(t, append([]string{"sim", "--out", dir, "--quiet"}, v3Flags...)...)
	msg := strings.TrimSpace(errs)
	if code != 2 || strings.Contains(msg, "\n") || !strings.Contains(msg, `"baolab-dataset/3"`) || !strings.Contains(msg, "start a new directory") {
		t.Errorf("sim on a /3 dataset: exit %d, stderr %q; want exit 2 and one line naming the format and telling to start a new directory", code, errs)
	}
	after, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil || !bytes.Equal(before, after) {
		t.Errorf("sim changed the /3 dataset's manifest (%v)", err)
	}
}
