package endgame_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// TestFourRowsMatchesWholeSolve: on kimasai-four-rows boards that Solve
// solves whole from the start, under every repetition option, every
// reachable position with at most K stones on the board (terminal ones
// included) has exactly the value the database gives it, and the others
// are not found. The database's solve has no cycle (so the repetition
// option cannot change a value), every value it holds is exact, and it
// holds 2*(C(4n,1)+...+C(4n,K)) positions.
func TestFourRowsMatchesWholeSolve(t *testing.T) {
	for _, c := range []struct {
		rs      string
		k, min  int
		partial bool // some reachable positions have more than k stones
	}{
		{"kimasai-four-rows:holes=4", 6, 1000, true},
		{"kimasai-four-rows:holes=4,repetition=third", 6, 1000, true},
		{"kimasai-four-rows:holes=4,repetition=none", 6, 1000, true},
		{"kimasai-four-rows:holes=4,empty_start=right", 14, 7000, false},
		{"kimasai-four-rows:holes=5", 5, 1000, true},
	} {
		g := engine.MustParse(c.rs)
		whole, err := solve.Solve(g.NewState(), solve.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		d, res, err := endgame.Build(g, c.k, solve.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if res.Cyclic {
			t.Errorf("%s K=%d: the database's positions have a cycle", c.rs, c.k)
		}
		if want := endgame.FourRowsPositions(g.(*kimasai4.Game), c.k); d.Len() != want {
			t.Errorf("%s K=%d: %d positions, want %d", c.rs, c.k, d.Len(), want)
		}
		checked, skipped := compareWhole(t, c.rs, c.k, d, whole.Table)
		if checked < c.min || (skipped > 0) != c.partial {
			t.Errorf("%s K=%d: %d positions checked (want at least %d), %d with more stones", c.rs, c.k, checked, c.min, skipped)
		}
		t.Logf("%s K=%d: %d positions checked, %d skipped; database %d positions", c.rs, c.k, checked, skipped, d.Len())
	}
}

// compareWhole checks every position of whole (a whole solve of rs)
// against d, a database for k stones, and returns how many it checked and
// how many it skipped as having more than k stones.
func compareWhole(t *testing.T, rs string, k int, d *endgame.DB, whole *solve.Table) (checked, skipped int) {
	t.Helper()
	coder, err := solve.NewCoder(engine.MustParse(rs).NewState())
	if err != nil {
		t.Fatal(err)
	}
	for i, key := range whole.Keys {
		s, err := coder.State(key)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := d.Lookup(s)
		if endgame.Stones(s) > k {
			if ok {
				t.Fatalf("%s: a position with %d stones found in the database for %d", rs, endgame.Stones(s), k)
			}
			skipped++
			continue
		}
		if want := whole.Value(i); !ok || got != want || got.South != got.North {
			t.Fatalf("%s K=%d: position %#x:\n%v\nwhole solve %v, database %v (found %v)", rs, k, key, s, want, got, ok)
		}
		checked++
	}
	return checked, skipped
}

// TestFourRowsByHand: a position of the default board (12 holes a row),
// worked out by hand. South has one stone, in its front hole 0; North one,
// in its front hole 10, which faces South's front hole 12-1-10 = 1.
//   - South to move: the only step is 0 -> 1, into a front hole facing
//     North's stone, which is captured; North has no stones: South wins
//     (+1).
//   - North to move: the only step is 10 -> 11, facing South's front hole
//     0, whose stone is captured: North wins (-1).
//
// With 2 stones both are in the database for K=2, neither in the one for
// K=1, nor in a database of another ruleset.
func TestFourRowsByHand(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows")
	p := kimasai4.Position{Stones: [2]uint32{1 << 0, 1 << 10}}
	d1, d2 := build(t, "kimasai-four-rows", 1), build(t, "kimasai-four-rows", 2)
	for _, c := range []struct {
		toMove engine.Player
		want   solve.Value
	}{
		{engine.South, solve.Value{South: 1, North: 1}},
		{engine.North, solve.Value{South: -1, North: -1}},
	} {
		s, err := kimasai4.NewStateAt(g, p, c.toMove)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := d2.Lookup(s); !ok || v != c.want {
			t.Errorf("%v to move: %v (found %v), want %v", c.toMove, v, ok, c.want)
		}
		if v, ok := d1.Lookup(s); ok {
			t.Errorf("%v to move: found %v in the database for K=1", c.toMove, v)
		}
		other, err := kimasai4.NewStateAt(engine.MustParse("kimasai-four-rows:repetition=none"), p, c.toMove)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := d2.Lookup(other); ok {
			t.Errorf("a state of repetition=none found in the default ruleset's database: %v", v)
		}
	}
	if d1.Len() != 2*48 || d2.Len() != 2*(48+48*47/2) {
		t.Errorf("K=1: %d positions, K=2: %d; want %d, %d", d1.Len(), d2.Len(), 2*48, 2*(48+48*47/2))
	}
}

// TestFourRowsRoundTrip: a four-rows database written and read back gives
// every position the same value, with its own format and K as "stones".
func TestFourRowsRoundTrip(t *testing.T) {
	const rs, k = "kimasai-four-rows:holes=4", 4
	d := build(t, rs, k)
	dir, r := writeAndRead(t, d, rs)
	b, err := os.ReadFile(filepath.Join(dir, endgame.MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), endgame.FormatFourRows) || !strings.Contains(string(b), `"stones": 4`) || strings.Contains(string(b), "seeds") {
		t.Errorf("%s:\n%s", endgame.MetaFile, b)
	}
	sameValues(t, d, r, endgame.FourRows(engine.MustParse(rs).(*kimasai4.Game), k))
}

// TestFourRowsReadBad: a four-rows database whose metadata or table was
// tampered with is refused with one line wrapping ErrBadDB.
func TestFourRowsReadBad(t *testing.T) {
	const rs = "kimasai-four-rows:holes=4"
	d := build(t, rs, 3)
	other := build(t, rs+",repetition=none", 3)
	edit := func(old, new string) func() string {
		return func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, old, new)
			return dir
		}
	}
	for _, c := range []struct {
		name, want string
		make       func() string
	}{
		{"kingulu's format", "format", edit(endgame.FormatFourRows, endgame.Format)},
		{"unknown format", "format", edit(endgame.FormatFourRows, "baolab-kimasai4-endgame/0")},
		{"K as seeds", `"stones"`, edit(`"stones"`, `"seeds"`)},
		{"stones changed", "make", edit(`"stones": 3`, `"stones": 4`)},
		{"stones out of range", "out of range", edit(`"stones": 3`, `"stones": 17`)},
		{"count changed", "positions", edit(`"positions": `, `"positions": 1`)},
		{"board too big", "do not fit", edit(rs, "kimasai-four-rows:holes=16")},
		{"table of another ruleset", "solves", func() string {
			dir := writeDB(t, d)
			if err := solve.WriteTable(dir, mustTable(t, writeDB(t, other))); err != nil {
				t.Fatal(err)
			}
			return dir
		}},
	} {
		_, err := endgame.Read(c.make())
		if !errors.Is(err, endgame.ErrBadDB) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line wrapping ErrBadDB and saying %q", c.name, err, c.want)
		}
	}
	if _, err := endgame.ReadFor(writeDB(t, other), engine.MustParse(rs)); !errors.Is(err, endgame.ErrBadDB) || !strings.Contains(err.Error(), "not "+rs) {
		t.Errorf("database of another ruleset: error %v", err)
	}
}

// TestFourRowsBuildRefuses: a board whose keys do not fit the solver
// (holes=16: 65 bits) and K out of 1..4*holes wrap ErrCannot and say why.
func TestFourRowsBuildRefuses(t *testing.T) {
	for _, c := range []struct {
		rs   string
		k    int
		want string
	}{
		{"kimasai-four-rows:holes=16", 2, "65 bits"},
		{"kimasai-four-rows", 0, "out of range 1..48"},
		{"kimasai-four-rows:holes=4", 17, "out of range 1..16"},
	} {
		_, _, err := endgame.Build(engine.MustParse(c.rs), c.k, solve.Options{})
		if !errors.Is(err, endgame.ErrCannot) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s K=%d: error %v, want ErrCannot saying %q", c.rs, c.k, err, c.want)
		}
	}
}

// TestFourRowsLookupAllocatesNothing: a search looks positions up at its
// leaves; a four-rows lookup keys the state itself.
func TestFourRowsLookupAllocatesNothing(t *testing.T) {
	const rs = "kimasai-four-rows:holes=4"
	d := build(t, rs, 4)
	s, err := kimasai4.NewStateAt(engine.MustParse(rs), kimasai4.Position{Stones: [2]uint32{0b1001, 0b1100000}}, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := d.Lookup(s)
	if !ok {
		t.Fatal("position with 4 stones not in the database for 4")
	}
	if n := testing.AllocsPerRun(200, func() {
		if v, _ := d.Lookup(s); v != want {
			t.Fatalf("lookup gave %v, then %v", want, v)
		}
	}); n != 0 {
		t.Errorf("Lookup: %.1f allocations, want 0", n)
	}
}

// TestFourRowsDefaultBoardNegamax: on the default board, far too big to
// solve whole, every position of the database for K=3 has the value of an
// independent negamax over the engine's moves, memoized by position. The
// negamax is exact because no position repeats; it checks that too,
// failing on a position met again on its own line.
func TestFourRowsDefaultBoardNegamax(t *testing.T) {
	const rs, k = "kimasai-four-rows", 3
	g := engine.MustParse(rs).(*kimasai4.Game)
	d := build(t, rs, k)
	type node struct {
		pos    kimasai4.Position
		toMove engine.Player
	}
	memo, onLine := map[node]int{}, map[node]bool{}
	var negamax func(s engine.State) int // +1: the player to move wins
	negamax = func(s engine.State) int {
		if s.Over() {
			switch s.Result() {
			case engine.Win(s.Player()):
				return 1
			case engine.Win(s.Player().Other()):
				return -1
			}
			t.Fatalf("a finished game that is not won:\n%v", s)
		}
		n := node{s.(*kimasai4.State).Position(), s.Player()}
		if v, ok := memo[n]; ok {
			return v
		}
		if onLine[n] {
			t.Fatalf("position repeated on its own line:\n%v", s)
		}
		onLine[n] = true
		best := -1
		for _, m := range s.Legal(nil) {
			c := s.Clone()
			if _, err := c.Apply(m); err != nil {
				t.Fatal(err)
			}
			best = max(best, -negamax(c))
		}
		delete(onLine, n)
		memo[n] = best
		return best
	}
	n := 0
	for s := range endgame.FourRows(g, k) {
		south := negamax(s.Clone())
		if s.Player() == engine.North {
			south = -south
		}
		want := solve.Value{South: solve.Force(south), North: solve.Force(south)}
		if v, ok := d.Lookup(s); !ok || v != want {
			t.Fatalf("position\n%v\ndatabase %v (found %v), negamax %v", s, v, ok, want)
		}
		n++
	}
	if n != d.Len() || n != 36944 {
		t.Errorf("%d positions checked, the database holds %d; want 36944", n, d.Len())
	}
	t.Logf("%d positions checked, %d memoized", n, len(memo))
}
