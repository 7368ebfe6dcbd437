package dataset

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// gameBatch returns games as one batch.
func gameBatch(games []GameRow) *GameBatch {
	var gb GameBatch
	for i := range games {
		gb.Append(&games[i])
	}
	return &gb
}

// writePlainParquet writes rec, of schema, with pqarrow alone (no baolab
// writer, no footer metadata) as the file path: a table of another tool.
func writePlainParquet(t *testing.T, path string, schema *arrow.Schema, rec arrow.RecordBatch) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, nil, pqarrow.DefaultWriterProps())
	if err == nil {
		err = w.Write(rec)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
}

// writeGames writes games as one games file and returns its path.
func writeGames(t *testing.T, games []GameRow) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.parquet")
	f, err := NewWriter().Open(path, Games)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteGames(gameBatch(games)); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(FileMeta{Games: len(games)}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFirstRepeatPlyNullsOutside reads a games file as an outside tool
// does (arrow's own Parquet reader, not this package's Reader, which maps
// a null back to -1): first_repeat_ply is null exactly where no position
// repeated (-1), and 0 stays a value; a file without any null has none.
func TestFirstRepeatPlyNullsOutside(t *testing.T) {
	for _, c := range []struct {
		first []int32
		nulls int
	}{
		{[]int32{0, -1, 5, -1, 0, 12}, 2},
		{[]int32{0, 3, 0}, 0},
		{[]int32{-1, -1}, 2},
	} {
		games, _ := sampleRows()
		games = games[:len(c.first)]
		for i, v := range c.first {
			games[i].FirstRepeatPly = v
		}
		pf, err := file.OpenParquetFile(writeGames(t, games), false)
		if err != nil {
			t.Fatal(err)
		}
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := fr.ReadTable(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		idx := tbl.Schema().FieldIndices("first_repeat_ply")
		if len(idx) != 1 {
			t.Fatalf("columns %v", tbl.Schema())
		}
		col := tbl.Column(idx[0]).Data()
		if col.NullN() != c.nulls {
			t.Errorf("%v: %d nulls, want %d", c.first, col.NullN(), c.nulls)
		}
		var got []int32
		for _, chunk := range col.Chunks() {
			a := chunk.(*array.Int32)
			for i := range a.Len() {
				if a.IsNull(i) {
					got = append(got, -1)
				} else {
					got = append(got, a.Value(i))
				}
			}
		}
		if !slices.Equal(got, c.first) {
			t.Errorf("read back as %v (null as -1), want %v", got, c.first)
		}
		// The column chunk's statistics, which query engines use to skip
		// data, count the same nulls.
		rg := pf.MetaData().RowGroup(0)
		cc, err := rg.ColumnChunk(rg.Schema.ColumnIndexByName("first_repeat_ply"))
		if err != nil {
			t.Fatal(err)
		}
		st, err := cc.Statistics()
		if err != nil || st == nil {
			t.Fatalf("first_repeat_ply has no statistics: %v", err)
		}
		if st.NullCount() != int64(c.nulls) {
			t.Errorf("%v: statistics count %d nulls, want %d", c.first, st.NullCount(), c.nulls)
		}
		tbl.Release()
		pf.Close()
	}
}

// TestWordsDictionary: a Words column holds each distinct word once in its
// dictionary, in order of first appearance, whatever the order of rows.
func TestWordsDictionary(t *testing.T) {
	var w Words
	for _, s := range []string{"random", "greedy", "random", "random", "mcts", "greedy", "random"} {
		w.Append(s)
	}
	if !slices.Equal(w.Dict, []string{"random", "greedy", "mcts"}) || !slices.Equal(w.Codes, []int32{0, 1, 0, 0, 2, 1, 0}) {
		t.Errorf("dict %q codes %v", w.Dict, w.Codes)
	}
}
