package engine

// Track keeps the game-level record that every variant needs: ply count,
// result and end reason, repeated positions, and the moves found
// never-ending at the current ply. Variants embed it in their State.
type Track struct {
	Ply         int
	Res         Result
	Reason      EndReason
	FirstRepeat int // -1 until a position repeats
	NeverEnding int // never-ending moves met
	Rejected    uint64
	// CountAll keeps recording positions after the first repeat (needed
	// when a rule counts occurrences, e.g. repetition=third).
	CountAll bool
	History  History
}

// Start resets t for a new game whose initial position hashes to h.
func (t *Track) Start(h uint64, countAll bool) {
	t.Ply, t.Res, t.Reason, t.FirstRepeat, t.NeverEnding, t.Rejected, t.CountAll = 0, Ongoing, NotOver, -1, 0, 0, countAll
	t.History.ResetTo(h)
}

// Record notes a move just played that led to a position hashing to h.
// irreversible says the move made every earlier position unreachable. It
// returns how often the position has occurred (since the last irreversible
// move), or 0 when positions are no longer recorded (a repeat was already
// found and CountAll is off).
func (t *Track) Record(h uint64, irreversible bool) int {
	t.Ply++
	t.Rejected = 0
	if t.FirstRepeat >= 0 && !t.CountAll {
		return 0
	}
	if irreversible {
		t.History.ResetTo(h)
		return 1
	}
	n := t.History.Push(h)
	if n > 1 && t.FirstRepeat < 0 {
		t.FirstRepeat = t.Ply
	}
	return n
}

// End ends the game.
func (t *Track) End(r Result, why EndReason) { t.Res, t.Reason = r, why }

// Over reports whether the game is over.
func (t *Track) Over() bool { return t.Res != Ongoing }

// Reject notes that move m was found never-ending at this ply.
func (t *Track) Reject(m Move) {
	t.Rejected |= 1 << m
	t.NeverEnding++
}

// CopyFrom makes t equal to src without allocating once t has grown.
func (t *Track) CopyFrom(src *Track) {
	h := t.History
	*t = *src
	t.History = h
	t.History.CopyFrom(&src.History)
}
