package kimasai2

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
)

const (
	S = engine.South
	N = engine.North
)

// Phase 1: a reserve cow goes into a non-empty hole, the hole is lifted
// and sown clockwise; relay on occupied, stop on empty. No raid even where
// a lap ends in an occupied inner hole facing cows.
func TestPhase1Move(t *testing.T) {
	s := at(t, Name, ones(8), ones(8), 10, 10, S, false)
	info := apply(t, s, 2)
	// hole 2: 1+1 introduced = 2 -> holes 3,4 (4 had 1: relay, though
	// North's facing hole 3 holds a cow) -> lift 2 from 4 -> 5,6 (relay)
	// -> lift 2 from 6 -> 7, 8 (8 was empty: the move ends).
	want(t, s, []int{1, 1, 0, 2, 0, 2, 0, 2, 1}, ones(8), 9, 10)
	wantInfo(t, info, 3, 6, 0, 0)
	if s.Player() != N || s.Over() || s.Phase() != 1 {
		t.Errorf("player %v over %v phase %d", s.Player(), s.Over(), s.Phase())
	}

	// Into an outer hole, with the lap wrapping from hole 7 to hole 0
	// (holes=4: inner 0..3, outer 4..7).
	s = at(t, Name+":holes=4", []int{1, 0, 1, 0, 0, 0, 0, 2}, ones(4), 5, 5, S, false)
	info = apply(t, s, 7)
	// 7: 2+1 = 3 -> 0,1,2 (2 had 1: relay) -> lift 2 -> 3, 4 (empty: end).
	want(t, s, []int{2, 1, 0, 1, 1, 0, 0, 0}, ones(4), 4, 5)
	wantInfo(t, info, 2, 5, 0, 0)

	// An empty hole is not a candidate.
	if _, err := s.Apply(5); !errors.Is(err, engine.ErrIllegalMove) {
		t.Errorf("north empty hole 5: %v", err)
	}
}

// The first move of the game introduces no cow (opening_intro=off) or
// does (on); the second move always does.
func TestOpening(t *testing.T) {
	s := MustNew(Name).NewState().(*State)
	info := apply(t, s, 0)
	// 0: 1 -> 1 (relay 2) -> 2,3 (relay at 3) -> 4,5 -> 6,7 -> 8,9 (end).
	want(t, s, []int{0, 0, 2, 0, 2, 0, 2, 0, 1, 1}, ones(8), 24, 24)
	wantInfo(t, info, 5, 9, 0, 0)
	info = apply(t, s, 0) // North introduces: 0 holds 2 -> 1,2 -> ... -> 7,8
	want(t, s, []int{0, 0, 2, 0, 2, 0, 2, 0, 1, 1}, []int{0, 2, 0, 2, 0, 2, 0, 2, 1}, 24, 23)
	wantInfo(t, info, 4, 8, 0, 0)

	s = MustNew(Name + ":opening_intro=on").NewState().(*State)
	apply(t, s, 0)
	want(t, s, []int{0, 2, 0, 2, 0, 2, 0, 2, 1}, ones(8), 23, 24)

	s = MustNew(Name + ":first=north").NewState().(*State)
	if s.Player() != N {
		t.Fatal("first=north: south to move")
	}
	apply(t, s, 0)
	want(t, s, ones(8), []int{0, 0, 2, 0, 2, 0, 2, 0, 1, 1}, 24, 24)
	apply(t, s, 0)
	want(t, s, []int{0, 2, 0, 2, 0, 2, 0, 2, 1}, []int{0, 0, 2, 0, 2, 0, 2, 0, 1, 1}, 23, 24)

	// A hand-made position that is not the opening: the move introduces.
	s = at(t, Name, ones(8), ones(8), 24, 24, S, false)
	apply(t, s, 0)
	want(t, s, []int{0, 2, 0, 2, 0, 2, 0, 2, 1}, ones(8), 23, 24)
}

// Phase 2 starts once both reserves are empty; the move that brings in the
// last cow is a phase-1 move.
func TestPhaseSwitch(t *testing.T) {
	for _, c := range []struct {
		rs     string
		ply    int // first phase-2 ply
		player engine.Player
	}{
		{Name, 49, N},
		{Name + ":opening_intro=on", 48, S},
		{Name + ":first=north", 49, S},
		{Name + ":first=north,opening_intro=on", 48, N},
		{Name + ":reserve=3", 7, N},
		{Name + ":reserve=1", 3, N},
		{Name + ":reserve=1,opening_intro=on", 2, S},
		{Name + ":reserve=64,holes=4", 129, N},
		{Name + ":reserve=0", 0, S},
	} {
		// end_check=phase2 so that no phase-1 move can end the game.
		rs := c.rs + ",end_check=phase2"
		if c.rs == Name {
			rs = Name + ":end_check=phase2"
		}
		s := MustNew(rs).NewState().(*State)
		for s.Ply() < c.ply {
			if s.Phase() != 1 {
				t.Fatalf("%s: phase %d at ply %d", c.rs, s.Phase(), s.Ply())
			}
			before := s.Position()
			mover := s.Player()
			if err := playFirstEnding(s); err != nil {
				t.Fatalf("%s ply %d: %v", c.rs, s.Ply(), err)
			}
			intro := 1
			if s.Ply() == 1 && before.Opening && !s.g.rules.OpeningIntro {
				intro = 0
			}
			if got := s.Position().Reserve[mover]; got != before.Reserve[mover]-intro {
				t.Fatalf("%s ply %d: %v reserve %d -> %d", c.rs, s.Ply()-1, mover, before.Reserve[mover], got)
			}
		}
		if s.Phase() != 2 || s.Player() != c.player || s.Over() {
			t.Errorf("%s: at ply %d phase %d, %v to move, over %v; want phase 2, %v", c.rs, s.Ply(), s.Phase(), s.Player(), s.Over(), c.player)
		}
	}
}

// The move that brings in the last reserve cow is a phase-1 move: it does
// not raid, and with end_check=phase2 it is not checked.
func TestLastIntroIsPhase1(t *testing.T) {
	// holes=4. South 0 gets the last cow: 2 -> 1,2; 2 was occupied and
	// faces North's 1, which holds a cow, but there is no raid: relay ->
	// 3, 4 (empty: end).
	s := at(t, Name+":holes=4", []int{1, 0, 1, 1}, ones(4), 1, 0, S, false)
	info := apply(t, s, 0)
	want(t, s, []int{0, 1, 0, 2, 1}, ones(4), 0, 0)
	wantInfo(t, info, 2, 4, 0, 0)
	if s.Phase() != 2 || s.Over() {
		t.Errorf("phase %d over %v", s.Phase(), s.Over())
	}

	// The last cow into South's only inner cow: 3 -> 4,5. South's inner
	// row is empty. always: South loses; phase2: the move was phase 1.
	for _, c := range []struct {
		rs   string
		over bool
	}{{Name + ":holes=4", true}, {Name + ":holes=4,end_check=phase2", false}} {
		s := at(t, c.rs, []int{0, 0, 0, 1}, ones(4), 1, 0, S, false)
		apply(t, s, 3)
		want(t, s, []int{0, 0, 0, 0, 1, 1}, ones(4), 0, 0)
		if c.over {
			wantEnd(t, s, engine.NorthWins, engine.InnerRowEmpty)
		} else if s.Over() {
			t.Errorf("%s: over %v", c.rs, s.EndReason())
		}
	}
}

// end_check in phase 1 (reserves left on both sides).
func TestEndCheckPhase1(t *testing.T) {
	s := at(t, Name+":holes=4", []int{0, 0, 0, 1}, ones(4), 2, 2, S, false)
	apply(t, s, 3)
	want(t, s, []int{0, 0, 0, 0, 1, 1}, ones(4), 1, 2)
	wantEnd(t, s, engine.NorthWins, engine.InnerRowEmpty)

	s = at(t, Name+":holes=4,end_check=phase2", []int{0, 0, 0, 1}, ones(4), 2, 2, S, false)
	apply(t, s, 3)
	if s.Over() || s.Player() != N {
		t.Errorf("end_check=phase2: over %v", s.EndReason())
	}
	// South's phase-1 move from the outer row is still allowed.
	apply(t, s, 0)
	apply(t, s, 4)
	if s.Over() {
		t.Errorf("end_check=phase2: over %v", s.EndReason())
	}
}

// reserve=0: no phase 1, no opening exception, raids from the first move.
func TestReserve0(t *testing.T) {
	s := MustNew(Name + ":reserve=0").NewState().(*State)
	if s.Phase() != 2 {
		t.Fatal("reserve=0: phase 1")
	}
	info := apply(t, s, 0)
	// 0 -> 1 (occupied, faces North 6): raid 1 cow into 1 itself (3);
	// North 6 now empty: relay 3 from 1 -> 2,3,4; 4 faces North 3: raid
	// into 4 (3), relay -> 5,6,7; 7 faces North 0: raid into 7, relay
	// -> 8,9,10 (empty: end).
	want(t, s, []int{0, 0, 2, 2, 0, 2, 2, 0, 1, 1, 1}, []int{0, 1, 1, 0, 1, 1, 0, 1}, 0, 0)
	wantInfo(t, info, 7, 13, 3, 3)
	if s.Over() || s.Material(S) != 11 || s.Material(N) != 5 {
		t.Errorf("over %v material %d %d", s.Over(), s.Material(S), s.Material(N))
	}

	// capture_sow=next: 0 -> 1 (raid North 6 into 2), 2 occupied faces
	// North 5 (raid into 3), ... North 0 raided into 8 (empty: end).
	s = MustNew(Name + ":reserve=0,capture_sow=next").NewState().(*State)
	info = apply(t, s, 0)
	want(t, s, []int{0, 2, 2, 2, 2, 2, 2, 2, 1}, []int{0, 0, 0, 0, 0, 0, 0, 1}, 0, 0)
	wantInfo(t, info, 8, 8, 7, 7)
	if s.Over() {
		t.Errorf("over %v", s.EndReason())
	}
}

// Raids: both capture_sow values, cows already in the capturing hole
// stay, the raid lap ends by the same rules, raids only from the inner
// row and only when the facing hole holds cows.
func TestRaids(t *testing.T) {
	const h4 = Name + ":holes=4,reserve=0"
	for _, c := range []struct {
		name         string
		rs           string
		south, north []int
		toMove       engine.Player
		move         engine.Move
		wantS, wantN []int
		laps, sown   int64
		caps, capd   int32
		res          engine.Result
		why          engine.EndReason
	}{
		// 0 -> 1 (faces North 2: 3 cows): here: 1,2,3 get one each; 3 was
		// empty: end. North's inner row is empty: South wins.
		{"here keeps cows", h4, []int{1, 1}, []int{0, 0, 3}, S, 0,
			[]int{0, 3, 1, 1}, nil, 2, 4, 1, 3, engine.SouthWins, engine.InnerRowEmpty},
		{"next", h4 + ",capture_sow=next", []int{1, 1}, []int{0, 0, 3}, S, 0,
			[]int{0, 2, 1, 1, 1}, nil, 2, 4, 1, 3, engine.SouthWins, engine.InnerRowEmpty},
		// 1 -> 2 (faces North 1): raid 1 into 2 (3 now), relay 3 -> 3,4,5.
		{"raid then relay", h4, []int{0, 1, 1}, []int{0, 1, 0, 0}, S, 1,
			[]int{0, 0, 0, 1, 1, 1}, nil, 3, 5, 1, 1, engine.SouthWins, engine.InnerRowEmpty},
		// North's numbering: North 1 faces South 2.
		{"north raids", h4, []int{0, 0, 1}, []int{1, 1}, N, 0,
			nil, []int{0, 0, 1, 1, 1}, 3, 5, 1, 1, engine.NorthWins, engine.InnerRowEmpty},
		// Occupied outer hole: relay, no raid.
		{"outer relays", h4, []int{0, 1, 0, 0, 1, 1}, ones(4), S, 4,
			[]int{0, 1, 0, 0, 0, 0, 1, 1}, ones(4), 2, 3, 0, 0, engine.Ongoing, engine.NotOver},
		// Occupied inner hole facing an empty hole: relay.
		{"facing empty relays", h4, []int{1, 1}, []int{1, 1, 0, 1}, S, 0,
			[]int{0, 0, 1, 1}, []int{1, 1, 0, 1}, 2, 3, 0, 0, engine.Ongoing, engine.NotOver},
		// Mover's own inner row emptied: mover loses.
		{"own row empty", h4, []int{0, 0, 0, 1}, []int{1}, S, 3,
			[]int{0, 0, 0, 0, 1}, []int{1}, 1, 1, 0, 0, engine.NorthWins, engine.InnerRowEmpty},
		{"own row empty phase2", h4 + ",end_check=phase2", []int{0, 0, 0, 1}, []int{1}, S, 3,
			[]int{0, 0, 0, 0, 1}, []int{1}, 1, 1, 0, 0, engine.NorthWins, engine.InnerRowEmpty},
		// Both inner rows empty after the move: the opponent's is checked
		// first, so the mover wins. 2 -> 3 (faces North 0): raid into 3,
		// relay 3 -> 4,5,6.
		{"both empty", h4, []int{0, 0, 1, 1}, []int{1}, S, 2,
			[]int{0, 0, 0, 0, 1, 1, 1}, nil, 3, 5, 1, 1, engine.SouthWins, engine.InnerRowEmpty},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := at(t, c.rs, c.south, c.north, 0, 0, c.toMove, false)
			info := apply(t, s, c.move)
			want(t, s, c.wantS, c.wantN, 0, 0)
			wantInfo(t, info, c.laps, c.sown, c.caps, c.capd)
			wantEnd(t, s, c.res, c.why)
		})
	}
}

// holes option: 16 holes a row (32 a player, four packed words).
func TestHoles16(t *testing.T) {
	s := MustNew(Name + ":holes=16").NewState().(*State)
	apply(t, s, 0)
	// 0 -> 1 (relay 2) -> 2,3 -> ... -> 14,15 (relay at 15) -> 16,17.
	w := []int{0, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 1, 1}
	want(t, s, w, ones(16), 24, 24)
	// North raids in phase 2 with 16 holes: North 15 faces South 0.
	s = at(t, Name+":holes=16,reserve=0", []int{3}, append(make([]int, 14), 1, 1), 0, 0, N, false)
	info := apply(t, s, 14)
	// 14 -> 15 (occupied, faces South 0: 3 cows) -> here: 15,16,17.
	want(t, s, nil, append(make([]int, 15), 3, 1, 1), 0, 0)
	wantInfo(t, info, 2, 4, 1, 3)
	wantEnd(t, s, engine.NorthWins, engine.InnerRowEmpty)
}

// No legal move: a player with no cows loses at once; a player all of whose
// candidates are never-ending loses when the last one is rejected.
func TestNoMoves(t *testing.T) {
	s := at(t, Name+":holes=4,reserve=0", nil, ones(4), 0, 0, S, false)
	wantEnd(t, s, engine.NorthWins, engine.NoMoves)
	if _, err := s.Apply(0); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("apply after end: %v", err)
	}

	// lap_limit=1: every South move here needs 2 laps or more (the next
	// hole is always occupied), so each is never-ending and illegal.
	s = at(t, Name+":holes=4,reserve=0,lap_limit=1", ones(8), ones(4), 0, 0, S, false)
	if l := s.Legal(nil); len(l) != 0 {
		t.Fatalf("legal %v", l)
	}
	before := s.String()
	for i, m := range []engine.Move{0, 1, 2, 3, 4, 5, 6, 7} {
		if s.Over() {
			t.Fatalf("over after %d rejections", i)
		}
		info, err := s.Apply(m)
		if !errors.Is(err, engine.ErrNeverEnding) || !info.NeverEnding || info.Laps != 1 {
			t.Fatalf("move %d: %v %+v", m, err, info)
		}
		if c := s.Candidates(nil); len(c) != 7-i {
			t.Errorf("after rejecting %d: candidates %v", m, c)
		}
	}
	wantEnd(t, s, engine.NorthWins, engine.NoMoves)
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	if s.NeverEndingMet() != 8 || s.Ply() != 0 {
		t.Errorf("never-ending met %d ply %d", s.NeverEndingMet(), s.Ply())
	}
	if p := s.Position(); p.Cows[S][0] != 1 || p.Cows[S][4] != 1 {
		t.Errorf("position changed by rejections:\n%s\nwas\n%s", s, before)
	}
}

// lap_limit=N: a move still sowing after N laps is never-ending.
func TestLapLimit(t *testing.T) {
	for _, c := range []struct {
		limit string
		never bool
	}{{"2", true}, {"3", false}, {"1000", false}} {
		for _, inf := range []string{"illegal", "draw"} {
			s := at(t, Name+":lap_limit="+c.limit+",infinite="+inf, ones(8), ones(8), 10, 10, S, false)
			info, err := s.Apply(2) // 3 laps (TestPhase1Move)
			switch {
			case !c.never:
				if err != nil || info.Laps != 3 {
					t.Errorf("lap_limit=%s: %v %+v", c.limit, err, info)
				}
			case inf == "illegal":
				if !errors.Is(err, engine.ErrNeverEnding) || s.Ply() != 0 || s.Over() {
					t.Errorf("lap_limit=%s: %v ply %d", c.limit, err, s.Ply())
				}
			default:
				if err != nil || !info.NeverEnding {
					t.Errorf("lap_limit=%s draw: %v %+v", c.limit, err, info)
				}
				wantEnd(t, s, engine.Draw, engine.InfiniteMove)
			}
		}
	}
}

// Exact never-ending detection on real never-ending moves from random
// play, under infinite=illegal and infinite=draw.
func TestNeverEnding(t *testing.T) {
	fxs := loadFixtures(t)
	if len(fxs) < 50 {
		t.Fatalf("%d fixtures", len(fxs))
	}
	n := 0
	for _, fx := range fxs {
		if fx.laps > 200000 { // the long ones run in BenchmarkNeverEndingLaps
			continue
		}
		n++
		s, err := NewStateAt(MustNew(Name), fx.pos, fx.toMove)
		if err != nil {
			t.Fatal(err)
		}
		before, hash := s.String(), s.Hash()
		if l := s.Legal(nil); contains(l, fx.move) {
			t.Fatalf("never-ending move %d is legal: %s", fx.move, fx.line)
		}
		info, err := s.Apply(fx.move)
		if !errors.Is(err, engine.ErrNeverEnding) || !info.NeverEnding || info.Laps != fx.laps {
			t.Fatalf("%s: %v %+v", fx.line, err, info)
		}
		if s.String() != before || s.Hash() != hash || s.Ply() != 0 || s.NeverEndingMet() != 1 {
			t.Fatalf("state changed by a rejected move: %s", fx.line)
		}
		if contains(s.Candidates(nil), fx.move) {
			t.Fatalf("rejected move still a candidate: %s", fx.line)
		}
		if _, err := s.Apply(fx.move); !errors.Is(err, engine.ErrIllegalMove) {
			t.Fatalf("rejected move applied again: %v", err)
		}

		d, _ := NewStateAt(MustNew(Name+":infinite=draw"), fx.pos, fx.toMove)
		if l := d.Legal(nil); !contains(l, fx.move) {
			t.Fatalf("infinite=draw: never-ending move not legal: %s", fx.line)
		}
		info, err = d.Apply(fx.move)
		if err != nil || !info.NeverEnding {
			t.Fatalf("infinite=draw: %v %+v", err, info)
		}
		wantEnd(t, d, engine.Draw, engine.InfiniteMove)
		if d.Ply() != 1 || d.NeverEndingMet() != 1 || d.Position() != s.Position() {
			t.Fatalf("infinite=draw: ply %d met %d\n%s", d.Ply(), d.NeverEndingMet(), d)
		}
		if err := d.Check(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d never-ending fixtures checked", n)
}

func contains(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
