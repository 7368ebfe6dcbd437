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
// Of reads a position from an engine state (package engine and the
// variant packages define the board and its numbering); Mark adds the
// last move; Encode draws it.
package diagram

import (
	"fmt"
	"strconv"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
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

// Of reads the position of s.
func Of(s engine.State) (Board, error) {
	g := s.Game()
	b := Board{Ruleset: g.Ruleset(), Ply: s.Ply(), ToMove: s.Player(),
		Material: [2]int{s.Material(engine.South), s.Material(engine.North)}}
	b.Status, b.Over = status(s), s.Over()
	holes, err := strconv.Atoi(g.Options()["holes"])
	if err != nil {
		return Board{}, fmt.Errorf("diagram: %s: no holes option", g.Ruleset())
	}
	row := func(p engine.Player, name string, count func(h int) int, reserved func(h int) int, number func(c int) int) Row {
		r := Row{Player: p, Name: name}
		for c := 0; c < holes; c++ {
			h := number(c)
			r.Holes = append(r.Holes, Hole{Player: p, Number: h, Count: count(h), ReservedBy: reserved(h)})
		}
		return r
	}
	none := func(int) int { return NoOwner }
	n, so := engine.North, engine.South
	switch st := s.(type) {
	case *kingulu.State:
		pos := st.Position()
		for _, p := range []engine.Player{n, so} {
			num := func(c int) int { return c }
			name := "South"
			if p == n {
				num = func(c int) int { return holes - 1 - c }
				name = "North"
			}
			res := func(h int) int {
				if pos.Reserved[p][h] {
					return int(p.Other())
				}
				return NoOwner
			}
			b.Rows = append(b.Rows, row(p, name, func(h int) int { return pos.Seeds[p][h] }, res, num))
		}
		b.Stores = []Store{{n, "bank", pos.Bank[n]}, {so, "bank", pos.Bank[so]}}
	case *kimasai2.State:
		pos := st.Position()
		cows := func(p engine.Player) func(int) int { return func(h int) int { return int(pos.Cows[p][h]) } }
		H := holes
		b.Rows = []Row{
			row(n, "N outer", cows(n), none, func(c int) int { return H + c }),
			row(n, "N inner", cows(n), none, func(c int) int { return H - 1 - c }),
			row(so, "S inner", cows(so), none, func(c int) int { return c }),
			row(so, "S outer", cows(so), none, func(c int) int { return 2*H - 1 - c }),
		}
		b.Stores = []Store{{n, "reserve", pos.Reserve[n]}, {so, "reserve", pos.Reserve[so]}}
		b.Phase = fmt.Sprintf("phase %d", st.Phase())
	case *kimasai4.State:
		pos := st.Position()
		stone := func(p engine.Player) func(int) int {
			return func(h int) int { return int(pos.Stones[p] >> h & 1) }
		}
		N := holes
		b.Rows = []Row{
			row(n, "N back", stone(n), none, func(c int) int { return 2*N - 1 - c }),
			row(n, "N front", stone(n), none, func(c int) int { return c }),
			row(so, "S front", stone(so), none, func(c int) int { return N - 1 - c }),
			row(so, "S back", stone(so), none, func(c int) int { return N + c }),
		}
		b.Stones = true
	default:
		return Board{}, fmt.Errorf("diagram: no diagram for variant %s", g.Variant())
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
