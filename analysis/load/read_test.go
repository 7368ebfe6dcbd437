package load

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/dataset"
)

// randomGames returns n random games of ruleset (a kingulu reading,
// random/random) with ids from firstID. Open lists files and does not read
// their rows, so any games do.
func randomGames(ruleset string, firstID int64, n int) []synth.Game {
	rng := rand.New(rand.NewPCG(uint64(firstID), 2))
	cell := synth.Cell{Ruleset: ruleset, Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 4, PFirst: 0.5}
	return synth.RandomGames(rng, cell, firstID, n)
}

// writeExperiment writes every batch of every cell of e into dir (its
// moves too when e.Moves) and, when manifest is true, footers naming e and
// the manifest.json of e, complete.
func writeExperiment(t *testing.T, dir string, e dataset.Experiment, manifest bool) {
	t.Helper()
	id := ""
	if manifest {
		id = e.ID()
	}
	for c := range e.NumCells() {
		for b := range e.NumBatches() {
			lo, hi := e.BatchRange(b)
			if err := synth.WriteBatchOf(dir, id, c, b, randomGames(e.Cell(c).Ruleset, e.GameID(c, lo), hi-lo), e.Moves); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !manifest {
		return
	}
	m := dataset.Manifest{Format: dataset.Format, Experiment: e, Batches: e.NumCells() * e.NumBatches(), BatchesDone: e.NumCells() * e.NumBatches(), Complete: true}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, dataset.ManifestName), string(b))
}

// handExperiment is two cells (kingulu and kingulu:seeds=5) of five games
// in batches of 3, with a move log.
func handExperiment() dataset.Experiment {
	return dataset.Experiment{Rules: []string{"kingulu", "kingulu:seeds=5"}, Agents: []string{"random/random"}, Games: 5, Seed: 1, Batch: 3, Moves: true}
}

// TestOpenFaults breaks a good dataset without a manifest (cell 0 of
// kingulu in two batches, with moves) in one way per case and checks that
// Open fails with one line that names the file and the problem. (The
// faults found only by reading the files are package analysis's
// TestFaults.)
func TestOpenFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		break_ func(t *testing.T, dir string) string // returns the path the error must name
		want   string
	}{
		{"foreign text file", func(t *testing.T, dir string) string {
			p := filepath.Join(dataset.PartitionDir(dir, dataset.Games, "kingulu"), "notes.txt")
			write(t, p, "hello")
			return p
		}, "foreign file"},
		{"leftover temporary file", func(t *testing.T, dir string) string {
			p := filepath.Join(dataset.PartitionDir(dir, dataset.Games, "kingulu"), dataset.TempName(0, 2, "7-0123456789abcdef"))
			write(t, p, "half")
			return p
		}, "temporary file of a batch being written"},
		{"leftover temporary moves file", func(t *testing.T, dir string) string {
			p := filepath.Join(dataset.PartitionDir(dir, dataset.Moves, "kingulu"), dataset.TempName(0, 2, "7-0123456789abcdef"))
			write(t, p, "half")
			return p
		}, "is baolab sim still running"},
		{"file name not padded", func(t *testing.T, dir string) string {
			p := filepath.Join(dataset.PartitionDir(dir, dataset.Games, "kingulu"), "part-c0-b2.parquet")
			write(t, p, "x")
			return p
		}, "foreign file"},
		{"foreign partition", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, dataset.Games, "variant=kingulu")
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			return p
		}, "foreign directory"},
		{"missing first batch", func(t *testing.T, dir string) string {
			remove(t, dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 0), dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 0))
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 0)
		}, "missing"},
		{"missing middle batch", func(t *testing.T, dir string) string {
			if err := synth.WriteBatch(dir, 0, 3, randomGames("kingulu", 0, 1), true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 2)
		}, "missing (cell 0 has batches 1 and 3)"},
		{"missing moves file", func(t *testing.T, dir string) string {
			remove(t, dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1))
			return dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
		}, "missing"},
		{"moves without games", func(t *testing.T, dir string) string {
			remove(t, dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1))
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "missing"},
		{"corrupt manifest", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, dataset.ManifestName)
			write(t, p, `{"experiment": `)
			return p
		}, "corrupt manifest"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			e := handExperiment()
			e.Rules = e.Rules[:1]
			writeExperiment(t, dir, e, false)
			if _, err := Open(dir); err != nil {
				t.Fatalf("good dataset: %v", err)
			}
			path := c.break_(t, dir)
			_, err := Open(dir)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			t.Log(msg)
			if strings.Contains(msg, "\n") {
				t.Errorf("error is not one line: %q", msg)
			}
			if !strings.Contains(msg, path) || !strings.Contains(msg, c.want) {
				t.Errorf("error %q\nwant it to name %s and say %q", msg, path, c.want)
			}
		})
	}
}

func TestNotADataset(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		dir, want string
	}{
		{filepath.Join(dir, "nope"), "no such file or directory"},
		{dir, "no games/ directory"},
	} {
		_, err := Open(c.dir)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.dir) {
			t.Errorf("Open(%s) = %v, want %q", c.dir, err, c.want)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, dataset.Games), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "holds no Parquet files") {
		t.Errorf("empty games/: %v", err)
	}
}

// TestManifestFaults breaks a good dataset with a manifest in one way per
// case and checks that Open fails with one line that names the file and
// the problem. (The faults that only the footers and rows show are
// package analysis's TestManifestFaults.)
func TestManifestFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		modify func(e *dataset.Experiment)
		break_ func(t *testing.T, dir string, e dataset.Experiment) string
		want   string
	}{
		{"missing last batch", nil, func(t *testing.T, dir string, e dataset.Experiment) string {
			remove(t, dataset.BatchPath(dir, dataset.Games, "kingulu:seeds=5", 1, 1), dataset.BatchPath(dir, dataset.Moves, "kingulu:seeds=5", 1, 1))
			return dataset.BatchPath(dir, dataset.Games, "kingulu:seeds=5", 1, 1)
		}, "missing, though the manifest says the experiment is complete"},
		{"move log where none was written", func(e *dataset.Experiment) { e.Moves = false }, func(t *testing.T, dir string, e dataset.Experiment) string {
			if err := synth.WriteMoves(dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 0), randomGames("kingulu", 0, 3)); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 0)
		}, "no move log"},
		{"cell beyond the experiment", nil, func(t *testing.T, dir string, e dataset.Experiment) string {
			if err := synth.WriteBatchOf(dir, e.ID(), 2, 0, randomGames("kingulu", 10, 5), true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 2, 0)
		}, "foreign file: the experiment of the manifest has 2 cells"},
		{"manifest.json and manifest.d disagree", nil, func(t *testing.T, dir string, e dataset.Experiment) string {
			e.Games = 6
			p := filepath.Join(dir, dataset.ShardDir, dataset.ShardManifestName(0, 1))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(dataset.ShardManifest{Format: dataset.Format, Experiment: e, Shard: 0, Shards: 1})
			write(t, p, string(b))
			return p
		}, "disagree (games 5 → 6)"},
		{"corrupt shard manifest", nil, func(t *testing.T, dir string, e dataset.Experiment) string {
			p := filepath.Join(dir, dataset.ShardDir, dataset.ShardManifestName(0, 1))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, p, "{")
			return p
		}, "corrupt manifest"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			e := handExperiment()
			if c.modify != nil {
				c.modify(&e)
			}
			writeExperiment(t, dir, e, true)
			if _, err := Open(dir); err != nil {
				t.Fatalf("good dataset: %v", err)
			}
			path := c.break_(t, dir, e)
			_, err := Open(dir)
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

// TestOlderDatasetFormat: a dataset written in an older format (version 1
// counted kingulu's reservations as captures and has no reservations
// column) is refused with one line naming the version found.
func TestOlderDatasetFormat(t *testing.T) {
	dir := t.TempDir()
	writeExperiment(t, dir, handExperiment(), true)
	path := filepath.Join(dir, dataset.ManifestName)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(b), `"format":"`+dataset.Format+`"`, `"format":"baolab-dataset/1"`, 1)
	if old == string(b) {
		t.Fatal("manifest has no format key")
	}
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir)
	if err == nil || !strings.Contains(err.Error(), `"baolab-dataset/1"`) || !strings.Contains(err.Error(), dataset.Format) || strings.Contains(err.Error(), "\n") {
		t.Errorf("older format: error %v, want one line naming baolab-dataset/1 and %s", err, dataset.Format)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
}
