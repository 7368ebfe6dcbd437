package kimasai4

import "github.com/baolab/baolab/engine"

// MaxHoles is the largest number of holes per row (the holes option).
const MaxHoles = 16

// Repetition is the reading of the repetition rule.
type Repetition uint8

// The readings of the repetition option.
const (
	RepeatFirst Repetition = iota // drawn as soon as a position repeats (repetition=first)
	RepeatThird                   // drawn on a position's third occurrence (repetition=third)
	RepeatNone                    // repetition never ends the game (repetition=none)
)

// Rules holds the typed option values of one kimasai-four-rows Game.
type Rules struct {
	engine.Common            // first, max_plies (infinite and lap_limit do not apply)
	Holes         int        // holes per row, n (4..MaxHoles)
	Repetition    Repetition // reading of the repetition rule
	EmptyRight    bool       // empty_start=right: front hole 0 starts empty (else hole n-1)
}

// Options returns the option table of the kimasai-four-rows variant,
// common options included.
func Options() []engine.Option {
	return append(engine.CommonOptions(false),
		engine.Option{Key: "holes", Size: true, Default: "12", Numeric: true, Min: 4, Max: MaxHoles, Help: "holes per row"},
		engine.Option{Key: "repetition", Default: "first", Values: []string{"first", "third", "none"},
			Help: "draw on the first repeat of a position, on its third occurrence, or never"},
		engine.Option{Key: "empty_start", Default: "left", Values: []string{"left", "right"},
			Help: "which end of each front row starts empty (the owner's left, as the seeds say, or right)"},
	)
}
