package endgame_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// build builds the database of rs for k seeds in play.
func build(t testing.TB, rs string, k int) *endgame.DB {
	t.Helper()
	d, _, err := endgame.Build(engine.MustParse(rs), k, solve.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestMatchesWholeSolve: on boards that Solve solves whole from the start
// (acyclic, cyclic with first_lap_rule=off, and with max_reserved=1), every
// reachable position with at most K seeds in play (terminal ones
// included) has exactly the value the database gives it: a reference
// independent of the database's canonical positions and material shift.
func TestMatchesWholeSolve(t *testing.T) {
	for _, c := range []struct {
		rs      string
		k, min  int
		partial bool // some reachable positions have more than k seeds in play
	}{
		{"kingulu:holes=4,seeds=3", 6, 2000, true},
		{"kingulu:holes=4,seeds=1,first_lap_rule=off", 5, 5000, true},
		{"kingulu:holes=4,seeds=2,max_reserved=1", 5, 50, true},
	} {
		g := engine.MustParse(c.rs)
		whole, err := solve.Solve(g.NewState(), solve.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		d := build(t, c.rs, c.k)
		coder, err := solve.NewCoder(g.NewState())
		if err != nil {
			t.Fatal(err)
		}
		checked, skipped := 0, 0
		for i, key := range whole.Table.Keys {
			s, err := coder.State(key)
			if err != nil {
				t.Fatal(err)
			}
			if endgame.InPlay(s.(*kingulu.State)) > c.k {
				if _, ok := d.Lookup(s); ok {
					t.Fatalf("%s: a position with %d seeds in play found in the database for %d", c.rs, endgame.InPlay(s.(*kingulu.State)), c.k)
				}
				skipped++
				continue
			}
			got, ok := d.Lookup(s)
			if want := whole.Table.Value(i); !ok || got != want {
				t.Fatalf("%s K=%d: position %#x:\n%v\nwhole solve %v, database %v (found %v)", c.rs, c.k, key, s, want, got, ok)
			}
			checked++
		}
		if checked < c.min || (skipped > 0) != c.partial {
			t.Errorf("%s K=%d: %d positions checked (want at least %d), %d with more seeds in play", c.rs, c.k, checked, c.min, skipped)
		}
		t.Logf("%s K=%d: %d positions checked, %d skipped; database %d positions", c.rs, c.k, checked, skipped, d.Len())
	}
}

// TestDefaultBoardByHand: a position of the default board (6 holes, 48
// seeds), worked out by hand. South's hole 4 and North's hole 0 hold a
// seed each, North's hole 2 is reserved by South with 5 frozen seeds,
// South's bank 15, North's 26 (15+26+5+1+1 = 48). Material: South
// 15+5+1 = 21, North 26+1 = 27.
//   - South to move: the only move lifts S4 and sows S5, an empty own hole
//     facing N0 (hole i faces hole 5-i), which holds a seed: South banks it
//     with the capturing seed (bank 17). North has no seed in play and no
//     move: the game ends by score, South 17+5 = 22, North 26: margin -4,
//     value -4/-4, North wins.
//   - North to move: the only move lifts N0 and sows N1, empty, own, facing
//     S4, which holds a seed: North banks 2 (bank 28); South has no move:
//     South 15+5 = 20, North 28: margin -8.
//
// With 2 seeds in play both are in the database for K=2 (and for K=3);
// not in the one for K=1.
func TestDefaultBoardByHand(t *testing.T) {
	g := engine.MustParse("kingulu")
	var p kingulu.Position
	p.Seeds[engine.South][4], p.Seeds[engine.North][0] = 1, 1
	p.Reserved[engine.North][2], p.Seeds[engine.North][2] = true, 5
	p.Bank = [2]int{15, 26}
	d1, d2 := build(t, "kingulu", 1), build(t, "kingulu", 2)
	for _, c := range []struct {
		toMove engine.Player
		want   solve.Value
	}{
		{engine.South, solve.Value{South: -4, North: -4}},
		{engine.North, solve.Value{South: -8, North: -8}},
	} {
		s, err := kingulu.NewStateAt(g, p, c.toMove)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := d2.Lookup(s); !ok || v != c.want {
			t.Errorf("%v to move: %v (found %v), want %v", c.toMove, v, ok, c.want)
		}
		if v, ok := d1.Lookup(s); ok {
			t.Errorf("%v to move: found %v in the database for K=1", c.toMove, v)
		}
	}
	// A state of another ruleset is not looked up.
	s, err := kingulu.NewStateAt(engine.MustParse("kingulu:holes=6,seeds=1"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := d2.Lookup(s); ok {
		t.Errorf("a state of kingulu:holes=6,seeds=1 found in the default board's database: %v", v)
	}
}

// TestLookupAllocatesNothing: a search agent looks positions up at its
// leaves, so Lookup reuses its canonical state (kingulu.State.SetPosition)
// and coder instead of allocating them.
func TestLookupAllocatesNothing(t *testing.T) {
	d := build(t, "kingulu:holes=4,seeds=3", 4)
	s, err := kingulu.NewStateAt(engine.MustParse("kingulu:holes=4,seeds=3"), kingulu.Position{
		Seeds:    [2][kingulu.MaxHoles]int{{1, 0, 2, 0}, {0, 1, 0, 5}},
		Reserved: [2][kingulu.MaxHoles]bool{{}, {false, false, false, true}},
		Bank:     [2]int{10, 5},
	}, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := d.Lookup(s)
	if !ok {
		t.Fatal("position with 4 seeds in play not in the database for 4")
	}
	if n := testing.AllocsPerRun(200, func() {
		if v, _ := d.Lookup(s); v != want {
			t.Fatalf("lookup gave %v, then %v", want, v)
		}
	}); n != 0 {
		t.Errorf("Lookup: %.1f allocations, want 0", n)
	}
}
