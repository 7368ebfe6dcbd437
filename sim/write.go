package sim

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/dataset"
)

// Parquet settings. Moves are flushed as one row group every
// moveRowGroup rows (about 40 MB of column data per worker before
// encoding), which keeps memory bounded and gives row groups of the size
// scan engines prefer; a games file is one row group (a batch).
const (
	moveRowGroup = 1 << 19
	zstdLevel    = 1 // zstd's fastest level; higher levels cost far more time than they save space here
)

func writerProps() *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
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
	for _, cols := range [][]dataset.Column{dataset.GamesColumns, dataset.MovesColumns} {
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

// syncFile is the part of *os.File a table file needs; tests replace it
// to inject write errors.
type syncFile interface {
	io.Writer
	Sync() error
	Close() error
}

// createFile creates a new file at path, failing if it exists, with the
// permissions of os.Create (0666 less the umask).
func createFile(path string) (syncFile, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
}

// tempTag returns a tag that no other writer uses: this process's id and
// 64 random bits (processes on several hosts of a cluster may share an
// id). It makes temporary file names unique (dataset.TempName).
func tempTag() string {
	var b [8]byte
	rand.Read(b[:])
	return fmt.Sprintf("%d-%x", os.Getpid(), b)
}

// tempSet holds the temporary files being written, so that a run that
// stops without waiting for a worker stuck in a long move can remove
// them (see Options.StopGrace).
type tempSet struct {
	mu    sync.Mutex
	paths map[string]bool
}

func (s *tempSet) add(p string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.paths == nil {
		s.paths = map[string]bool{}
	}
	s.paths[p] = true
}

func (s *tempSet) del(p string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.paths, p)
}

// removeAll removes every temporary file still being written. A worker
// that goes on writing one writes into a removed file; its rename then
// fails, so no file appears under a final name but complete.
func (s *tempSet) removeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.paths {
		os.Remove(p)
	}
	clear(s.paths)
}

// tableFile writes one Parquet file under a temporary name and renames it
// when complete.
type tableFile struct {
	temps           *tempSet // where the file is registered while written; may be nil
	dir, tmp, final string
	f               syncFile
	sink            *errWriter
	bw              *bufio.Writer
	fw              *pqarrow.FileWriter
}

// openTable starts the file final (in directory dir), writing to tmp.
// bw is a reusable buffer.
func openTable(create func(string) (syncFile, error), temps *tempSet, dir, tmpName, finalName string, schema *arrow.Schema, props *parquet.WriterProperties, bw *bufio.Writer) (*tableFile, error) {
	t := &tableFile{temps: temps, dir: dir, tmp: filepath.Join(dir, tmpName), final: filepath.Join(dir, finalName), bw: bw}
	f, err := create(t.tmp)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", t.tmp, err)
	}
	temps.add(t.tmp)
	t.f = f
	t.sink = &errWriter{w: f}
	bw.Reset(t.sink)
	t.fw, err = pqarrow.NewFileWriter(schema, bw, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.abort()
		return nil, fmt.Errorf("write %s: %w", t.tmp, err)
	}
	return t, nil
}

// errWriter remembers the first error of the file it writes to, so that
// the error reported is the file system's (e.g. "no space left on
// device"), not the Parquet writer's rewording of it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// wrap returns the error of writing t, preferring the file's own error.
func (t *tableFile) wrap(err error) error {
	if t.sink != nil && t.sink.err != nil {
		return t.sink.err
	}
	return fmt.Errorf("write %s: %w", t.tmp, err)
}

// write appends rec to the file as one row group.
func (t *tableFile) write(rec arrow.RecordBatch) error {
	if err := t.fw.Write(rec); err != nil {
		return t.wrap(err)
	}
	return nil
}

// commit writes the footer with the given key-value metadata, syncs the
// file, renames it to its final name and syncs the directory. On error
// the temporary file is removed.
func (t *tableFile) commit(meta [][2]string) (err error) {
	defer func() {
		if err != nil {
			t.abort()
		}
	}()
	for _, kv := range meta {
		if err := t.fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
			return t.wrap(err)
		}
	}
	if err := t.fw.Close(); err != nil {
		return t.wrap(err)
	}
	t.fw = nil
	if err := t.bw.Flush(); err != nil {
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
	if err := os.Rename(t.tmp, t.final); err != nil {
		return fmt.Errorf("rename %s: %w", t.tmp, err)
	}
	t.temps.del(t.tmp)
	return syncDir(t.dir)
}

// abort closes and removes the temporary file.
func (t *tableFile) abort() {
	if t.fw != nil {
		t.fw.Close() // error ignored: the file is thrown away
		t.fw = nil
	}
	t.bw.Reset(io.Discard)
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
	os.Remove(t.tmp)
	t.temps.del(t.tmp)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
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

// writeFileAtomic writes data to path through a temporary file in the
// same directory, synced and renamed.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	// Not os.CreateTemp, which makes the file 0600: a manifest must be as
	// readable as the data files (0666 less the umask), or another user of
	// a shared directory could not analyse the dataset.
	tmp, err := os.OpenFile(filepath.Join(dir, "."+filepath.Base(path)+".tmp-"+tempTag()), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return syncDir(dir)
}
