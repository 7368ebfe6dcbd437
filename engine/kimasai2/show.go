package kimasai2

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// String draws the board as South sees it: North's outer and inner rows on
// top, South's inner and outer rows below, each row left to right from
// South's seat, then reserves, phase, the player to move and the result if
// the game is over. For example, the initial position:
//
//	kimasai-two-rows ply 0, phase 1 (opening move)
//	north outer   0  0  0  0  0  0  0  0   reserve 24
//	north inner   1  1  1  1  1  1  1  1
//	south inner   1  1  1  1  1  1  1  1
//	south outer   0  0  0  0  0  0  0  0   reserve 24
//	south to move
func (s *State) String() string {
	g := s.g
	H := g.rules.Holes
	var b strings.Builder
	fmt.Fprintf(&b, "%s ply %d, phase %d", g.ruleset, s.Track.Ply(), s.Phase())
	if s.x.opening {
		b.WriteString(" (opening move)")
	}
	b.WriteByte('\n')
	row := func(name string, pl engine.Player, hole func(c int) int, reserve bool) {
		fmt.Fprintf(&b, "%-12s", name)
		for c := 0; c < H; c++ {
			fmt.Fprintf(&b, "%3d", count(&s.x.w[pl], hole(c)))
		}
		if reserve {
			fmt.Fprintf(&b, "   reserve %d", s.x.reserve[pl])
		}
		b.WriteByte('\n')
	}
	row("north outer", engine.North, func(c int) int { return H + c }, true)
	row("north inner", engine.North, func(c int) int { return H - 1 - c }, false)
	row("south inner", engine.South, func(c int) int { return c }, false)
	row("south outer", engine.South, func(c int) int { return 2*H - 1 - c }, true)
	if s.Track.Over() {
		fmt.Fprintf(&b, "game over: result %s (%s)\n", s.Track.Result(), s.Track.EndReason())
	} else {
		fmt.Fprintf(&b, "%s to move\n", s.x.toMove)
	}
	return b.String()
}

var _ engine.Drawer = (*State)(nil)

// Board returns the position for a renderer: North's outer and inner rows
// on top, South's inner and outer rows below, each left to right from
// South's seat, both reserves and the phase.
func (s *State) Board() engine.Board {
	H := s.g.rules.Holes
	row := func(p engine.Player, name string, hole func(c int) int) engine.Row {
		r := engine.Row{Player: p, Name: name}
		for c := 0; c < H; c++ {
			h := hole(c)
			r.Cells = append(r.Cells, engine.Cell{Player: p, Number: h, Count: int(count(&s.x.w[p], h))})
		}
		return r
	}
	n, so := engine.North, engine.South
	return engine.Board{
		Rows: []engine.Row{
			row(n, "N outer", func(c int) int { return H + c }),
			row(n, "N inner", func(c int) int { return H - 1 - c }),
			row(so, "S inner", func(c int) int { return c }),
			row(so, "S outer", func(c int) int { return 2*H - 1 - c }),
		},
		Stores: []engine.Store{{Player: n, Name: "reserve", Count: int(s.x.reserve[n])},
			{Player: so, Name: "reserve", Count: int(s.x.reserve[so])}},
		Phase: fmt.Sprintf("phase %d", s.Phase()),
	}
}
