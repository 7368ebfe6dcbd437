package kimasai2

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
)

// at builds a state of ruleset rs from player-relative hole lists (missing
// holes are empty).
func at(t testing.TB, rs string, south, north []int, resS, resN int, toMove engine.Player, opening bool) *State {
	t.Helper()
	var p Position
	for h, c := range south {
		p.Cows[engine.South][h] = uint8(c)
	}
	for h, c := range north {
		p.Cows[engine.North][h] = uint8(c)
	}
	p.Reserve = [2]int{resS, resN}
	p.Opening = opening
	s, err := NewStateAt(MustNew(rs), p, toMove)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// row returns player p's counts, holes 0..2*holes-1.
func row(s *State, p engine.Player) []int {
	pos := s.Position()
	out := make([]int, s.g.n)
	for h := range out {
		out[h] = int(pos.Cows[p][h])
	}
	return out
}

// want checks both rows and the reserves of s.
func want(t *testing.T, s *State, south, north []int, resS, resN int) {
	t.Helper()
	pad := func(x []int) []int {
		y := make([]int, s.g.n)
		copy(y, x)
		return y
	}
	if got := row(s, engine.South); !slices.Equal(got, pad(south)) {
		t.Errorf("south row %v, want %v\n%s", got, pad(south), s)
	}
	if got := row(s, engine.North); !slices.Equal(got, pad(north)) {
		t.Errorf("north row %v, want %v\n%s", got, pad(north), s)
	}
	if p := s.Position(); p.Reserve != [2]int{resS, resN} {
		t.Errorf("reserves %v, want [%d %d]", p.Reserve, resS, resN)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// apply plays m and fails on any error.
func apply(t *testing.T, s *State, m engine.Move) engine.MoveInfo {
	t.Helper()
	info, err := s.Apply(m)
	if err != nil {
		t.Fatalf("move %d: %v\n%s", m, err, s)
	}
	return info
}

func wantInfo(t *testing.T, got engine.MoveInfo, laps, sown int64, captures, captured int32) {
	t.Helper()
	w := engine.MoveInfo{Laps: laps, Sown: sown, Captures: captures, Captured: captured}
	if got != w {
		t.Errorf("move info %+v, want %+v", got, w)
	}
}

func wantEnd(t *testing.T, s *State, r engine.Result, why engine.EndReason) {
	t.Helper()
	if s.Result() != r || s.EndReason() != why {
		t.Errorf("result %v (%v), want %v (%v)\n%s", s.Result(), s.EndReason(), r, why, s)
	}
}

// playFirstEnding plays, at each ply, the lowest candidate whose sowing
// ends (rejected candidates are skipped by Apply's contract).
func playFirstEnding(s engine.State) error {
	buf := s.Candidates(nil)
	if len(buf) == 0 {
		return fmt.Errorf("no candidates")
	}
	_, err := s.Apply(buf[0])
	if errors.Is(err, engine.ErrNeverEnding) {
		return playFirstEnding(s)
	}
	return err
}

func ones(n int) []int {
	x := make([]int, n)
	for i := range x {
		x[i] = 1
	}
	return x
}
