package engine

// Game is an immutable rule set: a variant with its option values.
type Game interface {
	// Variant returns the variant name, e.g. "kingulu".
	Variant() string
	// Ruleset returns the canonical ruleset string.
	Ruleset() string
	// Options returns every option value (defaults included) by key,
	// in canonical text form.
	Options() map[string]string
	// NewState returns the initial state.
	NewState() State
	// MaxPlies returns the max_plies option.
	MaxPlies() int
	// NumMoves returns one more than the largest move number.
	NumMoves() int
	// TotalMaterial returns the counters in play at the start (seeds, cows
	// or stones of both players, reserves included).
	TotalMaterial() int
	// Perft returns the number of distinct legal move sequences of length
	// depth from s, ignoring max_plies and repetition. s is not changed.
	Perft(s State, depth int) uint64
}

// State is one position of a game together with the game's history.
//
// States are not safe for concurrent use. Clone allocates; CopyFrom does not
// (once the destination has grown to the source's history length), so the
// cheap undo is: keep a spare State, CopyFrom before the move, CopyFrom back.
type State interface {
	// Game returns the rule set this state plays.
	Game() Game
	// Player returns the player to move.
	Player() Player
	// Ply returns the number of moves played.
	Ply() int
	// Candidates appends to buf the moves that pass every rule except the
	// never-ending check, in increasing order, and returns the result.
	// Moves already found never-ending at this ply are left out. It returns
	// buf unchanged when the game is over.
	Candidates(buf []Move) []Move
	// Legal appends the exact legal moves, in increasing order. It sows
	// every candidate to its end (on a copy) and can be slow.
	Legal(buf []Move) []Move
	// Apply plays m. It returns ErrGameOver, ErrIllegalMove (m is not a
	// candidate) or ErrNeverEnding (infinite=illegal and the sowing of m
	// never ends; the position is unchanged but m is no longer a candidate,
	// and if no candidate remains the game is over). The errors are
	// wrapped: test them with errors.Is.
	Apply(m Move) (MoveInfo, error)
	// Over reports whether the game is over.
	Over() bool
	// Result returns the result (Ongoing while the game goes on).
	Result() Result
	// EndReason returns why the game ended (NotOver while it goes on).
	EndReason() EndReason
	// Material returns the counters p holds, as the variant's package doc
	// defines material.
	Material(p Player) int
	// Hash returns the 64-bit hash of the position (board, banks, reserves,
	// phase and player to move).
	Hash() uint64
	// FirstRepeatPly returns the smallest ply p such that the position after
	// p moves equals the position after an earlier number of moves, or -1.
	FirstRepeatPly() int
	// NeverEndingMet returns how many never-ending moves the game met:
	// candidates rejected by Apply plus one played under infinite=draw.
	NeverEndingMet() int
	// Clone returns an independent copy.
	Clone() State
	// CopyFrom makes the receiver equal to src, which must come from the
	// same Game type. It does not allocate once the receiver has grown.
	CopyFrom(src State)
	// Check verifies the state's invariants (conservation law, no negative
	// counts, incremental hash equal to a full recomputation) and returns
	// an error describing the first one broken.
	Check() error
	// String draws the board as South sees it, with banks, reserves,
	// reserved holes, phase, player to move and the result if over.
	String() string
}
