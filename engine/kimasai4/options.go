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
// Each field is set by the option named in its comment; the options'
// meanings are in the package doc's option table (made from the table
// below).
type Rules struct {
	engine.Common            // first, max_plies (infinite and lap_limit do not apply)
	Holes         int        // option holes, n
	Repetition    Repetition // option repetition
	EmptyRight    bool       // option empty_start (right)
}

// table declares every kimasai-four-rows option once, with the Rules
// field it sets.
var table = append(engine.CommonTable(func(r *Rules) *engine.Common { return &r.Common }, false), engine.Table[Rules]{
	{Option: engine.Option{Key: "holes", Size: true, Default: "12", Numeric: true, Min: 4, Max: MaxHoles, Help: "holes per row"},
		Set: engine.Int(func(r *Rules) *int { return &r.Holes })},
	{Option: engine.Option{Key: "repetition", Default: "first", Values: []string{"first", "third", "none"},
		Help: "draw on the first repeat of a position, on its third occurrence, or never"},
		Set: engine.Choice(func(r *Rules) *Repetition { return &r.Repetition })},
	{Option: engine.Option{Key: "empty_start", Default: "left", Values: []string{"left", "right"},
		Help: "which end of each front row starts empty (the owner's left, as Klamroth has it, or right)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.EmptyRight }, "right")},
}...)

// Options returns the option table of the kimasai-four-rows variant,
// common options included.
func Options() []engine.Option { return table.Options() }
