package enginetest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
)

// LayerRoundTrip plays n random games of g, which must implement
// engine.Layered and engine.Encoder, and checks at every position that
//   - the layer never decreases along a game, and changes only on a
//     move that changes(before, after) allows (for kingulu: a bank grew
//     or a hole was reserved);
//   - the layer key fits LayerKeyBits, which never grows along a game;
//   - LoadLayerKey, over a game in progress, rebuilds the position:
//     the same Encoder key, hash, result and candidates as LoadKey;
//   - a damaged layer or key is refused, leaving the state alone, or
//     loads a position whose layer and key are the damaged ones;
//   - LayerKey and LoadLayerKey do not allocate.
func LayerRoundTrip(t testing.TB, g engine.Game, n int, seed uint64, changes func(before, after engine.State) bool) {
	t.Helper()
	lay, ok := g.(engine.Layered)
	enc, ok2 := g.(engine.Encoder)
	if !ok || !ok2 {
		t.Fatalf("%s: Game does not implement engine.Layered and engine.Encoder", g.Ruleset())
	}
	rng := rand.New(rand.NewPCG(seed, 0x6c6179))
	var key, again []byte
	var cands, loadedCands []engine.Move
	loaded, viaKey := g.NewState(), g.NewState()
	for game := 0; game < n; game++ {
		s := g.NewState()
		prev := s.Clone()
		bits := lay.LayerKeyBits(s)
		if bits > 64 {
			t.Fatalf("%s: layer keys of %d bits do not fit a word", g.Ruleset(), bits)
		}
		prevLayer, _ := lay.LayerKey(s)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("%s seed %d game %d ply %d: %s\n%s", g.Ruleset(), seed, game, s.Ply(), fmt.Sprintf(format, args...), s)
		}
		for {
			b := lay.LayerKeyBits(s)
			if b > bits {
				fail("layer key length %d bits, %d before", b, bits)
			}
			bits = b
			l, k := lay.LayerKey(s)
			if bits < 64 && k>>uint(bits) != 0 {
				fail("layer key %#x has bits set after bit %d", k, bits)
			}
			if l < prevLayer {
				fail("layer %#x (%s) after layer %#x (%s)", l, lay.LayerString(l), prevLayer, lay.LayerString(prevLayer))
			}
			if l != prevLayer && !changes(prev, s) {
				fail("the layer changed from %s to %s on a move that changes no bank or reserve", lay.LayerString(prevLayer), lay.LayerString(l))
			}
			prevLayer = l
			loaded.CopyFrom(s)
			if err := lay.LoadLayerKey(loaded, l, k); err != nil {
				fail("LoadLayerKey(%#x, %#x): %v", l, k, err)
			}
			key = enc.AppendKey(key[:0], s)
			if err := enc.LoadKey(viaKey, key); err != nil {
				fail("LoadKey(%x): %v", key, err)
			}
			again = enc.AppendKey(again[:0], loaded)
			cands, loadedCands = viaKey.Candidates(cands[:0]), loaded.Candidates(loadedCands[:0])
			if !bytes.Equal(again, key) || loaded.Hash() != viaKey.Hash() || loaded.Ply() != 0 ||
				loaded.Result() != viaKey.Result() || loaded.EndReason() != viaKey.EndReason() || !slices.Equal(cands, loadedCands) {
				fail("LoadLayerKey(%#x, %#x) gives (key %x):\n%s\nLoadKey gives (key %x):\n%s", l, k, again, loaded, key, viaKey)
			}
			if err := loaded.Check(); err != nil {
				fail("LoadLayerKey(%#x, %#x): %v", l, k, err)
			}
			checkBadLayerKey(lay, l, k, loaded, rng, fail)
			if s.Over() {
				break
			}
			prev.CopyFrom(s)
			cands = s.Candidates(cands[:0])
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				fail("%v", err)
			}
		}
	}
	s := g.NewState()
	var l, k uint64
	if a := testing.AllocsPerRun(100, func() { l, k = lay.LayerKey(s) }); a != 0 {
		t.Errorf("%s: LayerKey makes %.1f allocations, want 0", g.Ruleset(), a)
	}
	var err error
	if a := testing.AllocsPerRun(100, func() { err = lay.LoadLayerKey(loaded, l, k) }); a != 0 || err != nil {
		t.Errorf("%s: LoadLayerKey makes %.1f allocations (error %v), want 0", g.Ruleset(), a, err)
	}
}

// checkBadLayerKey flips one bit of the layer or of the key and checks
// that the result is refused, leaving loaded (at the position (l, k))
// alone, or is loaded as a position with that very layer and key.
func checkBadLayerKey(lay engine.Layered, l, k uint64, loaded engine.State, rng *rand.Rand, fail func(string, ...any)) {
	bl, bk := l, k
	if rng.IntN(2) == 0 {
		bl ^= 1 << rng.IntN(64)
	} else {
		bk ^= 1 << rng.IntN(64)
	}
	before := loaded.Clone()
	if err := lay.LoadLayerKey(loaded, bl, bk); err != nil {
		if !errors.Is(err, engine.ErrBadKey) {
			fail("LoadLayerKey(%#x, %#x): %v, not wrapping engine.ErrBadKey", bl, bk, err)
		}
		if loaded.Hash() != before.Hash() {
			fail("a refused LoadLayerKey(%#x, %#x) changed the state", bl, bk)
		}
		return
	}
	if gl, gk := lay.LayerKey(loaded); gl != bl || gk != bk {
		fail("LoadLayerKey(%#x, %#x) loads a position of layer %#x, key %#x", bl, bk, gl, gk)
	}
	if err := loaded.Check(); err != nil {
		fail("LoadLayerKey(%#x, %#x): %v", bl, bk, err)
	}
	loaded.CopyFrom(before)
}
