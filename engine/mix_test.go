package engine

import "testing"

// TestSplitMix64 checks the first outputs from state 0 against the values
// of the reference C implementation (Vigna's splitmix64.c).
func TestSplitMix64(t *testing.T) {
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec}
	var x uint64
	for i, w := range want {
		if got := SplitMix64(&x); got != w {
			t.Errorf("output %d = %#x, want %#x", i, got, w)
		}
	}
	if g := uint64(Golden); x != 4*g {
		t.Errorf("state after 4 outputs = %#x, want 4*Golden", x)
	}
}

// TestFmix64 checks MurmurHash3's finalizer on values computed apart from
// this code, with big-integer arithmetic from its definition (0 is its
// fixed point).
func TestFmix64(t *testing.T) {
	for _, c := range []struct{ in, want uint64 }{
		{0, 0},
		{1, 0xb456bcfc34c2cb2c},
		{0x0123456789abcdef, 0x87cbfbfe89022cea},
	} {
		if got := Fmix64(c.in); got != c.want {
			t.Errorf("Fmix64(%#x) = %#x, want %#x", c.in, got, c.want)
		}
	}
}
