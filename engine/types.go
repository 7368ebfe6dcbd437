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

// ScoreFor returns p's score in a game of result r: 1 when p won, 0 when
// the opponent won, 1/2 otherwise (a draw, a game stopped at max_plies,
// or, for a solved value's outcome, endless play).
func (r Result) ScoreFor(p Player) float64 {
	switch r {
	case Win(p):
		return 1
	case Win(p.Other()):
		return 0
	}
	return 0.5
}

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

// MoveErrors holds the errors a variant's State.Apply returns, made once
// so that Apply does not allocate, and worded alike in every variant:
// "VARIANT: move M: illegal move (WHY)", "VARIANT: move M: never-ending
// move" and "VARIANT: game is over". Each wraps ErrIllegalMove,
// ErrNeverEnding or ErrGameOver.
type MoveErrors struct {
	variant, why string
	gameOver     error
	illegal      [MaxMoves]error
	neverEnding  [MaxMoves]error
}

// NewMoveErrors makes the Apply errors of variant; why says in a few
// words which moves are illegal.
func NewMoveErrors(variant, why string) *MoveErrors {
	e := &MoveErrors{variant: variant, why: why, gameOver: fmt.Errorf("%s: %w", variant, ErrGameOver)}
	for m := range MaxMoves {
		e.illegal[m] = fmt.Errorf("%s: move %d: %w (%s)", variant, m, ErrIllegalMove, why)
		e.neverEnding[m] = fmt.Errorf("%s: move %d: %w", variant, m, ErrNeverEnding)
	}
	return e
}

// GameOver returns the error of a move applied after the end.
func (e *MoveErrors) GameOver() error { return e.gameOver }

// Illegal returns the error of m, a move that is not a candidate.
func (e *MoveErrors) Illegal(m Move) error {
	if int(m) < MaxMoves {
		return e.illegal[m]
	}
	return e.made(m, ErrIllegalMove)
}

// OutOfRange returns the error of m, a move number at or beyond numMoves
// (Game.NumMoves).
func (e *MoveErrors) OutOfRange(m Move, numMoves int) error {
	return fmt.Errorf("%s: move %d: %w (moves are 0..%d)", e.variant, m, ErrIllegalMove, numMoves-1)
}

// NeverEnding returns the error of m, a candidate whose sowing never ends.
func (e *MoveErrors) NeverEnding(m Move) error {
	if int(m) < MaxMoves {
		return e.neverEnding[m]
	}
	return e.made(m, ErrNeverEnding)
}

// made words the error err of a move number beyond MaxMoves, which has
// no error made in advance.
func (e *MoveErrors) made(m Move, err error) error {
	if err == ErrIllegalMove {
		return fmt.Errorf("%s: move %d: %w (%s)", e.variant, m, err, e.why)
	}
	return fmt.Errorf("%s: move %d: %w", e.variant, m, err)
}
