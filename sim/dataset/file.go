package dataset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
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

// CheckFile reads the footer of a Parquet file. An error means the file is
// missing, truncated or not Parquet.
func CheckFile(path string) (FileInfo, error) {
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		return FileInfo{}, fmt.Errorf("%s: not a complete parquet file: %w", path, err)
	}
	defer r.Close()
	md := r.MetaData()
	info := FileInfo{Rows: r.NumRows(), RowGroups: r.NumRowGroups(), Meta: make(map[string]string)}
	kv := md.KeyValueMetadata()
	for i, k := range kv.Keys() {
		info.Meta[k] = kv.Values()[i]
	}
	return info, nil
}

// ReadFile reads a whole Parquet file of a dataset into an Arrow table,
// with the columns' Arrow types (dictionary-encoded strings stay
// dictionaries). The caller releases the table.
func ReadFile(path string) (arrow.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	t, err := pqarrow.ReadTable(context.Background(), f, nil, pqarrow.ArrowReadProperties{Parallel: false, BatchSize: 1 << 16}, memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return t, nil
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
func TempName(cell, batch int) string { return "." + FileName(cell, batch) + ".tmp" }
