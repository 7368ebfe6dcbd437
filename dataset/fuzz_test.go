package dataset_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/baolab/baolab/dataset"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/sim"
)

// simFiles plays a tiny experiment with the simulator once per test
// binary and returns the bytes of its games and moves files: real files
// as baolab sim writes them, small enough for the fuzzer to mutate.
var simFiles = sync.OnceValues(func() ([2][]byte, error) {
	var out [2][]byte
	dir, err := os.MkdirTemp("", "baolab-fuzz-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(dir)
	e, err := sim.Plan{Rules: []string{"kingulu:max_plies=12"}, Agents: []string{"random"}, Games: 3, Seed: 1, Batch: 3, Moves: true}.Experiment()
	if err != nil {
		return out, err
	}
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 1}); err != nil {
		return out, err
	}
	for i, table := range []string{dataset.Games, dataset.Moves} {
		files, err := dataset.Files(dir, table)
		if err != nil {
			return out, err
		}
		if out[i], err = os.ReadFile(files[0].Path); err != nil {
			return out, err
		}
	}
	return out, nil
})

// seedCorpus adds to f each valid file and broken copies of it: truncated,
// with a zeroed footer, with flipped bytes and with a huge footer length.
func seedCorpus(f *testing.F, files [2][]byte) {
	for _, b := range files {
		n := len(b)
		f.Add(b)
		f.Add(b[:n/2])
		f.Add(b[:n-1])
		zero := append([]byte(nil), b...)
		clear(zero[n-8 : n-4]) // footer length 0
		f.Add(zero)
		zero = append([]byte(nil), b...)
		footer := int(uint32(b[n-8]) | uint32(b[n-7])<<8 | uint32(b[n-6])<<16 | uint32(b[n-5])<<24)
		clear(zero[n-8-footer : n-8]) // footer bytes zeroed
		f.Add(zero)
		huge := append([]byte(nil), b...)
		copy(huge[n-8:], []byte{0xff, 0xff, 0xff, 0x7f})
		f.Add(huge)
		for _, at := range []int{4, 8, 16, 30, n / 3, n / 2, 2 * n / 3, n - footer - 8 + 10, n - 20} {
			flip := append([]byte(nil), b...)
			flip[at] ^= 0xff
			f.Add(flip)
		}
	}
}

// withDeadline runs fn and fails t if it takes longer than d (a hang on
// corrupt input).
func withDeadline(t *testing.T, d time.Duration, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("no answer after %v", d)
	}
}

// FuzzCheckFile feeds mutated copies of files written by the simulator to
// CheckFile and ReadFile: each must either succeed with consistent
// results or fail with one line naming the file, and never panic or hang.
func FuzzCheckFile(f *testing.F) {
	files, err := simFiles()
	if err != nil {
		f.Fatal(err)
	}
	seedCorpus(f, files)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "part-c000000-b000000.parquet")
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		checkErr := func(what string, err error) {
			t.Helper()
			if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
				t.Fatalf("%s: error does not name the file on one line: %q", what, msg)
			}
		}
		withDeadline(t, 20*time.Second, func() {
			info, cerr := dataset.CheckFile(path)
			if cerr != nil {
				checkErr("CheckFile", cerr)
			}
			tbl, rerr := dataset.ReadFile(path)
			if rerr != nil {
				checkErr("ReadFile", rerr)
				return
			}
			defer tbl.Release()
			if cerr != nil {
				t.Fatalf("ReadFile reads a file that CheckFile rejects (%v)", cerr)
			}
			if tbl.NumRows() != info.Rows {
				t.Fatalf("ReadFile gives %d rows, CheckFile %d", tbl.NumRows(), info.Rows)
			}
			for i := 0; i < int(tbl.NumCols()); i++ {
				c := tbl.Column(i)
				if int64(c.Len()) != tbl.NumRows() {
					t.Fatalf("column %s has %d rows, the table %d", c.Name(), c.Len(), tbl.NumRows())
				}
				for _, ch := range c.Data().Chunks() {
					if err := validate(ch); err != nil {
						t.Fatalf("column %s: %v", c.Name(), err)
					}
				}
			}
		})
	})
}

// validate checks an array's buffers against its length, recovering from
// the panic with which arrow reports an inconsistent array.
func validate(a arrow.Array) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicErr{r}
		}
	}()
	for i := 0; i < a.Len(); i++ {
		_ = a.ValueStr(i)
	}
	return nil
}

type panicErr struct{ v any }

func (p panicErr) Error() string { return fmt.Sprint("invalid array: ", p.v) }

// TestCorruptPageSizeBounded gives the first page of a games file a
// header that declares 100 MiB of data: ReadFile must refuse it (the
// limit is dataset.MaxPageSize) rather than allocate it.
func TestCorruptPageSizeBounded(t *testing.T) {
	files, err := simFiles()
	if err != nil {
		t.Fatal(err)
	}
	b := files[0]
	// The first page header follows the magic "PAR1": a Thrift compact
	// struct whose fields 1 (type) and 2 (uncompressed_page_size) are
	// i32 varints, each preceded by the byte 0x15.
	varint := func(at int) int {
		for b[at]&0x80 != 0 {
			at++
		}
		return at + 1
	}
	if b[4] != 0x15 {
		t.Fatalf("unexpected page header start %#x", b[4])
	}
	f2 := varint(5)
	if b[f2] != 0x15 {
		t.Fatalf("unexpected page header field %#x", b[f2])
	}
	end := varint(f2 + 1)
	size := uint64(100<<20) << 1 // zigzag
	var huge []byte
	for ; size >= 0x80; size >>= 7 {
		huge = append(huge, byte(size)|0x80)
	}
	huge = append(huge, byte(size))
	bad := append(append(append([]byte(nil), b[:f2+1]...), huge...), b[end:]...)
	path := filepath.Join(t.TempDir(), "huge.parquet")
	if err := os.WriteFile(path, bad, 0o666); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tbl, err := dataset.ReadFile(path)
	runtime.ReadMemStats(&after)
	if err == nil {
		tbl.Release()
		t.Fatal("a page of 100 MiB accepted")
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "exceeds") {
		t.Errorf("error %q", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("reading allocated %d MiB", grew>>20)
	}
}

// TestStoredSchemaTrusted checks that the Arrow schema that baolab sim
// stores is recognised (and so used) by OpenFile, and that ReadFile gives
// the dataset's Arrow types.
func TestStoredSchemaTrusted(t *testing.T) {
	files, err := simFiles()
	if err != nil {
		t.Fatal(err)
	}
	for i, sc := range []*arrow.Schema{dataset.GamesSchema, dataset.MovesSchema} {
		path := filepath.Join(t.TempDir(), "f.parquet")
		if err := os.WriteFile(path, files[i], 0o666); err != nil {
			t.Fatal(err)
		}
		r, err := dataset.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if r.MetaData().KeyValueMetadata().FindValue("ARROW:schema") == nil {
			t.Errorf("table %d: stored schema ignored", i)
		}
		r.Close()
		tbl, err := dataset.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for j, f := range sc.Fields() {
			if got := tbl.Schema().Field(j); got.Name != f.Name || !arrow.TypeEqual(got.Type, f.Type) {
				t.Errorf("column %d: %s %s, want %s %s", j, got.Name, got.Type, f.Name, f.Type)
			}
		}
		tbl.Release()
	}
}
