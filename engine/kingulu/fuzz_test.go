package kingulu_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

// fuzzRuleset derives an option set from two bytes.
func fuzzRuleset(a, b byte) string {
	rs := fmt.Sprintf("kingulu:holes=%d,seeds=%d,min_lift=%d,penultimate=%s,first_lap_rule=%s,skip_origin=%s",
		3+int(a)%10, 1+int(b)%12, 1+int(a>>4)&1, []string{"lap", "origin", "never"}[int(b>>4)%3],
		[]string{"on", "off"}[int(a>>5)&1], []string{"off", "on"}[int(a>>6)&1])
	if b&0x40 != 0 {
		rs += ",infinite=draw"
	}
	if b&0x80 != 0 {
		rs += fmt.Sprintf(",lap_limit=%d", 1+int(a)%37)
	}
	return rs
}

// FuzzMoves plays the move sequence the input gives (each byte picks one
// of the candidates) under the option set its first two bytes give, and
// checks the invariants and the reference implementation after every move.
func FuzzMoves(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{0x13, 0x44, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Add([]byte{0xff, 0xff, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0})
	f.Add([]byte{0x23, 0x83, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		rs := "kingulu"
		if len(data) >= 2 {
			rs, data = fuzzRuleset(data[0], data[1]), data[2:]
		}
		g := engine.MustParse(rs)
		s := g.NewState().(*kingulu.State)
		spare := s.Clone()
		checked := -1
		for _, b := range data {
			if s.Over() {
				break
			}
			if s.Ply() != checked { // not again after a rejected move
				crossCheck(t, s)
				checked = s.Ply()
			}
			cands := s.Candidates(nil)
			m := cands[int(b)%len(cands)]
			spare.CopyFrom(s)
			h := s.Hash()
			_, err := s.Apply(m)
			if err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s: move %d: %v", rs, m, err)
			}
			if err := s.Check(); err != nil {
				t.Fatalf("%s: after move %d: %v\n%s", rs, m, err, s)
			}
			a, c := s.Material(S), s.Material(N)
			if a < 0 || c < 0 || a+c != g.TotalMaterial() {
				t.Fatalf("%s: material %d + %d != %d", rs, a, c, g.TotalMaterial())
			}
			if s.Over() && s.EndReason() == engine.Score {
				checkScoreResult(t, s)
			}
			s2 := spare.Clone()
			if s2.Hash() != h {
				t.Fatalf("%s: clone changed the hash", rs)
			}
		}
	})
}
