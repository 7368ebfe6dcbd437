package kingulu

import (
	"strconv"

	"github.com/baolab/baolab/engine"
)

// MaxHoles is the largest number of holes per row (the holes option).
const MaxHoles = 12

// Penultimate selects which kuweka mtoto moves also take the penultimate
// seed of the capturing lap (the penultimate option).
type Penultimate uint8

const (
	// PenultimateLap takes it unless the capturing lap sowed a single seed.
	PenultimateLap Penultimate = iota
	// PenultimateOrigin takes it unless the hole the move started from held
	// a single seed (or the capturing lap sowed one).
	PenultimateOrigin
	// PenultimateNever never takes it: the reserved hole keeps 4.
	PenultimateNever
)

var penultimateNames = [...]string{"lap", "origin", "never"}

// String returns the option value: lap, origin or never.
func (p Penultimate) String() string {
	if int(p) < len(penultimateNames) {
		return penultimateNames[p]
	}
	return "Penultimate(" + strconv.Itoa(int(p)) + ")"
}

// Rules holds the typed option values of a kingulu ruleset.
type Rules struct {
	engine.Common
	Seeds        int         // seeds per hole at the start (seeds)
	Holes        int         // holes per row (holes)
	MinLift      int         // fewest seeds a hole must hold to be lifted (min_lift)
	Penultimate  Penultimate // penultimate option
	FirstLapRule bool        // first_lap_rule=on: rule 4 bans a first lap ending in an occupied own hole
	SkipOrigin   bool        // skip_origin=on: every lap skips the hole it was lifted from
	// MaxReserved is the most holes one player may hold reserved
	// (max_reserved; none gives Holes, which no player can exceed). 0
	// turns kuweka mtoto off.
	MaxReserved int
}

// Options returns the option table of the kingulu variant, common options
// included.
func Options() []engine.Option {
	return append(engine.CommonOptions(true),
		engine.Option{Key: "seeds", Size: true, Default: "4", Numeric: true, Min: 1, Max: 12, Help: "seeds per hole at the start"},
		engine.Option{Key: "holes", Size: true, Default: "6", Numeric: true, Min: 3, Max: MaxHoles, Help: "holes per row"},
		engine.Option{Key: "min_lift", Default: "1", Numeric: true, Min: 1, Max: 2, Help: "fewest seeds a hole must hold to be lifted"},
		engine.Option{Key: "penultimate", Default: "lap", Values: []string{"lap", "origin", "never"},
			Help: "kuweka mtoto also takes the penultimate seed: lap (unless the lap sowed one seed), origin (unless the move's hole held one seed), never"},
		engine.Option{Key: "first_lap_rule", Default: "on", Values: []string{"on", "off"}, Help: "a first lap may not end in an occupied own hole"},
		engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes seeds or more skips the hole it was lifted from"},
		engine.Option{Key: "max_reserved", Default: "none", Values: []string{"none"}, Numeric: true, Min: 0, Max: MaxHoles,
			Help: "the most holes one player may hold reserved (0..holes); a lap that would reserve one more relays; 0 turns kuweka mtoto off"},
	)
}
