package kingulu_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

// repeatState returns a state of ruleset rs at a position that really repeats
// before any hole is reserved: South 1 0 0 1 0 2, North 0 1 0 1 1 0 (each
// in its owner's numbering), banks 20 and 21, South to move. The moves of
// repeatMoves bring back the starting position at ply 10.
func repeatState(t testing.TB, rs string) *kingulu.State {
	t.Helper()
	var p kingulu.Position
	p.Seeds[engine.South] = [kingulu.MaxHoles]int{1, 0, 0, 1, 0, 2}
	p.Seeds[engine.North] = [kingulu.MaxHoles]int{0, 1, 0, 1, 1, 0}
	p.Bank = [2]int{20, 21}
	s, err := kingulu.NewStateAt(engine.MustParse(rs), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var repeatMoves = []engine.Move{5, 2, 3, 4, 2, 5, 2, 3, 4, 2}

// TestFirstRepeatPly plays a game in which a position really repeats and
// checks FirstRepeatPly: -1 until ply 10, 10 from then on, and the
// position after ply 10 equal to the start.
func TestFirstRepeatPly(t *testing.T) {
	s := repeatState(t, "kingulu")
	start := s.Position()
	for i, m := range repeatMoves {
		if got := s.FirstRepeatPly(); got != -1 {
			t.Fatalf("before ply %d: FirstRepeatPly %d, want -1\n%s", i+1, got, s)
		}
		info, err := s.Apply(m)
		if err != nil {
			t.Fatalf("ply %d move %d: %v\n%s", i, m, err, s)
		}
		if info.Captures != 0 || info.Reserved {
			t.Fatalf("ply %d move %d: %+v (the cycle captures and reserves nothing)", i, m, info)
		}
	}
	if s.Position() != start || s.Player() != engine.South {
		t.Fatalf("after ply 10 the position is not the start:\n%s", s)
	}
	if got := s.FirstRepeatPly(); got != 10 {
		t.Fatalf("FirstRepeatPly %d, want 10", got)
	}
	// It stays 10 as the game goes on round the cycle.
	for _, m := range repeatMoves[:3] {
		if _, err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.FirstRepeatPly(); got != 10 {
		t.Fatalf("FirstRepeatPly %d after ply 13, want 10", got)
	}
}
