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
)

// tableSchema: one row per position, in increasing key order.
var tableSchema = arrow.NewSchema([]arrow.Field{
	// key: the position's engine key (engine.KeyUint64) with bit 63 set
	// for a terminal position and bit 62 for a game drawn by a
	// never-ending move.
	{Name: "key", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "player", Type: arrow.BinaryTypes.String},                            // to move: south or north
	{Name: "south_can_force", Type: arrow.PrimitiveTypes.Int16, Nullable: true}, // null: none
	{Name: "north_can_force", Type: arrow.PrimitiveTypes.Int16, Nullable: true}, // null: none
}, nil)

// WriteTable writes t to dir/solved.parquet (through a temporary file
// synced and renamed at the end, so a reader never sees half a table,
// even after a crash), creating dir.
func WriteTable(dir string, t *Table) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := renameio.NewPendingFile(filepath.Join(dir, TableFile), renameio.WithPermissions(0o644))
	if err != nil {
		return err
	}
	defer f.Cleanup()
	md := arrow.NewMetadata([]string{MetaRuleset, MetaKeyBytes, MetaPositions},
		[]string{t.Ruleset, strconv.Itoa(t.KeyBytes), strconv.Itoa(t.Len())})
	sc := arrow.NewSchema(tableSchema.Fields(), &md)
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

// ErrBadTable is wrapped by the errors of ReadTable for a file that is not
// a complete solved table.
var ErrBadTable = errors.New("not a solved table")

// ReadTable reads dir/solved.parquet written by WriteTable. An error is
// one line naming the file; for a missing, truncated or corrupt file, or
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
	for rr.Next() {
		rec := rr.RecordBatch()
		if rec.NumCols() != 4 {
			return nil, bad("%d columns, want 4", rec.NumCols())
		}
		keys, ok1 := rec.Column(0).(*array.Uint64)
		pl, ok2 := rec.Column(1).(*array.String)
		sv, ok3 := rec.Column(2).(*array.Int16)
		nv, ok4 := rec.Column(3).(*array.Int16)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return nil, bad("columns are not key uint64, player string, south_can_force int16, north_can_force int16")
		}
		for i := 0; i < keys.Len(); i++ {
			k := keys.Value(i)
			if len(t.Keys) > 0 && k <= t.Keys[len(t.Keys)-1] {
				return nil, bad("keys not increasing at row %d", len(t.Keys))
			}
			if pl.Value(i) != KeyPlayer(k).String() {
				return nil, bad("row %d: player %q does not match the key", len(t.Keys), pl.Value(i))
			}
			s, err1 := readForce(sv, i)
			nn, err2 := readForce(nv, i)
			if err1 != nil || err2 != nil {
				return nil, bad("row %d: value out of range", len(t.Keys))
			}
			t.Keys, t.South, t.North = append(t.Keys, k), append(t.South, s), append(t.North, nn)
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
