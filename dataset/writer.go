package dataset

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/internal/atomicfile"
)

// Parquet settings. A writer of moves flushes them as one row group
// every MoveRowGroup rows (about 40 MB of column data before encoding),
// which keeps memory bounded and gives row groups of the size scan
// engines prefer; a games file is one row group (a batch).
const (
	MoveRowGroup = 1 << 19
	zstdLevel    = 1 // zstd's fastest level; higher levels cost far more time than they save space here
)

// deltaColumns are written with Parquet's DELTA_BINARY_PACKED encoding
// instead of PLAIN: the integer columns of the moves table (and the
// games table's columns of the same names) whose values are small or
// change little from row to row. Bit-packed deltas give zstd a fifth of
// the bytes, so the moves files cost about half the CPU to write, and are
// 3% smaller (1M kingulu games: 227 MB instead of 234). Every Parquet
// reader decodes them (arrow-go, DuckDB). The hash column stays PLAIN:
// its values are random, yet zstd still saves a quarter of them
// (positions repeat). So does ply: it counts 0, 1, 2, ... in every game,
// runs that zstd finds among the plain values for fewer instructions
// than the delta encoder takes, into a smaller column (a game's first
// ply is a large negative delta that widens every block around it).
var deltaColumns = []string{"game_id", "move", "legal_moves", "laps", "sown", "captured", "material_south", "material_north"}

// writerProps returns the properties of the files of a Writer whose
// encoders allocate from mem.
func writerProps(mem memory.Allocator) *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(zstdLevel),
		parquet.WithMaxRowGroupLength(1 << 24),
		parquet.WithDataPageSize(1 << 20),
		// Dictionary encoding only for the string columns: on the small
		// integers it saves about 10% of space after zstd but costs more
		// time than the rest of the encoding.
		parquet.WithDictionaryDefault(false),
		parquet.WithStats(true),
		parquet.WithStatsFor("hash", false),
		parquet.WithStatsFor("seed", false),
		parquet.WithCreatedBy("baolab"),
	}
	for _, name := range deltaColumns {
		opts = append(opts, parquet.WithEncodingFor(name, parquet.Encodings.DeltaBinaryPacked))
	}
	for _, cols := range [][]Column{GamesColumns, MovesColumns} {
		for _, c := range cols {
			if c.Field.Type.ID() == arrow.DICTIONARY {
				// No statistics: for a dictionary array the writer finds
				// the indices in use by hashing every one of them, which
				// costs more than encoding the column.
				opts = append(opts, parquet.WithDictionaryFor(c.Field.Name, true), parquet.WithStatsFor(c.Field.Name, false))
			}
		}
	}
	return parquet.NewWriterProperties(opts...)
}

// SyncFile is the part of *os.File that a table file needs; tests
// replace it to inject write errors.
type SyncFile interface {
	io.Writer
	Sync() error
	Close() error
}

// CreateFile creates a new file at path, failing if it exists, with the
// permissions of os.Create (0666 less the umask).
func CreateFile(path string) (SyncFile, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
}

// NewTag returns a tag that no other writer uses: this process's id and
// 64 random bits (processes on several hosts of a cluster may share an
// id). It makes temporary file names unique (TempName).
func NewTag() string {
	var b [8]byte
	rand.Read(b[:])
	return fmt.Sprintf("%d-%x", os.Getpid(), b)
}

// Temps is told of every temporary file while it is being written, so
// that a run that stops without waiting for a writer can remove them.
type Temps interface {
	Add(path string)
	Del(path string)
}

// Writer writes the Parquet files of a dataset: each under a temporary
// name (TempName), renamed once complete and synced. One Writer writes
// one file at a time and reuses its buffers; give each goroutine its own.
type Writer struct {
	// Create creates a file; nil means CreateFile.
	Create func(path string) (SyncFile, error)
	// OpenDir opens a directory to sync it after a rename; nil means
	// os.Open. Tests replace it (and Create) to count the syncs.
	OpenDir func(path string) (SyncFile, error)
	// Tag makes the writer's temporary names unique (NewTag).
	Tag string
	// Temps, if not nil, is told of the temporary files.
	Temps Temps

	props *parquet.WriterProperties
	bw    *bufio.Writer
	s     scratch
}

// NewWriter returns a Writer with a fresh tag. Its files' encoders
// allocate from one bufferPool, so the buffers of one file serve the
// next.
func NewWriter() *Writer {
	return &Writer{Tag: NewTag(), props: writerProps(&bufferPool{}), bw: bufio.NewWriterSize(nil, 1<<20)}
}

// SchemaOf returns the schema of table (Games or Moves).
func SchemaOf(table string) *arrow.Schema {
	if table == Moves {
		return MovesSchema
	}
	return GamesSchema
}

// FileMeta is the key-value metadata of a file's footer (see
// MetaExperiment and the other Meta keys).
type FileMeta struct {
	Experiment  string // Experiment.ID; "": write no metadata
	Cell, Batch int
	Games       int
	Plies       int64
}

// TableFile is one file being written.
type TableFile struct {
	w               *Writer
	dir, tmp, final string
	f               SyncFile
	sink            *errWriter
	fw              *pqarrow.FileWriter
	sum             FileSum // set by Commit
}

// OpenBatch starts the file of batch b of cell c of table in the dataset
// directory dir, whose partition directory for ruleset must exist.
func (w *Writer) OpenBatch(dir, table, ruleset string, cell, batch int) (*TableFile, error) {
	return w.Open(BatchPath(dir, table, ruleset, cell, batch), table)
}

// Open starts a file of table that will appear at path once committed;
// its directory must exist.
func (w *Writer) Open(path, table string) (*TableFile, error) {
	dir, name := filepath.Split(path)
	t := &TableFile{w: w, dir: filepath.Clean(dir), tmp: filepath.Join(dir, "."+name+"."+w.Tag+".tmp"), final: path}
	create := w.Create
	if create == nil {
		create = CreateFile
	}
	f, err := create(t.tmp)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", t.tmp, err)
	}
	if w.Temps != nil {
		w.Temps.Add(t.tmp)
	}
	t.f = f
	t.sink = &errWriter{w: f, crc: crc32.New(castagnoli), path: t.tmp}
	w.bw.Reset(t.sink)
	t.fw, err = pqarrow.NewFileWriter(SchemaOf(table), w.bw, w.props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Abort()
		return nil, fmt.Errorf("write %s: %w", t.tmp, err)
	}
	return t, nil
}

// WriteGames appends b to a games file as one row group.
func (t *TableFile) WriteGames(b *GameBatch) error {
	return t.write(record(GamesSchema, gameFields, b, b.Len(), &t.w.s))
}

// WriteMoves appends b to a moves file as one row group.
func (t *TableFile) WriteMoves(b *MoveBatch) error {
	return t.write(record(MovesSchema, moveFields, b, b.Len(), &t.w.s))
}

func (t *TableFile) write(rec arrow.RecordBatch) error {
	defer rec.Release()
	if err := t.fw.Write(rec); err != nil {
		return t.wrap(err)
	}
	return nil
}

// errWriter remembers the first error of the file it writes to, so that
// the error reported is the file system's (e.g. "no space left on
// device"), not the Parquet writer's rewording of it.
// It also sums what is written (the file's FileSum).
type errWriter struct {
	w    io.Writer
	err  error
	crc  hash.Hash32
	n    int64
	path string
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	e.crc.Write(p[:n])
	e.n += int64(n)
	if err != nil && e.err == nil {
		e.err = err
	}
	fault(FaultWrite, e.path)
	return n, err
}

// wrap returns the error of writing t, preferring the file's own error.
func (t *TableFile) wrap(err error) error {
	if t.sink != nil && t.sink.err != nil {
		return t.sink.err
	}
	return fmt.Errorf("write %s: %w", t.tmp, err)
}

// Commit writes the footer with the metadata m, syncs the file, renames
// it to its final name and syncs the directory. On error the temporary
// file is removed. Sum then returns the file's size and checksum.
func (t *TableFile) Commit(m FileMeta) (err error) {
	defer func() {
		if err != nil {
			t.Abort()
		}
	}()
	if m.Experiment != "" {
		for _, kv := range [][2]string{
			{MetaExperiment, m.Experiment},
			{MetaCell, strconv.Itoa(m.Cell)},
			{MetaBatch, strconv.Itoa(m.Batch)},
			{MetaGames, strconv.Itoa(m.Games)},
			{MetaPlies, strconv.FormatInt(m.Plies, 10)},
		} {
			if err := t.fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
				return t.wrap(err)
			}
		}
	}
	if err := t.fw.Close(); err != nil {
		return t.wrap(err)
	}
	t.fw = nil
	if err := t.w.bw.Flush(); err != nil {
		return t.wrap(err)
	}
	if err := t.f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", t.tmp, err)
	}
	err = t.f.Close()
	t.f = nil
	if err != nil {
		return fmt.Errorf("close %s: %w", t.tmp, err)
	}
	t.sum = FileSum{Size: t.sink.n, CRC32C: fmt.Sprintf("%08x", t.sink.crc.Sum32())}
	fault(FaultSynced, t.tmp)
	if err := os.Rename(t.tmp, t.final); err != nil {
		return fmt.Errorf("rename %s: %w", t.tmp, err)
	}
	if t.w.Temps != nil {
		t.w.Temps.Del(t.tmp)
	}
	fault(FaultRenamed, t.final)
	if err := syncDirWith(t.dir, t.w.OpenDir); err != nil {
		return err
	}
	fault(FaultCommitted, t.final)
	return nil
}

// Sum returns the size and checksum of the file, once committed.
func (t *TableFile) Sum() FileSum { return t.sum }

// Abort closes and removes the temporary file.
func (t *TableFile) Abort() {
	if t.fw != nil {
		t.fw.Close() // error ignored: the file is thrown away
		t.fw = nil
	}
	t.w.bw.Reset(io.Discard)
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
	os.Remove(t.tmp)
	if t.w.Temps != nil {
		t.w.Temps.Del(t.tmp)
	}
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error { return syncDirWith(dir, nil) }

// syncDirWith syncs dir, opened with open (nil: os.Open).
func syncDirWith(dir string, open func(string) (SyncFile, error)) error {
	if open == nil {
		open = func(p string) (SyncFile, error) { return os.Open(p) }
	}
	d, err := open(dir)
	if err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// WriteFileAtomic writes data to path through internal/atomicfile: a
// temporary file in the same directory, synced and renamed, the
// directory synced. The file is as readable as the data files (0666 less
// the umask), so another user of a shared directory can analyse the
// dataset. FaultManifest fires between the sync and the rename.
func WriteFileAtomic(path string, data []byte) error {
	return atomicfile.WriteFile(path, data, atomicfile.BeforeRename(func() { fault(FaultManifest, path) }))
}
