package analysis

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/dataset"
)

// writeManifestDataset writes the hand-computed cell for each ruleset of e
// (5 games per cell in batches of 3, as e must say) with footers naming
// experiment id, and a manifest.json of e.
func writeManifestDataset(t *testing.T, dir string, e dataset.Experiment, id string) {
	t.Helper()
	for c, rs := range e.Rules {
		games := handGames(rs, "south", int64(c)*5)
		if err := synth.WriteBatchOf(dir, id, c, 0, games[:3], e.Moves); err != nil {
			t.Fatal(err)
		}
		if err := synth.WriteBatchOf(dir, id, c, 1, games[3:], e.Moves); err != nil {
			t.Fatal(err)
		}
	}
	m := dataset.Manifest{Format: dataset.Format, Experiment: e, Batches: e.NumCells() * e.NumBatches(), BatchesDone: e.NumCells() * e.NumBatches(), Complete: true}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, dataset.ManifestName), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func handExperiment() dataset.Experiment {
	return dataset.Experiment{Rules: []string{"kingulu", "kingulu:seeds=5"}, Agents: []string{"random/random"}, Games: 5, Seed: 1, Batch: 3, Moves: true}
}

func TestManifest(t *testing.T) {
	dir := t.TempDir()
	e := handExperiment()
	writeManifestDataset(t, dir, e, e.ID())
	s := analyzeDir(t, dir)
	notes := slices.DeleteFunc(slices.Clone(s.Notes), func(n string) bool { return strings.HasPrefix(n, "effects: ") || strings.HasPrefix(n, "exact: ") })
	if s.Manifest != "manifest" || s.Games != 10 || len(s.Cells) != 2 || len(notes) != 0 {
		t.Errorf("manifest %q games %d cells %d notes %q", s.Manifest, s.Games, len(s.Cells), s.Notes)
	}
}

// TestManifestFaults breaks a good dataset with a manifest in one way per
// case that only the footers and rows of its files show, and checks that
// the analysis fails with one line that names the file and the problem.
// (The faults that load.Open finds are package load's TestManifestFaults.)
func TestManifestFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		break_ func(t *testing.T, dir string, e dataset.Experiment) string
		want   string
	}{
		{"file of another experiment", func(t *testing.T, dir string, e dataset.Experiment) string {
			games := handGames("kingulu", "south", 3)[:2]
			if err := synth.WriteBatchOf(dir, "0123456789abcdef", 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "foreign file: written by experiment 0123456789abcdef"},
		{"file without metadata", func(t *testing.T, dir string, e dataset.Experiment) string {
			games := handGames("kingulu", "south", 3)[:2]
			if err := synth.WriteBatch(dir, 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "foreign file: no baolab.experiment"},
		{"agents not the experiment's", func(t *testing.T, dir string, e dataset.Experiment) string {
			games := handGames("kingulu", "south", 3)[:2]
			for i := range games {
				games[i].South = "greedy"
			}
			if err := synth.WriteBatchOf(dir, e.ID(), 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "agents greedy/random, the experiment's cell 0 has random/random"},
		{"batch shorter than the experiment's", func(t *testing.T, dir string, e dataset.Experiment) string {
			games := handGames("kingulu", "south", 3)[:1]
			if err := synth.WriteBatchOf(dir, e.ID(), 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "holds 1 games, the experiment's batch has 2"},
		{"moves footer disagrees", func(t *testing.T, dir string, e dataset.Experiment) string {
			// Batch 1 of cell 0 rewritten with games of 4 and 3 plies, then
			// its moves file replaced by one of only the first game.
			games := handGames("kingulu", "south", 3)[:2]
			if err := synth.WriteBatchOf(dir, e.ID(), 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			if err := synth.WriteBatchOf(tmp, e.ID(), 0, 1, games[:1], true); err != nil {
				t.Fatal(err)
			}
			p := dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
			if err := os.Rename(dataset.BatchPath(tmp, dataset.Moves, "kingulu", 0, 1), p); err != nil {
				t.Fatal(err)
			}
			return p
		}, "holds 4 moves, its footer says 4 and the games file 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			e := handExperiment()
			writeManifestDataset(t, dir, e, e.ID())
			if err := analyzeErr(dir); err != nil {
				t.Fatalf("good dataset: %v", err)
			}
			path := c.break_(t, dir, e)
			err := analyzeErr(dir)
			if err == nil {
				t.Fatal("no error")
			}
			t.Log(err)
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, path) || !strings.Contains(msg, c.want) {
				t.Errorf("error %q\nwant one line naming %s and saying %q", msg, path, c.want)
			}
		})
	}
}
