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
