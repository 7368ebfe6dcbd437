package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
)

// simulate writes a small dataset with baolab sim and returns its
// directory.
func simulate(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	_, errs, code := baolab(t, "sim", "--rules", "kingulu", "--rules", "kingulu:first=north", "--agents", "random",
		"--games", "200", "--seed", "3", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errs)
	}
	return dir
}

func TestAnalyzeCommand(t *testing.T) {
	dir := simulate(t)
	_, errs, code := baolab(t, "analyze", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "analyze: 400 games in 2 cells") {
		t.Errorf("stderr %q", errs)
	}
	b, err := os.ReadFile(filepath.Join(dir, "report", "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s summary.Summary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Games != 400 || len(s.Comparisons) != 1 || s.Format != summary.Format {
		t.Errorf("summary: games %d comparisons %d format %q", s.Games, len(s.Comparisons), s.Format)
	}
	for _, f := range []string{"summary.csv", "summary.md", "summary.tex", "comparison.tex", "fpa.png", "fpa.svg", "fpa.pdf", "convergence.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, "report", f)); err != nil {
			t.Error(err)
		}
	}

	// --out elsewhere, quietly.
	out := filepath.Join(t.TempDir(), "rep")
	if _, errs, code := baolab(t, "analyze", dir, "--out", out, "-q"); code != 0 || errs != "" {
		t.Errorf("--out: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "summary.md")); err != nil {
		t.Error(err)
	}
}

// TestAnalyzeExact: a board small enough is solved into exact.json (the
// value of baolab solve --rules kingulu:holes=4,seeds=2: North wins by 4);
// --exact-max-positions 0 solves nothing.
func TestAnalyzeExact(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if _, errs, code := baolab(t, "sim", "--rules", "kingulu:holes=4,seeds=2", "--agents", "random", "--games", "50", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errs)
	}
	// The closing line counts the solves, whose time is in its first
	// duration.
	if _, errs, code := baolab(t, "analyze", dir); code != 0 || !strings.Contains(errs, "read and analysed (1 ruleset(s) solved exactly) in ") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(filepath.Join(dir, "report", "exact.json"))
	if err != nil {
		t.Fatal(err)
	}
	var x []summary.Exact
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	if len(x) != 1 || x[0].Outcome != "north" || x[0].Margin == nil || *x[0].Margin != -4 || x[0].RandomGames != 50 {
		t.Errorf("exact.json %s", b)
	}
	out := filepath.Join(t.TempDir(), "rep")
	if _, errs, code := baolab(t, "analyze", dir, "--out", out, "-q", "--exact-max-positions", "0"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "exact.json")); !os.IsNotExist(err) {
		t.Errorf("exact.json with --exact-max-positions 0: %v", err)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	dir := simulate(t)
	// A truncated moves file.
	p := dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 0)
	st, _ := os.Stat(p)
	if err := os.Truncate(p, st.Size()/2); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"analyze", dir}, 2, p + ": not a readable Parquet file"},
		{[]string{"analyze", filepath.Join(dir, "nope")}, 2, "no such file or directory"},
		{[]string{"analyze"}, 2, "accepts 1 arg"},
		{[]string{"analyze", dir, "--workers", "x"}, 2, "invalid argument"},
		{[]string{"analyze", dir, "--exact-max-positions", "-1"}, 2, "--exact-max-positions must be 0 or more, got -1"},
		{[]string{"analyze", dir, "--equivalence-margin", "0.5"}, 2, "--equivalence-margin must be above 0 and below 0.5, got 0.5"},
		{[]string{"analyze", dir, "--label-prefix", "a b"}, 2, `--label-prefix "a b": use letters, digits`},
	} {
		_, errs, code := baolab(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, errs, c.code, c.want)
		}
	}
	// The report directory cannot be created: exit 1, and nothing of the
	// dataset is touched.
	good := simulate(t)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	if _, errs, code := baolab(t, "analyze", good, "--out", filepath.Join(blocker, "rep")); code != 1 || !strings.Contains(errs, "report:") {
		t.Errorf("unwritable report dir: exit %d, stderr %q", code, errs)
	}
}

func TestReplayCommand(t *testing.T) {
	dir := simulate(t)
	out, errs, code := baolab(t, "replay", dir, "--game", "205")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"game 205: kingulu:first=north", "start\n", "ply 0: north plays", "the engine agrees with the log"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", dir, "--game", "400"}, "game 400 is not in the dataset"},
		{[]string{"replay", dir}, "--game ID is required"},
		{[]string{"replay", filepath.Join(dir, "nope"), "--game", "1"}, "no such file"},
	} {
		_, errs, code := baolab(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errs)
		}
	}
}
