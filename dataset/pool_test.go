package dataset

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unsafe"
)

func addressOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// TestBufferPoolReuses checks that a freed buffer is handed out again,
// zeroed and aligned, for any size of its capacity class, and not for a
// size of another class.
func TestBufferPoolReuses(t *testing.T) {
	var p bufferPool
	b := p.Allocate(1000)
	if len(b) != 1000 || cap(b) != 1024 || addressOf(b)%64 != 0 {
		t.Fatalf("Allocate(1000): len %d cap %d address %#x", len(b), cap(b), addressOf(b))
	}
	for i := range b {
		b[i] = 0xff
	}
	p.Free(b)
	if c := p.Allocate(5000); addressOf(c) == addressOf(b) {
		t.Errorf("a 1024-byte buffer was handed out for 5000 bytes")
	}
	c := p.Allocate(600)
	if addressOf(c) != addressOf(b) || len(c) != 600 {
		t.Fatalf("Allocate(600) after freeing a 1024-byte buffer: a new buffer (len %d)", len(c))
	}
	if !bytes.Equal(c[:cap(c)], make([]byte, 1024)) {
		t.Errorf("a reused buffer is not zeroed")
	}
}

// TestBufferPoolReallocate checks that Reallocate keeps the bytes, frees
// the buffer it moves from, and stays in place while the capacity holds.
func TestBufferPoolReallocate(t *testing.T) {
	var p bufferPool
	b := p.Allocate(100)
	copy(b, "baolab")
	if s := p.Reallocate(120, b); addressOf(s) != addressOf(b) || len(s) != 120 {
		t.Errorf("Reallocate within the capacity moved the buffer")
	}
	g := p.Reallocate(300, b)
	if string(g[:6]) != "baolab" || len(g) != 300 {
		t.Errorf("Reallocate(300) gave %q..., len %d", g[:6], len(g))
	}
	if c := p.Allocate(128); addressOf(c) != addressOf(b) {
		t.Errorf("the buffer Reallocate moved from was not freed")
	}
}

// TestBufferPoolKeepsFew checks that the pool keeps at most poolPerClass
// buffers of a capacity, and none of a capacity it does not hand out.
func TestBufferPoolKeepsFew(t *testing.T) {
	var p bufferPool
	for range poolPerClass + 5 {
		p.Free(make([]byte, 256))
	}
	p.Free(make([]byte, 300))
	if n := len(p.free[8]); n != poolPerClass {
		t.Errorf("%d free 256-byte buffers kept, want %d", n, poolPerClass)
	}
	for c, free := range p.free {
		if c != 8 && len(free) > 0 {
			t.Errorf("%d buffers kept of capacity %d", len(free), 1<<c)
		}
	}
}

// TestWriterReusesBuffers writes the same moves three times with one
// Writer: every file is byte for byte the first (reused buffers hold no
// stale bytes), and the encoders of the later files take almost all
// their memory from the pool.
func TestWriterReusesBuffers(t *testing.T) {
	var mb MoveBatch
	for i := range 50_000 {
		mb.Append(&MoveRow{Experiment: "e", GameID: int64(i / 20), Ruleset: "kingulu", Ply: int32(i % 20), Move: int8(i % 7),
			Legal: int16(i % 11), Laps: int64(i % 3), Sown: int64(i % 13), MaterialSouth: 32, MaterialNorth: 32, Hash: uint64(i) * 0x9e3779b97f4a7c15})
	}
	w := NewWriter()
	pool, ok := w.props.Allocator().(*bufferPool)
	if !ok {
		t.Fatalf("files are written with %T, not a bufferPool", w.props.Allocator())
	}
	dir := t.TempDir()
	write := func(name string) ([]byte, int64) {
		before := pool.fresh
		path := filepath.Join(dir, name)
		commitMoves(t, w, path, &mb)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return data, pool.fresh - before
	}
	first, firstBytes := write("1.parquet")
	for _, name := range []string{"2.parquet", "3.parquet"} {
		data, n := write(name)
		if !bytes.Equal(data, first) {
			t.Errorf("%s differs from the first file", name)
		}
		if n > firstBytes/10 {
			t.Errorf("%s: %d bytes allocated anew, the first file %d", name, n, firstBytes)
		}
		t.Logf("%s: %d bytes allocated anew, the first file %d", name, n, firstBytes)
	}
}
