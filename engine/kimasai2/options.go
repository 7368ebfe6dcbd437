package kimasai2

import "github.com/baolab/baolab/engine"

// MaxHoles is the largest number of holes per row (option holes).
const MaxHoles = 16

// table declares every kimasai-two-rows option once, with the Rules
// field it sets.
var table = append(engine.CommonTable(func(r *Rules) *engine.Common { return &r.Common }, true), engine.Table[Rules]{
	{Option: engine.Option{Key: "reserve", Size: true, Default: "24", Numeric: true, Min: 0, Max: 64, Help: "cows each player starts with in reserve"},
		Set: engine.Int(func(r *Rules) *int { return &r.Reserve })},
	{Option: engine.Option{Key: "holes", Size: true, Default: "8", Numeric: true, Min: 4, Max: MaxHoles, Help: "holes per row"},
		Set: engine.Int(func(r *Rules) *int { return &r.Holes })},
	{Option: engine.Option{Key: "capture_sow", Default: "here", Values: []string{"here", "next"}, Help: "raided cows are sown starting in the capturing hole (here) or in the hole after it (next)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.CaptureNext }, "next")},
	{Option: engine.Option{Key: "end_check", Default: "always", Values: []string{"always", "phase2"}, Help: "the inner-row-empty end is checked after every move, or only after moves that started in phase 2"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.EndPhase2 }, "phase2")},
	{Option: engine.Option{Key: "opening_intro", Default: "off", Values: []string{"off", "on"}, Help: "on: the first move of the game also introduces a reserve cow"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.OpeningIntro }, "on")},
	{Option: engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes cows or more skips the hole it was lifted from (a raid's lap skips nothing)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.SkipOrigin }, "on")},
	{Option: engine.Option{Key: "win_check", Default: "move", Values: []string{"move", "capture"},
		Help: "capture: a raid that empties the opponent's inner row ends the move at once and wins; move: the end is checked after the move"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.WinCapture }, "capture")},
	{Option: engine.Option{Key: "phase_change", Default: "next", Values: []string{"next", "immediate"},
		Help: "immediate: the move that brings in the last reserve cow is already played by the phase-2 rules (it can raid)"},
		Set: engine.Flag(func(r *Rules) *bool { return &r.PhaseImmediate }, "immediate")},
}...)

// Options returns the option table of the kimasai-two-rows variant,
// common options included.
func Options() []engine.Option { return table.Options() }

// Rules holds the option values of a ruleset, typed. Each field is set by
// the option named in its comment; the options' meanings are in the
// package doc's option table (made from the table above).
type Rules struct {
	engine.Common
	Holes          int  // option holes; each player owns 2*Holes holes
	Reserve        int  // option reserve
	CaptureNext    bool // option capture_sow (next)
	EndPhase2      bool // option end_check (phase2)
	OpeningIntro   bool // option opening_intro (on)
	SkipOrigin     bool // option skip_origin (on)
	WinCapture     bool // option win_check (capture)
	PhaseImmediate bool // option phase_change (immediate)
}
