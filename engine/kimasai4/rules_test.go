package kimasai4_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
)

// at builds a state of ruleset rs from a diagram (four rows as South sees
// them: North back, North front, South front, South back).
func at(t *testing.T, rs, diagram string, toMove engine.Player) engine.State {
	t.Helper()
	g := engine.MustParse(rs)
	p, err := kimasai4.ParseDiagram(g, diagram)
	if err != nil {
		t.Fatal(err)
	}
	s, err := kimasai4.NewStateAt(g, p, toMove)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// rowsOf returns the four board rows of s without labels, one per line.
func rowsOf(s engine.State) string {
	var out []string
	for _, l := range strings.Split(s.String(), "\n")[:4] {
		_, l, _ = strings.Cut(l, ":")
		out = append(out, strings.TrimSpace(l))
	}
	return strings.Join(out, "\n")
}

func norm(d string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(d), "\n") {
		out = append(out, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(out, "\n")
}

func TestInitialPosition(t *testing.T) {
	cases := []struct {
		rs   string
		want string
	}{
		// The starting position drawn in the package doc.
		{"kimasai-four-rows", `
1 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 0
0 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 1`},
		{"kimasai-four-rows:empty_start=right", `
1 1 1 1 1 1 1 1 1 1 1 1
0 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 0
1 1 1 1 1 1 1 1 1 1 1 1`},
		{"kimasai-four-rows:holes=4", `
1 1 1 1
1 1 1 0
0 1 1 1
1 1 1 1`},
		{"kimasai-four-rows:empty_start=right,holes=4", `
1 1 1 1
0 1 1 1
1 1 1 0
1 1 1 1`},
		{"kimasai-four-rows:holes=7", `
1 1 1 1 1 1 1
1 1 1 1 1 1 0
0 1 1 1 1 1 1
1 1 1 1 1 1 1`},
		{"kimasai-four-rows:holes=16,first=north", `
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 0
0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1`},
	}
	for i, c := range cases {
		g := engine.MustParse(c.rs)
		s := g.NewState()
		if got := rowsOf(s); got != norm(c.want) {
			t.Errorf("case %d %s: initial position\n%s\nwant\n%s", i, c.rs, got, norm(c.want))
		}
		n := g.NumMoves() / 2
		if s.Material(engine.South) != 2*n-1 || s.Material(engine.North) != 2*n-1 || g.TotalMaterial() != 4*n-2 {
			t.Errorf("case %d: material %d/%d total %d", i, s.Material(engine.South), s.Material(engine.North), g.TotalMaterial())
		}
		// The empty hole is hole n-1 (left) or 0 (right) of each player,
		// so the only move is the stone behind it.
		p := s.(*kimasai4.State).Position()
		empty, move := n-1, engine.Move(n-2)
		if strings.Contains(c.rs, "empty_start=right") {
			empty, move = 0, engine.Move(2*n-1)
		}
		for q, b := range p.Stones {
			if b != (uint32(1)<<(2*n)-1)&^(1<<empty) {
				t.Errorf("case %d: %v bitboard %b, want hole %d empty", i, engine.Player(q), b, empty)
			}
		}
		if got := s.Candidates(nil); len(got) != 1 || got[0] != move {
			t.Errorf("case %d: candidates %v, want [%d]", i, got, move)
		}
		wantFirst := engine.South
		if strings.Contains(c.rs, "first=north") {
			wantFirst = engine.North
		}
		if s.Player() != wantFirst || s.Ply() != 0 || s.Over() || s.FirstRepeatPly() != -1 {
			t.Errorf("case %d: player %v ply %d over %v repeat %d", i, s.Player(), s.Ply(), s.Over(), s.FirstRepeatPly())
		}
	}
}

// TestStep covers each move clause on hand-built positions (holes=4 keeps
// the diagrams short; the numbering is in the package doc). Columns are
// counted from South's left: South's front hole f is in column 3-f, its
// back hole 4+c in column c; North's front hole f is in column f, its back
// hole 7-c in column c.
func TestStep(t *testing.T) {
	const rs = "kimasai-four-rows:holes=4"
	cases := []struct {
		name     string
		before   string
		toMove   engine.Player
		cands    []engine.Move
		move     engine.Move
		after    string
		captured int32
	}{
		{"front step, facing front empty, back behind full: no capture", `
1 1 1 1
1 0 1 1
1 0 1 1
1 1 1 1`, engine.South, []engine.Move{1}, 1, `
1 1 1 1
1 0 1 1
1 1 0 1
1 1 1 1`, 0},
		{"front step captures the facing front stone (back hole empty)", `
1 0 1 1
1 1 1 1
1 0 1 1
1 1 1 1`, engine.South, []engine.Move{1}, 1, `
1 0 1 1
1 0 1 1
1 1 0 1
1 1 1 1`, 1},
		{"front step captures the facing front stone and the back stone behind it", `
1 1 1 1
1 1 1 1
1 0 1 1
1 1 1 1`, engine.South, []engine.Move{1}, 1, `
1 0 1 1
1 0 1 1
1 1 0 1
1 1 1 1`, 2},
		{"step into a back hole never captures", `
1 1 0 1
1 1 1 1
1 1 1 1
0 1 1 1`, engine.South, []engine.Move{3}, 3, `
1 1 0 1
1 1 1 1
0 1 1 1
1 1 1 1`, 0},
		{"wrap from back hole 7 to front hole 0, capturing front and back", `
1 1 1 1
1 1 1 1
1 1 1 0
1 1 1 1`, engine.South, []engine.Move{7}, 7, `
1 1 1 0
1 1 1 0
1 1 1 1
1 1 1 0`, 2},
		{"wrap from back hole 7 to front hole 0, facing front empty", `
1 1 1 1
1 1 1 0
1 1 1 0
1 1 1 1`, engine.South, []engine.Move{7}, 7, `
1 1 1 1
1 1 1 0
1 1 1 1
1 1 1 0`, 0},
		{"several candidates, the stone behind each empty hole", `
1 1 1 0
1 1 1 1
1 0 1 1
1 0 1 1`, engine.South, []engine.Move{1, 4}, 4, `
1 1 1 0
1 1 1 1
1 0 1 1
0 1 1 1`, 0},
		{"only the stone whose next hole is empty may step; a stone after a gap may not", `
1 1 1 1
1 0 1 1
0 0 1 1
1 1 1 1`, engine.South, []engine.Move{1}, 1, `
1 1 1 1
1 0 1 1
0 1 0 1
1 1 1 1`, 0},
		{"North: front step captures South's facing front and back stones", `
1 1 1 1
1 1 1 0
1 1 1 1
1 1 1 1`, engine.North, []engine.Move{2}, 2, `
1 1 1 1
1 1 0 1
1 1 1 0
1 1 1 0`, 2},
		{"North: wrap from back hole 7 to front hole 0 with capture", `
1 1 1 1
0 1 1 1
1 1 1 1
1 1 1 1`, engine.North, []engine.Move{7}, 7, `
0 1 1 1
1 1 1 1
0 1 1 1
0 1 1 1`, 2},
		{"North: step into a back hole never captures", `
1 1 1 0
1 1 1 1
1 1 1 1
1 1 0 1`, engine.North, []engine.Move{3}, 3, `
1 1 1 1
1 1 1 0
1 1 1 1
1 1 0 1`, 0},
		{"North: front step, facing front empty, back behind full", `
1 1 1 1
1 0 1 1
1 0 1 1
1 1 1 1`, engine.North, []engine.Move{0}, 0, `
1 1 1 1
0 1 1 1
1 0 1 1
1 1 1 1`, 0},
	}
	for _, c := range cases {
		s := at(t, rs, c.before, c.toMove)
		r := newRefAt(t, s, c.before)
		if got := s.Candidates(nil); fmt.Sprint(got) != fmt.Sprint(c.cands) {
			t.Errorf("%s: candidates %v, want %v", c.name, got, c.cands)
		}
		info, err := s.Apply(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := rowsOf(s); got != norm(c.after) {
			t.Errorf("%s: after move %d\n%s\nwant\n%s", c.name, c.move, got, norm(c.after))
		}
		wantCaptures := int32(0)
		if c.captured > 0 {
			wantCaptures = 1
		}
		if info != (engine.MoveInfo{Laps: 1, Sown: 1, Captures: wantCaptures, Captured: c.captured}) {
			t.Errorf("%s: info %+v", c.name, info)
		}
		if s.Player() != c.toMove.Other() || s.Ply() != 1 || s.Over() {
			t.Errorf("%s: player %v ply %d over %v", c.name, s.Player(), s.Ply(), s.Over())
		}
		if err := s.Check(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		r.apply(c.move)
		if d := r.compare(s); d != "" {
			t.Errorf("%s: engine and reference differ: %s", c.name, d)
		}
	}
}

// newRefAt makes a reference model of the hand-built position s.
func newRefAt(t *testing.T, s engine.State, diagram string) *ref {
	t.Helper()
	r := newRef(s.Game())
	rows := strings.Split(norm(diagram), "\n")
	for row, l := range rows {
		for c, f := range strings.Fields(l) {
			r.board[row][c] = f == "1"
		}
	}
	r.toMove = s.Player()
	r.seen = map[refPos]int{{r.board, r.toMove}: 1}
	return r
}

func TestFirstMoveDefault(t *testing.T) {
	s := engine.MustParse("kimasai-four-rows").NewState()
	info, err := s.Apply(10)
	if err != nil {
		t.Fatal(err)
	}
	// South's stone 10 steps into front hole 11 (its leftmost), facing
	// North's front hole 0; that stone and North's back hole 23 behind it
	// are captured.
	want := `
0 1 1 1 1 1 1 1 1 1 1 1
0 1 1 1 1 1 1 1 1 1 1 0
1 0 1 1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1 1 1 1`
	if got := rowsOf(s); got != norm(want) {
		t.Errorf("after 10:\n%s\nwant\n%s", got, norm(want))
	}
	if info.Captured != 2 || s.Material(engine.North) != 21 || s.Material(engine.South) != 23 {
		t.Errorf("info %+v, material %d/%d", info, s.Material(engine.South), s.Material(engine.North))
	}
	if got := s.Candidates(nil); fmt.Sprint(got) != "[10 22]" {
		t.Errorf("North's candidates %v, want [10 22]", got)
	}
}

func TestIllegalMoves(t *testing.T) {
	s := at(t, "kimasai-four-rows:holes=4", `
1 1 1 1
1 1 1 0
0 1 1 1
1 1 1 1`, engine.South)
	before, hash := s.String(), s.Hash()
	// 0: next hole occupied; 3: empty hole; 8, 63: beyond the board.
	for _, m := range []engine.Move{0, 1, 3, 4, 7, 8, 63} {
		if _, err := s.Apply(m); !errors.Is(err, engine.ErrIllegalMove) {
			t.Errorf("move %d: error %v, want ErrIllegalMove", m, err)
		}
		if s.String() != before || s.Hash() != hash {
			t.Errorf("move %d: state changed by an illegal move", m)
		}
	}
	if _, err := s.Apply(2); err != nil {
		t.Errorf("move 2: %v", err)
	}
}
