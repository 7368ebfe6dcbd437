package kimasai4

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// String draws the board as South sees it: North's back and front rows on
// top, South's front and back rows below, 1 for a stone and 0 for an empty
// hole; then the stone counts, the ply and the player to move or the
// result.
func (s *State) String() string {
	g := s.g
	n := int(g.n)
	var b strings.Builder
	row := func(label string, p engine.Player, hole func(c int) int) {
		b.WriteString(label)
		for c := 0; c < n; c++ {
			b.WriteByte(' ')
			if s.pos.Stones[p]&(1<<hole(c)) != 0 {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		b.WriteByte('\n')
	}
	// Column c counts from South's left. North's front hole c and back
	// hole 2n-1-c are in column c; South's front hole n-1-c and back hole
	// n+c are.
	row("North back: ", engine.North, func(c int) int { return 2*n - 1 - c })
	row("North front:", engine.North, func(c int) int { return c })
	row("South front:", engine.South, func(c int) int { return n - 1 - c })
	row("South back: ", engine.South, func(c int) int { return n + c })
	fmt.Fprintf(&b, "stones: south %d, north %d\n", s.Material(engine.South), s.Material(engine.North))
	if s.Track.Over() {
		fmt.Fprintf(&b, "ply %d, game over: %v (%v)\n", s.Track.Ply(), s.Track.Result(), s.Track.EndReason())
	} else {
		fmt.Fprintf(&b, "ply %d, %v to move\n", s.Track.Ply(), s.toMove)
	}
	return b.String()
}

// ParseDiagram reads a position drawn as String draws it: four rows as
// South sees them (North back, North front, South front, South back),
// each row n tokens 1 (stone) or 0 (empty), from South's left to right.
// A label ending in ':' before a row's tokens is skipped, blank lines are
// skipped, and anything after the fourth row is ignored, so the output of
// String parses back.
func ParseDiagram(g engine.Game, text string) (Position, error) {
	kg, ok := g.(*Game)
	if !ok {
		return Position{}, fmt.Errorf("%s: ParseDiagram: game %s is of variant %s", Name, g.Ruleset(), g.Variant())
	}
	n := int(kg.n)
	var rows [4][]bool
	r := 0
	for _, line := range strings.Split(text, "\n") {
		if r == 4 {
			break
		}
		if i := strings.IndexByte(line, ':'); i >= 0 {
			line = line[i+1:]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != n {
			return Position{}, fmt.Errorf("%s: diagram row %d has %d holes, want %d", Name, r+1, len(f), n)
		}
		for _, t := range f {
			switch t {
			case "1":
				rows[r] = append(rows[r], true)
			case "0":
				rows[r] = append(rows[r], false)
			default:
				return Position{}, fmt.Errorf("%s: diagram row %d: %q is not 0 or 1", Name, r+1, t)
			}
		}
		r++
	}
	if r != 4 {
		return Position{}, fmt.Errorf("%s: diagram has %d rows, want 4", Name, r)
	}
	var p Position
	for c := 0; c < n; c++ {
		set := func(q engine.Player, on bool, h int) {
			if on {
				p.Stones[q] |= 1 << h
			}
		}
		set(engine.North, rows[0][c], 2*n-1-c)
		set(engine.North, rows[1][c], c)
		set(engine.South, rows[2][c], n-1-c)
		set(engine.South, rows[3][c], n+c)
	}
	return p, nil
}

var _ engine.Drawer = (*State)(nil)

// Board returns the position for a renderer: North's back and front rows
// on top, South's front and back rows below, each left to right from
// South's seat (the columns of String), one stone at most per hole.
func (s *State) Board() engine.Board {
	n := int(s.g.n)
	row := func(p engine.Player, name string, hole func(c int) int) engine.Row {
		r := engine.Row{Player: p, Name: name}
		for c := 0; c < n; c++ {
			h := hole(c)
			r.Cells = append(r.Cells, engine.Cell{Player: p, Number: h, Count: int(s.pos.Stones[p] >> h & 1)})
		}
		return r
	}
	N, S := engine.North, engine.South
	return engine.Board{
		Rows: []engine.Row{
			row(N, "N back", func(c int) int { return 2*n - 1 - c }),
			row(N, "N front", func(c int) int { return c }),
			row(S, "S front", func(c int) int { return n - 1 - c }),
			row(S, "S back", func(c int) int { return n + c }),
		},
		Stones: true,
	}
}
