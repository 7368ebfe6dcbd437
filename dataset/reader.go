package dataset

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// ReadBatchRows is the number of rows per record batch a Reader reads.
const ReadBatchRows = 1 << 16

// Reader streams some columns of one file of a table, record batch by
// record batch, into a GameBatch or a MoveBatch. It checks the file as
// it goes: the schema must be the table's (a string column may be plain
// or dictionary-encoded), a column that may hold no null holds none, the
// enumerated columns hold only their words, the row count is the
// footer's, and the pages of the columns not read decompress. Every error
// is one line that names the file.
type Reader struct {
	Path  string
	Table string
	// Meta is the footer's key-value metadata (see MetaExperiment).
	Meta map[string]string
	// Rows is the number of rows the footer announces; Row the number of
	// rows before the current record batch.
	Rows, Row int64

	pf   *file.Reader
	rr   pqarrow.RecordReader
	cols []int // index in gameFields or moveFields of each column read
	pos  []int // position in the record batches of each column read; -1: from the footer
	// expCodes are the codes (all 0) of the experiment_id column of a
	// file that lacks it (format 3 and older), made from its footer.
	expCodes []int32
	rec      arrow.RecordBatch
	s        scratch
}

// ColumnNames returns the names of the columns of table.
func ColumnNames(table string) []string {
	var out []string
	for _, c := range tableColumns(table) {
		out = append(out, c.Field.Name)
	}
	return out
}

func tableColumns(table string) []Column {
	if table == Moves {
		return MovesColumns
	}
	return GamesColumns
}

// OpenReader opens the file at path, checks that its schema is the one
// of table, and starts reading the named columns (every column when
// names is nil). Column chunks are read page by page through a small
// buffer and page sizes are bounded (ReaderProperties).
func OpenReader(ctx context.Context, path, table string, names []string) (_ *Reader, err error) {
	pf, err := OpenFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file (truncated or corrupt?): %s", path, strings.TrimPrefix(err.Error(), path+": "))
	}
	r := &Reader{Path: path, Table: table, pf: pf, Rows: pf.NumRows(), Meta: map[string]string{}}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	defer Recover(path, &err)
	kv := pf.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		r.Meta[k] = kv.Values()[i]
	}
	if names == nil {
		names = ColumnNames(table)
	}
	if err := r.open(ctx, names); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *Reader) open(ctx context.Context, names []string) error {
	want := tableColumns(r.Table)
	props := pqarrow.ArrowReadProperties{BatchSize: ReadBatchRows}
	sch := r.pf.MetaData().Schema
	for _, c := range want {
		if IsString(c.Field.Type) {
			if i := sch.ColumnIndexByName(c.Field.Name); i >= 0 {
				props.SetReadDict(i, true)
			}
		}
	}
	fr, err := pqarrow.NewFileReader(r.pf, props, memory.DefaultAllocator)
	if err != nil {
		return fmt.Errorf("%s: not a readable Parquet file: %s", r.Path, OneLine(err))
	}
	got, err := fr.Schema()
	if err != nil {
		return fmt.Errorf("%s: unreadable schema: %s", r.Path, OneLine(err))
	}
	if err := checkSchema(got, want, r.Meta[MetaExperiment] != ""); err != nil {
		return fmt.Errorf("%s: not a baolab %s file: %w", r.Path, r.Table, err)
	}
	var read []int // Parquet column indices
	for _, n := range names {
		f := slices.IndexFunc(want, func(c Column) bool { return c.Field.Name == n })
		if f < 0 {
			return fmt.Errorf("%s: no column %s in the %s table", r.Path, n, r.Table)
		}
		r.cols = append(r.cols, f)
		if i := sch.ColumnIndexByName(n); i >= 0 || n != ExperimentID {
			read = append(read, i)
		}
	}
	r.rr, err = fr.GetRecordReader(ctx, read, nil)
	if err != nil {
		return fmt.Errorf("%s: %s", r.Path, OneLine(err))
	}
	// GetRecordReader returns the columns in file order: find each.
	fields := r.rr.Schema().Fields()
	for _, n := range names {
		j := slices.IndexFunc(fields, func(f arrow.Field) bool { return f.Name == n })
		if j < 0 && n == ExperimentID && sch.ColumnIndexByName(n) < 0 {
			r.pos = append(r.pos, -1)
			continue
		}
		if j < 0 {
			return fmt.Errorf("%s: column %s not read", r.Path, n)
		}
		r.pos = append(r.pos, j)
	}
	return nil
}

// checkSchema checks that got has every column of want with the same type
// (a string column may be plain or dictionary-encoded). expInFooter
// says that the footer names the experiment, which then stands for a
// missing experiment_id column (a file of format 3 or older).
func checkSchema(got *arrow.Schema, want []Column, expInFooter bool) error {
	for _, c := range want {
		fs := got.FieldIndices(c.Field.Name)
		if len(fs) == 0 && c.Field.Name == ExperimentID && expInFooter {
			continue
		}
		if len(fs) != 1 {
			return fmt.Errorf("column %s missing", c.Field.Name)
		}
		g := got.Field(fs[0]).Type
		if IsString(c.Field.Type) && IsString(g) {
			continue
		}
		if !arrow.TypeEqual(g, c.Field.Type) {
			return fmt.Errorf("column %s has type %s, want %s", c.Field.Name, g, c.Field.Type)
		}
	}
	return nil
}

// IsString reports whether t is a string or a dictionary of strings.
func IsString(t arrow.DataType) bool {
	if d, ok := t.(*arrow.DictionaryType); ok {
		t = d.ValueType
	}
	return t.ID() == arrow.STRING || t.ID() == arrow.LARGE_STRING
}

// Next reads the next record batch. It returns false at the end of the
// file or on error. At the end it checks the row count and the pages of
// the columns not read.
func (r *Reader) Next() (_ bool, err error) {
	defer Recover(r.Path, &err)
	if r.rec != nil {
		r.Row += r.rec.NumRows()
	}
	if !r.rr.Next() {
		r.rec = nil
		if err := r.rr.Err(); err != nil {
			return false, fmt.Errorf("%s: corrupt data (reading from row %d): %s", r.Path, r.Row, OneLine(err))
		}
		if r.Row != r.Rows {
			return false, fmt.Errorf("%s: read %d rows, footer says %d", r.Path, r.Row, r.Rows)
		}
		return false, r.verifyUnread()
	}
	r.rec = r.rr.RecordBatch()
	return true, nil
}

// Games fills the columns read of b from the current record batch (of a
// games file); the other columns of b are left as they are. The slices
// may point into the record batch: they are valid until the next call of
// Next, and appending to them copies.
func (r *Reader) Games(b *GameBatch) error { return fill(r, gameFields, b) }

// Moves is Games for a moves file.
func (r *Reader) Moves(b *MoveBatch) error { return fill(r, moveFields, b) }

func fill[B any](r *Reader, fields []field[B], b *B) error {
	if r.rec == nil {
		return fmt.Errorf("%s: no record batch read", r.Path)
	}
	for i, f := range r.cols {
		if r.pos[i] < 0 { // experiment_id of an older file, from its footer
			n := int(r.rec.NumRows())
			r.expCodes = slices.Grow(r.expCodes[:0], n)[:n]
			clear(r.expCodes)
			a := dictArray(r.expCodes, stringArray(r.Meta[MetaExperiment]), true)
			err := fields[f].get(b, a, &r.s)
			a.Release()
			if err != nil {
				return fmt.Errorf("%s: column %s (from the footer) %s", r.Path, fields[f].Field.Name, err)
			}
			continue
		}
		a := r.rec.Column(r.pos[i])
		if err := fields[f].get(b, a, &r.s); err != nil {
			if err == errNulls {
				return fmt.Errorf("%s: column %s has null values (rows %d..%d)", r.Path, fields[f].Field.Name, r.Row, r.Row+int64(a.Len())-1)
			}
			return fmt.Errorf("%s: column %s %s", r.Path, fields[f].Field.Name, err)
		}
	}
	return nil
}

// verifyUnread decompresses every page of the columns that were not read,
// so that a corrupt page is found wherever it is (zstd checks each page's
// checksum), without decoding the values.
func (r *Reader) verifyUnread() (err error) {
	defer Recover(r.Path, &err)
	sch := r.pf.MetaData().Schema
	read := map[int]bool{}
	for _, f := range r.cols {
		read[sch.ColumnIndexByName(tableColumns(r.Table)[f].Field.Name)] = true
	}
	for rg := 0; rg < r.pf.NumRowGroups(); rg++ {
		g := r.pf.RowGroup(rg)
		for c := 0; c < sch.NumColumns(); c++ {
			if read[c] {
				continue
			}
			pr, err := g.GetColumnPageReader(c)
			if err != nil {
				return fmt.Errorf("%s: corrupt column %s: %s", r.Path, sch.Column(c).Name(), OneLine(err))
			}
			for pr.Next() { // Next releases the previous page
			}
			err = pr.Err()
			pr.Close()
			if err != nil {
				return fmt.Errorf("%s: corrupt data in column %s: %s", r.Path, sch.Column(c).Name(), OneLine(err))
			}
		}
	}
	return nil
}

// Close releases the file.
func (r *Reader) Close() {
	if r.rr != nil {
		r.rr.Release()
		r.rr = nil
	}
	r.pf.Close()
}
