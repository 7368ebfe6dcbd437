package analysis

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/dataset"
)

// batchRows is the number of rows per record batch read from a file.
const batchRows = 1 << 16

// tableReader streams the record batches of some columns of one dataset
// file.
type tableReader struct {
	path  string
	pf    *file.Reader
	rr    pqarrow.RecordReader
	col   map[string]int // column name → index in the record batches
	read  []int          // Parquet column indices read
	rows  int64          // rows in the file
	batch int64          // rows before the current record batch
	rec   arrow.RecordBatch
	meta  map[string]string // the footer's key-value metadata
}

// openTable opens path, checks that its schema is the dataset schema of
// table (names and types of every column), and starts reading the named
// columns.
func openTable(ctx context.Context, path, table string, names []string) (_ *tableReader, err error) {
	// Column chunks are read page by page through a small buffer rather
	// than whole (memory stays small whatever the row group size), and
	// page sizes are bounded: see dataset.ReaderProperties.
	pf, err := dataset.OpenFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file (truncated or corrupt?): %s", path, strings.TrimPrefix(err.Error(), path+": "))
	}
	t := &tableReader{path: path, pf: pf, rows: pf.NumRows(), meta: map[string]string{}}
	defer func() {
		if err != nil {
			t.close()
		}
	}()
	defer dataset.Recover(path, &err)
	kv := pf.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		t.meta[k] = kv.Values()[i]
	}
	if err := t.open(ctx, table, names); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *tableReader) open(ctx context.Context, table string, names []string) error {
	want := dataset.GamesColumns
	if table == dataset.Moves {
		want = dataset.MovesColumns
	}
	props := pqarrow.ArrowReadProperties{BatchSize: batchRows}
	sch := t.pf.MetaData().Schema
	for _, c := range want {
		if isString(c.Field.Type) {
			if i := sch.ColumnIndexByName(c.Field.Name); i >= 0 {
				props.SetReadDict(i, true)
			}
		}
	}
	fr, err := pqarrow.NewFileReader(t.pf, props, memory.DefaultAllocator)
	if err != nil {
		return fmt.Errorf("%s: not a readable Parquet file: %s", t.path, oneLine(err))
	}
	got, err := fr.Schema()
	if err != nil {
		return fmt.Errorf("%s: unreadable schema: %s", t.path, oneLine(err))
	}
	if err := checkSchema(got, want, table); err != nil {
		return fmt.Errorf("%s: not a baolab %s file: %w", t.path, table, err)
	}
	idx := make([]int, len(names))
	for i, n := range names {
		idx[i] = sch.ColumnIndexByName(n)
	}
	t.read = idx
	t.rr, err = fr.GetRecordReader(ctx, idx, nil)
	if err != nil {
		return fmt.Errorf("%s: %s", t.path, oneLine(err))
	}
	t.col = make(map[string]int, len(names))
	for i, f := range t.rr.Schema().Fields() {
		t.col[f.Name] = i
	}
	for _, n := range names {
		if _, ok := t.col[n]; !ok {
			return fmt.Errorf("%s: column %s not read", t.path, n)
		}
	}
	return nil
}

// checkMeta checks the baolab key-value metadata of the footer of f
// against the file's name, its row count and, with a manifest, the
// experiment. plies is the number of moves the games file announced (-1
// when not known). It returns the experiment ID that wrote the file ("" if
// the footer does not say).
func (t *tableReader) checkMeta(f File, plies int64) (string, error) {
	exp, ok := t.meta[dataset.MetaExperiment]
	if !ok {
		if f.want.known {
			return "", fmt.Errorf("%s: foreign file: no %s in its footer", t.path, dataset.MetaExperiment)
		}
		return "", nil // written by another tool: the rows are checked anyway
	}
	if f.want.known && exp != f.want.experiment {
		return "", fmt.Errorf("%s: foreign file: written by experiment %s, the manifest's is %s", t.path, exp, f.want.experiment)
	}
	num := func(key string) int64 {
		n, err := strconv.ParseInt(t.meta[key], 10, 64)
		if err != nil {
			return -1
		}
		return n
	}
	if c, b := num(dataset.MetaCell), num(dataset.MetaBatch); c != int64(f.Cell) || b != int64(f.Batch) {
		return "", fmt.Errorf("%s: foreign file: its footer says cell %d batch %d", t.path, c, b)
	}
	switch f.Table {
	case dataset.Games:
		if g := num(dataset.MetaGames); g != t.rows {
			return "", fmt.Errorf("%s: holds %d games, its footer says %d", t.path, t.rows, g)
		}
		if f.want.known && t.rows != f.want.games {
			return "", fmt.Errorf("%s: holds %d games, the experiment's batch has %d", t.path, t.rows, f.want.games)
		}
	case dataset.Moves:
		if p := num(dataset.MetaPlies); p != t.rows || plies >= 0 && p != plies {
			return "", fmt.Errorf("%s: holds %d moves, its footer says %d and the games file %d", t.path, t.rows, p, plies)
		}
	}
	return exp, nil
}

// checkSchema checks that got has every column of want with the same type
// (a string column may be plain or dictionary-encoded).
func checkSchema(got *arrow.Schema, want []dataset.Column, table string) error {
	for _, c := range want {
		fs := got.FieldIndices(c.Field.Name)
		if len(fs) != 1 {
			return fmt.Errorf("column %s missing", c.Field.Name)
		}
		g := got.Field(fs[0]).Type
		if isString(c.Field.Type) && isString(g) {
			continue
		}
		if !arrow.TypeEqual(g, c.Field.Type) {
			return fmt.Errorf("column %s has type %s, want %s", c.Field.Name, g, c.Field.Type)
		}
	}
	return nil
}

// isString reports whether t is a string or a dictionary of strings.
func isString(t arrow.DataType) bool {
	if d, ok := t.(*arrow.DictionaryType); ok {
		t = d.ValueType
	}
	return t.ID() == arrow.STRING || t.ID() == arrow.LARGE_STRING
}

// next reads the next record batch. It returns false at the end of the
// file or on error (see err).
func (t *tableReader) next() (_ bool, err error) {
	defer dataset.Recover(t.path, &err)
	if t.rec != nil {
		t.batch += t.rec.NumRows()
	}
	ok := t.rr.Next()
	if !ok {
		t.rec = nil
		if err := t.rr.Err(); err != nil {
			return false, fmt.Errorf("%s: corrupt data (reading from row %d): %s", t.path, t.batch, oneLine(err))
		}
		if t.batch != t.rows {
			return false, fmt.Errorf("%s: read %d rows, footer says %d", t.path, t.batch, t.rows)
		}
		return false, t.verifyUnread()
	}
	t.rec = t.rr.RecordBatch()
	return true, nil
}

// column returns the named column of the current record batch, checking
// that a column that the schema declares non-nullable has no nulls.
func (t *tableReader) column(name string) arrow.Array {
	return t.rec.Column(t.col[name])
}

// verifyUnread decompresses every page of the columns that were not read,
// so that a corrupt page is found wherever it is (zstd checks each page's
// checksum), without decoding the values.
func (t *tableReader) verifyUnread() (err error) {
	defer dataset.Recover(t.path, &err)
	n := t.pf.MetaData().Schema.NumColumns()
	for rg := 0; rg < t.pf.NumRowGroups(); rg++ {
		r := t.pf.RowGroup(rg)
		for c := 0; c < n; c++ {
			if slices.Contains(t.read, c) {
				continue
			}
			pr, err := r.GetColumnPageReader(c)
			if err != nil {
				return fmt.Errorf("%s: corrupt column %s: %s", t.path, t.pf.MetaData().Schema.Column(c).Name(), oneLine(err))
			}
			for pr.Next() { // Next releases the previous page
			}
			err = pr.Err()
			pr.Close()
			if err != nil {
				return fmt.Errorf("%s: corrupt data in column %s: %s", t.path, t.pf.MetaData().Schema.Column(c).Name(), oneLine(err))
			}
		}
	}
	return nil
}

func (t *tableReader) close() {
	if t.rr != nil {
		t.rr.Release()
		t.rr = nil
	}
	t.pf.Close()
}

// int64s, int32s and int16s return the values of a column of that type;
// a column that may hold no null is checked for nulls.
func (t *tableReader) int64s(name string) ([]int64, error) {
	a, ok := t.column(name).(*array.Int64)
	if !ok {
		return nil, t.typeErr(name)
	}
	return a.Int64Values(), t.noNulls(name, a)
}

func (t *tableReader) int32s(name string) ([]int32, error) {
	a, ok := t.column(name).(*array.Int32)
	if !ok {
		return nil, t.typeErr(name)
	}
	return a.Int32Values(), t.noNulls(name, a)
}

func (t *tableReader) int16s(name string) ([]int16, error) {
	a, ok := t.column(name).(*array.Int16)
	if !ok {
		return nil, t.typeErr(name)
	}
	return a.Int16Values(), t.noNulls(name, a)
}

func (t *tableReader) int8s(name string) ([]int8, error) {
	a, ok := t.column(name).(*array.Int8)
	if !ok {
		return nil, t.typeErr(name)
	}
	return a.Int8Values(), t.noNulls(name, a)
}

func (t *tableReader) typeErr(name string) error {
	return fmt.Errorf("%s: column %s has type %s", t.path, name, t.column(name).DataType())
}

func (t *tableReader) noNulls(name string, a arrow.Array) error {
	if a.NullN() > 0 {
		return fmt.Errorf("%s: column %s has null values (rows %d..%d)", t.path, name, t.batch, t.batch+int64(a.Len())-1)
	}
	return nil
}

// strs gives the values of a string column of one record batch as small
// codes into a table of distinct strings, so that a value is looked up
// once per batch rather than once per row.
type strs struct {
	codes []int32
	dict  []string
}

// strings decodes a string column of the current record batch into s,
// reusing its buffers.
func (t *tableReader) strings(name string, s *strs) error {
	a := t.column(name)
	if a.NullN() > 0 {
		return t.noNulls(name, a)
	}
	s.codes = s.codes[:0]
	s.dict = s.dict[:0]
	switch a := a.(type) {
	case *array.Dictionary:
		d, ok := a.Dictionary().(*array.String)
		if !ok {
			return t.typeErr(name)
		}
		for i := 0; i < d.Len(); i++ {
			s.dict = append(s.dict, d.Value(i))
		}
		for i := 0; i < a.Len(); i++ {
			s.codes = append(s.codes, int32(a.GetValueIndex(i)))
		}
	case *array.String:
		seen := map[string]int32{}
		for i := 0; i < a.Len(); i++ {
			v := a.Value(i)
			c, ok := seen[v]
			if !ok {
				c = int32(len(s.dict))
				seen[v] = c
				s.dict = append(s.dict, v)
			}
			s.codes = append(s.codes, c)
		}
	default:
		return t.typeErr(name)
	}
	return nil
}

// repairHintText tells the user how to repair a dataset with a corrupt or
// truncated file.
const repairHintText = "; to repair: delete the file and run the same baolab sim command again (it plays only the missing batches)"

// repairHint adds repairHintText to an error about a corrupt or truncated
// data file (the messages of openTable, next, verifyUnread and
// dataset.Recover).
func repairHint(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range []string{"corrupt", "truncated", "not a readable Parquet file", "rows, footer says"} {
		if strings.Contains(msg, s) && !strings.Contains(msg, repairHintText) {
			return fmt.Errorf("%w%s", err, repairHintText)
		}
	}
	return err
}
