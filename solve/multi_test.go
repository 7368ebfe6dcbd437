package solve_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// TestSolveAllEqualsSeparateSolves: SolveAll from several positions of a
// board (its start and positions reached by random play, some of them on
// no path of another) holds exactly the union of the positions that
// separate Solves from each find, with the same values, by both methods;
// a start repeated counts once.
func TestSolveAllEqualsSeparateSolves(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=2", "kingulu:holes=4,seeds=1,first_lap_rule=off"} {
		g := engine.MustParse(rs)
		rng := rand.New(rand.NewPCG(1, 2))
		starts := []engine.State{g.NewState()}
		for len(starts) < 4 {
			s := g.NewState()
			var buf []engine.Move
			for n := rng.IntN(12); n > 0 && !s.Over(); n-- {
				buf = s.Legal(buf[:0])
				if len(buf) == 0 {
					break
				}
				if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			starts = append(starts, s)
		}
		starts = append(starts, starts[2].Clone()) // twice
		want := map[uint64]solve.Value{}
		for _, s := range starts {
			r := solveBoth(t, s, solve.Options{Workers: 2})
			for i, k := range r.Table.Keys {
				want[k] = r.Table.Value(i)
			}
		}
		for _, sweep := range []bool{false, true} {
			r, err := solve.SolveAll(slices.Values(starts), solve.Options{Workers: 2, Sweep: sweep})
			if err != nil {
				t.Fatal(err)
			}
			if r.Positions != int64(len(want)) || r.Table.Len() != len(want) {
				t.Fatalf("%s sweep=%v: %d positions, separate solves found %d", rs, sweep, r.Positions, len(want))
			}
			for i, k := range r.Table.Keys {
				if v, ok := want[k]; !ok || v != r.Table.Value(i) {
					t.Fatalf("%s sweep=%v: position %#x: SolveAll %v, separate solves %v (found %v)", rs, sweep, k, r.Table.Value(i), v, ok)
				}
			}
			if r.Root != (solve.Value{}) || r.Moves != nil {
				t.Errorf("%s: SolveAll set Root %v and Moves %v", rs, r.Root, r.Moves)
			}
		}
	}
}

// TestSolveAllBadStarts: no start, starts of two rulesets, and starts
// whose keys differ in length (kingulu positions with different numbers
// of seeds) are errors.
func TestSolveAllBadStarts(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=1")
	var p kingulu.Position
	p.Seeds[engine.South][0] = 30
	big, err := kingulu.NewStateAt(g, p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		starts []engine.State
		want   string
	}{
		{nil, "no start"},
		{[]engine.State{g.NewState(), engine.MustParse("kingulu:holes=3,seeds=1").NewState()}, "position of kingulu:holes=3"},
		{[]engine.State{g.NewState(), big}, "byte keys"},
	} {
		if _, err := solve.SolveAll(slices.Values(c.starts), solve.Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%d starts: error %v, want one saying %q", len(c.starts), err, c.want)
		}
	}
	// More starts than the limit, dead ends (South to move without a
	// seed), so that only the starts can break it.
	var many []engine.State
	for h := range 3 {
		var q kingulu.Position
		q.Seeds[engine.North][h] = 4
		s, err := kingulu.NewStateAt(g, q, engine.South)
		if err != nil {
			t.Fatal(err)
		}
		many = append(many, s)
	}
	if _, err := solve.SolveAll(slices.Values(many), solve.Options{MaxPositions: 2}); !errors.Is(err, solve.ErrTooBig) {
		t.Errorf("3 starts, limit 2: error %v, want ErrTooBig", err)
	}
	// One start: the same table as Solve.
	a, err := solve.Solve(g.NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := solve.SolveAll(slices.Values([]engine.State{g.NewState()}), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Table.Keys, b.Table.Keys) || !slices.Equal(a.Table.South, b.Table.South) || !slices.Equal(a.Table.North, b.Table.North) {
		t.Error("SolveAll from one start differs from Solve")
	}
}
