package load

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/dataset"
)

// Tables written by another tool.
//
// A directory without a manifest whose games/ (and moves/) hold no file
// named as baolab sim names them is read as tables that another tool wrote
// with the documented column names: a subset filtered and re-exported by
// DuckDB, pandas or polars, say. Parquet files may lie at any depth (names
// starting with '.' or '_' are skipped); directories named key=value are
// Hive partitions, whose value stands in for a string column missing from
// the files. String columns may be plain or dictionary-encoded, integer
// columns of any width or signedness as long as the values fit
// (ForeignReader). Package analysis says in which order the rows may come.

// hasBaolabFile reports whether a table directory holds a file named as
// baolab sim names its files (complete or temporary).
func hasBaolabFile(dir string) bool {
	found := false
	for _, t := range []string{dataset.Games, dataset.Moves} {
		filepath.WalkDir(filepath.Join(dir, t), func(path string, d fs.DirEntry, err error) error {
			if err != nil || found {
				return filepath.SkipAll
			}
			name := d.Name()
			if base, ok := dataset.TempBatch(name); ok {
				name = base
			}
			if _, _, ok := dataset.ParseFileName(name); ok && !d.IsDir() {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
	}
	return found
}

// openTables lists the Parquet files of the tables of another tool.
func openTables(dir string) (*Dataset, error) {
	ds := &Dataset{Dir: dir, Manifest: "tables", foreign: true}
	var err error
	if ds.Games, err = listParquet(dir, dataset.Games); err != nil {
		return nil, err
	}
	if len(ds.Games) == 0 {
		return nil, fmt.Errorf("dataset %s: %s/ holds no Parquet files", dir, dataset.Games)
	}
	if ds.Moves, err = listParquet(dir, dataset.Moves); err != nil {
		return nil, err
	}
	if len(ds.Moves) == 0 {
		ds.Moves = nil
	}
	return ds, nil
}

// listParquet lists the Parquet files under dir/table, at any depth,
// with the Hive partition values of their directories.
func listParquet(dir, table string) ([]File, error) {
	root := filepath.Join(dir, table)
	var out []File
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path == root {
				return filepath.SkipAll
			}
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(name, ".parquet") {
			return nil
		}
		f := File{Table: table, Path: path}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			k, v, ok := strings.Cut(part, "=")
			if !ok || k == "" {
				continue
			}
			if u, err := url.PathUnescape(v); err == nil {
				v = u
			}
			if f.partitions == nil {
				f.partitions = map[string]string{}
			}
			f.partitions[k] = v
		}
		f.Ruleset = f.partitions["ruleset"]
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", dir, UnwrapPathError(err))
	}
	// Files in natural order (data_2 before data_10), the order in which
	// a writer that splits a table numbers its files.
	slices.SortStableFunc(out, func(a, b File) int { return naturalCompare(a.Path, b.Path) })
	return out, nil
}

// naturalCompare orders strings as text, but runs of digits by their
// value.
func naturalCompare(a, b string) int {
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for a != "" && b != "" {
		if digit(a[0]) && digit(b[0]) {
			i, j := 0, 0
			for i < len(a) && digit(a[i]) {
				i++
			}
			for j < len(b) && digit(b[j]) {
				j++
			}
			x, y := strings.TrimLeft(a[:i], "0"), strings.TrimLeft(b[:j], "0")
			if len(x) != len(y) {
				return len(x) - len(y)
			}
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
			a, b = a[i:], b[j:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

// ForeignReader reads some columns of a Parquet file of another tool,
// converting integer columns of any width to int64.
type ForeignReader struct {
	path   string
	table  string
	names  []string          // columns wanted
	col    map[string]int    // column name → index in the record batches; absent: from a partition
	consts map[string]string // string columns given by the file's partitions
	rr     pqarrow.RecordReader
	close  func()
	row    int64 // rows before the current batch
	rec    arrow.RecordBatch
}

// OpenForeign opens f, a file that Open listed in tables of another
// tool (Dataset.Foreign), and checks that it has every column of names (a
// string column may come from a partition directory) with a compatible
// type. The columns of optional are read too when the file has them (see
// Has). Close the reader when done.
func OpenForeign(ctx context.Context, f File, names []string, optional ...string) (_ *ForeignReader, err error) {
	pf, err := dataset.OpenFile(f.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file (truncated or corrupt?): %s", f.Path, strings.TrimPrefix(err.Error(), f.Path+": "))
	}
	defer func() {
		if err != nil {
			pf.Close()
		}
	}()
	defer dataset.Recover(f.Path, &err)
	props := pqarrow.ArrowReadProperties{BatchSize: dataset.ReadBatchRows}
	fr, err := pqarrow.NewFileReader(pf, props, memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file: %s", f.Path, dataset.OneLine(err))
	}
	sch, err := fr.Schema()
	if err != nil {
		return nil, fmt.Errorf("%s: unreadable schema: %s", f.Path, dataset.OneLine(err))
	}
	want := dataset.GamesColumns
	if f.Table == dataset.Moves {
		want = dataset.MovesColumns
	}
	r := &ForeignReader{path: f.Path, table: f.Table, names: names, col: map[string]int{}, consts: map[string]string{}}
	var idx []int
	for _, n := range slices.Concat(names, optional) {
		i := slices.IndexFunc(want, func(c dataset.Column) bool { return c.Field.Name == n })
		wt := want[i].Field.Type
		fi := sch.FieldIndices(n)
		_, inPartition := f.partitions[n]
		if len(fi) == 0 && !inPartition && slices.Contains(optional, n) {
			continue
		}
		if len(fi) == 0 {
			if v, ok := f.partitions[n]; ok && dataset.IsString(wt) {
				r.consts[n] = v
				continue
			}
			return nil, fmt.Errorf("%s: column %s missing (the %s table needs %s)", f.Path, n, f.Table, strings.Join(names, ", "))
		}
		gt := sch.Field(fi[0]).Type
		switch {
		case dataset.IsString(wt) && dataset.IsString(gt), !dataset.IsString(wt) && isInteger(gt):
		case dataset.IsString(wt):
			return nil, fmt.Errorf("%s: column %s has type %s, want a string", f.Path, n, gt)
		default:
			return nil, fmt.Errorf("%s: column %s has type %s, want an integer type", f.Path, n, gt)
		}
		r.col[n] = len(idx)
		idx = append(idx, pf.MetaData().Schema.ColumnIndexByName(n))
	}
	if slices.Contains(idx, -1) {
		return nil, fmt.Errorf("%s: a column wanted is nested; the %s table has flat columns", f.Path, f.Table)
	}
	r.rr, err = fr.GetRecordReader(ctx, idx, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", f.Path, dataset.OneLine(err))
	}
	r.close = func() { r.rr.Release(); pf.Close() }
	return r, nil
}

// Has reports whether the file has column name (or a partition of it).
func (r *ForeignReader) Has(name string) bool {
	_, col := r.col[name]
	_, part := r.consts[name]
	return col || part
}

// Close releases the reader and closes its file.
func (r *ForeignReader) Close() { r.close() }

// Row returns the number of rows before the current record batch: row i
// of the batch is row Row()+i of the file.
func (r *ForeignReader) Row() int64 { return r.row }

// isInteger reports whether t is an integer type.
func isInteger(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		return true
	}
	return false
}

// Next reads the next record batch. It returns false at the end of the
// file.
func (r *ForeignReader) Next() (_ bool, err error) {
	defer dataset.Recover(r.path, &err)
	if r.rec != nil {
		r.row += r.rec.NumRows()
	}
	if !r.rr.Next() {
		r.rec = nil
		if err := r.rr.Err(); err != nil {
			return false, fmt.Errorf("%s: corrupt data (reading from row %d): %s", r.path, r.row, dataset.OneLine(err))
		}
		return false, nil
	}
	r.rec = r.rr.RecordBatch()
	return true, nil
}

// Ints returns integer column name of the current batch as int64s, each
// within [lo, hi]; nulls are an error unless nullable (then valid says
// which rows hold a value).
func (r *ForeignReader) Ints(name string, lo, hi int64, buf []int64) (vals []int64, valid func(int) bool, err error) {
	a := r.rec.Column(r.col[name])
	if a.NullN() > 0 && name != "first_repeat_ply" {
		return nil, nil, fmt.Errorf("%s: column %s has null values (rows %d..%d)", r.path, name, r.row, r.row+int64(a.Len())-1)
	}
	vals = buf[:0]
	bad := -1
	switch a := a.(type) {
	case *array.Int8:
		vals = appendInt64s(vals, a.Int8Values())
	case *array.Int16:
		vals = appendInt64s(vals, a.Int16Values())
	case *array.Int32:
		vals = appendInt64s(vals, a.Int32Values())
	case *array.Int64:
		vals = append(vals, a.Int64Values()...)
	case *array.Uint8:
		vals = appendInt64s(vals, a.Uint8Values())
	case *array.Uint16:
		vals = appendInt64s(vals, a.Uint16Values())
	case *array.Uint32:
		vals = appendInt64s(vals, a.Uint32Values())
	case *array.Uint64:
		for i, v := range a.Uint64Values() {
			if v > math.MaxInt64 && a.IsValid(i) && bad < 0 {
				bad = i
			}
			vals = append(vals, int64(v))
		}
	default:
		return nil, nil, fmt.Errorf("%s: column %s has type %s, want an integer type", r.path, name, a.DataType())
	}
	for i, v := range vals {
		if bad >= 0 || (v < lo || v > hi) && a.IsValid(i) {
			if bad >= 0 {
				i = bad
			}
			return nil, nil, fmt.Errorf("%s: row %d: column %s holds %s, outside %d..%d", r.path, r.row+int64(i), name, a.ValueStr(i), lo, hi)
		}
	}
	return vals, a.IsValid, nil
}

// appendInt64s appends xs, widened to int64, to vals.
func appendInt64s[T int8 | int16 | int32 | uint8 | uint16 | uint32](vals []int64, xs []T) []int64 {
	for _, v := range xs {
		vals = append(vals, int64(v))
	}
	return vals
}

// Strings decodes string column name of the current batch into s (a
// column given by a partition is one value for every row).
func (r *ForeignReader) Strings(name string, s *dataset.Words) error {
	if v, ok := r.consts[name]; ok {
		s.Dict = append(s.Dict[:0], v)
		s.Codes = s.Codes[:0]
		for range r.rec.NumRows() {
			s.Codes = append(s.Codes, 0)
		}
		return nil
	}
	a := r.rec.Column(r.col[name])
	if a.NullN() > 0 {
		return fmt.Errorf("%s: column %s has null values (rows %d..%d)", r.path, name, r.row, r.row+int64(a.Len())-1)
	}
	s.Codes, s.Dict = s.Codes[:0], s.Dict[:0]
	seen := map[string]int32{}
	str := func(v string) {
		c, ok := seen[v]
		if !ok {
			c = int32(len(s.Dict))
			seen[v] = c
			s.Dict = append(s.Dict, v)
		}
		s.Codes = append(s.Codes, c)
	}
	switch a := a.(type) {
	case *array.Dictionary:
		d := a.Dictionary()
		for i := 0; i < a.Len(); i++ {
			str(d.ValueStr(a.GetValueIndex(i)))
		}
	case *array.String:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	case *array.LargeString:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	case *array.StringView:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	default:
		return fmt.Errorf("%s: column %s has type %s, want a string", r.path, name, a.DataType())
	}
	return nil
}
