package kimasai2

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
)

// Clause tests of the options skip_origin, win_check and phase_change
// (see the package doc), on hand-built positions worked out by hand.

// skip_origin=on: a lap of 2*holes cows or more leaves out the hole it was
// lifted from, relay laps included; shorter laps are unchanged.
func TestSkipOrigin(t *testing.T) {
	// holes=4 (8 holes a player), phase 1: South's hole 0 holds 8 and gets
	// the reserve cow: 9 cows over the 7 other holes give 1 to holes 1..7
	// and a second to 1 and 2; hole 0 stays empty. Hole 2 held 1 before
	// its last cow: relay 2 -> 3, 4 (relay 2) -> 5, 6 (relay 2) -> 7, 0,
	// which is empty: the move ends.
	s := at(t, Name+":holes=4,skip_origin=on", []int{8}, ones(4), 5, 5, S, false)
	info := apply(t, s, 0)
	want(t, s, []int{1, 2, 0, 2, 0, 2, 0, 2}, ones(4), 4, 5)
	wantInfo(t, info, 4, 15, 0, 0)

	// skip_origin=off: the 9 cows go round all 8 holes, the last two into
	// holes 0 and 1: hole 1 held 1 before its last cow: relay 2 -> 2, 3
	// (3 held 1: relay 2) -> 4, 5 (relay 2) -> 6, 7 (relay 2) -> 0, 1
	// (1 is empty after its lift: the move ends).
	s = at(t, Name+":holes=4", []int{8}, ones(4), 5, 5, S, false)
	info = apply(t, s, 0)
	want(t, s, []int{2, 1, 2, 0, 2, 0, 2, 0}, ones(4), 4, 5)
	wantInfo(t, info, 5, 17, 0, 0)

	// A relay lap of 8 cows skips its hole too: South's hole 7 holds 7 and
	// gets the reserve cow (8 = 2*holes): holes 0..6 get one each and the
	// last cow skips 7 and falls into 0 (held 7 before it): relay 8 from 0
	// -> one each into 1..7 and, skipping 0, the last into 1 (held 3
	// before it): relay 4 -> 2, 3, 4, 5 (held 3): relay 4 -> 6, 7, 0, 1
	// (empty: end).
	s = at(t, Name+":holes=4,skip_origin=on", []int{6, 1, 1, 1, 1, 1, 1, 7}, ones(4), 5, 5, S, false)
	info = apply(t, s, 7)
	want(t, s, []int{1, 1, 4, 4, 4, 0, 4, 2}, ones(4), 4, 5)
	wantInfo(t, info, 4, 24, 0, 0)

	// A raid's lap skips nothing: South's 1 cow from hole 1 ends in hole 2
	// (occupied), which raids North's hole 1 (9 cows). The 9 raided cows
	// are sown from hole 2 on (capture_sow=here) round all 8 holes, hole 1
	// included, and the 9th into 2 again (held 3: relay 4) -> 3..6 (6 held
	// 1: relay 2) -> 7, 0 (0 held 1, faces North's empty 3: relay 2) ->
	// 1, 2 (2 empty: end).
	s = at(t, Name+":holes=4,reserve=0,skip_origin=on", []int{0, 1, 1}, []int{1, 9}, 0, 0, S, false)
	info = apply(t, s, 1)
	want(t, s, []int{0, 2, 1, 2, 2, 2, 0, 2}, []int{1}, 0, 0)
	wantInfo(t, info, 5, 18, 1, 9)
}

// win_check=capture: a raid that leaves the opponent's inner row without
// cows puts the raided cows into the capturing hole and wins at once.
func TestWinCheckCapture(t *testing.T) {
	// South's cow from hole 1 ends in hole 2 (occupied), which raids
	// North's hole 1, North's only inner cows (3; North keeps a cow in
	// outer hole 5).
	s := at(t, Name+":holes=4,reserve=0,win_check=capture", []int{0, 1, 1}, []int{0, 3, 0, 0, 0, 1}, 0, 0, S, false)
	info := apply(t, s, 1)
	want(t, s, []int{0, 0, 5}, []int{0, 0, 0, 0, 0, 1}, 0, 0)
	wantInfo(t, info, 1, 1, 1, 3)
	wantEnd(t, s, engine.SouthWins, engine.InnerRowEmpty)

	// win_check=move: the 3 raided cows are sown (2, 3, 4: 4 empty, end)
	// and the win is found after the move.
	s = at(t, Name+":holes=4,reserve=0", []int{0, 1, 1}, []int{0, 3, 0, 0, 0, 1}, 0, 0, S, false)
	info = apply(t, s, 1)
	want(t, s, []int{0, 0, 3, 1, 1}, []int{0, 0, 0, 0, 0, 1}, 0, 0)
	wantInfo(t, info, 2, 4, 1, 3)
	wantEnd(t, s, engine.SouthWins, engine.InnerRowEmpty)

	// A raid that leaves North an inner cow is an ordinary raid.
	s = at(t, Name+":holes=4,reserve=0,win_check=capture", []int{0, 1, 1}, []int{1, 3}, 0, 0, S, false)
	info = apply(t, s, 1)
	want(t, s, []int{0, 0, 3, 1, 1}, []int{1}, 0, 0)
	wantInfo(t, info, 2, 4, 1, 3)
	if s.Over() {
		t.Errorf("game over after a raid that left North a cow: %v", s.EndReason())
	}

	// A move that never ends under win_check=move wins under capture:
	// South's 2 cows from hole 6 go into 7 and 0 (held 1), which raids
	// North's last inner cow (hole 3). capture: the cow joins hole 0 and
	// South wins. move: the raided cow is sown into hole 0 and the relays
	// that follow go round for ever.
	south, north := []int{1, 1, 0, 1, 0, 1, 2, 0}, []int{0, 0, 0, 1, 0, 0, 0, 1}
	s = at(t, Name+":holes=4,reserve=0,win_check=capture", south, north, 0, 0, S, false)
	info = apply(t, s, 6)
	want(t, s, []int{3, 1, 0, 1, 0, 1, 0, 1}, []int{0, 0, 0, 0, 0, 0, 0, 1}, 0, 0)
	wantInfo(t, info, 1, 2, 1, 1)
	wantEnd(t, s, engine.SouthWins, engine.InnerRowEmpty)
	s = at(t, Name+":holes=4,reserve=0", south, north, 0, 0, S, false)
	if info, err := s.Apply(6); !errors.Is(err, engine.ErrNeverEnding) || !info.NeverEnding {
		t.Errorf("win_check=move: %+v %v, want never-ending", info, err)
	}

	// capture_sow does not apply to the winning raid: with next the cows
	// still go into the capturing hole.
	s = at(t, Name+":holes=4,reserve=0,win_check=capture,capture_sow=next", []int{0, 1, 1}, []int{0, 3, 0, 0, 0, 1}, 0, 0, S, false)
	apply(t, s, 1)
	want(t, s, []int{0, 0, 5}, []int{0, 0, 0, 0, 0, 1}, 0, 0)
	wantEnd(t, s, engine.SouthWins, engine.InnerRowEmpty)

	// lap_limit=1: the winning raid ends the first lap's move (no second
	// lap is needed); under win_check=move the raid's lap would be lap 2,
	// past the limit: never-ending.
	s = at(t, Name+":holes=4,reserve=0,win_check=capture,lap_limit=1", []int{0, 1, 1}, []int{0, 3, 0, 0, 0, 1}, 0, 0, S, false)
	apply(t, s, 1)
	wantEnd(t, s, engine.SouthWins, engine.InnerRowEmpty)
	s = at(t, Name+":holes=4,reserve=0,lap_limit=1", []int{0, 1, 1}, []int{0, 3, 0, 0, 0, 1}, 0, 0, S, false)
	if _, err := s.Apply(1); !errors.Is(err, engine.ErrNeverEnding) {
		t.Errorf("win_check=move, lap_limit=1: %v", err)
	}
}

// phase_change=immediate: the move that brings in the last reserve cow is
// played by the phase-2 rules (compare TestLastIntroIsPhase1).
func TestPhaseChangeImmediate(t *testing.T) {
	// South's hole 0 gets the last cow: 2 -> 1, 2; 2 was occupied and
	// faces North's 1 (1 cow): raid. The cow falls into 2 (held 2 before
	// it, now facing an empty hole): relay 3 -> 3, 4, 5 (empty: end).
	s := at(t, Name+":holes=4,phase_change=immediate", []int{1, 0, 1, 1}, ones(4), 1, 0, S, false)
	info := apply(t, s, 0)
	want(t, s, []int{0, 1, 0, 2, 1, 1}, []int{1, 0, 1, 1}, 0, 0)
	wantInfo(t, info, 3, 6, 1, 1)
	if s.Phase() != 2 || s.Over() {
		t.Errorf("phase %d over %v", s.Phase(), s.Over())
	}

	// Not the last cow (North still holds one): no raid.
	s = at(t, Name+":holes=4,phase_change=immediate", []int{1, 0, 1, 1}, ones(4), 1, 1, S, false)
	info = apply(t, s, 0)
	want(t, s, []int{0, 1, 0, 2, 1}, ones(4), 0, 1)
	wantInfo(t, info, 2, 4, 0, 0)

	// The move counts as a phase-2 move for end_check=phase2: the last cow
	// into South's only inner cow empties South's inner row, and South
	// loses at once (with phase_change=next the game goes on: see
	// TestLastIntroIsPhase1).
	s = at(t, Name+":holes=4,end_check=phase2,phase_change=immediate", []int{0, 0, 0, 1}, ones(4), 1, 0, S, false)
	apply(t, s, 3)
	want(t, s, []int{0, 0, 0, 0, 1, 1}, ones(4), 0, 0)
	wantEnd(t, s, engine.NorthWins, engine.InnerRowEmpty)
}
