package kimasai4_test

import (
	"fmt"
	"testing"

	"github.com/baolab/baolab/engine"
)

// fuzzRuleset derives a ruleset from the first three bytes of the input.
func fuzzRuleset(data []byte) (string, []byte) {
	for len(data) < 3 {
		data = append(data, 0)
	}
	holes := 4 + int(data[0])%13
	rep := []string{"first", "third", "none"}[int(data[1])%3]
	empty := []string{"left", "right"}[int(data[1]>>2)&1]
	first := []string{"south", "north"}[int(data[1]>>3)&1]
	maxPlies := 1 + int(data[2])*4
	return fmt.Sprintf("kimasai-four-rows:holes=%d,repetition=%s,empty_start=%s,first=%s,max_plies=%d",
		holes, rep, empty, first, maxPlies), data[3:]
}

// FuzzMoves plays the move sequence the input selects (each byte picks a
// candidate) under the option set the input selects, checking after every
// move the state's invariants, the reference model, undo by CopyFrom and
// perft(1).
func FuzzMoves(f *testing.F) {
	f.Add([]byte{8, 0, 255})
	f.Add([]byte{0, 1, 20, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{12, 6, 100, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{3, 13, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{1, 2, 200, 5, 17, 33, 250, 1, 0, 7, 7, 3, 2, 1, 99, 4, 8, 15, 16, 23, 42})
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, moves := fuzzRuleset(data)
		g := engine.MustParse(rs)
		s := g.NewState()
		r := newRef(g)
		spare := s.Clone()
		var ms []engine.Move
		for i := 0; !s.Over(); i++ {
			ms = s.Candidates(ms[:0])
			if len(ms) == 0 {
				t.Fatalf("%s ply %d: not over, no candidates\n%s", rs, s.Ply(), s)
			}
			if p := g.Perft(s, 1); p != uint64(len(ms)) {
				t.Fatalf("%s ply %d: perft(1) %d, %d candidates", rs, s.Ply(), p, len(ms))
			}
			b := byte(i * 7)
			if i < len(moves) {
				b = moves[i]
			}
			m := ms[int(b)%len(ms)]
			spare.CopyFrom(s)
			before, h := s.String(), s.Hash()
			info, err := s.Apply(m)
			if err != nil {
				t.Fatalf("%s ply %d: move %d: %v", rs, s.Ply(), m, err)
			}
			if taken := r.apply(m); taken != int(info.Captured) {
				t.Fatalf("%s ply %d: captured %d, reference %d", rs, s.Ply(), info.Captured, taken)
			}
			if err := s.Check(); err != nil {
				t.Fatalf("%s ply %d: %v\n%s", rs, s.Ply(), err, s)
			}
			if d := r.compare(s); d != "" {
				t.Fatalf("%s ply %d: %s", rs, s.Ply(), d)
			}
			after := s.String()
			s.CopyFrom(spare)
			if s.String() != before || s.Hash() != h {
				t.Fatalf("%s ply %d: undo failed", rs, s.Ply())
			}
			s.Apply(m)
			if s.String() != after {
				t.Fatalf("%s ply %d: replay after undo differs", rs, s.Ply())
			}
		}
		if s.Ply() > g.MaxPlies() || s.FirstRepeatPly() != -1 || s.EndReason() == engine.Repetition {
			t.Fatalf("%s: ended at ply %d (%v), first repeat %d", rs, s.Ply(), s.EndReason(), s.FirstRepeatPly())
		}
	})
}
