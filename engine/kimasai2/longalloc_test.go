package kimasai2

import "testing"

// TestLongNeverEndingMoveDoesNotAllocate checks the long-sowing detector
// (Nivasch stacks, over 1024 laps) and perft allocate nothing once warm.
func TestLongNeverEndingMoveDoesNotAllocate(t *testing.T) {
	g := MustNew(Name)
	var x pos
	m := -1
	for _, fx := range loadFixtures(t) {
		if fx.laps > 3000 && fx.laps < 1000000 {
			s, err := NewStateAt(g, fx.pos, fx.toMove)
			if err != nil {
				t.Fatal(err)
			}
			x, m = s.x, int(fx.move)
			break
		}
	}
	if m < 0 {
		t.Fatal("no fixture of 3,000 to 1,000,000 laps")
	}
	play := func() {
		y := x
		if info := g.play(&y, m).info(); !info.NeverEnding || info.Laps <= 1024 {
			t.Fatalf("fixture move ended or was short: %+v", info)
		}
	}
	play()
	if n := testing.AllocsPerRun(20, play); n != 0 {
		t.Errorf("long never-ending move: %v allocations", n)
	}
	s := g.NewState()
	g.Perft(s, 3)
	if n := testing.AllocsPerRun(5, func() { g.Perft(s, 3) }); n != 0 {
		t.Errorf("perft: %v allocations", n)
	}
}
