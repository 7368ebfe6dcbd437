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

// KeyRoundTrip plays n random games of g (whose Game must implement
// engine.Encoder) from seed and checks at every position: the key has
// KeyBits(s) bits (zero padding after them), starts with the player to
// move and has the same length all game long; StateFromKey rebuilds a
// state with the same key, hash, player to move and material, and
// LoadKey into a state in the middle of a game rebuilds the same state at
// ply 0 (same key, hash, result and candidates); two
// positions of one game with equal keys have equal hashes; a key with one
// bit flipped or one byte cut either fails with engine.ErrBadKey or is
// itself the exact key of the state it decodes to (keys are canonical),
// and LoadKey agrees and leaves its state unchanged on an error; and
// neither AppendKey nor LoadKey allocates.
func KeyRoundTrip(t testing.TB, g engine.Game, n int, seed uint64) {
	t.Helper()
	enc, ok := g.(engine.Encoder)
	if !ok {
		t.Fatalf("%s: Game does not implement engine.Encoder", g.Ruleset())
	}
	c := &keyChecker{enc: enc, rng: rand.New(rand.NewPCG(seed, 0x6b6579)), loaded: g.NewState()}
	for game := 0; game < n; game++ {
		s := g.NewState()
		bits := enc.KeyBits(s)
		seen := map[string]uint64{}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("%s seed %d game %d ply %d: %s\n%s", g.Ruleset(), seed, game, s.Ply(), fmt.Sprintf(format, args...), s)
		}
		for {
			c.checkKey(s, bits, seen, fail)
			c.checkRebuilt(s, fail)
			checkBadKey(enc, c.key, c.loaded, c.rng, fail)
			if s.Over() {
				break
			}
			c.cands = s.Candidates(c.cands[:0])
			if _, err := s.Apply(c.cands[c.rng.IntN(len(c.cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				fail("%v", err)
			}
		}
	}
	checkKeyAllocs(t, g, enc, c.loaded)
}

// keyChecker holds KeyRoundTrip's encoder, random source and buffers.
type keyChecker struct {
	enc                engine.Encoder
	rng                *rand.Rand
	key, again         []byte
	cands, loadedCands []engine.Move
	loaded             engine.State // the state LoadKey loads into
}

// checkKey sets c.key to the key of s and checks its form: bits bits
// (zero padding after them), the player to move first, and no other
// hash in seen (the keys met so far in this game, which it adds to).
func (c *keyChecker) checkKey(s engine.State, bits int, seen map[string]uint64, fail func(string, ...any)) {
	if b := c.enc.KeyBits(s); b != bits {
		fail("key length %d bits, %d at the start", b, bits)
	}
	key := c.enc.AppendKey(c.key[:0], s)
	c.key = key
	if len(key) != engine.KeyBytes(bits) {
		fail("key of %d bytes, want %d for %d bits", len(key), engine.KeyBytes(bits), bits)
	}
	if bits%8 != 0 && key[len(key)-1]>>(bits%8) != 0 {
		fail("key %x has bits set after bit %d", key, bits)
	}
	if engine.Player(key[0]&1) != s.Player() {
		fail("key %x does not start with the player to move", key)
	}
	if h, ok := seen[string(key)]; ok && h != s.Hash() {
		fail("two positions with hashes %#x and %#x share the key %x", h, s.Hash(), key)
	}
	seen[string(key)] = s.Hash()
}

// checkRebuilt checks that c.key, the key of s, rebuilds s: by
// StateFromKey, and by LoadKey into c.loaded (a copy of s, in the middle
// of its game), which must end at ply 0 with StateFromKey's result and
// candidates.
func (c *keyChecker) checkRebuilt(s engine.State, fail func(string, ...any)) {
	key, loaded := c.key, c.loaded
	back, err := c.enc.StateFromKey(key)
	if err != nil {
		fail("StateFromKey(%x): %v", key, err)
	}
	if err := back.Check(); err != nil {
		fail("StateFromKey(%x): %v", key, err)
	}
	c.again = c.enc.AppendKey(c.again[:0], back)
	if !bytes.Equal(c.again, key) || back.Hash() != s.Hash() || back.Player() != s.Player() ||
		back.Material(engine.South) != s.Material(engine.South) || back.Material(engine.North) != s.Material(engine.North) {
		fail("key %x rebuilds a different position (key %x):\n%s", key, c.again, back)
	}
	loaded.CopyFrom(s)
	if err := c.enc.LoadKey(loaded, key); err != nil {
		fail("LoadKey(%x): %v", key, err)
	}
	c.cands, c.loadedCands = back.Candidates(c.cands[:0]), loaded.Candidates(c.loadedCands[:0])
	c.again = c.enc.AppendKey(c.again[:0], loaded)
	if !bytes.Equal(c.again, key) || loaded.Hash() != back.Hash() || loaded.Ply() != 0 || loaded.FirstRepeatPly() != -1 ||
		loaded.Result() != back.Result() || loaded.EndReason() != back.EndReason() || !slices.Equal(c.cands, c.loadedCands) {
		fail("LoadKey(%x) over a game at ply %d gives (key %x, ply %d):\n%s\nStateFromKey gives:\n%s", key, s.Ply(), c.again, loaded.Ply(), loaded, back)
	}
	if err := loaded.Check(); err != nil {
		fail("LoadKey(%x): %v", key, err)
	}
}

// checkKeyAllocs checks that neither AppendKey nor LoadKey (into loaded)
// allocates.
func checkKeyAllocs(t testing.TB, g engine.Game, enc engine.Encoder, loaded engine.State) {
	t.Helper()
	s := g.NewState()
	buf := make([]byte, 0, 64)
	if a := testing.AllocsPerRun(100, func() { buf = enc.AppendKey(buf[:0], s) }); a != 0 {
		t.Errorf("%s: AppendKey makes %.1f allocations, want 0", g.Ruleset(), a)
	}
	key := enc.AppendKey(nil, s)
	var err error
	if a := testing.AllocsPerRun(100, func() { err = enc.LoadKey(loaded, key) }); a != 0 || err != nil {
		t.Errorf("%s: LoadKey makes %.1f allocations (error %v), want 0", g.Ruleset(), a, err)
	}
}

// checkBadKey damages key (one bit flipped, or the last byte cut) and
// checks that the result is refused or canonical, by StateFromKey and by
// LoadKey into loaded (the state of key), which a refusal leaves alone.
func checkBadKey(enc engine.Encoder, key []byte, loaded engine.State, rng *rand.Rand, fail func(string, ...any)) {
	bad := append([]byte(nil), key...)
	if rng.IntN(4) == 0 {
		bad = bad[:len(bad)-1]
	} else {
		i := rng.IntN(8 * len(bad))
		bad[i/8] ^= 1 << (i % 8)
	}
	s, err := enc.StateFromKey(bad)
	loadErr := enc.LoadKey(loaded, bad)
	if (err == nil) != (loadErr == nil) {
		fail("damaged key %x: StateFromKey says %v, LoadKey %v", bad, err, loadErr)
	}
	if err != nil {
		if !errors.Is(err, engine.ErrBadKey) {
			fail("StateFromKey(%x): error %v does not wrap ErrBadKey", bad, err)
		}
		if got := enc.AppendKey(nil, loaded); !bytes.Equal(got, key) || loaded.Ply() != 0 {
			fail("LoadKey(%x) failed but changed its state from key %x to %x, ply %d", bad, key, got, loaded.Ply())
		}
		return
	}
	if got := enc.AppendKey(nil, loaded); !bytes.Equal(got, bad) {
		fail("damaged key %x loads a position whose key is %x", bad, got)
	}
	if got := enc.AppendKey(nil, s); !bytes.Equal(got, bad) {
		fail("damaged key %x decodes to a position whose key is %x", bad, got)
	}
}
