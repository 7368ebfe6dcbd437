package kimasai4_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
)

func TestAllCaptured(t *testing.T) {
	cases := []struct {
		name     string
		before   string
		toMove   engine.Player
		move     engine.Move
		after    string
		captured int32
	}{
		{"South takes North's last two stones (front and back of one column)", `
0 1 0 0
0 1 0 0
1 0 1 1
1 1 1 1`, engine.South, 1, `
0 0 0 0
0 0 0 0
1 1 0 1
1 1 1 1`, 2},
		{"South takes North's last stone, a front stone", `
0 0 0 0
0 1 0 0
1 0 1 1
0 0 0 0`, engine.South, 1, `
0 0 0 0
0 0 0 0
1 1 0 1
0 0 0 0`, 1},
		{"North takes South's last stones by wrapping into its front hole 0", `
1 0 0 0
0 0 0 0
1 0 0 0
1 0 0 0`, engine.North, 7, `
0 0 0 0
1 0 0 0
0 0 0 0
0 0 0 0`, 2},
	}
	for _, c := range cases {
		s := at(t, "kimasai-four-rows:holes=4", c.before, c.toMove)
		info, err := s.Apply(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := rowsOf(s); got != norm(c.after) {
			t.Errorf("%s: after\n%s\nwant\n%s", c.name, got, norm(c.after))
		}
		if info.Captured != c.captured || info.Captures != 1 {
			t.Errorf("%s: info %+v", c.name, info)
		}
		if !s.Over() || s.Result() != engine.Win(c.toMove) || s.EndReason() != engine.AllCaptured {
			t.Errorf("%s: over %v result %v reason %v", c.name, s.Over(), s.Result(), s.EndReason())
		}
		if s.Material(c.toMove.Other()) != 0 || len(s.Candidates(nil)) != 0 {
			t.Errorf("%s: loser material %d, candidates %v", c.name, s.Material(c.toMove.Other()), s.Candidates(nil))
		}
		if _, err := s.Apply(0); !errors.Is(err, engine.ErrGameOver) {
			t.Errorf("%s: Apply after the end: %v", c.name, err)
		}
		if err := s.Check(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestNoMoves(t *testing.T) {
	// North fills all 8 of its holes: after South's step into its back
	// row (no capture) North has no legal move and loses.
	s := at(t, "kimasai-four-rows:holes=4", `
1 1 1 1
1 1 1 1
1 1 1 1
0 1 1 1`, engine.South)
	if _, err := s.Apply(3); err != nil {
		t.Fatal(err)
	}
	if !s.Over() || s.Result() != engine.SouthWins || s.EndReason() != engine.NoMoves || s.Player() != engine.North {
		t.Errorf("over %v result %v reason %v player %v", s.Over(), s.Result(), s.EndReason(), s.Player())
	}
	if len(s.Candidates(nil)) != 0 || len(s.Legal(nil)) != 0 {
		t.Errorf("moves after the end")
	}
	// A hand-built position whose player to move is already stuck.
	s = at(t, "kimasai-four-rows:holes=4", `
1 1 1 1
0 0 1 1
1 1 1 1
1 1 1 1`, engine.South)
	if !s.Over() || s.Result() != engine.NorthWins || s.EndReason() != engine.NoMoves || s.Ply() != 0 {
		t.Errorf("stuck mover: over %v result %v reason %v", s.Over(), s.Result(), s.EndReason())
	}
	// A hand-built position whose player to move has no stones, or whose
	// opponent has none.
	for _, toMove := range []engine.Player{engine.South, engine.North} {
		s = at(t, "kimasai-four-rows:holes=4", `
0 0 0 0
0 0 0 0
0 1 1 1
1 1 1 1`, toMove)
		if !s.Over() || s.Result() != engine.SouthWins || s.EndReason() != engine.AllCaptured {
			t.Errorf("%v to move, North empty: over %v result %v reason %v", toMove, s.Over(), s.Result(), s.EndReason())
		}
	}
}

func TestNewStateAtErrors(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows:holes=4")
	for _, p := range []kimasai4.Position{
		{},                             // no stones
		{Stones: [2]uint32{1 << 8, 1}}, // beyond hole 7
	} {
		if _, err := kimasai4.NewStateAt(g, p, engine.South); err == nil {
			t.Errorf("NewStateAt(%v) accepted", p)
		}
	}
	if _, err := kimasai4.ParseDiagram(g, "1 1 1\n1 1 1\n1 1 1\n1 1 1"); err == nil {
		t.Error("ParseDiagram accepted rows of 3 on a 4-hole board")
	}
	if _, err := kimasai4.ParseDiagram(g, "1 1 1 1\n1 1 1 1\n1 1 1 1"); err == nil {
		t.Error("ParseDiagram accepted 3 rows")
	}
	if _, err := kimasai4.ParseDiagram(g, "1 1 1 1\n1 1 1 1\n1 1 1 2\n1 1 1 1"); err == nil {
		t.Error("ParseDiagram accepted a 2")
	}
	// String parses back.
	s := g.NewState()
	p, err := kimasai4.ParseDiagram(g, s.String())
	if err != nil || p != s.(*kimasai4.State).Position() {
		t.Errorf("ParseDiagram(String()) = %v, %v", p, err)
	}
}

func TestHashIncludesPlayer(t *testing.T) {
	const d = `
0 0 0 0
0 1 0 0
0 0 0 1
0 0 0 0`
	a := at(t, "kimasai-four-rows:holes=4", d, engine.South)
	b := at(t, "kimasai-four-rows:holes=4", d, engine.North)
	if a.Hash() == b.Hash() {
		t.Error("same hash with different players to move")
	}
}

func TestMaxPlies(t *testing.T) {
	for _, max := range []int{1, 2, 5, 9} {
		g := engine.MustParse("kimasai-four-rows:max_plies=" + strconv.Itoa(max))
		s := g.NewState()
		for !s.Over() {
			s.Apply(s.Candidates(nil)[0])
		}
		if s.Ply() != max || s.Result() != engine.Unfinished || s.EndReason() != engine.MaxPlies {
			t.Errorf("max_plies=%d: ply %d result %v reason %v", max, s.Ply(), s.Result(), s.EndReason())
		}
	}
	// A move that ends the game at the last ply keeps its own end.
	s := at(t, "kimasai-four-rows:holes=4,max_plies=1", `
0 1 0 0
0 1 0 0
1 0 1 1
1 1 1 1`, engine.South)
	s.Apply(1)
	if s.EndReason() != engine.AllCaptured || s.Result() != engine.SouthWins {
		t.Errorf("capture at max_plies: %v %v", s.Result(), s.EndReason())
	}
}

func TestFirstNorth(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows:first=north")
	s := g.NewState()
	if s.Player() != engine.North {
		t.Fatalf("player %v", s.Player())
	}
	if _, err := s.Apply(10); err != nil {
		t.Fatal(err)
	}
	want := `
1 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 0 1
0 1 1 1 1 1 1 1 1 1 1 0
1 1 1 1 1 1 1 1 1 1 1 0`
	if got := rowsOf(s); got != norm(want) || s.Player() != engine.South || s.Material(engine.South) != 21 {
		t.Errorf("after North's 10:\n%s\nwant\n%s", got, norm(want))
	}
}
