package engine

// Board describes a position to a renderer without the renderer knowing
// the variant: the rows of holes as South sees the board, each hole with
// its owner, number and count and any mark, and the counters the players
// hold off the board. Every variant's State implements Drawer, so
// analysis/diagram and `baolab show` draw any variant through it.
type Board struct {
	// Rows lists the rows top to bottom as South sees the board: North's
	// rows first. Each row's cells run left to right from South's seat.
	Rows []Row
	// Stores lists the counters each player holds off the board (a bank
	// or a reserve), drawn beside their owner's rows.
	Stores []Store
	// Phase names the phase of the next move, e.g. "phase 1", or is ""
	// in a variant without phases.
	Phase string
	// Stones says a hole holds at most one counter (kimasai-four-rows): a
	// renderer draws a stone, never a numeral.
	Stones bool
}

// Row is one row of holes, all of one player.
type Row struct {
	Player Player
	Name   string // e.g. "N outer"
	Cells  []Cell
}

// Cell is one hole.
type Cell struct {
	Player Player // the owner of the hole's row
	// Number is the hole in its owner's numbering: the move that starts
	// from it, and the label a renderer writes beside it.
	Number int
	Count  int // counters in the hole
	// Reserved says that ReservedBy reserved the hole (kingulu's kuweka
	// mtoto): it belongs to ReservedBy, who owns its counters.
	Reserved   bool
	ReservedBy Player
}

// Owner returns the player whose material the cell's counters count for.
func (c Cell) Owner() Player {
	if c.Reserved {
		return c.ReservedBy
	}
	return c.Player
}

// Store is counters a player holds off the board.
type Store struct {
	Player Player
	Name   string // "bank" or "reserve"
	Count  int
}

// Drawer is implemented by every variant's State. (It is not part of
// State so that test doubles of State need not draw.)
type Drawer interface {
	// Board returns the position as a renderer draws it.
	Board() Board
}
