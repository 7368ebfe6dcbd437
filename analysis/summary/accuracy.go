package summary

// Accuracy is how often one agent's moves in one solved ruleset keep the
// value the mover can force (package solve's Value.For: South's
// south_can_force, North's north_can_force negated), judged at every
// move the agent chose among two or more legal moves outside the random
// opening. A move can only keep that value or lower it.
//
// KeepsMargin is the share of those moves after which the mover can
// still force the same margin as before; KeepsOutcome the share after
// which the forced result is still of the same class: a win (margin
// > 0), a draw (0), a loss (< 0), or, on a cyclic board, none (the mover
// cannot force a finished game: the opponent can keep it going). A move
// from a forced draw to none loses the outcome; none is kept by any
// move. The perfect agent keeps both at exactly 1. Each share has its
// Wilson interval, which treats the moves as independent (they are not
// within a game, so the interval is somewhat too narrow).
type Accuracy struct {
	Ruleset string `json:"ruleset"`
	Variant string `json:"variant"`
	Agent   string `json:"agent"`
	// Moves counts the moves judged; KeptOutcome and KeptMargin the
	// moves among them that kept the outcome and the margin.
	Moves        int64    `json:"moves"`
	KeptOutcome  int64    `json:"kept_outcome"`
	KeptMargin   int64    `json:"kept_margin"`
	KeepsOutcome Interval `json:"keeps_outcome"`
	KeepsMargin  Interval `json:"keeps_margin"`
	// VsPerfectSouth and VsPerfectNorth are the agent's score (wins, plus
	// half of draws and unfinished games) against perfect play with the
	// agent as South and as North; null when the dataset has no such
	// games (and for perfect itself).
	VsPerfectSouth *Score `json:"vs_perfect_south"`
	VsPerfectNorth *Score `json:"vs_perfect_north"`
}

// Score is a mean score over games, wins 1, draws and unfinished games
// ½, with its Wilson interval.
type Score struct {
	Games int64 `json:"games"`
	Interval
}

// Doubling compares one agent with the same agent at twice the search
// budget in one ruleset (a key of its spec, e.g. alphabeta's nodes,
// doubled), over the games between them in both seat orders.
type Doubling struct {
	Ruleset string `json:"ruleset"`
	Variant string `json:"variant"`
	// Agent is the weaker spec (budget N), Doubled the stronger (2N);
	// Key names the budget that doubles and Budget is N.
	Agent   string  `json:"agent"`
	Doubled string  `json:"doubled"`
	Key     string  `json:"key"`
	Budget  float64 `json:"budget"`
	// Score is the doubled agent's score against the other (draws and
	// unfinished games ½) with its Wilson interval; Detectable says the
	// interval excludes ½ (a difference shows at the games played), and
	// Verdict which way: DoublingGain when the interval lies above ½,
	// DoublingWorse when below, DoublingNone when it holds ½.
	Score      Score  `json:"score"`
	Detectable bool   `json:"detectable"`
	Verdict    string `json:"verdict"`
}

// The verdicts of a doubling (Doubling.Verdict).
const (
	DoublingGain  = "gain"  // the doubled agent is shown stronger
	DoublingWorse = "worse" // the doubled agent is shown weaker
	DoublingNone  = "none"  // no difference shows at the games played
)

// DoublingVerdict is the verdict of a doubled agent's score interval.
func DoublingVerdict(iv Interval) string {
	switch {
	case iv.Lo > 0.5:
		return DoublingGain
	case iv.Hi < 0.5:
		return DoublingWorse
	}
	return DoublingNone
}
