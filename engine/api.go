package engine

import "math/big"

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

// Encoder is implemented by every variant's Game: a compact, comparable
// key of a position and its inverse. A key holds everything that decides
// future play — board, banks, reserves, reserved holes, phase and the
// player to move — and nothing else (not the ply, not the history, not
// the moves found never-ending at this ply), so two states have equal keys
// exactly when every continuation open to one is open to the other.
//
// A key is a little-endian bit string (bit i of the string is bit i%8 of
// byte i/8) of KeyBits(s) bits padded with zero bits to whole bytes; read
// as a little-endian integer (KeyUint64) the bits from KeyBits on are zero.
// Its length depends only on the material that the variant conserves, so
// every position reachable from s has a key of the same length, and a
// solver can pack keys of small boards into fixed-width words. The first
// bit of every key is the player to move (0 South, 1 North).
type Encoder interface {
	// KeyBits returns the length in bits of the key of s and of every
	// position reachable from s.
	KeyBits(s State) int
	// AppendKey appends the key of s's position to buf and returns the
	// result. It does not allocate when buf has room.
	AppendKey(buf []byte, s State) []byte
	// StateFromKey returns a new state at the position of key, at ply 0
	// with an empty history, as the variant's NewStateAt would build it.
	// It returns an error for a key that no position of this game has.
	StateFromKey(key []byte) (State, error)
	// LoadKey sets dst, a state of this variant, to the position of key as
	// StateFromKey builds it (ply 0, empty history), without allocating
	// once dst has grown. On an error dst is unchanged.
	LoadKey(dst State, key []byte) error
}

// ChildKeys is implemented by an Encoder game that generates the
// successors of a position from its key, packed in a word, without a
// State: a solver's fast path (package solve expands positions through
// States for a game without it, and for a position where it appends
// nothing).
type ChildKeys interface {
	Encoder
	// AppendChildKeys appends to dst a Child for each legal move of the
	// position of key (a key of at most 64 bits read as KeyUint64 reads
	// it, of a position LoadKey accepts) as LoadKey sets it up, in the
	// order of Candidates, and returns dst: the move, the key of the
	// position it leads to and how the game stands after it, as Apply on
	// that state would leave it. It appends nothing when the position has
	// no legal move, and does not allocate when dst has room (MaxMoves).
	AppendChildKeys(dst []Child, key uint64) []Child
}

// Child is a legal move of a position and the position it leads to (see
// ChildKeys).
type Child struct {
	Key    uint64    // the key of the position after the move, as KeyUint64 reads it
	Move   Move      // the move
	Result Result    // Ongoing, or the result of the game ended by the move
	End    EndReason // why the move ended the game (NotOver if it did not)
}

// Acyclic is implemented by a Game that declares whether no position of
// it can ever recur: no sequence of legal moves leads from a position back
// to itself (kimasai-four-rows: stones only step forward and leave only by
// capture; the theorem of its package doc). A solver may then solve a
// position once from its successors, depth first (package solve). A game
// that does not implement it, or returns false, may have cycles (kingulu
// and kimasai-two-rows have no repetition rule and do).
type Acyclic interface {
	// Acyclic reports whether no position of the game can recur.
	Acyclic() bool
}

// Layered is implemented by a Game whose positions fall into layers that
// no move goes back to: every move leads to a position of the same layer
// or of a larger one. (In kingulu the banks never shrink and reservations
// are permanent, so the banks and the reserved holes are a layer.) A
// position is its layer together with its key within the layer, a word
// of at most LayerKeyBits(start) bits, so a solver can hold one layer at a
// time, keyed by words, even where Encoder's keys are too long for a word.
type Layered interface {
	// LayerKeyBits returns the length in bits of the layer key of s,
	// which no position reachable from s exceeds.
	LayerKeyBits(s State) int
	// LayerKey returns the layer of s's position and its key within the
	// layer (bits from LayerKeyBits on zero). It does not allocate.
	LayerKey(s State) (layer, key uint64)
	// LoadLayerKey sets dst, a state of this variant, to the position
	// (layer, key) as LoadKey would (ply 0, empty history), without
	// allocating once dst has grown. On an error dst is unchanged.
	LoadLayerKey(dst State, layer, key uint64) error
	// LayerString describes a layer as space-separated name=value pairs.
	LayerString(layer uint64) string
}

// LayerSpace is implemented by a Layered game that knows, without
// playing, every layer a position reached from its start can be in, a
// bound on the positions of each, and which layers a move can lead to,
// so that a board too big to count can still be planned (solve.EstimatePlan).
type LayerSpace interface {
	Layered
	// SpaceLayers returns, in increasing order, every layer a position
	// reachable from NewState can be in (a superset: some may be empty),
	// or ok false and no layers if there are more than limit.
	SpaceLayers(limit int) (layers []uint64, ok bool)
	// LayerBound returns the number of positions the layer can hold: the
	// positions with its layer that the rules allow, reachable or not, so
	// at least its reachable positions.
	LayerBound(layer uint64) *big.Int
	// LayerSteps calls step for layers of SpaceLayers, each larger than
	// layer, such that every other layer a move from a position of layer
	// leads to is reached from layer by a chain of one or more steps.
	// (Waves reckoned along the steps are then never earlier than a
	// layer's real wave, and still solve a layer after those it leads to.)
	LayerSteps(layer uint64, step func(next uint64))
	// LayerReserved returns what a layer's share of reachable positions
	// is estimated from (solve.ShareModel): the holes it has reserved, or
	// the like (0 for a game without).
	LayerReserved(layer uint64) int
}
