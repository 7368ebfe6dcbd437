package kingulu

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestCycleCacheKeepsMover checks that a remembered cycle belongs to the
// player whose move found it: the same lap starts can go round for ever
// for one player and end in a reservation for the other, because only the
// opponent's holes can be reserved. Worked by hand on
// kingulu:holes=4,seeds=4 (the ring is South's holes s0..s3, then
// North's n0..n3; a lap sows from the next hole on):
//
//   - South to move at s 3 4 0 1 / n 0 1 3 4 plays s1. Its laps come back
//     to their first lap start after 44 laps and 144 seeds, every last
//     seed falling into an occupied hole and none into a North hole that
//     held 3: the move never ends, and the Game remembers the cycle's
//     landmarks.
//   - North to move at s 6 0 4 1 / n 0 3 2 0 plays n2. That first lap
//     start is South's tenth above, and North's laps are South's up to
//     its 35th (South's 44th), which lifts the 5 seeds of n0 (board s 2 3
//     0 1 / n 5 0 2 3) and drops the last into s1, which held 3. For
//     South the hole is its own and the relay goes on; for North it is
//     kuweka mtoto: the move ends after 35 laps and 115 seeds, reserving
//     s1, which also takes the penultimate seed, from s0 (s 2 5 0 1 / n 0
//     1 3 4).
//
// On the way North's laps pass one of the landmarks of South's cycle; a
// cycle key without the player moving would take the move for South's
// never-ending one (it did, with the mover dropped from cycleKey).
func TestCycleCacheKeepsMover(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=4"
	south := Position{Seeds: [2][MaxHoles]int{{3, 4, 0, 1}, {0, 1, 3, 4}}}
	north := Position{Seeds: [2][MaxHoles]int{{6, 0, 4, 1}, {0, 3, 2, 0}}}
	g := engine.MustParse(rs).(*Game)

	s, err := NewStateAt(g, south, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Apply(1)
	if !errors.Is(err, engine.ErrNeverEnding) || info.Laps != 44 || info.Sown != 144 {
		t.Fatalf("South's s1: %+v, %v; want a never-ending move of 44 laps and 144 seeds", info, err)
	}
	if len(g.cycles.m) == 0 {
		t.Fatal("South's never-ending move left no landmark in the cycle cache")
	}

	want := engine.MoveInfo{Laps: 35, Sown: 115, Reserved: true}
	n, err := NewStateAt(g, north, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := n.Apply(2); err != nil || info != want {
		t.Errorf("North's n2 after South's cycle: %+v, %v; want %+v", info, err, want)
	} else if p := n.Position(); !p.Reserved[engine.South][1] || p.Seeds != [2][MaxHoles]int{{2, 5, 0, 1}, {0, 1, 3, 4}} {
		t.Errorf("North's n2 after South's cycle: want s 2 [5] 0 1 / n 0 1 3 4, s1 reserved\n%v", n)
	}

	// The test reaches the cache: with South's landmarks remembered under
	// North's key, North's move is taken for the cycle.
	g2 := engine.MustParse(rs).(*Game)
	for k, v := range g.cycles.m {
		k.me = int8(engine.North)
		g2.cycles.add(k, v)
	}
	n2, err := NewStateAt(g2, north, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := n2.Apply(2); !errors.Is(err, engine.ErrNeverEnding) {
		t.Errorf("North's n2 with South's landmarks as North's: %+v, %v; want it taken for the cycle, or the test does not reach a landmark", info, err)
	}
}
