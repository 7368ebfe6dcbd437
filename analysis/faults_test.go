package analysis

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
)

// analyzeErr opens and analyses dir and returns the error.
func analyzeErr(dir string) error {
	ds, err := load.Open(dir)
	if err != nil {
		return err
	}
	_, err = Analyze(context.Background(), ds, Options{Workers: 2})
	return err
}

// TestFaults breaks a good dataset in one way per case that only reading
// its files shows, and checks that the analysis fails with one line that
// names the file and the problem. (The faults that load.Open finds in the
// list of files are package load's TestOpenFaults.)
func TestFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		break_ func(t *testing.T, dir string) string // returns the path the error must name
		want   string
	}{
		{"truncated games file", func(t *testing.T, dir string) string {
			p := dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
			truncate(t, p, 0.6)
			return p
		}, "not a readable Parquet file"},
		{"empty moves file", func(t *testing.T, dir string) string {
			p := dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 0)
			truncate(t, p, 0)
			return p
		}, "not a readable Parquet file"},
		{"corrupt moves data", func(t *testing.T, dir string) string {
			// A larger file, so that most of it is data pages.
			rng := rand.New(rand.NewPCG(3, 4))
			cell := synth.Cell{Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 40, PFirst: 0.5}
			if err := synth.WriteBatch(dir, 0, 1, synth.RandomGames(rng, cell, 3, 500), true); err != nil {
				t.Fatal(err)
			}
			p := dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
			corrupt(t, p)
			return p
		}, "corrupt"},
		{"foreign parquet schema", func(t *testing.T, dir string) string {
			p := dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
			// A moves table where a games table should be.
			if err := synth.WriteMoves(p, handGames("kingulu", "south", 0)); err != nil {
				t.Fatal(err)
			}
			return p
		}, "not a baolab games file: column variant missing"},
		{"fewer moves than plies", func(t *testing.T, dir string) string {
			games := handGames("kingulu", "south", 3)[:2]
			games[0].Plies = 5 // the file logs 4
			if err := synth.WriteBatch(dir, 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
		}, "holds game 4 ply 0, want game 3 ply 4"},
		{"more moves than plies", func(t *testing.T, dir string) string {
			games := handGames("kingulu", "south", 3)[:2]
			games[1].Plies = 2 // the file logs 3
			if err := synth.WriteBatch(dir, 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
		}, "holds game 4 ply 2, which is not in"},
		{"file in the wrong partition", func(t *testing.T, dir string) string {
			games := handGames("kingulu:seeds=5", "south", 10)
			if err := synth.WriteBatch(dir, 1, 0, games, true); err != nil {
				t.Fatal(err)
			}
			p := dataset.BatchPath(dir, dataset.Games, "kingulu", 1, 0)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			// Cell 1's games moved into kingulu's partition; its moves stay.
			if err := os.Remove(dataset.BatchPath(dir, dataset.Moves, "kingulu:seeds=5", 1, 0)); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(dataset.BatchPath(dir, dataset.Games, "kingulu:seeds=5", 1, 0), p); err != nil {
				t.Fatal(err)
			}
			if err := synth.WriteMoves(dataset.BatchPath(dir, dataset.Moves, "kingulu", 1, 0), games); err != nil {
				t.Fatal(err)
			}
			return p
		}, `holds ruleset "kingulu:seeds=5" but lies in the partition of "kingulu"`},
		{"games missing between batches", func(t *testing.T, dir string) string {
			games := handGames("kingulu", "south", 4)[:2] // ids 4, 5: id 3 is missing
			if err := synth.WriteBatch(dir, 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
		}, "game ids start at 4 but the previous batch of cell 0 ended at 2"},
		{"duplicate cell", func(t *testing.T, dir string) string {
			games := handGames("kingulu", "south", 10)
			if err := synth.WriteBatch(dir, 2, 0, games, true); err != nil {
				t.Fatal(err)
			}
			return dataset.BatchPath(dir, dataset.Games, "kingulu", 2, 0)
		}, "cells 0 and 2 both hold"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeHand(t, dir, "kingulu", "south", 0, true)
			if err := analyzeErr(dir); err != nil {
				t.Fatalf("good dataset: %v", err)
			}
			path := c.break_(t, dir)
			err := analyzeErr(dir)
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

func truncate(t *testing.T, path string, keep float64) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, int64(float64(st.Size())*keep)); err != nil {
		t.Fatal(err)
	}
}

// corrupt flips bytes in the data pages: between the magic number at the
// start and the footer, whose length the last 8 bytes give.
func corrupt(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	footer := int(binary.LittleEndian.Uint32(b[len(b)-8:]))
	end := len(b) - 8 - footer
	for i := end / 3; i < end; i += 7 {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorruptEveryColumn flips bytes in each column chunk of
// a games and a moves file, read by the analysis or not, and checks that
// the corruption is found.
func TestCorruptEveryColumn(t *testing.T) {
	for _, table := range []string{dataset.Games, dataset.Moves} {
		for col := range len(dataset.GamesColumns) + 1 {
			if table == dataset.Moves && col >= len(dataset.MovesColumns) || table == dataset.Games && col >= len(dataset.GamesColumns) {
				continue
			}
			dir := t.TempDir()
			writeHand(t, dir, "kingulu", "south", 0, true)
			rng := rand.New(rand.NewPCG(3, 4))
			cell := synth.Cell{Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 40, PFirst: 0.5}
			if err := synth.WriteBatch(dir, 0, 1, synth.RandomGames(rng, cell, 3, 400), true); err != nil {
				t.Fatal(err)
			}
			p := dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
			if table == dataset.Moves {
				p = dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
			}
			corruptColumn(t, p, col)
			err := analyzeErr(dir)
			if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "corrupt") {
				t.Errorf("%s column %d corrupt: %v", table, col, err)
			}
		}
	}
}

// corruptColumn flips 4 bytes near the end of column col's chunk of the
// first row group: in the payload of its last page (a flip in a page
// header may hit optional statistics, which the analysis does not use).
func corruptColumn(t *testing.T, path string, col int) {
	t.Helper()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := pf.MetaData().RowGroup(0).ColumnChunk(col)
	if err != nil {
		t.Fatal(err)
	}
	start := cc.DataPageOffset()
	if cc.HasDictionaryPage() {
		start = cc.DictionaryPageOffset()
	}
	mid := start + cc.TotalCompressedSize() - 6
	pf.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := mid; i < mid+4; i++ {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
