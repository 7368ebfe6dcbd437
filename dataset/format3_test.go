package dataset

import (
	"context"
	"testing"
)

// TestReaderFormat3: a games or moves file of baolab-dataset/3 (in
// ../testdata/dataset-v3) has no experiment_id column; the Reader gives
// every row the experiment of the file's footer, which is the manifest's.
func TestReaderFormat3(t *testing.T) {
	const dir = "../testdata/dataset-v3"
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Format != "baolab-dataset/3" || !Readable(m.Format) {
		t.Fatalf("fixture format %q (readable %v)", m.Format, Readable(m.Format))
	}
	for _, table := range []string{Games, Moves} {
		files, err := Files(dir, table)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %d files (%v)", table, len(files), err)
		}
		info, err := CheckFile(files[0].Path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range info.Columns {
			if c == ExperimentID {
				t.Fatalf("%s: a /3 file with an experiment_id column", files[0].Path)
			}
		}
		r, err := OpenReader(context.Background(), files[0].Path, table, nil)
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for {
			ok, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			var exp Words
			var ids []int64
			if table == Games {
				var b GameBatch
				err, exp, ids = r.Games(&b), b.Experiment, b.ID
			} else {
				var b MoveBatch
				err, exp, ids = r.Moves(&b), b.Experiment, b.GameID
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(exp.Codes) != len(ids) {
				t.Fatalf("%s: %d experiment ids for %d rows", table, len(exp.Codes), len(ids))
			}
			for i := range ids {
				if got := exp.At(i); got != m.Experiment.ID() {
					t.Fatalf("%s row %d: experiment_id %q, want the manifest's %s", table, i, got, m.Experiment.ID())
				}
			}
			rows += len(ids)
		}
		r.Close()
		if rows == 0 {
			t.Errorf("%s: no rows read", table)
		}
	}
}
