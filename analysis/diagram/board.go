// Package diagram draws a position of any baolab variant as a board
// diagram for a paper or a web page: the rows of holes as South sees the
// board (North's rows on top), each hole with its count (dots for small
// counts, a numeral otherwise) and its number in its owner's numbering,
// banks or reserves beside their owner's rows, reserved holes ringed in
// their owner's colour and tagged with the owner's initial, the player to
// move, and optionally the footprint of the last move: the hole it
// started from ringed in black and every hole whose count it changed
// tinted, with the change. The three variants share one look and one
// width (a single column of a two-column paper, 3.4 in); one drawing
// function writes SVG, PNG and PDF through gonum/plot's canvases.
//
// Of reads a position from an engine state through engine.Drawer (the
// variant packages define the board and its numbering; this package
// imports none of them); Mark adds the last move; Encode draws it.
package diagram

import (
	"fmt"

	"github.com/baolab/baolab/engine"
)

// NoOwner marks a hole that nobody reserved.
const NoOwner = -1

// Hole is one hole of the board.
type Hole struct {
	Player engine.Player // owner of the row
	Number int           // in the owner's numbering (the move that starts here)
	Count  int
	// ReservedBy is the player who reserved the hole (and owns its
	// contents), or NoOwner.
	ReservedBy int
	// Delta is the change of Count made by the last move (see Mark);
	// From says the last move started here.
	Delta int
	From  bool
}

// Row is one row of holes, left to right as South sees the board.
type Row struct {
	Player engine.Player
	Name   string // e.g. "N outer"
	Holes  []Hole
}

// Store is counters a player holds off the board: a bank or a reserve.
type Store struct {
	Player engine.Player
	Name   string
	Count  int
}

// Board is a position ready to draw.
type Board struct {
	Ruleset string
	Phase   string // e.g. "phase 1", or ""
	Ply     int
	ToMove  engine.Player
	// Status is "south to move" or how the game ended; Over says the
	// game is over.
	Status string
	Over   bool
	// Material is each player's material (engine.State.Material).
	Material [2]int
	// Rows lists the rows top to bottom: North's first.
	Rows   []Row
	Stores []Store
	// Last describes the last move (set by Mark), e.g. "north played 3:
	// 2 laps, 9 sown, 4 captured"; ShowPath draws its footprint.
	Last     string
	ShowPath bool
	// Stones says a hole holds at most one counter (kimasai-four-rows):
	// a stone is drawn, never a numeral.
	Stones bool
}

// Of reads the position of s through the engine's board description
// (engine.Drawer, which every variant's State implements), so that any
// variant is drawn without this package knowing it.
func Of(s engine.State) (Board, error) {
	g := s.Game()
	d, ok := s.(engine.Drawer)
	if !ok {
		return Board{}, fmt.Errorf("diagram: no diagram for variant %s: its State does not describe its board (engine.Drawer)", g.Variant())
	}
	eb := d.Board()
	b := Board{Ruleset: g.Ruleset(), Ply: s.Ply(), ToMove: s.Player(),
		Material: [2]int{s.Material(engine.South), s.Material(engine.North)},
		Phase:    eb.Phase, Stones: eb.Stones}
	b.Status, b.Over = status(s), s.Over()
	for _, er := range eb.Rows {
		r := Row{Player: er.Player, Name: er.Name}
		for _, c := range er.Cells {
			h := Hole{Player: c.Player, Number: c.Number, Count: c.Count, ReservedBy: NoOwner}
			if c.Reserved {
				h.ReservedBy = int(c.ReservedBy)
			}
			r.Holes = append(r.Holes, h)
		}
		b.Rows = append(b.Rows, r)
	}
	for _, st := range eb.Stores {
		b.Stores = append(b.Stores, Store{st.Player, st.Name, st.Count})
	}
	return b, nil
}

// status says who is to move or how the game ended.
func status(s engine.State) string {
	if !s.Over() {
		return s.Player().String() + " to move"
	}
	switch r := s.Result(); r {
	case engine.SouthWins, engine.NorthWins:
		return fmt.Sprintf("game over: %s wins (%s)", r, s.EndReason())
	default:
		return fmt.Sprintf("game over: %s (%s)", r, s.EndReason())
	}
}

// Mark records on b (the position after a move) the move mover played
// from the position before: its description, the hole it started from
// and the change of every hole's count. Both boards must come from the
// same game.
func (b *Board) Mark(before Board, mover engine.Player, m engine.Move, info engine.MoveInfo) {
	b.Last = fmt.Sprintf("%s played %d: %d lap%s, %d sown, %d captured", mover, m, info.Laps, plural(info.Laps), info.Sown, info.Captured)
	if info.Reserved {
		b.Last += ", reserved a hole"
	}
	if info.NeverEnding {
		b.Last += ", never-ending"
	}
	for r := range b.Rows {
		for c := range b.Rows[r].Holes {
			h := &b.Rows[r].Holes[c]
			if r < len(before.Rows) && c < len(before.Rows[r].Holes) {
				h.Delta = h.Count - before.Rows[r].Holes[c].Count
			}
			h.From = h.Player == mover && h.Number == int(m)
		}
	}
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}
