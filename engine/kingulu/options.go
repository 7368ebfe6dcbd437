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

// String returns the option value: lap, origin or never.
func (p Penultimate) String() string {
	for _, b := range table {
		if b.Key == "penultimate" && int(p) < len(b.Values) {
			return b.Values[p]
		}
	}
	return "Penultimate(" + strconv.Itoa(int(p)) + ")"
}

// Rules holds the typed option values of a kingulu ruleset. Each field
// is set by the option named in its comment; the options' meanings are in
// the package doc's option table (made from the table below).
type Rules struct {
	engine.Common
	Seeds        int         // option seeds
	Holes        int         // option holes
	MinLift      int         // option min_lift
	Penultimate  Penultimate // option penultimate
	FirstLapRule bool        // option first_lap_rule (on)
	SkipOrigin   bool        // option skip_origin (on)
	// MaxReserved is option max_reserved; none gives Holes, which no
	// player can exceed (New sets it).
	MaxReserved int
}

// table declares every kingulu option once, with the Rules field it sets.
var table = append(engine.CommonTable(func(r *Rules) *engine.Common { return &r.Common }, true), engine.Table[Rules]{
	{Option: engine.Option{Key: "seeds", Size: true, Default: "4", Numeric: true, Min: 1, Max: 12, Help: "seeds per hole at the start"},
		Set: engine.Int(func(r *Rules) *int { return &r.Seeds })},
	{Option: engine.Option{Key: "holes", Size: true, Default: "6", Numeric: true, Min: 3, Max: MaxHoles, Help: "holes per row"},
		Set: engine.Int(func(r *Rules) *int { return &r.Holes })},
	{Option: engine.Option{Key: "min_lift", Default: "1", Numeric: true, Min: 1, Max: 2, Help: "fewest seeds a hole must hold to be lifted"},
		Set: engine.Int(func(r *Rules) *int { return &r.MinLift })},
	{Option: engine.Option{Key: "penultimate", Default: "lap", Values: []string{"lap", "origin", "never"},
		Help: "kuweka mtoto also takes the penultimate seed: lap (unless the lap sowed one seed), origin (unless the move's hole held one seed, or the lap sowed one), never (the reserved hole keeps 4)"},
		Set: engine.Choice(func(r *Rules) *Penultimate { return &r.Penultimate })},
	{Option: engine.Option{Key: "first_lap_rule", Default: "on", Values: []string{"on", "off"}, Help: "a first lap may not end in an occupied own hole (rule 4)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.FirstLapRule }, "on")},
	{Option: engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes seeds or more skips the hole it was lifted from (every lap of the move, relay laps included)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.SkipOrigin }, "on")},
	{Option: engine.Option{Key: "max_reserved", Default: "none", Values: []string{"none"}, Numeric: true, Min: 0, Max: MaxHoles,
		Help: "the most holes one player may hold reserved (0..holes); a lap that would reserve one more relays; 0 turns kuweka mtoto off"},
		Set: engine.Int(func(r *Rules) *int { return &r.MaxReserved })},
}...)

// Options returns the option table of the kingulu variant, common options
// included.
func Options() []engine.Option { return table.Options() }
