package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// Player is one of the two players. South moves first unless the ruleset
// says first=north.
type Player uint8

const (
	South Player = 0
	North Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// String returns "south" or "north".
func (p Player) String() string {
	if p == South {
		return "south"
	}
	return "north"
}

// Move is a player-relative hole number: the hole the move starts from, in
// the mover's own numbering (see each variant's package doc).
type Move uint8

// MaxMoves bounds the number of distinct moves of any variant and option
// set (a player owns at most 32 holes). Buffers of this length never grow.
const MaxMoves = 64

// Result is the outcome of a game.
type Result uint8

const (
	Ongoing    Result = iota // the game is not over
	SouthWins                // South won
	NorthWins                // North won
	Draw                     // drawn
	Unfinished               // stopped at max_plies; not a draw
)

var resultNames = [...]string{"ongoing", "south", "north", "draw", "unfinished"}

// String returns the name used in logs: ongoing, south, north, draw or
// unfinished.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", r)
}

// Win returns the result in which p wins.
func Win(p Player) Result { return SouthWins + Result(p) }

// EndReason says why a game ended.
type EndReason uint8

const (
	NotOver       EndReason = iota // the game is not over
	NoMoves                        // the player to move has no legal move
	Score                          // kingulu: game over, decided by score
	InnerRowEmpty                  // kimasai-two-rows: an inner row is empty
	AllCaptured                    // kimasai-four-rows: a player has no stones
	Repetition                     // kimasai-four-rows: a position repeated
	InfiniteMove                   // a never-ending move was played (infinite=draw)
	MaxPlies                       // max_plies reached
)

var endReasonNames = [...]string{"", "no-moves", "score", "inner-row-empty", "all-captured", "repetition", "infinite-move", "max-plies"}

// EndReasonNames lists the end reasons in the order of their values,
// without NotOver.
func EndReasonNames() []string { return append([]string(nil), endReasonNames[1:]...) }

// String returns the name used in logs and in the package docs ("" for
// NotOver).
func (e EndReason) String() string {
	if int(e) < len(endReasonNames) {
		return endReasonNames[e]
	}
	return fmt.Sprintf("EndReason(%d)", e)
}

// MoveInfo holds the facts of one applied move.
type MoveInfo struct {
	Laps     int64 // laps sown; a raid's sowing of captured counters counts as a lap; a step is one lap
	Sown     int64 // counters put down one by one over all laps (a step puts down 1)
	Captures int32 // applications of a capture rule
	Captured int32 // counters those captures took from the opponent
	// Reserved is set when the move reserved a hole (kingulu's kuweka
	// mtoto). A reservation is not a capture: it counts in neither
	// Captures nor Captured.
	Reserved bool
	// NeverEnding is set when the move's sowing never ends (or exceeds
	// lap_limit). With infinite=draw such a move is played and ends the game
	// drawn; with infinite=illegal Apply returns ErrNeverEnding instead.
	NeverEnding bool
}

// Errors returned by State.Apply.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrNeverEnding = errors.New("never-ending move")
	ErrGameOver    = errors.New("game is over")
)

// AppendMoves appends the moves whose bits are set in mask, in increasing
// order, and returns the extended buffer. Variants keep their candidates
// as such a bit mask (bit m set: move m).
func AppendMoves(buf []Move, mask uint64) []Move {
	for ; mask != 0; mask &= mask - 1 {
		buf = append(buf, Move(bits.TrailingZeros64(mask)))
	}
	return buf
}
