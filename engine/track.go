package engine

// Track keeps the game-level record that every variant needs: ply count,
// result and end reason, repeated positions, and the moves found
// never-ending at the current ply. Variants embed it in their State; its
// fields change only through its methods.
type Track struct {
	ply         int
	res         Result
	reason      EndReason
	firstRepeat int    // -1 until a position repeats
	neverEnding int    // never-ending moves met
	rejected    uint64 // moves found never-ending at this ply, one bit each
	// countAll keeps recording positions after the first repeat (needed
	// when a rule counts occurrences, e.g. repetition=third).
	countAll bool
	history  History
}

// Ply returns the number of moves played.
func (t *Track) Ply() int { return t.ply }

// Result returns the result (Ongoing while the game goes on).
func (t *Track) Result() Result { return t.res }

// EndReason returns why the game ended (NotOver while it goes on).
func (t *Track) EndReason() EndReason { return t.reason }

// FirstRepeatPly returns the first ply whose position repeats an earlier
// one, or -1.
func (t *Track) FirstRepeatPly() int { return t.firstRepeat }

// NeverEndingMet returns the never-ending moves met: rejected by Reject
// plus played by PlayNeverEnding.
func (t *Track) NeverEndingMet() int { return t.neverEnding }

// Rejected returns the moves found never-ending at this ply, bit m for
// move m.
func (t *Track) Rejected() uint64 { return t.rejected }

// CountsAll reports whether positions are recorded after the first
// repeat (the countAll argument of Start).
func (t *Track) CountsAll() bool { return t.countAll }

// HistoryLen returns the number of positions recorded since the last
// irreversible move (the current one included).
func (t *Track) HistoryLen() int { return t.history.Len() }

// Plant records the position hashing to h as one more earlier occurrence,
// without a move: tests use it to build histories that play cannot reach.
func (t *Track) Plant(h uint64) { t.history.Push(h) }

// PlayNeverEnding notes a never-ending move played (infinite=draw).
func (t *Track) PlayNeverEnding() { t.neverEnding++ }

// Start resets t for a new game whose initial position hashes to h.
func (t *Track) Start(h uint64, countAll bool) {
	t.ply, t.res, t.reason, t.firstRepeat, t.neverEnding, t.rejected, t.countAll = 0, Ongoing, NotOver, -1, 0, 0, countAll
	t.history.ResetTo(h)
}

// Record notes a move just played that led to a position hashing to h.
// irreversible says the move made every earlier position unreachable. It
// returns how often the position has occurred (since the last irreversible
// move), or 0 when positions are no longer recorded (a repeat was already
// found and countAll is off).
func (t *Track) Record(h uint64, irreversible bool) int {
	t.ply++
	t.rejected = 0
	if t.firstRepeat >= 0 && !t.countAll {
		return 0
	}
	if irreversible {
		t.history.ResetTo(h)
		return 1
	}
	n := t.history.Push(h)
	if n > 1 && t.firstRepeat < 0 {
		t.firstRepeat = t.ply
	}
	return n
}

// TryRecordIrreversible is Record(h, true) in the common case, small
// enough to be inlined into a variant's Apply: when no repeat has been
// found and the history holds no more than the last irreversible move's
// position, it records the move and returns true (the position has
// occurred once). Otherwise it changes nothing and returns false: call
// Record.
func (t *Track) TryRecordIrreversible(h uint64) bool {
	if t.firstRepeat >= 0 || len(t.history.hashes) != 0 {
		return false
	}
	t.ply++
	t.rejected = 0
	t.history.pending, t.history.hasPending = h, true
	return true
}

// End ends the game.
func (t *Track) End(r Result, why EndReason) { t.res, t.reason = r, why }

// Over reports whether the game is over.
func (t *Track) Over() bool { return t.res != Ongoing }

// Reject notes that move m was found never-ending at this ply.
func (t *Track) Reject(m Move) {
	t.rejected |= 1 << m
	t.neverEnding++
}

// CopyFrom makes t equal to src without allocating once t has grown.
func (t *Track) CopyFrom(src *Track) {
	h := t.history
	*t = *src
	t.history = h
	t.history.CopyFrom(&src.history)
}
