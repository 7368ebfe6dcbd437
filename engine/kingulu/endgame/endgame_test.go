package endgame_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/engine/kingulu/endgame"
	"github.com/baolab/baolab/engine/solve"
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
