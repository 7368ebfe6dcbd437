package analysis

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary/summarytest"
	"github.com/baolab/baolab/dataset"
)

// widen returns a copy of tbl as another tool would write it: strings
// plain instead of dictionaries, every integer column one size wider
// (int8 → int16, int16 → int32, int32 → int64), without the columns in
// drop.
func widen(t *testing.T, tbl arrow.Table, drop ...string) arrow.Table {
	t.Helper()
	mem := memory.DefaultAllocator
	var fields []arrow.Field
	var cols []arrow.Array
	for i, f := range tbl.Schema().Fields() {
		if slices.Contains(drop, f.Name) {
			continue
		}
		var b array.Builder
		var nf arrow.DataType
		switch f.Type.ID() {
		case arrow.DICTIONARY:
			nf = arrow.BinaryTypes.String
		case arrow.INT8:
			nf = arrow.PrimitiveTypes.Int16
		case arrow.INT16:
			nf = arrow.PrimitiveTypes.Int32
		case arrow.INT32, arrow.INT64:
			nf = arrow.PrimitiveTypes.Int64
		default:
			nf = f.Type
		}
		b = array.NewBuilder(mem, nf)
		for _, ch := range tbl.Column(i).Data().Chunks() {
			for r := 0; r < ch.Len(); r++ {
				if ch.IsNull(r) {
					b.AppendNull()
					continue
				}
				switch a := ch.(type) {
				case *array.Dictionary:
					b.(*array.StringBuilder).Append(a.Dictionary().(*array.String).Value(a.GetValueIndex(r)))
				case *array.Int8:
					b.(*array.Int16Builder).Append(int16(a.Value(r)))
				case *array.Int16:
					b.(*array.Int32Builder).Append(int32(a.Value(r)))
				case *array.Int32:
					b.(*array.Int64Builder).Append(int64(a.Value(r)))
				case *array.Int64:
					b.(*array.Int64Builder).Append(a.Value(r))
				case *array.Uint64:
					b.(*array.Uint64Builder).Append(a.Value(r))
				case *array.Boolean:
					b.(*array.BooleanBuilder).Append(a.Value(r))
				default:
					t.Fatalf("column %s: type %s", f.Name, f.Type)
				}
			}
		}
		fields = append(fields, arrow.Field{Name: f.Name, Type: nf, Nullable: true})
		cols = append(cols, b.NewArray())
		b.Release()
	}
	rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, tbl.NumRows())
	return array.NewTableFromRecords(rec.Schema(), []arrow.RecordBatch{rec})
}

// concat reads the files and returns their rows as one table, in the
// order given.
func concat(t *testing.T, paths []string, drop ...string) arrow.Table {
	t.Helper()
	var recs []arrow.RecordBatch
	var sch *arrow.Schema
	for _, p := range paths {
		tbl, err := dataset.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		w := widen(t, tbl, drop...)
		tbl.Release()
		tr := array.NewTableReader(w, w.NumRows())
		for tr.Next() {
			r := tr.RecordBatch()
			r.Retain()
			recs = append(recs, r)
			sch = r.Schema()
		}
		tr.Release()
	}
	return array.NewTableFromRecords(sch, recs)
}

func writeTable(t *testing.T, path string, tbl arrow.Table) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := pqarrow.WriteTable(tbl, f, 1000, nil, pqarrow.DefaultWriterProps()); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// TestTablesOfAnotherTool re-exports a dataset as another tool would
// (plain strings, wider integers, no manifest, the games of every cell in
// one file in reverse batch order at depth 2 without partitions, the
// moves under Hive partitions of the ruleset without the ruleset column,
// split at a cell boundary) and checks that the analysis gives the same
// statistics as for the original. Then it breaks the export one way at a
// time: each is one line naming the file and the problem.
func TestTablesOfAnotherTool(t *testing.T) {
	src := t.TempDir()
	writeRandom(t, src, 3, 2, 40, 20)
	want := analyzeDir(t, src)

	gfiles, _ := dataset.Files(src, dataset.Games)
	mfiles, _ := dataset.Files(src, dataset.Moves)
	export := func(t *testing.T) string {
		dir := t.TempDir()
		var gp []string
		for i := len(gfiles) - 1; i >= 0; i-- {
			gp = append(gp, gfiles[i].Path)
		}
		writeTable(t, filepath.Join(dir, "games", "subset", "data_0.parquet"), concat(t, gp))
		byRuleset := map[string][]string{}
		for _, f := range mfiles {
			byRuleset[f.Ruleset] = append(byRuleset[f.Ruleset], f.Path)
		}
		for rs, ps := range byRuleset {
			part := filepath.Join(dir, "moves", "ruleset="+dataset.EscapePartitionValue(rs))
			writeTable(t, filepath.Join(part, "a", "data_0.parquet"), concat(t, ps[:1], "ruleset"))
			writeTable(t, filepath.Join(part, "a", "data_1.parquet"), concat(t, ps[1:], "ruleset"))
		}
		os.WriteFile(filepath.Join(dir, "games", "_SUCCESS"), nil, 0o666)
		return dir
	}
	dir := export(t)
	got := analyzeDir(t, dir)
	if got.Manifest != "tables" || got.Games != want.Games || len(got.Notes) != len(want.Notes) || !slices.ContainsFunc(got.Notes, func(n string) bool {
		return strings.Contains(n, "read as tables written by another tool")
	}) {
		t.Errorf("manifest %q, %d games (want %d), notes %q", got.Manifest, got.Games, want.Games, got.Notes)
	}
	if d := summarytest.Diff(got.Cells, want.Cells); d != "" {
		t.Errorf("cells differ: %s", d)
	}
	if d := summarytest.Diff(got.Comparisons, want.Comparisons); d != "" {
		t.Errorf("comparisons differ: %s", d)
	}

	// The report's example replays are for baolab's own datasets: none
	// here, and no error.
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if paths, err := WriteExamples(context.Background(), ds, t.TempDir()); err != nil || len(paths) != 0 {
		t.Errorf("example replays: %v, %v", paths, err)
	}

	// Without the moves table, the games alone.
	os.RemoveAll(filepath.Join(dir, "moves"))
	if s := analyzeDir(t, dir); s.MoveLog || s.Games != want.Games {
		t.Errorf("games only: move log %v, %d games", s.MoveLog, s.Games)
	}

	for _, c := range []struct {
		name   string
		break_ func(t *testing.T, dir string) string
		want   string
	}{
		{"missing column", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "games", "subset", "data_0.parquet")
			writeTable(t, p, concat(t, []string{gfiles[0].Path}, "plies"))
			return p
		}, "column plies missing"},
		{"incompatible type", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "games", "subset", "data_0.parquet")
			tbl := concat(t, []string{gfiles[0].Path}, "captures")
			b := array.NewStringBuilder(memory.DefaultAllocator)
			for range tbl.NumRows() {
				b.Append("3")
			}
			arr := b.NewArray()
			f := arrow.Field{Name: "captures", Type: arrow.BinaryTypes.String}
			ch := arrow.NewChunked(f.Type, []arrow.Array{arr})
			tbl2, err := tbl.AddColumn(0, f, *arrow.NewColumn(f, ch))
			if err != nil {
				t.Fatal(err)
			}
			writeTable(t, p, tbl2)
			return p
		}, "column captures has type utf8, want an integer type"},
		{"moves of a game out of order", func(t *testing.T, dir string) string {
			part := filepath.Join(dir, "moves", "ruleset="+dataset.EscapePartitionValue(mfiles[0].Ruleset), "a")
			// The later batch first: its first row comes before the
			// earlier batch's moves, which is allowed; swap inside one
			// game instead by writing batch 0 twice.
			writeTable(t, filepath.Join(part, "data_1.parquet"), concat(t, []string{mfiles[0].Path}, "ruleset"))
			return filepath.Join(part, "data_1.parquet")
		}, "the moves of a game must be complete and in ply order"},
		{"game twice", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "games", "more.parquet")
			writeTable(t, p, concat(t, []string{gfiles[0].Path}))
			return p
		}, "is in the games table twice"},
		{"moves of a game not kept", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "games", "subset", "data_0.parquet")
			writeTable(t, p, concat(t, []string{gfiles[1].Path, gfiles[2].Path, gfiles[3].Path, gfiles[4].Path, gfiles[5].Path}))
			return filepath.Join(dir, "moves", "ruleset="+dataset.EscapePartitionValue(mfiles[0].Ruleset), "a", "data_0.parquet")
		}, "is not in the games table"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := export(t)
			path := c.break_(t, dir)
			err := analyzeErr(dir)
			if err == nil {
				t.Fatal("no error")
			}
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, path) || !strings.Contains(msg, c.want) {
				t.Errorf("error %q\nwant one line naming %s and saying %q", msg, path, c.want)
			}
		})
	}

	// Replay is for baolab's own datasets.
	ds, err = load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FindGame(context.Background(), ds, 0); err == nil || !strings.Contains(err.Error(), "tables of another tool") {
		t.Errorf("replay: %v", err)
	}
}
