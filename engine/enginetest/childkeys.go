package enginetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
)

// ChildKeys plays n random games of g (whose Game must implement
// engine.ChildKeys) from seed and checks at every position, loaded from
// its key at ply 0 as a solver sees it, that AppendChildKeys appends one
// Child per candidate, in order, each with the key, result and end
// reason of the state Apply leaves (nothing when the position has no
// legal move), keeps what dst held, and does not allocate.
func ChildKeys(t testing.TB, g engine.Game, n int, seed uint64) {
	t.Helper()
	ck, ok := g.(engine.ChildKeys)
	if !ok {
		t.Fatalf("%s: Game does not implement engine.ChildKeys", g.Ruleset())
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b696473))
	loaded, child := g.NewState(), g.NewState()
	var key []byte
	var cands []engine.Move
	kids := make([]engine.Child, 0, engine.MaxMoves+1)
	mark := engine.Child{Key: 0x6b696473, Move: 99, Result: engine.Draw} // what dst held
	for game := range n {
		s := g.NewState()
		for {
			key = ck.AppendKey(key[:0], s)
			if err := ck.LoadKey(loaded, key); err != nil {
				t.Fatalf("%s seed %d game %d ply %d: LoadKey: %v", g.Ruleset(), seed, game, s.Ply(), err)
			}
			kids = ck.AppendChildKeys(append(kids[:0], mark), engine.KeyUint64(key))
			if err := checkChildren(ck, loaded, child, kids[1:], &key); err != nil || kids[0] != mark {
				t.Fatalf("%s seed %d game %d ply %d: %v (dst's first element %+v)\n%s", g.Ruleset(), seed, game, s.Ply(), err, kids[0], loaded)
			}
			if s.Over() {
				break
			}
			cands = s.Candidates(cands[:0])
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s seed %d game %d ply %d: %v", g.Ruleset(), seed, game, s.Ply(), err)
			}
		}
		k := engine.KeyUint64(ck.AppendKey(key[:0], g.NewState()))
		if a := testing.AllocsPerRun(10, func() { kids = ck.AppendChildKeys(kids[:0], k) }); a != 0 {
			t.Fatalf("%s: AppendChildKeys allocates %v times", g.Ruleset(), a)
		}
	}
}

// checkChildren compares kids with the candidates of s, applied to child
// one at a time (key is a buffer).
func checkChildren(enc engine.Encoder, s, child engine.State, kids []engine.Child, key *[]byte) error {
	cands := s.Candidates(nil)
	var want []engine.Child
	for _, m := range cands {
		child.CopyFrom(s)
		if _, err := child.Apply(m); err != nil {
			return fmt.Errorf("move %d: %v", m, err)
		}
		*key = enc.AppendKey((*key)[:0], child)
		want = append(want, engine.Child{Key: engine.KeyUint64(*key), Move: m, Result: child.Result(), End: child.EndReason()})
	}
	if len(kids) != len(want) {
		return fmt.Errorf("%d children, want %d (%v)", len(kids), len(want), cands)
	}
	for i := range kids {
		if kids[i] != want[i] {
			return fmt.Errorf("child %d: %+v, want %+v", i, kids[i], want[i])
		}
	}
	return nil
}
