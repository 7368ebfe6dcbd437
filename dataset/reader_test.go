package dataset

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// TestIsString checks which Arrow types count as a string column: plain
// and large strings and dictionaries of either, not integers nor a
// dictionary of integers.
func TestIsString(t *testing.T) {
	for _, c := range []struct {
		typ  arrow.DataType
		want bool
	}{
		{arrow.BinaryTypes.String, true},
		{arrow.BinaryTypes.LargeString, true},
		{&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, true},
		{&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.LargeString}, true},
		{arrow.PrimitiveTypes.Int64, false},
		{arrow.BinaryTypes.Binary, false},
		{&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.PrimitiveTypes.Int64}, false},
	} {
		if got := IsString(c.typ); got != c.want {
			t.Errorf("IsString(%s) = %v, want %v", c.typ, got, c.want)
		}
	}
}

// TestCheckSchemaTypes checks that checkSchema takes a string column
// plain or dictionary-encoded but refuses a column of another type: an
// integer column stored as float64, a string column stored as int64.
func TestCheckSchemaTypes(t *testing.T) {
	with := func(name string, typ arrow.DataType) *arrow.Schema {
		fields := slices.Clone(GamesSchema.Fields())
		for i := range fields {
			if fields[i].Name == name {
				fields[i].Type = typ
			}
		}
		return arrow.NewSchema(fields, nil)
	}
	if err := checkSchema(GamesSchema, GamesColumns, false); err != nil {
		t.Errorf("the games schema itself: %v", err)
	}
	if err := checkSchema(with("variant", arrow.BinaryTypes.String), GamesColumns, false); err != nil {
		t.Errorf("variant as plain strings: %v", err)
	}
	for _, c := range []struct {
		name string
		typ  arrow.DataType
		want string
	}{
		{"game_id", arrow.PrimitiveTypes.Float64, "column game_id has type float64, want int64"},
		{"variant", arrow.PrimitiveTypes.Int64, "column variant has type int64"},
	} {
		if err := checkSchema(with(c.name, c.typ), GamesColumns, false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s as %s: got %v, want %q", c.name, c.typ, err, c.want)
		}
	}
}

// TestReaderReadsStringsAsDictionaries checks that the Reader asks
// Parquet for every string column as a dictionary (the words of a column
// are decoded once per page, not once per row), both in a file of the
// Writer and in one written without the stored Arrow schema (as another
// tool may write it, where only the Reader's request makes them
// dictionaries), and that column 0 of either table is game_id, no string
// (so whether index 0 is asked for as a dictionary cannot matter).
func TestReaderReadsStringsAsDictionaries(t *testing.T) {
	for _, cols := range [][]Column{GamesColumns, MovesColumns} {
		if cols[0].Field.Name != "game_id" || IsString(cols[0].Field.Type) {
			t.Errorf("column 0 is %s", cols[0].Field.Name)
		}
	}
	games, _ := sampleRows()
	gb := gameBatch(games)
	rec := record(GamesSchema, gameFields, gb, gb.Len(), &scratch{})
	defer rec.Release()
	plain := filepath.Join(t.TempDir(), "plain.parquet")
	writePlainParquet(t, plain, GamesSchema, rec)
	for _, path := range []string{writeGames(t, games), plain} {
		r, err := OpenReader(context.Background(), path, Games, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := r.Next(); !ok || err != nil {
			t.Fatalf("%s: Next: %v, %v", path, ok, err)
		}
		n := 0
		for i, f := range r.cols {
			c := GamesColumns[f]
			if !IsString(c.Field.Type) {
				continue
			}
			n++
			if typ := r.rec.Column(r.pos[i]).DataType(); typ.ID() != arrow.DICTIONARY {
				t.Errorf("%s: column %s read as %s, not as a dictionary", filepath.Base(path), c.Field.Name, typ)
			}
		}
		if n == 0 {
			t.Errorf("%s: no string column read", path)
		}
		var b GameBatch
		if err := r.Games(&b); err != nil {
			t.Fatal(err)
		}
		if got, _ := b.Row(0); got.Variant != games[0].Variant || got.South != games[0].South {
			t.Errorf("%s: row 0 read as %+v", filepath.Base(path), got)
		}
		r.Close()
	}
}

// TestReaderFindsCorruptUnreadColumn damages the data of a column that is
// not read (the last bytes of its chunk, inside its last compressed page)
// and reads only game_id: the rows read are fine, and the check of the
// unread columns at the end of the file must report the damaged one.
func TestReaderFindsCorruptUnreadColumn(t *testing.T) {
	games, _ := sampleRows()
	path := writeGames(t, games)
	pf, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rg := pf.MetaData().RowGroup(0)
	// The unread column with the largest chunk.
	victim, size := -1, int64(0)
	for c := 1; c < rg.NumColumns(); c++ {
		cc, err := rg.ColumnChunk(c)
		if err != nil {
			t.Fatal(err)
		}
		if s := cc.TotalCompressedSize(); s > size {
			victim, size = c, s
		}
	}
	cc, _ := rg.ColumnChunk(victim)
	start := cc.DataPageOffset()
	if d := cc.DictionaryPageOffset(); d > 0 && d < start {
		start = d
	}
	end := start + cc.TotalCompressedSize()
	name := pf.MetaData().Schema.Column(victim).Name()
	pf.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := end - 4; i < end; i++ {
		data[i] ^= 0xff
	}
	if err := os.WriteFile(path, data, 0o666); err != nil {
		t.Fatal(err)
	}

	r, err := OpenReader(context.Background(), path, Games, []string{"game_id"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var b GameBatch
	rows := 0
	for {
		ok, err := r.Next()
		if err != nil {
			if !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the corrupt column %s", err, name)
			}
			break
		}
		if !ok {
			t.Fatalf("column %s damaged at bytes %d..%d: no error", name, end-4, end-1)
		}
		if err := r.Games(&b); err != nil {
			t.Fatal(err)
		}
		rows += len(b.ID)
	}
	if rows != len(games) {
		t.Errorf("read %d rows of game_id, want %d", rows, len(games))
	}
}

// TestCheckFooterZeroPlies checks that 0 plies is a count, not a missing
// one: a games file of a batch whose every game ended at its start
// position (0 plies in all) is accepted, and a moves file that holds
// moves when its games file announced 0 plies is refused.
func TestCheckFooterZeroPlies(t *testing.T) {
	e := &Experiment{Rules: []string{"kingulu"}, Agents: []string{"a/a", "b/b", "c/c"}, Games: 20, Batch: 10, Seed: 1, Moves: true}
	meta := map[string]string{MetaExperiment: e.ID(), MetaCell: "2", MetaBatch: "1", MetaGames: "10", MetaPlies: "0"}
	if _, err := CheckFooter(meta, 10, Games, 2, 1, e, -1); err != nil {
		t.Errorf("games of 0 plies in all: %v", err)
	}
	if _, err := CheckFooter(meta, 0, Moves, 2, 1, e, 0); err != nil {
		t.Errorf("no moves after games of 0 plies: %v", err)
	}
	meta[MetaPlies] = "5"
	if _, err := CheckFooter(meta, 5, Moves, 2, 1, e, 0); err == nil || !strings.Contains(err.Error(), "the games file 0") {
		t.Errorf("5 moves after games of 0 plies: got %v", err)
	}
}

// TestReaderColumnsInAnyOrder reads a games file written by another tool
// with its columns in another order, experiment_id (a string column)
// first: each column is found by name, the string column at index 0 is
// read as a dictionary like the others, and the rows are the same.
func TestReaderColumnsInAnyOrder(t *testing.T) {
	games, _ := sampleRows()
	gb := gameBatch(games)
	rec := record(GamesSchema, gameFields, gb, gb.Len(), &scratch{})
	defer rec.Release()
	first := GamesSchema.FieldIndices(ExperimentID)
	if len(first) != 1 || first[0] == 0 {
		t.Fatalf("experiment_id at %v", first)
	}
	order := []int{first[0]}
	for i := range GamesSchema.NumFields() {
		if i != first[0] {
			order = append(order, i)
		}
	}
	var fields []arrow.Field
	var cols []arrow.Array
	for _, i := range order {
		fields = append(fields, GamesSchema.Field(i))
		cols = append(cols, rec.Column(i))
	}
	schema := arrow.NewSchema(fields, nil)
	moved := array.NewRecordBatch(schema, cols, rec.NumRows())
	defer moved.Release()
	path := filepath.Join(t.TempDir(), "reordered.parquet")
	writePlainParquet(t, path, schema, moved)
	r, err := OpenReader(context.Background(), path, Games, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if ok, err := r.Next(); !ok || err != nil {
		t.Fatalf("Next: %v, %v", ok, err)
	}
	for i, f := range r.cols {
		if c := GamesColumns[f]; c.Field.Name == ExperimentID {
			if typ := r.rec.Column(r.pos[i]).DataType(); typ.ID() != arrow.DICTIONARY {
				t.Errorf("experiment_id, column 0 of the file, read as %s, not as a dictionary", typ)
			}
		}
	}
	var b GameBatch
	if err := r.Games(&b); err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if got, err := b.Row(i); err != nil || got != games[i] {
			t.Errorf("row %d read as %+v (%v), want %+v", i, got, err, games[i])
		}
	}
}
