package kimasai2

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// sameVerdict plays move m from x by the exact reference (play, no memo)
// and with memo, and fails unless both agree that the move never ends,
// and, for a move that ends, give the same result and position.
func sameVerdict(t *testing.T, g *Game, x pos, m int, memo *neverMemo, what string) (never bool) {
	t.Helper()
	a, b := x, x
	ra := g.play(&a, m)
	rb := g.playMemo(&b, m, memo)
	if ra.never() != rb.never() {
		t.Fatalf("%s: %+v move %d: exact never=%v, with memo never=%v", what, x, m, ra.never(), rb.never())
	}
	if ra.never() {
		if a != x || b != x {
			t.Fatalf("%s: %+v move %d: a never-ending move changed the position", what, x, m)
		}
		return true
	}
	if ra != rb || a != b {
		t.Fatalf("%s: %+v move %d: exact %+v %+v, with memo %+v %+v", what, x, m, ra, a, rb, b)
	}
	return false
}

// TestMemoFixtures: every never-ending fixture is never-ending with a
// memo too, by rotated states or the memo, on a first pass and again on a
// second (which the memo answers for the moves the stacks decided).
func TestMemoFixtures(t *testing.T) {
	g := MustNew(Name)
	memo := (&neverMemo{}).forGame(g)
	fxs := loadFixtures(t)
	var laps [2]int64
	for pass := 0; pass < 2; pass++ {
		for _, fx := range fxs {
			s, err := NewStateAt(g, fx.pos, fx.toMove)
			if err != nil {
				t.Fatal(err)
			}
			y := s.x
			r := g.playMemo(&y, int(fx.move), memo)
			if !r.never() || y != s.x {
				t.Fatalf("%s: with memo %+v", fx.line, r.info())
			}
			laps[pass] += r.laps
		}
	}
	if memo.rotated == 0 {
		t.Fatal("no fixture decided by rotated states")
	}
	t.Logf("%d fixtures, 2 passes: %d by rotated states, %d by the memo; laps to the verdict %d, %d", len(fxs), memo.rotated, memo.hits, laps[0], laps[1])
}

// TestMemoRandomSowings compares the exact reference with search's path
// (one memo for every move, rotated states) on random positions near the
// never-ending ones: each fixture's position with up to two of the
// mover's cows moved to random holes, the opponent's inner row redrawn in some
// holes, the fixture's move or a random one, in phase 2 (raids) or phase 1 (no raids).
func TestMemoRandomSowings(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	per := 4
	if testenv.Short() {
		per = 1
	}
	g := MustNew(Name)
	memo := (&neverMemo{}).forGame(g)
	var nevers, long, cases int
	for _, fx := range loadFixtures(t) {
		s, err := NewStateAt(g, fx.pos, fx.toMove)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < per; k++ {
			x := perturb(rng, g, s.x)
			m := int(fx.move) // the fixture's move, or half the time another
			if rng.IntN(2) == 0 {
				m = rng.IntN(g.n)
			}
			if count(&x.w[x.toMove&1], m) == 0 {
				continue
			}
			cases++
			if sameVerdict(t, g, x, m, memo, fx.line) {
				nevers++
			} else if y := x; g.play(&y, m).laps > shortLaps {
				long++
			}
		}
	}
	t.Logf("%d cases: %d never-ending, %d ending after more than %d laps; %d by rotated states, %d by the memo", cases, nevers, long, shortLaps, memo.rotated, memo.hits)
	if nevers < 5*per || memo.rotated < int64(5*per) {
		t.Fatalf("too few cases: %d never-ending, %d long, %d rotated", nevers, long, memo.rotated)
	}
}

// perturb moves 0..2 of the mover's cows of x to random holes, redraws
// (0..2 cows) each opponent inner hole with probability 1/8, and with
// probability 1/4 puts the position in phase 1 (reserves 1, 1).
func perturb(rng *rand.Rand, g *Game, x pos) pos {
	p, o := x.toMove&1, (x.toMove^1)&1
	for k := rng.IntN(3); k > 0; k-- {
		from, to := rng.IntN(g.n), rng.IntN(g.n)
		if count(&x.w[p], from) > 0 {
			x.w[p][from>>3] -= 1 << (uint(from&7) * 8)
			x.w[p][to>>3] += 1 << (uint(to&7) * 8)
		}
	}
	for h := 0; h < g.rules.Holes; h++ {
		if rng.IntN(8) == 0 {
			x.w[o][h>>3] &^= 0xFF << (uint(h&7) * 8)
			x.w[o][h>>3] |= uint64(rng.IntN(3)) << (uint(h&7) * 8)
		}
	}
	if rng.IntN(4) == 0 {
		x.reserve = [2]uint8{1, 1}
	}
	x.lin = rng.Uint64() // any hash will do: both paths start from it
	return x
}

// TestMemoRandomGames plays random games of the defaults and compares
// every candidate of every position, exact and with one memo for all.
func TestMemoRandomGames(t *testing.T) {
	games := 60
	if testenv.Short() {
		games = 10
	}
	g := MustNew(Name)
	memo := (&neverMemo{}).forGame(g)
	rng := rand.New(rand.NewPCG(26, 3))
	var moves, nevers int
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for i := 0; i < games; i++ {
		s := g.NewState().(*State)
		for !s.Over() {
			buf = s.Candidates(buf[:0])
			for _, m := range buf {
				moves++
				if sameVerdict(t, g, s.x, int(m), memo, "random game") {
					nevers++
				}
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	t.Logf("%d games, %d moves compared, %d never-ending; %d by rotated states, %d by the memo", games, moves, nevers, memo.rotated, memo.hits)
	if nevers == 0 {
		t.Fatal("no never-ending move met")
	}
}

// resetRotTable empties the process's rotated table (memo.go).
func resetRotTable() {
	rotTable.Lock()
	rotTable.slots = nil
	rotTable.Unlock()
}

// TestRotatedTable: a second memo (another agent's) is answered from the
// rotated table that a first one filled. Search's path (playMemo) sows
// the never-ending fixtures twice, each time with a fresh memo; the
// second pass must take far fewer laps, with verdicts from the table.
func TestRotatedTable(t *testing.T) {
	resetRotTable()
	defer resetRotTable()
	g := MustNew(Name)
	fxs := loadFixtures(t)
	var laps [2]int64
	var hits int64
	for pass := range 2 {
		memo := (&neverMemo{}).forGame(g)
		for _, fx := range fxs {
			s, err := NewStateAt(g, fx.pos, fx.toMove)
			if err != nil {
				t.Fatal(err)
			}
			y := s.x
			r := g.playMemo(&y, int(fx.move), memo)
			if !r.never() {
				t.Fatalf("%s: with memo %+v", fx.line, r.info())
			}
			laps[pass] += r.laps
		}
		hits = memo.rotHits
	}
	t.Logf("%d fixtures: laps to the verdicts %d, then %d with %d verdicts from the table", len(fxs), laps[0], laps[1], hits)
	if hits == 0 || laps[1]*10 > laps[0] {
		t.Fatalf("the table was not used: %d verdicts from it, laps %d then %d", hits, laps[0], laps[1])
	}
}

// TestRotatedTableLearnsOnlyNever samples every distinguished rotated
// state, so that nearly every sowing with a rotated phase has samples,
// and checks on sowings near the fixtures (without raids, search's path)
// that one that ends leaves the table as it was, while the never-ending
// ones fill it; and that the verdicts are the exact kernel's.
func TestRotatedTableLearnsOnlyNever(t *testing.T) {
	resetRotTable()
	defer resetRotTable()
	defer func(old uint) { rotSampleShift = old }(rotSampleShift)
	rotSampleShift = 64
	g := MustNew(Name)
	rng := rand.New(rand.NewPCG(26, 16))
	memo := (&neverMemo{}).forGame(g)
	stored := map[[2]uint64]bool{} // the states checked so far
	sum := func() (n int, x uint64) {
		rotTable.Lock()
		defer rotTable.Unlock()
		for i, r := range rotTable.slots {
			if r != [2]uint64{} {
				n++
				x ^= engine.Fmix64(r[0]^uint64(i)) + r[1]
			}
		}
		return n, x
	}
	var ended, sampled, never int
	fxs := loadFixtures(t)
	for i := 0; i < 4000; i++ {
		fx := fxs[rng.IntN(len(fxs))]
		s, err := NewStateAt(g, fx.pos, fx.toMove)
		if err != nil {
			t.Fatal(err)
		}
		x := perturb(rng, g, s.x)
		p := int(x.toMove & 1)
		m := int(fx.move) // the fixture's move, or half the time another
		if rng.IntN(2) == 0 {
			m = rng.IntN(g.n)
		}
		if count(&x.w[p], m) == 0 {
			continue
		}
		start := rows2{x.w[p][0], x.w[p][1], 0, 0}
		n0, x0 := sum()
		got, decided := g.verdict16(start, m, false, memo)
		if !decided {
			t.Fatalf("%+v move %d: undecided without raids", x, m)
		}
		if got.NeverEnding {
			// Without the table (verdict16 alone is checked against
			// the exact kernel by TestVerdict16), and far faster than
			// the kernel on these 10^6-10^8-lap cycles.
			if alone, _ := g.verdict16(start, m, false, nil); !alone.NeverEnding {
				t.Fatalf("%+v move %d: never-ending with the table, ends after %d laps without", x, m, alone.Laps)
			}
			never++
			if n1, x1 := sum(); n1 != n0 || x1 != x0 {
				checkStored(t, g, stored)
			}
			continue
		}
		_, want := g.sow2Holes8(start, p, m, false, 0, nil)
		if want.NeverEnding || got.Laps != want.Laps {
			t.Fatalf("%+v move %d: verdict16 %+v, exact %+v", x, m, got, want)
		}
		ended++
		if len(memo.samp) > 0 {
			sampled++
		}
		if n1, x1 := sum(); n1 != n0 || x1 != x0 {
			t.Fatalf("%+v move %d ends after %d laps, but the table changed (%d states, then %d)", x, m, got.Laps, n0, n1)
		}
	}
	t.Logf("%d ending sowings (%d with samples), %d never-ending; %d states stored", ended, sampled, never, len(stored))
	if sampled < 100 || never < 20 || len(stored) < 20 {
		t.Fatalf("too few cases: %d ending with samples, %d never-ending, %d stored", sampled, never, len(stored))
	}
}

// checkStored sows every state of the rotated table not in checked from
// hole 0 without raids, by the exact kernel, fails unless it never ends,
// and adds it to checked.
func checkStored(t *testing.T, g *Game, checked map[[2]uint64]bool) {
	t.Helper()
	rotTable.Lock()
	slots := append([][2]uint64(nil), rotTable.slots...)
	rotTable.Unlock()
	for _, r := range slots {
		if r == [2]uint64{} || checked[r] {
			continue
		}
		checked[r] = true
		if _, info := g.sow2Holes8(rows2{r[0], r[1], 0, 0}, 0, 0, false, 0, nil); !info.NeverEnding {
			t.Fatalf("the rotated table holds %#x %#x, which ends after %d laps", r[0], r[1], info.Laps)
		}
	}
}
