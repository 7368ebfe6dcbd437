package kingulu

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// String draws the board as South sees it: North's row on top (North's
// hole 0 at the right), South's row below, reserved holes in brackets
// (a reserved hole belongs to the player across the board), then banks,
// scores and who is to move or the result.
func (s *State) String() string {
	var b strings.Builder
	g, p := s.g, &s.p
	hs := g.rules.Holes
	res := p.reserved()
	cell := func(h int) string {
		if res&(1<<h) != 0 {
			return fmt.Sprintf("%6s", fmt.Sprintf("[%d]", p.get(h)))
		}
		return fmt.Sprintf("%5d ", p.get(h))
	}
	b.WriteString("      ")
	for i := hs - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "%5s", fmt.Sprintf("n%d", i))
		if i > 0 {
			b.WriteString(" ")
		}
	}
	b.WriteString("\nNorth ")
	for i := hs - 1; i >= 0; i-- {
		b.WriteString(cell(hs + i))
	}
	fmt.Fprintf(&b, "  bank %d  score %d\nSouth ", p.bank[1], g.score(p, engine.North))
	for i := 0; i < hs; i++ {
		b.WriteString(cell(i))
	}
	fmt.Fprintf(&b, "  bank %d  score %d\n      ", p.bank[0], g.score(p, engine.South))
	for i := 0; i < hs; i++ {
		fmt.Fprintf(&b, "%5s", fmt.Sprintf("s%d", i))
		if i < hs-1 {
			b.WriteString(" ")
		}
	}
	b.WriteString("\n")
	if res != 0 {
		b.WriteString("[n]: reserved by the player across\n")
	}
	fmt.Fprintf(&b, "ply %d: ", s.Track.Ply())
	switch s.Track.Result() {
	case engine.Ongoing:
		fmt.Fprintf(&b, "%v to move\n", p.toMove)
	case engine.Draw, engine.Unfinished:
		fmt.Fprintf(&b, "game over: %v (%v)\n", s.Track.Result(), s.Track.EndReason())
	default:
		fmt.Fprintf(&b, "game over: %v wins (%v)\n", s.Track.Result(), s.Track.EndReason())
	}
	return b.String()
}

var _ engine.Drawer = (*State)(nil)

// Board returns the position for a renderer: North's row on top (North's
// hole 0 at the right), South's row below, reserved holes marked with the
// player across, who reserved them, and both banks.
func (s *State) Board() engine.Board {
	hs := s.g.rules.Holes
	res := s.p.reserved()
	var b engine.Board
	for _, pl := range []engine.Player{engine.North, engine.South} {
		r := engine.Row{Player: pl, Name: "South"}
		if pl == engine.North {
			r.Name = "North"
		}
		for c := 0; c < hs; c++ {
			i := c
			if pl == engine.North {
				i = hs - 1 - c
			}
			h := int(pl)*hs + i
			c := engine.Cell{Player: pl, Number: i, Count: s.p.get(h)}
			if res&(1<<h) != 0 {
				c.Reserved, c.ReservedBy = true, pl.Other()
			}
			r.Cells = append(r.Cells, c)
		}
		b.Rows = append(b.Rows, r)
	}
	b.Stores = []engine.Store{{Player: engine.North, Name: "bank", Count: int(s.p.bank[engine.North])},
		{Player: engine.South, Name: "bank", Count: int(s.p.bank[engine.South])}}
	return b
}
