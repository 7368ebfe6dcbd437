package solve

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/baolab/baolab/engine"
)

// Force is what one side can force: a margin, or None.
type Force int16

// None is the Force of a side that cannot force a finished game.
const None Force = math.MinInt16

// String returns the margin in decimal, or "none".
func (f Force) String() string {
	if f == None {
		return "none"
	}
	return strconv.Itoa(int(f))
}

// Value is the solved value of a position: South is "south_can_force"
// (the largest margin South can force a finished game to reach), North is
// "north_can_force" (the smallest margin North can force).
type Value struct {
	South, North Force
}

// Outcome returns SouthWins when South can force a margin >= 1,
// NorthWins when North can force a margin <= -1, else Draw (which includes
// a side forcing endless play).
func (v Value) Outcome() engine.Result {
	switch {
	case v.South != None && v.South >= 1:
		return engine.SouthWins
	case v.North != None && v.North <= -1:
		return engine.NorthWins
	}
	return engine.Draw
}

// Exact reports whether both sides force the same margin.
func (v Value) Exact() bool { return v.South != None && v.South == v.North }

// String returns "outcome=<south|north|draw> south_can_force=<t>
// north_can_force=<t>", the form baolab solve prints.
func (v Value) String() string {
	return fmt.Sprintf("outcome=%v south_can_force=%v north_can_force=%v", v.Outcome(), v.South, v.North)
}

// For returns the value from p's side, larger is better for p: South's
// value for South, minus North's value for North (None: math.MinInt).
func (v Value) For(p engine.Player) int {
	if p == engine.South {
		if v.South == None {
			return math.MinInt
		}
		return int(v.South)
	}
	if v.North == None {
		return math.MinInt
	}
	return -int(v.North)
}

// Margin returns the margin of a finished game: South's score minus
// North's when the game was decided by score (kingulu), else +1 when
// South won, -1 when North won and 0 for a draw.
func Margin(s engine.State) int {
	if s.EndReason() == engine.Score {
		return s.Material(engine.South) - s.Material(engine.North)
	}
	return int(resultMargin(s.Result()))
}

// resultMargin is the margin of a game over with result r, not by score:
// 1 when South wins, -1 when North wins, else 0.
func resultMargin(r engine.Result) int8 {
	switch r {
	case engine.SouthWins:
		return 1
	case engine.NorthWins:
		return -1
	}
	return 0
}

// Flags of a node key: a terminal position is a node of its own.
const (
	// FlagTerminal marks the key of a position the engine reported over
	// after the move that reached it.
	FlagTerminal uint64 = 1 << 63
	// FlagInfinite marks a game drawn by a never-ending move
	// (infinite=draw): the key is the position before that move with the
	// other player to move.
	FlagInfinite uint64 = 1 << 62
	// MaxKeyBits is the longest position key the solver packs.
	MaxKeyBits = 62
)

// ErrTooBig is wrapped by the error of a board with more positions than
// the limit, or whose keys do not fit the solver's words.
var ErrTooBig = errors.New("board too big to solve")

// Coder turns states into node keys: the position's engine.Encoder key
// packed into a uint64, with FlagTerminal or FlagInfinite when the state
// is over (a game stopped at max_plies is not over for the solver). It
// holds a buffer, so each goroutine needs its own.
type Coder struct {
	enc    engine.Encoder
	nbytes int
	buf    []byte
	// The padding makes a Coder 64 bytes, a size the allocator aligns to
	// a cache line: each worker's coder writes buf's header at every key,
	// and two coders sharing a line made both workers wait on it.
	_ [64 - 16 - 8 - 24]byte
}

// NewCoder returns a Coder for the positions reachable from s. It fails,
// wrapping ErrTooBig, when their keys are longer than MaxKeyBits, and when
// the game has no engine.Encoder.
func NewCoder(s engine.State) (*Coder, error) {
	enc, ok := s.Game().(engine.Encoder)
	if !ok {
		return nil, fmt.Errorf("%s: the game has no position key (engine.Encoder)", s.Game().Ruleset())
	}
	bits := enc.KeyBits(s)
	if bits > MaxKeyBits {
		return nil, fmt.Errorf("%w: %s: a position key takes %d bits, the solver packs at most %d", ErrTooBig, s.Game().Ruleset(), bits, MaxKeyBits)
	}
	return &Coder{enc: enc, nbytes: engine.KeyBytes(bits), buf: make([]byte, 0, 64)}, nil // a line of its own too
}

// Key returns the node key of s and, when s is over, its margin.
func (c *Coder) Key(s engine.State) (key uint64, terminal bool, margin int) {
	c.buf = c.enc.AppendKey(c.buf[:0], s)
	flag, margin := overFlag(s)
	return engine.KeyUint64(c.buf) | flag, flag != 0, margin
}

// overFlag returns the flag of a node key of s (FlagTerminal,
// FlagInfinite, or none while s is not over) and, when s is over, its
// margin.
func overFlag(s engine.State) (flag uint64, margin int) {
	switch {
	case !s.Over() || s.Result() == engine.Unfinished:
		return 0, 0
	case s.EndReason() == engine.InfiniteMove:
		return FlagInfinite, Margin(s)
	default:
		return FlagTerminal, Margin(s)
	}
}

// State returns a new state at the position of a node key (flags
// ignored), at ply 0.
func (c *Coder) State(key uint64) (engine.State, error) {
	return c.enc.StateFromKey(c.bytes(key))
}

// Load sets dst (a state of the coder's game) to the position of a node
// key (flags ignored), at ply 0, without allocating.
func (c *Coder) Load(dst engine.State, key uint64) error {
	return c.enc.LoadKey(dst, c.bytes(key))
}

// bytes returns the engine key of a node key (flags dropped), in the
// coder's buffer.
func (c *Coder) bytes(key uint64) []byte {
	c.buf = engine.AppendKeyUint64(c.buf[:0], key&^(FlagTerminal|FlagInfinite), c.nbytes)
	return c.buf
}

// KeyPlayer returns the player to move of a node key (the first bit of
// every engine key).
func KeyPlayer(key uint64) engine.Player { return engine.Player(key & 1) }
