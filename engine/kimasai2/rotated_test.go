package kimasai2

import (
	"math/rand/v2"
	"testing"
)

// TestRot128 checks the branch-free rotation against byte-by-byte turning.
func TestRot128(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 26))
	for i := 0; i < 2000; i++ {
		w0, w1, s := rng.Uint64(), rng.Uint64(), rng.IntN(16)
		r0, r1 := rot128(w0, w1, s)
		var w [4]uint64
		w[0], w[1] = w0, w1
		var want [4]uint64
		for j := 0; j < 16; j++ {
			want[j>>3] |= count(&w, (s+j)&15) << (uint(j&7) * 8)
		}
		if r0 != want[0] || r1 != want[1] {
			t.Fatalf("rot128(%x, %x, %d) = %x %x, want %x %x", w0, w1, s, r0, r1, want[0], want[1])
		}
	}
}

// TestVerdict16 compares verdict16 with the exact kernel (sow2Holes8
// without a memo) on every move of random positions, short moves
// included, with and without raids and a reserve cow brought in: a move
// it says never ends must never end, and for a move it
// says ends, the laps, cows sown and captures must be the kernel's (so
// its laps are the kernel's laps, raids included). Positions: random
// rows (randomSowing), and the never-ending fixtures with the opponent's
// inner row redrawn (raids that change the sowing).
func TestVerdict16(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 26))
	for _, rs := range []string{Name, Name + ":capture_sow=next"} {
		g := MustNew(rs)
		var ended, never, undecided, raided int
		check := func(x pos, p int) {
			o := p ^ 1
			for m := 0; m < g.n; m++ {
				if count(&x.w[p], m) == 0 {
					continue
				}
				for k := 0; k < 4; k++ {
					raids := k&1 != 0
					start := rows2{x.w[p][0], x.w[p][1], x.w[o][0], 0}
					if k >= 2 { // a reserve cow brought in first (phase 1)
						c := uint64(1) << (uint(m&7) * 8)
						if m < 8 {
							start.w0 += c
						} else {
							start.w1 += c
						}
					}
					_, want := g.sow2Holes8(start, p, m, raids, 0, nil)
					got, decided := g.verdict16(start, m, raids, nil)
					switch {
					case !decided:
						undecided++
					case got.NeverEnding != want.NeverEnding:
						t.Fatalf("%s: %+v move %d raids %v: verdict16 %+v, exact %+v", rs, x, m, raids, got, want)
					case !got.NeverEnding && (got.Laps != want.Laps || got.Sown != want.Sown || got.Captures != want.Captures || got.Captured != want.Captured):
						t.Fatalf("%s: %+v move %d raids %v: verdict16 %+v, exact %+v", rs, x, m, raids, got, want)
					case got.NeverEnding:
						never++
					default:
						ended++
						if got.Captures > 0 {
							raided++
						}
					}
				}
			}
		}
		for i := 0; i < 3000; i++ {
			x, _, _, _ := randomSowing(rng, g, i&1, 1+rng.IntN(12))
			check(x, i&1)
		}
		for _, fx := range loadFixtures(t) {
			s, err := NewStateAt(g, fx.pos, fx.toMove)
			if err != nil {
				t.Fatal(err)
			}
			x, p := s.x, int(fx.toMove&1)
			if rng.IntN(2) == 0 {
				for h := 0; h < g.rules.Holes; h++ {
					x.w[p^1][0] &^= 0xFF << (uint(h) * 8)
					x.w[p^1][0] |= uint64(rng.IntN(3)) << (uint(h) * 8)
				}
			}
			check(x, p)
		}
		t.Logf("%s: %d ended (%d with raids), %d never-ending, %d undecided", rs, ended, raided, never, undecided)
		if ended < 10000 || raided < 1000 || never < 50 || undecided*20 > never {
			t.Fatalf("%s: too few cases, or too many undecided", rs)
		}
	}
}
