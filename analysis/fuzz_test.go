package analysis

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// FuzzReadDataset analyses a tiny dataset written by the simulator (one
// batch: a games and a moves file) in which one file's bytes come from the
// fuzzer (which selects the games file, the moves file otherwise). The
// analysis and FindGame must succeed or fail with one line naming that
// file; they must never panic or hang.
func FuzzReadDataset(f *testing.F) {
	base := f.TempDir()
	e, err := sim.Plan{Rules: []string{"kingulu:max_plies=12"}, Agents: []string{"random"}, Games: 3, Seed: 1, Batch: 3, Moves: true}.Experiment()
	if err != nil {
		f.Fatal(err)
	}
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: base, Workers: 1}); err != nil {
		f.Fatal(err)
	}
	paths := [2]string{dataset.BatchPath(base, dataset.Games, "kingulu:max_plies=12", 0, 0), dataset.BatchPath(base, dataset.Moves, "kingulu:max_plies=12", 0, 0)}
	var valid [2][]byte
	for i, p := range paths {
		if valid[i], err = os.ReadFile(p); err != nil {
			f.Fatal(err)
		}
	}
	for i, b := range valid {
		games := i == 0
		n := len(b)
		f.Add(games, b)
		f.Add(games, b[:n/2])
		f.Add(games, b[:n-3])
		footer := int(uint32(b[n-8]) | uint32(b[n-7])<<8 | uint32(b[n-6])<<16 | uint32(b[n-5])<<24)
		zero := append([]byte(nil), b...)
		clear(zero[n-8-footer : n-8])
		f.Add(games, zero)
		for _, at := range []int{4, 20, n / 3, n / 2, n - footer - 8 + 12, n - 30} {
			flip := append([]byte(nil), b...)
			flip[at] ^= 0x5a
			f.Add(games, flip)
		}
	}

	// Each fuzzing process works on its own copy of the dataset.
	dir := f.TempDir()
	if err := os.CopyFS(dir, os.DirFS(base)); err != nil {
		f.Fatal(err)
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chmod(p, 0o777) // CopyFS copies read-only
		}
		return err
	})
	paths = [2]string{dataset.BatchPath(dir, dataset.Games, "kingulu:max_plies=12", 0, 0), dataset.BatchPath(dir, dataset.Moves, "kingulu:max_plies=12", 0, 0)}
	f.Fuzz(func(t *testing.T, games bool, data []byte) {
		bad, good := 0, 1
		if !games {
			bad, good = 1, 0
		}
		if err := os.WriteFile(paths[bad], data, 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(paths[good], valid[good], 0o666); err != nil {
			t.Fatal(err)
		}
		check := func(what string, err error) {
			t.Helper()
			if err == nil {
				return
			}
			if msg := err.Error(); !strings.Contains(msg, paths[bad]) || strings.Contains(msg, "\n") {
				t.Fatalf("%s: error does not name %s on one line: %q", what, paths[bad], msg)
			}
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			ds, err := load.Open(dir)
			if err != nil {
				t.Errorf("Open: %v", err) // Open reads no file
				return
			}
			_, err = Analyze(context.Background(), ds, Options{Workers: 1})
			check("Analyze", err)
			_, err = FindGame(context.Background(), ds, 1)
			check("FindGame", err)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("no answer after 20 s")
		}
	})
}
