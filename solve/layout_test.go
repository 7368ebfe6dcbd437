package solve

import (
	"testing"
	"unsafe"
)

// TestWorkerDataFillCacheLines: a Coder is 64 bytes and an expander 128,
// sizes the allocator aligns to cache lines, so that two workers' coders
// and expanders never share a line (see the padding in both). A field
// added without shrinking the padding fails here.
func TestWorkerDataFillCacheLines(t *testing.T) {
	if n := unsafe.Sizeof(Coder{}); n != 64 {
		t.Errorf("a Coder takes %d bytes, want 64", n)
	}
	if n := unsafe.Sizeof(expander{}); n != 128 {
		t.Errorf("an expander takes %d bytes, want 128", n)
	}
}
