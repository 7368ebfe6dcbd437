package dataset

import (
	"math/bits"
	"sync"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// bufferPool is the memory.Allocator of a Writer's Parquet encoders. The
// encoders and page buffers of every column chunk are allocated afresh
// and freed when the chunk is written; arrow-go's Go allocator leaves the
// freed buffers to the garbage collector, so a worker writing moves
// allocated fresh memory (zeroed, page-faulted) for every row group. The
// pool keeps the freed buffers and hands them out again, zeroed as the Go
// allocator's are, so a writer's encoding memory is allocated once.
//
// Buffers come in power-of-two capacities (poolMinClass and up), aligned
// to 64 bytes as memory.GoAllocator aligns them; at most poolPerClass
// free buffers are kept per capacity, the rest are left to the garbage
// collector.
type bufferPool struct {
	mu    sync.Mutex
	free  [64][][]byte // free[c]: free buffers of capacity 1<<c
	fresh int64        // bytes allocated anew, not reused
}

const (
	poolMinClass = 6  // 64 bytes
	poolPerClass = 32 // free buffers kept per capacity
	poolAlign    = 64
)

var _ memory.Allocator = (*bufferPool)(nil)

// sizeClass returns the class of the smallest pooled capacity that holds
// size bytes.
func sizeClass(size int) int {
	if size <= 1<<poolMinClass {
		return poolMinClass
	}
	return bits.Len(uint(size - 1))
}

// Allocate returns a zeroed buffer of size bytes.
func (p *bufferPool) Allocate(size int) []byte {
	c := sizeClass(size)
	p.mu.Lock()
	n := len(p.free[c])
	if n == 0 {
		p.fresh += 1 << c
		p.mu.Unlock()
		return newAligned(1 << c)[:size]
	}
	b := p.free[c][n-1]
	p.free[c][n-1] = nil
	p.free[c] = p.free[c][:n-1]
	p.mu.Unlock()
	clear(b)
	return b[:size]
}

// newAligned returns n zeroed bytes starting on a 64-byte boundary, of
// capacity exactly n.
func newAligned(n int) []byte {
	buf := make([]byte, n+poolAlign)
	shift := (poolAlign - int(uintptr(unsafe.Pointer(unsafe.SliceData(buf))))%poolAlign) % poolAlign
	return buf[shift : shift+n : shift+n]
}

// Reallocate returns a buffer of size bytes holding b's bytes (as many
// as fit), and frees b if it had to move.
func (p *bufferPool) Reallocate(size int, b []byte) []byte {
	if size <= cap(b) {
		return b[:size]
	}
	nb := p.Allocate(size)
	copy(nb, b)
	p.Free(b)
	return nb
}

// Free keeps b for a later Allocate if its capacity is one that the pool
// hands out and the pool does not hold enough of them already.
func (p *bufferPool) Free(b []byte) {
	n := cap(b)
	if n < 1<<poolMinClass || n&(n-1) != 0 {
		return
	}
	c := bits.Len(uint(n)) - 1
	p.mu.Lock()
	if len(p.free[c]) < poolPerClass {
		p.free[c] = append(p.free[c], b[:n])
	}
	p.mu.Unlock()
}
