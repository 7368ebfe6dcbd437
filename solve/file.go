package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/google/renameio/v2"
)

// TableFile is the name of the solved table in a directory written by
// WriteTable.
const TableFile = "solved.parquet"

// Footer metadata of a table file.
const (
	MetaRuleset   = "baolab.ruleset"   // canonical ruleset solved
	MetaKeyBytes  = "baolab.key_bytes" // bytes of the engine key packed in key
	MetaPositions = "baolab.positions" // rows
	// MetaFormat is the table's format: "2" for a table with the
	// distances under the values (columns south_plies and north_plies),
	// "1" (or absent, in files written before formats were numbered)
	// for one without.
	MetaFormat = "baolab.table_format"
)

// TableFormat is the format WriteTable writes for a table with
// distances; ReadTable reads formats 1 and 2.
const TableFormat = 2

// tableSchema: one row per position, in increasing key order.
var tableSchema = arrow.NewSchema([]arrow.Field{
	// key: the position's engine key (engine.KeyUint64) with bit 63 set
	// for a terminal position and bit 62 for a game drawn by a
	// never-ending move.
	{Name: "key", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "player", Type: arrow.BinaryTypes.String},                            // to move: south or north
	{Name: "south_can_force", Type: arrow.PrimitiveTypes.Int16, Nullable: true}, // null: none
	{Name: "north_can_force", Type: arrow.PrimitiveTypes.Int16, Nullable: true}, // null: none
	// format 2: the distance under each side's value (see the package
	// doc, "Distance to the end")
	{Name: "south_plies", Type: arrow.PrimitiveTypes.Uint16, Nullable: true}, // null: the value is none
	{Name: "north_plies", Type: arrow.PrimitiveTypes.Uint16, Nullable: true}, // null: the value is none
}, nil)

// v1Columns is the number of columns of a format-1 table (no distances).
const v1Columns = 4

// WriteTable writes t to dir/solved.parquet (through a temporary file
// synced and renamed at the end, so a reader never sees half a table,
// even after a crash), creating dir: in format 2 when t holds distances,
// else in format 1 (the first four columns).
func WriteTable(dir string, t *Table) error { return writeTable(dir, t, "") }

// writeTable is WriteTable; a format other than "" is written in the
// footer in place of the table's own (tests write files of other
// formats so), and "-" writes none, as baolab did before format 2.
func writeTable(dir string, t *Table, formatMeta string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := renameio.NewPendingFile(filepath.Join(dir, TableFile), renameio.WithPermissions(0o644))
	if err != nil {
		return err
	}
	defer f.Cleanup()
	format, fields := TableFormat, tableSchema.Fields()
	if !t.HasPlies() {
		format, fields = 1, fields[:v1Columns]
	}
	mk := []string{MetaRuleset, MetaKeyBytes, MetaPositions, MetaFormat}
	mv := []string{t.Ruleset, strconv.Itoa(t.KeyBytes), strconv.Itoa(t.Len()), strconv.Itoa(format)}
	switch formatMeta {
	case "":
	case "-":
		mk, mv = mk[:3], mv[:3]
	default:
		mv[3] = formatMeta
	}
	md := arrow.NewMetadata(mk, mv)
	sc := arrow.NewSchema(fields, &md)
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd), parquet.WithDictionaryDefault(false))
	// The writer closes what it writes to: f is closed by
	// CloseAtomicallyReplace, after a sync, instead.
	w, err := pqarrow.NewFileWriter(sc, struct{ io.Writer }{f}, props, pqarrow.NewArrowWriterProperties())
	if err != nil {
		return err
	}
	b := array.NewRecordBuilder(memory.DefaultAllocator, sc)
	defer b.Release()
	const batch = 1 << 20
	for lo := 0; lo < t.Len(); lo += batch {
		hi := min(t.Len(), lo+batch)
		kb := b.Field(0).(*array.Uint64Builder)
		pb := b.Field(1).(*array.StringBuilder)
		sb := b.Field(2).(*array.Int16Builder)
		nb := b.Field(3).(*array.Int16Builder)
		for i := lo; i < hi; i++ {
			kb.Append(t.Keys[i])
			pb.Append(KeyPlayer(t.Keys[i]).String())
			appendForce(sb, t.South[i])
			appendForce(nb, t.North[i])
			if format == TableFormat {
				appendPlies(b.Field(4).(*array.Uint16Builder), t.SouthPlies[i])
				appendPlies(b.Field(5).(*array.Uint16Builder), t.NorthPlies[i])
			}
		}
		rec := b.NewRecordBatch()
		err = w.Write(rec)
		rec.Release()
		if err != nil {
			w.Close()
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	return f.CloseAtomicallyReplace()
}

func appendForce(b *array.Int16Builder, v int8) {
	if v == noneVal {
		b.AppendNull()
	} else {
		b.Append(int16(v))
	}
}

func appendPlies(b *array.Uint16Builder, v uint16) {
	if v == noPlies16 {
		b.AppendNull()
	} else {
		b.Append(v)
	}
}

// ErrBadTable is wrapped by the errors of ReadTable for a file that is not
// a complete solved table.
var ErrBadTable = errors.New("not a solved table")

// ReadTable reads dir/solved.parquet written by WriteTable, in format 2
// or 1 (a table of format 1, from WriteTable of a table without distances
// or from a baolab before distances, loads with none: Table.HasPlies is
// false). An error is one line naming the file; a format later than
// TableFormat is refused with one that says so; for a missing, truncated or corrupt file, or
// one whose rows break the table's rules (keys not increasing, a value
// out of range, a row count other than the footer's), it wraps
// ErrBadTable.
func ReadTable(dir string) (t *Table, err error) {
	path := filepath.Join(dir, TableFile)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrBadTable, strings.Join(strings.Fields(fmt.Sprintf(format, args...)), " "))
	}
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, bad("%v", r)
		}
	}()
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	props := parquet.NewReaderProperties(memory.DefaultAllocator)
	props.BufferedStreamEnabled = true
	props.BufferSize = 1 << 20
	props.MaxCompressedPageSize = 64 << 20
	props.MaxUncompressedPageSize = 64 << 20
	pr, err := file.NewParquetReader(f, file.WithReadProps(props))
	if err != nil {
		return nil, bad("%v", err)
	}
	defer pr.Close()
	meta := map[string]string{}
	for _, kv := range pr.MetaData().KeyValueMetadata() {
		if kv.Value != nil {
			meta[kv.Key] = *kv.Value
		}
	}
	t = &Table{Ruleset: meta[MetaRuleset]}
	n, err1 := strconv.ParseInt(meta[MetaPositions], 10, 64)
	t.KeyBytes, err = strconv.Atoi(meta[MetaKeyBytes])
	if t.Ruleset == "" || err1 != nil || err != nil || n != pr.NumRows() || t.KeyBytes < 1 || t.KeyBytes > 8 {
		return nil, bad("footer metadata missing or inconsistent")
	}
	format := 1
	if f, ok := meta[MetaFormat]; ok {
		if format, err = strconv.Atoi(f); err != nil || format < 1 || format > TableFormat {
			return nil, bad("table format %q, this baolab reads formats 1 to %d (a newer baolab wrote it?)", f, TableFormat)
		}
	}
	fr, err := pqarrow.NewFileReader(pr, pqarrow.ArrowReadProperties{BatchSize: 1 << 16}, memory.DefaultAllocator)
	if err != nil {
		return nil, bad("%v", err)
	}
	rr, err := fr.GetRecordReader(context.Background(), nil, nil)
	if err != nil {
		return nil, bad("%v", err)
	}
	defer rr.Release()
	t.Keys = make([]uint64, 0, n)
	t.South = make([]int8, 0, n)
	t.North = make([]int8, 0, n)
	if format == TableFormat {
		t.SouthPlies, t.NorthPlies = make([]uint16, 0, n), make([]uint16, 0, n)
	}
	for rr.Next() {
		if msg := t.appendRows(rr.RecordBatch(), format); msg != "" {
			return nil, bad("%s", msg)
		}
	}
	if err := rr.Err(); err != nil {
		return nil, bad("%v", err)
	}
	if int64(len(t.Keys)) != n {
		return nil, bad("%d rows, the footer says %d", len(t.Keys), n)
	}
	return t, nil
}

// appendRows appends the rows of one record batch of a table file in
// the given format to t, checking them; it returns what is wrong, or "".
func (t *Table) appendRows(rec arrow.RecordBatch, format int) string {
	want := v1Columns
	if format == TableFormat {
		want = len(tableSchema.Fields())
	}
	if int(rec.NumCols()) != want {
		return fmt.Sprintf("%d columns, want %d for table format %d", rec.NumCols(), want, format)
	}
	keys, ok1 := rec.Column(0).(*array.Uint64)
	pl, ok2 := rec.Column(1).(*array.String)
	sv, ok3 := rec.Column(2).(*array.Int16)
	nv, ok4 := rec.Column(3).(*array.Int16)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return "columns are not key uint64, player string, south_can_force int16, north_can_force int16"
	}
	var sp, np *array.Uint16
	if format == TableFormat {
		var ok5, ok6 bool
		sp, ok5 = rec.Column(4).(*array.Uint16)
		np, ok6 = rec.Column(5).(*array.Uint16)
		if !ok5 || !ok6 {
			return "columns south_plies and north_plies are not uint16"
		}
	}
	for i := 0; i < keys.Len(); i++ {
		k, row := keys.Value(i), len(t.Keys)
		if row > 0 && k <= t.Keys[row-1] {
			return fmt.Sprintf("keys not increasing at row %d", row)
		}
		if pl.Value(i) != KeyPlayer(k).String() {
			return fmt.Sprintf("row %d: player %q does not match the key", row, pl.Value(i))
		}
		s, err1 := readForce(sv, i)
		nn, err2 := readForce(nv, i)
		if err1 != nil || err2 != nil {
			return fmt.Sprintf("row %d: value out of range", row)
		}
		t.Keys, t.South, t.North = append(t.Keys, k), append(t.South, s), append(t.North, nn)
		if sp == nil {
			continue
		}
		ds, ok1 := readPlies(sp, i, s)
		dn, ok2 := readPlies(np, i, nn)
		if !ok1 || !ok2 {
			return fmt.Sprintf("row %d: a distance is missing for a value, given for none, or out of range", row)
		}
		t.SouthPlies, t.NorthPlies = append(t.SouthPlies, ds), append(t.NorthPlies, dn)
	}
	return ""
}

// readPlies reads the distance under value v at row i: null exactly when v
// is None, and at most MaxPlies.
func readPlies(a *array.Uint16, i int, v int8) (uint16, bool) {
	if a.IsNull(i) {
		return noPlies16, v == noneVal
	}
	return a.Value(i), v != noneVal && a.Value(i) <= MaxPlies
}

func readForce(a *array.Int16, i int) (int8, error) {
	if a.IsNull(i) {
		return noneVal, nil
	}
	v := a.Value(i)
	if v < -127 || v > 127 {
		return 0, errors.New("out of range")
	}
	return int8(v), nil
}
