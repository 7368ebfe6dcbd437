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
