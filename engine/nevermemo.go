package engine

// NeverMemo is implemented by states whose exact never-ending detection
// can remember, from one move to the next, the sowing states it has shown
// never to end, so that a later sowing reaching one of them is rejected
// there instead of going round its cycle again (kimasai-two-rows, where
// one such cycle can take 10^8 laps and search meets the same cycles from
// many positions).
//
// A memo changes no verdict (which moves never end), no outcome of a move
// that ends, and nothing a state reports except the MoveInfo of a
// never-ending move: its laps, cows sown and captures count only what was
// sown until the verdict, which with a memo can be fewer. So search, which
// reads only verdicts and positions, may use one; game records, which log
// MoveInfo, do not.
//
// A memo is not safe for concurrent use: share it only among states that
// one goroutine plays. It holds only what the exact rules imply: it never
// answers under lap_limit, and one used for another rule set of the
// variant starts empty. (A variant may also keep what holds under every
// rule set in one table for the process, guarded for concurrent use:
// kimasai-two-rows does so for its rotated states.)
type NeverMemo interface {
	// ShareNeverMemo makes the receiver use the memo of src, a state of
	// the same variant, giving src a new, empty one when it has none.
	ShareNeverMemo(src State)
}

// ShareNeverMemo gives states (all of one variant) one never-ending memo
// when they implement NeverMemo, and does nothing otherwise.
func ShareNeverMemo(states ...State) {
	if len(states) == 0 {
		return
	}
	first, ok := states[0].(NeverMemo)
	if !ok {
		return
	}
	first.ShareNeverMemo(states[0])
	for _, s := range states[1:] {
		s.(NeverMemo).ShareNeverMemo(states[0])
	}
}
