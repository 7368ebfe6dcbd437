package engine

import (
	"math/rand/v2"
	"testing"
)

// refReader is the literal reading of a key, one bit at a time: the
// reference for KeyReader's word-at-a-time reads.
type refReader struct {
	key []byte
	pos int
	bad bool
}

func (r *refReader) bit() uint64 {
	if r.pos >= 8*len(r.key) {
		r.bad = true
		return 0
	}
	b := uint64(r.key[r.pos>>3]>>(r.pos&7)) & 1
	r.pos++
	return b
}

func (r *refReader) bits(n uint) uint64 {
	var x uint64
	for i := uint(0); i < n; i++ {
		x |= r.bit() << i
	}
	return x
}

func (r *refReader) count() int {
	c := 0
	for r.bit() == 1 {
		c++
	}
	return c
}

func (r *refReader) last() int {
	c := 0
	for r.pos < 8*len(r.key) && r.bit() == 1 {
		c++
	}
	for r.pos < 8*len(r.key) {
		if r.bit() != 0 {
			r.bad = true
		}
	}
	return c
}

// readBoth runs the reads that ops describe on key with KeyReader and
// with the reference, and fails at the first difference (value, bits
// consumed, or error).
func readBoth(t *testing.T, key, ops []byte) {
	t.Helper()
	r, ref := NewKeyReader(key), &refReader{key: key}
	for i, op := range ops {
		var got, want uint64
		var what string
		switch op % 3 {
		case 0:
			n := uint(op/3) % 57
			got, want, what = r.Bits(n), ref.bits(n), "Bits"
		case 1:
			got, want, what = uint64(r.Count()), uint64(ref.count()), "Count"
		case 2:
			got, want, what = uint64(r.Last()), uint64(ref.last()), "Last"
		}
		if got != want || r.pos != ref.pos || (r.Err() != nil) != ref.bad {
			t.Fatalf("key %x, op %d (%s, byte %d): got %d at bit %d (err %v), want %d at bit %d (error %v)",
				key, i, what, op, got, r.pos, r.Err(), want, ref.pos, ref.bad)
		}
	}
}

// TestKeyReaderMatchesBitByBit reads random keys and keys written by
// KeyWriter (long runs of ones, counts over 48, keys of 1 to 20 bytes)
// with random reads.
func TestKeyReaderMatchesBitByBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var w KeyWriter
		for range rng.IntN(12) {
			switch rng.IntN(3) {
			case 0:
				w.Bits(rng.Uint64(), uint(rng.IntN(57)))
			case 1:
				w.Count(rng.IntN(70))
			case 2:
				w.Last(rng.IntN(70))
			}
		}
		key := w.Finish()
		if rng.IntN(4) == 0 {
			key = make([]byte, 1+rng.IntN(20))
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
		}
		ops := make([]byte, rng.IntN(10))
		for i := range ops {
			ops[i] = byte(rng.Uint32())
		}
		readBoth(t, key, ops)
	}
}

func FuzzKeyReader(f *testing.F) {
	f.Add([]byte{0xff, 0x0f}, []byte{1, 0, 2})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, []byte{1, 1, 2})
	f.Fuzz(func(t *testing.T, key, ops []byte) { readBoth(t, key, ops) })
}

// refWriter is the literal writing of a key, one bit at a time: the
// reference for KeyWriter's word-at-a-time writes.
type refWriter struct {
	buf []byte
	n   int // bits written
}

func (w *refWriter) bit(b uint64) {
	if w.n%8 == 0 {
		w.buf = append(w.buf, 0)
	}
	w.buf[len(w.buf)-1] |= byte(b&1) << (w.n % 8)
	w.n++
}

// TestKeyWriterMatchesBitByBit writes random fields after a random
// prefix with KeyWriter and with the reference and compares the bytes;
// a buffer with exactly room for the key is not reallocated.
func TestKeyWriterMatchesBitByBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		prefix := make([]byte, rng.IntN(10))
		for i := range prefix {
			prefix[i] = byte(rng.Uint32())
		}
		ref := &refWriter{buf: append([]byte(nil), prefix...), n: 8 * len(prefix)}
		var ops []func(*KeyWriter)
		for range rng.IntN(14) {
			switch x, n, c := rng.Uint64(), uint(rng.IntN(57)), rng.IntN(120); rng.IntN(3) {
			case 0:
				ops = append(ops, func(w *KeyWriter) { w.Bits(x, n) })
				for i := range n {
					ref.bit(x >> i)
				}
			case 1:
				ops = append(ops, func(w *KeyWriter) { w.Count(c) })
				for range c {
					ref.bit(1)
				}
				ref.bit(0)
			case 2:
				ops = append(ops, func(w *KeyWriter) { w.Last(c) })
				for range c {
					ref.bit(1)
				}
			}
		}
		for _, room := range []bool{false, true} {
			buf := append([]byte(nil), prefix...)
			if room {
				buf = append(make([]byte, 0, len(ref.buf)), prefix...)
			}
			w := KeyWriter{Buf: buf}
			for _, op := range ops {
				op(&w)
			}
			got := w.Finish()
			if string(got) != string(ref.buf) {
				t.Fatalf("KeyWriter wrote % x, bit by bit % x", got, ref.buf)
			}
			if room && len(got) > 0 && &got[0] != &buf[:1][0] {
				t.Fatalf("KeyWriter reallocated a buffer with room for the key (%d bytes)", len(ref.buf))
			}
		}
	}
}

// TestKeyUint64 reads keys of 0 to 9 bytes against the byte-by-byte sum.
func TestKeyUint64(t *testing.T) {
	key := []byte{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x55}
	for n := 0; n <= len(key); n++ {
		var want uint64
		for i, b := range key[:min(n, 8)] {
			want |= uint64(b) << (8 * uint(i))
		}
		if got := KeyUint64(key[:n]); got != want {
			t.Errorf("KeyUint64(% x) = %#x, want %#x", key[:n], got, want)
		}
		if n <= 8 {
			if back := AppendKeyUint64(nil, want, n); string(back) != string(key[:n]) {
				t.Errorf("AppendKeyUint64(%#x, %d) = % x", want, n, back)
			}
		}
	}
}
