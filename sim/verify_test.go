package sim

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/dataset"
)

// verifyPlan is the experiment of the resume-verification tests: one
// cell of six batches with moves.
var verifyPlan = Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 60, Seed: 11, Batch: 10, Moves: true}

// fileBytes returns the contents of every file of both tables of the
// dataset in dir, by path relative to dir.
func fileBytes(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, table := range []string{dataset.Games, dataset.Moves} {
		files, err := dataset.Files(dir, table)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, f.Path)
			out[rel] = b
		}
	}
	return out
}

// sameFiles fails unless the datasets in got and want hold the same files
// byte for byte.
func sameFiles(t *testing.T, what, got, want string) {
	t.Helper()
	g, w := fileBytes(t, got), fileBytes(t, want)
	for name, b := range w {
		if !bytes.Equal(g[name], b) {
			t.Errorf("%s: %s differs from the uninterrupted run's (%d bytes, want %d)", what, name, len(g[name]), len(b))
		}
	}
	for name := range g {
		if _, ok := w[name]; !ok {
			t.Errorf("%s: extra file %s", what, name)
		}
	}
}

// TestResumeReplaysCorruptFile flips bytes in the middle of a finished
// moves file (its footer intact): the resume must find it by its
// checksum, play the batch again and end with the files of an
// uninterrupted run.
func TestResumeReplaysCorruptFile(t *testing.T) {
	exp := mustExperiment(t, verifyPlan)
	ref, dir := t.TempDir(), t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref, Workers: 1})
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	mfiles, _ := dataset.Files(dir, dataset.Moves)
	path := mfiles[2].Path
	b, _ := os.ReadFile(path)
	for i := len(b) / 3; i < len(b)/3+4; i++ {
		b[i] ^= 0xA5
	}
	os.WriteFile(path, b, 0o666)
	s := run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	if s.Games != int64(exp.Batch) || !s.DatasetComplete {
		t.Errorf("resume over a corrupt moves file played %d games (complete %v); want the batch's %d", s.Games, s.DatasetComplete, exp.Batch)
	}
	sameFiles(t, "after the corrupt file was replayed", dir, ref)
	checkCounts(t, dir, exp)
}

// TestResumeRefusesExtraFile copies a finished batch file to a name that
// is not a batch of the experiment: the resume must refuse the directory,
// naming the file, and leave it alone.
func TestResumeRefusesExtraFile(t *testing.T) {
	exp := mustExperiment(t, verifyPlan)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	gfiles, _ := dataset.Files(dir, dataset.Games)
	for _, extra := range []string{dataset.FileName(0, 9), "part-c0000-b000001 (copy).parquet"} {
		b, _ := os.ReadFile(gfiles[1].Path)
		path := filepath.Join(filepath.Dir(gfiles[1].Path), extra)
		os.WriteFile(path, b, 0o666)
		_, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1})
		if !errors.Is(err, ErrForeignFile) || !strings.Contains(err.Error(), extra) {
			t.Errorf("resume with an extra file %s: %v", extra, err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("extra file %s: %v", extra, err)
		}
		os.Remove(path)
	}
}

// TestResumeRebuildsLostManifests deletes both manifests (and, in a
// second round, corrupts them): the resume must rebuild them from the
// files that verify, keep those files, and play only the broken batch.
func TestResumeRebuildsLostManifests(t *testing.T) {
	exp := mustExperiment(t, verifyPlan)
	ref := t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref, Workers: 1})
	for _, how := range []string{"deleted", "corrupt"} {
		dir := t.TempDir()
		run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
		shard := filepath.Join(dir, dataset.ShardDir, dataset.ShardManifestName(0, 1))
		for _, p := range []string{filepath.Join(dir, dataset.ManifestName), shard} {
			if how == "deleted" {
				os.Remove(p)
			} else {
				os.WriteFile(p, []byte("{\"format\": \"baolab-data"), 0o666)
			}
		}
		mfiles, _ := dataset.Files(dir, dataset.Moves)
		b, _ := os.ReadFile(mfiles[4].Path)
		b[len(b)/2] ^= 0xFF
		os.WriteFile(mfiles[4].Path, b, 0o666)
		s, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1})
		if err != nil {
			t.Fatalf("manifests %s: %v", how, err)
		}
		if s.Games != int64(exp.Batch) || s.Skipped != int64(exp.Games-exp.Batch) {
			t.Errorf("manifests %s: played %d games, skipped %d; want %d and %d", how, s.Games, s.Skipped, exp.Batch, exp.Games-exp.Batch)
		}
		sameFiles(t, "manifests "+how, dir, ref)
		checkCounts(t, dir, exp)
		m, err := dataset.ReadManifest(dir)
		if err != nil || !m.Complete {
			t.Errorf("manifests %s: rebuilt manifest %v, complete %v", how, err, m.Complete)
		}
		for _, r := range m.Shards[0].Batches {
			if r.GamesFile == nil || r.MovesFile == nil {
				t.Errorf("manifests %s: batch %d rebuilt without checksums", how, r.Batch)
			}
		}
	}
}

// TestForceRemovesReportsInside replaces a dataset with --force: the
// reports of the old dataset written anywhere inside the directory
// (baolab analyze D --out D/paper/figures), known by their summary.json,
// go with it; a directory whose summary.json is not a baolab report stays.
func TestForceRemovesReportsInside(t *testing.T) {
	exp := mustExperiment(t, verifyPlan)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	reports := []string{ReportDir, filepath.Join("paper", "figures")}
	for _, r := range reports {
		os.MkdirAll(filepath.Join(dir, r), 0o777)
		os.WriteFile(filepath.Join(dir, r, "summary.json"), []byte(`{"format": "baolab-summary/1", "dataset": "x"}`), 0o666)
		os.WriteFile(filepath.Join(dir, r, "index.html"), []byte("<p>old</p>"), 0o666)
	}
	notes := filepath.Join(dir, "notes")
	os.MkdirAll(notes, 0o777)
	os.WriteFile(filepath.Join(notes, "summary.json"), []byte(`{"what": "my own notes"}`), 0o666)
	p := verifyPlan
	p.Seed++
	run(t, Options{Experiment: mustExperiment(t, p), Dir: dir, Workers: 1, Force: true})
	for _, r := range reports {
		if _, err := os.Stat(filepath.Join(dir, r)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("--force kept the old report %s: %v", r, err)
		}
	}
	if _, err := os.Stat(filepath.Join(notes, "summary.json")); err != nil {
		t.Errorf("--force removed a directory that is not a report: %v", err)
	}
}

// TestPlanBoundsBatch refuses a batch larger than dataset.MaxBatch (a
// batch's games are held in memory until its file is written: --batch
// 3000000000000 grew memory without bound), naming the field.
func TestPlanBoundsBatch(t *testing.T) {
	p := verifyPlan
	p.Games, p.Batch = 4_000_000_000, 3_000_000_000_000
	_, err := p.Experiment()
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "batch" || !strings.Contains(err.Error(), "at most 1048576") {
		t.Errorf("batch 3e12: %v; want a batch error saying at most 1048576", err)
	}
	p.Batch = dataset.MaxBatch
	if _, err := p.Experiment(); err != nil {
		t.Errorf("batch %d: %v", p.Batch, err)
	}
}
