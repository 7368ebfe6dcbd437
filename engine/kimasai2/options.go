package kimasai2

import "github.com/baolab/baolab/engine"

// MaxHoles is the largest number of holes per row (option holes).
const MaxHoles = 16

// Options returns the option table of the kimasai-two-rows variant,
// common options included.
func Options() []engine.Option {
	return append(engine.CommonOptions(true),
		engine.Option{Key: "reserve", Size: true, Default: "24", Numeric: true, Min: 0, Max: 64, Help: "cows each player starts with in reserve"},
		engine.Option{Key: "holes", Size: true, Default: "8", Numeric: true, Min: 4, Max: MaxHoles, Help: "holes per row"},
		engine.Option{Key: "capture_sow", Default: "here", Values: []string{"here", "next"}, Help: "raided cows are sown starting in the capturing hole (here) or in the hole after it (next)"},
		engine.Option{Key: "end_check", Default: "always", Values: []string{"always", "phase2"}, Help: "the inner-row-empty end is checked after every move, or only after moves that started in phase 2"},
		engine.Option{Key: "opening_intro", Default: "off", Values: []string{"off", "on"}, Help: "on: the first move of the game also introduces a reserve cow"},
		engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes cows or more skips the hole it was lifted from (a raid's lap skips nothing)"},
		engine.Option{Key: "win_check", Default: "move", Values: []string{"move", "capture"},
			Help: "capture: a raid that empties the opponent's inner row ends the move at once and wins; move: the end is checked after the move"},
		engine.Option{Key: "phase_change", Default: "next", Values: []string{"next", "immediate"},
			Help: "immediate: the move that brings in the last reserve cow is already played by the phase-2 rules (it can raid)"},
	)
}

// Rules holds the option values of a ruleset, typed.
type Rules struct {
	engine.Common
	Holes        int  // holes per row (option holes); each player owns 2*Holes holes
	Reserve      int  // cows each player starts with in reserve (option reserve)
	CaptureNext  bool // capture_sow=next: raided cows are sown from the hole after the capturing hole
	EndPhase2    bool // end_check=phase2: inner-row-empty is checked only after phase-2 moves
	OpeningIntro bool // opening_intro=on: the first move also introduces a reserve cow
	// SkipOrigin (skip_origin=on): a lap of 2*Holes cows or more skips the
	// hole it was lifted from; a raid's lap skips nothing.
	SkipOrigin bool
	// WinCapture (win_check=capture): a raid that leaves the opponent's
	// inner row without cows puts the raided cows into the capturing hole
	// and ends the move, which wins.
	WinCapture bool
	// PhaseImmediate (phase_change=immediate): the move that brings in the
	// last reserve cow is played by the phase-2 rules.
	PhaseImmediate bool
}
