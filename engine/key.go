package engine

import (
	"errors"
	"fmt"
)

// KeyWriter appends a position key bit by bit to a byte slice, in the
// order Encoder describes (first bit = lowest bit of the first byte). The
// variants write their fields with Bit, Bits and Count; the zero value
// with Buf set appends to Buf.
type KeyWriter struct {
	Buf  []byte
	acc  uint64 // bits not yet flushed, lowest first
	nacc uint   // number of bits in acc (< 8 between calls)
}

// Bits appends the n lowest bits of x, lowest first (n <= 56).
func (w *KeyWriter) Bits(x uint64, n uint) {
	w.acc |= (x & (1<<n - 1)) << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.Buf = append(w.Buf, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// Bit appends one bit.
func (w *KeyWriter) Bit(b bool) {
	var x uint64
	if b {
		x = 1
	}
	w.Bits(x, 1)
}

// Count appends c in unary: c one bits, then a zero bit. A key made of
// counts that sum to a conserved total T over B bins takes T+B bits (the
// last bin's closing zero can be left out with Last).
func (w *KeyWriter) Count(c int) {
	for c >= 48 {
		w.Bits(1<<48-1, 48)
		c -= 48
	}
	w.Bits(1<<uint(c)-1, uint(c)+1)
}

// Last appends c one bits with no closing zero: the last count of a key,
// ended by the zero padding.
func (w *KeyWriter) Last(c int) {
	for c >= 48 {
		w.Bits(1<<48-1, 48)
		c -= 48
	}
	w.Bits(1<<uint(c)-1, uint(c))
}

// Finish pads the key to a whole byte and returns the slice.
func (w *KeyWriter) Finish() []byte {
	if w.nacc > 0 {
		w.Buf = append(w.Buf, byte(w.acc))
		w.acc, w.nacc = 0, 0
	}
	return w.Buf
}

// ErrBadKey is wrapped by every error a StateFromKey returns for a key
// that encodes no position.
var ErrBadKey = errors.New("bad position key")

// KeyReader reads back what a KeyWriter wrote. A read past the end of the
// key sets an error that Err returns (reads then give zeros).
type KeyReader struct {
	key []byte
	pos int // bits read
	err error
}

// NewKeyReader returns a reader of key.
func NewKeyReader(key []byte) *KeyReader { return &KeyReader{key: key} }

func (r *KeyReader) bit() uint64 {
	if r.pos >= 8*len(r.key) {
		if r.err == nil {
			r.err = fmt.Errorf("%w: %d bytes are too short", ErrBadKey, len(r.key))
		}
		return 0
	}
	b := uint64(r.key[r.pos>>3]>>(r.pos&7)) & 1
	r.pos++
	return b
}

// Bits reads n bits written by KeyWriter.Bits.
func (r *KeyReader) Bits(n uint) uint64 {
	var x uint64
	for i := uint(0); i < n; i++ {
		x |= r.bit() << i
	}
	return x
}

// Bit reads one bit.
func (r *KeyReader) Bit() bool { return r.Bits(1) == 1 }

// Count reads a count written by KeyWriter.Count.
func (r *KeyReader) Count() int {
	c := 0
	for r.bit() == 1 {
		c++
	}
	return c
}

// Last reads the count written by KeyWriter.Last: the one bits up to the
// first zero bit or the end of the key; every bit after it must be zero.
func (r *KeyReader) Last() int {
	c := 0
	for r.pos < 8*len(r.key) && r.bit() == 1 {
		c++
	}
	for r.pos < 8*len(r.key) {
		if r.bit() != 0 && r.err == nil {
			r.err = fmt.Errorf("%w: bits after the last count", ErrBadKey)
		}
	}
	return c
}

// Err returns the first error met, or nil.
func (r *KeyReader) Err() error { return r.err }

// KeyBytes returns the length in bytes of a key of bits bits.
func KeyBytes(bits int) int { return (bits + 7) / 8 }

// KeyUint64 reads a key of at most 8 bytes as a little-endian integer: the
// form in which a solver packs keys of up to 64 bits.
func KeyUint64(key []byte) uint64 {
	var x uint64
	for i, b := range key {
		x |= uint64(b) << (8 * uint(i))
	}
	return x
}

// AppendKeyUint64 appends the n-byte key whose little-endian value is x:
// the inverse of KeyUint64.
func AppendKeyUint64(buf []byte, x uint64, n int) []byte {
	for i := 0; i < n; i++ {
		buf = append(buf, byte(x>>(8*uint(i))))
	}
	return buf
}
