package analysis

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// smallSimDataset writes 20 games of kingulu with moves, by the simulator
// (example replay pages need games that replay).
func smallSimDataset(t *testing.T) string {
	t.Helper()
	e, err := sim.Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 20, Seed: 3, Moves: true}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReportNotInsideTables refuses a report directory inside the
// dataset's games/, moves/ or manifest.d/ (analyze D --out D/games wrote
// its files among the tables and broke every later analyze D), and still
// writes one beside them (D/report, D/paper/figures).
func TestReportNotInsideTables(t *testing.T) {
	data := smallSimDataset(t)
	ds, err := load.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{dataset.Games, dataset.Moves, filepath.Join(dataset.Games, "x"), dataset.ShardDir} {
		dir := filepath.Join(data, out)
		if _, err := WriteExamples(context.Background(), ds, dir); !errors.Is(err, ErrReportInDataset) || !strings.Contains(err.Error(), dir) {
			t.Errorf("examples into %s: %v", out, err)
		}
		if _, err := WriteReport(s, dir); !errors.Is(err, ErrReportInDataset) {
			t.Errorf("report into %s: %v", out, err)
		}
	}
	if _, err := os.Stat(filepath.Join(data, dataset.Games, "summary.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused report wrote into games/: %v", err)
	}
	for _, out := range []string{"report", filepath.Join("paper", "figures")} {
		if _, err := WriteReport(s, filepath.Join(data, out)); err != nil {
			t.Errorf("report into %s: %v", out, err)
		}
	}
	if _, err := load.Open(data); err != nil {
		t.Errorf("dataset after the reports: %v", err)
	}
}

// TestReportHonoursUmask writes a report and its example replay pages
// under umask 077: every file must be 0600.
func TestReportHonoursUmask(t *testing.T) {
	data := smallSimDataset(t)
	ds, err := load.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	out := filepath.Join(t.TempDir(), "report")
	examples, err := WriteExamples(context.Background(), ds, out)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := WriteReport(s, out)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(paths, examples...) {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v) under umask 077, want 0600", p, st.Mode().Perm(), err)
		}
	}
}

// TestAnalyzeBoundsWorkers refuses a negative number of workers and one
// beyond MaxWorkers (each worker holds a file's columns), naming the
// option; zero is the default.
func TestAnalyzeBoundsWorkers(t *testing.T) {
	data := t.TempDir()
	writeRandom(t, data, 1, 1, 20, 30)
	ds, err := load.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{-3, MaxWorkers() + 1, 100000000} {
		if _, err := Analyze(context.Background(), ds, Options{Workers: w}); !errors.Is(err, ErrBadOption) || !strings.Contains(err.Error(), "workers") {
			t.Errorf("workers %d: %v", w, err)
		}
	}
	for _, w := range []int{0, 1, MaxWorkers()} {
		if _, err := Analyze(context.Background(), ds, Options{Workers: w}); err != nil {
			t.Errorf("workers %d: %v", w, err)
		}
	}
}

// TestReplayHTMLWithoutMoves asks a replay page of a game of a dataset
// written without moves: the error says the dataset has no move log.
func TestReplayHTMLWithoutMoves(t *testing.T) {
	e, err := sim.Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 3, Seed: 3}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	g, err := FindGame(context.Background(), ds, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteReplayHTML(io.Discard, g, ""); !errors.Is(err, ErrNoMoves) || !strings.Contains(err.Error(), "--moves=false") {
		t.Errorf("replay page without moves: %v", err)
	}
}
