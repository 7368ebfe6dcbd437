package dataset

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Key-value metadata that every Parquet file of a dataset carries in its
// footer, so a file can be checked on its own.
const (
	MetaExperiment = "baolab.experiment" // Experiment.ID of the writer
	MetaCell       = "baolab.cell"       // cell index
	MetaBatch      = "baolab.batch"      // batch index within the cell
	MetaGames      = "baolab.games"      // games in the batch
	MetaPlies      = "baolab.plies"      // plies of those games (= rows of the moves file)
)

// FileInfo is what a Parquet file's footer says.
type FileInfo struct {
	Rows      int64
	RowGroups int
	Meta      map[string]string // key-value metadata
	Columns   []string          // names of the top-level columns, in file order
}

// Int returns the integer metadata value of key, or -1 if it is missing
// or not an integer.
func (f FileInfo) Int(key string) int64 {
	n, err := strconv.ParseInt(f.Meta[key], 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// MaxPageSize bounds the size, compressed or not, that a page header of a
// dataset file may declare. baolab sim writes pages of about 1 MiB (see
// package sim), so a larger size is a corrupt length field, which would
// otherwise make a reader allocate up to gigabytes.
const MaxPageSize = 32 << 20

// ReaderProperties returns the Parquet reader properties with which
// dataset files are read: page sizes bounded by MaxPageSize, and column
// chunks read page by page through a small buffer rather than whole (a
// chunk's length in the footer is not trusted: a corrupt one would be
// allocated at once).
func ReaderProperties() *parquet.ReaderProperties {
	props := parquet.NewReaderProperties(memory.DefaultAllocator)
	props.BufferedStreamEnabled = true
	props.BufferSize = 1 << 20
	props.MaxCompressedPageSize = MaxPageSize
	props.MaxUncompressedPageSize = MaxPageSize
	return props
}

// OpenFile opens a Parquet file of a dataset and reads its footer, with
// ReaderProperties. An error is one line that names the file; it wraps
// the file system's error when the file cannot be opened.
func OpenFile(path string) (r *file.Reader, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	defer Recover(path, &err)
	r, err = file.NewParquetReader(f, file.WithReadProps(ReaderProperties()))
	if err != nil {
		return nil, fmt.Errorf("%s: not a complete parquet file: %s", path, OneLine(err))
	}
	ignoreForeignArrowSchema(r)
	return r, nil
}

// arrowSchemaKey is the footer key under which pqarrow stores the Arrow
// schema of a file.
const arrowSchemaKey = "ARROW:schema"

// storedSchemas holds the ARROW:schema values that the Parquet writer
// stores for the two tables (found by writing an empty file of each).
var storedSchemas = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, sc := range []*arrow.Schema{GamesSchema, MovesSchema} {
		var buf bytes.Buffer
		w, err := pqarrow.NewFileWriter(sc, &buf, nil, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
		if err != nil {
			panic(err)
		}
		if err := w.Close(); err != nil {
			panic(err)
		}
		r, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			panic(err)
		}
		if v := r.MetaData().KeyValueMetadata().FindValue(arrowSchemaKey); v != nil {
			out[*v] = true
		}
	}
	return out
})

// ignoreForeignArrowSchema hides from the Arrow reader the Arrow schema
// stored in the footer of r unless it is exactly one that baolab writes.
// Decoding a corrupt one can exhaust memory: the Arrow IPC decoder
// allocates whatever a corrupt length field says, which kills the program
// without a panic to recover from. Without it the columns' Arrow types
// come from the Parquet schema (see ReadFile for the dictionaries).
func ignoreForeignArrowSchema(r *file.Reader) {
	for _, kv := range r.MetaData().KeyValueMetadata() {
		if kv.Key == arrowSchemaKey && (kv.Value == nil || !storedSchemas()[*kv.Value]) {
			kv.Key = arrowSchemaKey + " (ignored: not baolab's)"
		}
	}
}

// unwrapPath drops the operation and path of an *fs.PathError, which the
// caller names itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// CheckFile reads the footer of a Parquet file. An error means the file is
// missing, truncated or not Parquet; it is one line that names the file.
func CheckFile(path string) (FileInfo, error) {
	r, err := OpenFile(path)
	if err != nil {
		return FileInfo{}, err
	}
	defer r.Close()
	info := FileInfo{Rows: r.NumRows(), RowGroups: r.NumRowGroups(), Meta: make(map[string]string)}
	root := r.MetaData().Schema.Root()
	for i := range root.NumFields() {
		info.Columns = append(info.Columns, root.Field(i).Name())
	}
	kv := r.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		info.Meta[k] = kv.Values()[i]
	}
	return info, nil
}

// ReadFile reads a whole Parquet file of a dataset into an Arrow table,
// with the columns' Arrow types (dictionary-encoded strings stay
// dictionaries). The caller releases the table. An error is one line that
// names the file.
func ReadFile(path string) (t arrow.Table, err error) {
	r, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	defer Recover(path, &err)
	props := pqarrow.ArrowReadProperties{Parallel: false, BatchSize: 1 << 16}
	for _, cols := range [][]Column{GamesColumns, MovesColumns} {
		for _, c := range cols {
			if i := r.MetaData().Schema.ColumnIndexByName(c.Field.Name); i >= 0 && c.Field.Type.ID() == arrow.DICTIONARY {
				props.SetReadDict(i, true) // as the stored schema would say
			}
		}
	}
	fr, err := pqarrow.NewFileReader(r, props, memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt parquet file: %s", path, OneLine(err))
	}
	t, err = fr.ReadTable(context.Background())
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt parquet file: %s", path, OneLine(err))
	}
	if t.NumRows() != r.NumRows() {
		n := t.NumRows()
		t.Release()
		return nil, fmt.Errorf("%s: corrupt parquet file: %d rows read, the footer says %d", path, n, r.NumRows())
	}
	return t, nil
}

// Recover turns a panic of the Parquet reader on a corrupt file into an
// error naming the file, stored in *err. Call it deferred in the function
// that drives the reader for that file.
func Recover(path string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: corrupt parquet file: %s", path, OneLine(fmt.Errorf("%v", r)))
	}
}

// OneLine returns the message of err on one line (messages of the Parquet
// library may span several).
func OneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// File is one Parquet file of a dataset table.
type File struct {
	Path    string
	Ruleset string
}

// Files lists the complete (renamed, not temporary) Parquet files of one
// table of the dataset in dir, sorted by path (so by ruleset partition,
// cell and batch). A temporary file of a batch being written starts with
// '.' and is never listed.
func Files(dir, table string) ([]File, error) {
	parts, err := os.ReadDir(filepath.Join(dir, table))
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", table, err)
	}
	var out []File
	for _, p := range parts {
		if !p.IsDir() {
			continue
		}
		rs, err := RulesetFromPartition(p.Name())
		if err != nil {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(dir, table, p.Name()))
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", table, err)
		}
		for _, e := range ents {
			if n := e.Name(); !e.IsDir() && !strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".parquet") {
				out = append(out, File{Path: filepath.Join(dir, table, p.Name(), n), Ruleset: rs})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// TempName returns the name under which the file of batch b of cell c is
// written before it is complete: a dot file (which Hive-style readers
// skip) in the same directory, renamed to FileName(c, b) once synced.
// tag makes the name unique to the writer (see package sim), so two
// processes never write into the same temporary file.
func TempName(cell, batch int, tag string) string {
	return TempPrefix(cell, batch) + tag + ".tmp"
}

// TempPrefix returns the start of every TempName of batch b of cell c.
func TempPrefix(cell, batch int) string { return "." + FileName(cell, batch) + "." }

// TempBatch returns the file name FileName(c, b) that a temporary file
// name stands for, and false if name is not a temporary file's name.
func TempBatch(name string) (string, bool) {
	if !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".tmp") {
		return "", false
	}
	base, _, ok := strings.Cut(name[1:], ".parquet.")
	if !ok {
		return "", false
	}
	return base + ".parquet", true
}

// CheckFooter checks the baolab metadata of the footer of a file of
// table that holds rows rows and is named as batch b of cell c: the
// footer must name that cell and batch, a games file as many games as it
// holds, and a moves file as many plies as it holds and as its games file
// announced (plies; -1 when not known). With an experiment e it also
// checks that e wrote the file and that a games file holds e's batch. It
// returns the ID of the experiment that wrote the file, "" when the
// footer names none: a file of another tool, whose rows only can be
// checked (an error when e is given). The error does not name the file.
func CheckFooter(meta map[string]string, rows int64, table string, c, b int, e *Experiment, plies int64) (string, error) {
	exp, ok := meta[MetaExperiment]
	if !ok {
		if e != nil {
			return "", fmt.Errorf("foreign file: no %s in its footer", MetaExperiment)
		}
		return "", nil
	}
	if e != nil && exp != e.ID() {
		return "", fmt.Errorf("foreign file: written by experiment %s, the manifest's is %s", exp, e.ID())
	}
	info := FileInfo{Meta: meta}
	if fc, fb := info.Int(MetaCell), info.Int(MetaBatch); fc != int64(c) || fb != int64(b) {
		return "", fmt.Errorf("foreign file: its footer says cell %d batch %d", fc, fb)
	}
	switch table {
	case Games:
		if g := info.Int(MetaGames); g != rows {
			return "", fmt.Errorf("holds %d games, its footer says %d", rows, g)
		}
		if e != nil {
			if lo, hi := e.BatchRange(b); rows != int64(hi-lo) {
				return "", fmt.Errorf("holds %d games, the experiment's batch has %d", rows, hi-lo)
			}
			if info.Int(MetaPlies) < 0 {
				return "", fmt.Errorf("foreign file: no plies in its footer")
			}
		}
	case Moves:
		if p := info.Int(MetaPlies); p != rows || plies >= 0 && p != plies {
			return "", fmt.Errorf("holds %d moves, its footer says %d and the games file %d", rows, p, plies)
		}
	}
	return exp, nil
}
