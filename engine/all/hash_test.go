package all_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
)

// pinnedHashes pins State.Hash along one fixed game per ruleset: the hash
// of the start, the hash after ply 10, and a fold of the hashes after every
// ply. The dataset's hash column and every reproduced run depend on these
// values, so a change here is a change of the data format, never a
// refactor.
var pinnedHashes = []struct {
	ruleset           string
	start, ply10, all uint64
}{
	{"kingulu", 0xa10062f39fc27a53, 0x7fe91d82010d6b5d, 0xed5052855eac2242},
	{"kingulu:holes=4,seeds=3,skip_origin=on,first=north", 0xfa84b54d2dd4b158, 0xf0de848b0c77a723, 0xa64c1f4eac2976ba},
	{"kimasai-two-rows", 0xa07d860c23017e05, 0x1b9b892064ddcf6c, 0x4e5d521e5d0017a},
	{"kimasai-two-rows:holes=5,reserve=2,opening_intro=on", 0x8d5c3bf8da42829f, 0xe575bb9905adf901, 0xe0fc324cd8e7e3d6},
	{"kimasai-four-rows", 0x8f6e075f9dca7fc3, 0x6841c877c1e5b2a0, 0x1bfc478d38b66a52},
	{"kimasai-four-rows:holes=5,empty_start=right,repetition=none", 0x7cb2e076386c7274, 0xd4b475e01ca729b1, 0x3cf57b83634f0140},
}

// hashTrail plays up to 300 plies of a game chosen by a fixed PCG stream
// and returns the start hash, the hash after ply 10 (0 if the game ended
// before) and a fold of every hash met.
func hashTrail(t *testing.T, ruleset string) (start, ply10, all uint64) {
	t.Helper()
	g, err := engine.Parse(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	rng := rand.New(rand.NewPCG(10, 1))
	start, all = s.Hash(), s.Hash()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for s.Ply() < 300 && !s.Over() {
		buf = s.Candidates(buf[:0])
		if len(buf) == 0 {
			break
		}
		_, err := s.Apply(buf[rng.IntN(len(buf))])
		if errors.Is(err, engine.ErrNeverEnding) {
			continue
		}
		if err != nil {
			t.Fatalf("%s ply %d: %v", ruleset, s.Ply(), err)
		}
		all = all*0x100000001b3 ^ s.Hash()
		if s.Ply() == 10 {
			ply10 = s.Hash()
		}
	}
	return start, ply10, all
}

func TestHashesPinned(t *testing.T) {
	for _, c := range pinnedHashes {
		start, ply10, all := hashTrail(t, c.ruleset)
		if start != c.start || ply10 != c.ply10 || all != c.all {
			t.Errorf("%s: hashes changed; pinned %#x, %#x, %#x; now:\n\t{%q, %#x, %#x, %#x},",
				c.ruleset, c.start, c.ply10, c.all, c.ruleset, start, ply10, all)
		}
	}
}
