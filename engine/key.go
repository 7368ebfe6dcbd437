package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// KeyWriter appends a position key bit by bit to a byte slice, in the
// order Encoder describes (first bit = lowest bit of the first byte). The
// variants write their fields with Bit, Bits and Count; the zero value
// with Buf set appends to Buf.
type KeyWriter struct {
	Buf  []byte
	acc  uint64 // bits not yet flushed, lowest first
	nacc uint   // number of bits in acc (< 64 between calls)
}

// Bits appends the n lowest bits of x, lowest first (n <= 56). The bits
// gather in a 64-bit word that is flushed 8 bytes at a time.
func (w *KeyWriter) Bits(x uint64, n uint) {
	x &= 1<<n - 1
	w.acc |= x << w.nacc
	if w.nacc+n < 64 {
		w.nacc += n
		return
	}
	w.Buf = binary.LittleEndian.AppendUint64(w.Buf, w.acc)
	w.acc = x >> (64 - w.nacc) // w.nacc >= 8 here, since n <= 56
	w.nacc += n - 64
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
	l, n := len(w.Buf), int(w.nacc+7)/8
	w.Buf = slices.Grow(w.Buf, n)[:l+n]
	for i, acc := l, w.acc; i < l+n; i, acc = i+1, acc>>8 {
		w.Buf[i] = byte(acc)
	}
	w.acc, w.nacc = 0, 0
	return w.Buf
}

// ErrBadKey is wrapped by every error a StateFromKey returns for a key
// that encodes no position.
var ErrBadKey = errors.New("bad position key")

// KeyReader reads back what a KeyWriter wrote. A read past the end of the
// key sets an error that Err returns (reads then give zeros).
type KeyReader struct {
	key  []byte
	pos  int    // bits read
	word uint64 // the whole key when it has at most 8 bytes (KeyUint64)
	err  error
}

// NewKeyReader returns a reader of key.
func NewKeyReader(key []byte) *KeyReader {
	r := &KeyReader{key: key}
	if len(key) <= 8 {
		r.word = KeyUint64(key)
	}
	return r
}

// window returns the unread bits, lowest first, and how many of them lie
// in the key (at least 57 when that many are left; bits past the key's end
// are zero).
func (r *KeyReader) window() (x uint64, n int) {
	if len(r.key) <= 8 {
		if n = 8*len(r.key) - r.pos; n <= 0 {
			return 0, 0
		}
		return r.word >> uint(r.pos), n
	}
	i := r.pos >> 3
	if i >= len(r.key) {
		return 0, 0
	}
	sh := r.pos & 7
	return KeyUint64(r.key[i:]) >> uint(sh), 8*min(len(r.key)-i, 8) - sh
}

// short notes a read past the end of the key.
func (r *KeyReader) short() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %d bytes are too short", ErrBadKey, len(r.key))
	}
}

// Bits reads n bits written by KeyWriter.Bits (n <= 56).
func (r *KeyReader) Bits(n uint) uint64 {
	x, avail := r.window()
	if int(n) > avail {
		r.short()
		r.pos += avail
		return x
	}
	r.pos += int(n)
	return x & (1<<n - 1)
}

// Bit reads one bit.
func (r *KeyReader) Bit() bool { return r.Bits(1) == 1 }

// ones reads one bits up to and including the first zero bit, or to the
// end of the key, a window at a time. It returns their number and whether
// a zero bit ended them.
func (r *KeyReader) ones() (c int, closed bool) {
	for {
		x, avail := r.window()
		if avail == 0 {
			return c, false
		}
		if k := bits.TrailingZeros64(^x); k < avail {
			r.pos += k + 1
			return c + k, true
		}
		c += avail
		r.pos += avail
	}
}

// Count reads a count written by KeyWriter.Count.
func (r *KeyReader) Count() int {
	c, closed := r.ones()
	if !closed {
		r.short()
	}
	return c
}

// Last reads the count written by KeyWriter.Last: the one bits up to the
// first zero bit or the end of the key; every bit after it must be zero.
func (r *KeyReader) Last() int {
	c, _ := r.ones()
	for {
		x, avail := r.window()
		if avail == 0 {
			return c
		}
		if x != 0 && r.err == nil {
			r.err = fmt.Errorf("%w: bits after the last count", ErrBadKey)
		}
		r.pos += avail
	}
}

// Err returns the first error met, or nil.
func (r *KeyReader) Err() error { return r.err }

// KeyBytes returns the length in bytes of a key of bits bits.
func KeyBytes(bits int) int { return (bits + 7) / 8 }

// KeyUint64 reads a key of at most 8 bytes as a little-endian integer: the
// form in which a solver packs keys of up to 64 bits. Of a longer key it
// reads the first 8 bytes.
func KeyUint64(key []byte) uint64 {
	if len(key) >= 8 {
		return binary.LittleEndian.Uint64(key)
	}
	var x uint64
	for i := len(key) - 1; i >= 0; i-- {
		x = x<<8 | uint64(key[i])
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
