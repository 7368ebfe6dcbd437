package kimasai2

import (
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// TestNeverEndingFixturesBrent checks the fixtures against the first
// detector (Brent's method alone, brent_test.go): it still finds each
// short fixture never-ending after the recorded brent= laps, and the
// engine's detector agrees on the verdict after the recorded laps= laps.
// The long fixtures run in BenchmarkNeverEndingLaps and
// TestNeverEndingLapsTotal.
func TestNeverEndingFixturesBrent(t *testing.T) {
	g := MustNew(Name)
	for _, fx := range loadFixtures(t) {
		if fx.brent == 0 || fx.laps == 0 {
			t.Fatalf("fixture without laps= or brent=: %s", fx.line)
		}
		if fx.brent > 200000 {
			continue
		}
		s, err := NewStateAt(g, fx.pos, fx.toMove)
		if err != nil {
			t.Fatal(err)
		}
		x := s.x
		b := g.playBrent(&x, int(fx.move), 0)
		y := s.x
		n := g.play(&y, int(fx.move)).info()
		if !b.NeverEnding || b.Laps != fx.brent || !n.NeverEnding || n.Laps != fx.laps {
			t.Fatalf("%s: brent %+v, engine %+v", fx.line, b, n)
		}
	}
}

// TestNeverEndingLapsTotal runs the engine's detector on every fixture
// (over 10^9 laps under Brent's method alone, about 4*10^8 now) and checks
// the recorded laps. It takes a few seconds, so not in -short mode.
func TestNeverEndingLapsTotal(t *testing.T) {
	if testenv.Short() {
		t.Skip("a few seconds of laps")
	}
	g := MustNew(Name)
	var nb, nn int64
	for _, fx := range loadFixtures(t) {
		s, err := NewStateAt(g, fx.pos, fx.toMove)
		if err != nil {
			t.Fatal(err)
		}
		y := s.x
		info := g.play(&y, int(fx.move)).info()
		if !info.NeverEnding || info.Laps != fx.laps || y != s.x {
			t.Fatalf("%s: %+v", fx.line, info)
		}
		nb += fx.brent
		nn += info.Laps
	}
	t.Logf("laps to detection over the fixtures: Brent alone %d, engine %d (%.3f)", nb, nn, float64(nn)/float64(nb))
}

// TestDetectorsAgree plays random games and, at every ply, sows every
// candidate with both the engine's exact detector and the first one
// (Brent's method alone): verdicts, final positions and move info must
// agree (laps and cows sown may differ for never-ending moves only). Moves
// Brent's method cannot settle within 100000 laps are skipped to keep the
// test fast. Enough of the compared moves are long (past nvStart laps) to
// exercise the stacks.
func TestDetectorsAgree(t *testing.T) {
	games := 1500
	if testenv.Short() {
		games = 150
	}
	for _, rs := range []string{Name, Name + ":holes=10,reserve=20", Name + ":capture_sow=next,opening_intro=on"} {
		g := MustNew(rs)
		rng := rand.New(rand.NewPCG(11, 12))
		buf := make([]engine.Move, 0, engine.MaxMoves)
		var moves, never, long, skipped int
		var lb, ln int64
		for i := 0; i < games; i++ {
			s := g.NewState().(*State)
			for !s.Over() {
				for _, m := range s.Candidates(buf[:0]) {
					x, y := s.x, s.x
					b := g.playBrent(&x, int(m), 100000)
					if b.NeverEnding && b.Laps >= 100000 {
						skipped++
						continue
					}
					n := g.play(&y, int(m)).info()
					moves++
					if n.NeverEnding != b.NeverEnding || n.Captures != b.Captures || n.Captured != b.Captured {
						t.Fatalf("%s: %+v move %d: engine %+v, Brent %+v", rs, s.x, m, n, b)
					}
					if !n.NeverEnding && (n != b || !sameAfter(g, s.x, y, int(m))) {
						t.Fatalf("%s: %+v move %d: engine %+v, Brent %+v", rs, s.x, m, n, b)
					}
					if n.NeverEnding {
						never++
						if b.Laps > nvStart {
							long++
							lb += b.Laps
							ln += n.Laps
						}
					}
				}
				buf = s.Candidates(buf[:0])
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
		t.Logf("%s: %d moves compared, %d never-ending (%d long: %d laps under Brent, %d now), %d skipped", rs, moves, never, long, lb, ln, skipped)
		if !testenv.Short() && rs == Name && long < 10 {
			t.Errorf("only %d long never-ending moves compared", long)
		}
	}
}

// sameAfter reports whether y is the position after move m from x
// according to the reference sowing (Brent's method alone).
func sameAfter(g *Game, x, y pos, m int) bool {
	p, o := x.toMove, x.toMove^1
	phase2 := x.phase2()
	intro := !phase2 && x.reserve[p] > 0 && !(x.opening && !g.rules.OpeningIntro)
	w, ow, lin := x.w[p], x.w[o], x.lin
	if intro {
		w[m>>3] += 1 << (uint(m&7) * 8)
		lin += g.rk[p][m]
	}
	w, ow, lin, _, _ = g.sowBrent(w, ow, lin, int(p), m, phase2, 0)
	return y.w[p] == w && y.w[o] == ow && y.lin == lin
}

// TestLongBack starts the stacks (sow2Long, sow4Long) at the first lap of
// never-ending moves met in random play whose cycles are short enough to
// hold no distinguished state now and then: each must either find the
// repeat or hand the move back at a lap start from which Brent's method
// finds the move never-ending; the hand-back path must be taken.
func TestLongBack(t *testing.T) {
	g := MustNew(Name)
	rng := rand.New(rand.NewPCG(13, 14))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	backs, found, nev := 0, 0, 0
	for i := 0; i < 2000 && backs < 5; i++ {
		s := g.NewState().(*State)
		for !s.Over() {
			for _, mv := range s.Candidates(buf[:0]) {
				x := s.x
				if b := g.playBrent(&x, int(mv), 5000); !b.NeverEnding || b.Laps >= 5000 {
					continue
				}
				nev++
				p, o, m := int(x.toMove), int(x.toMove^1), int(mv)
				w, ow, lin := x.w[p], x.w[o], x.lin
				if !x.phase2() && x.reserve[p] > 0 && !x.opening {
					w[m>>3] += 1 << (uint(m&7) * 8)
					lin += g.rk[p][m]
				}
				a, as, ai, never, back := g.sow2Long(rows2{w[0], w[1], ow[0], lin}, p, m, x.phase2(), engine.MoveInfo{}, nil)
				b, bs, bi, bnever, bback := g.sow4Long(rows4{w, ow, lin}, p, m, x.phase2(), engine.MoveInfo{})
				a0, a1, ao, al := a.w0, a.w1, a.o0, a.lin
				if never != bnever || back != bback || ai != bi || as != bs || al != b.lin || a0 != b.w[0] || a1 != b.w[1] || ao != b.ow[0] {
					t.Fatalf("%+v move %d: sow2Long and sow4Long differ", x, m)
				}
				if c, cs, ci, cnever, cback := g.sow2Long8(rows2{w[0], w[1], ow[0], lin}, p, m, x.phase2(), engine.MoveInfo{}, nil); cnever != never || cback != back || ci != ai || cs != as || c != a {
					t.Fatalf("%+v move %d: sow2Long8 and sow2Long differ", x, m)
				}
				switch {
				case back:
					backs++
					_, _, _, ri, rnever := g.sowBrent([4]uint64{a0, a1}, [4]uint64{ao}, al, p, as, x.phase2(), 0)
					if !rnever {
						t.Fatalf("%+v move %d: handed back at lap %d from a state whose sowing ends: %+v", x, m, ai.Laps, ri)
					}
				case never:
					found++
				default:
					t.Fatalf("%+v move %d: the stacks found the move ending: %+v", x, m, ai)
				}
			}
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	t.Logf("%d never-ending moves: %d found by the stacks, %d handed back", nev, found, backs)
	if backs == 0 {
		t.Error("no move took the hand-back path")
	}
}

// TestNvStacks checks one stack's order, repeat and overflow on made-up
// keys, including equal keys of different states.
func TestNvStacks(t *testing.T) {
	var st nvStacks
	k := func(v uint64) uint64 { return v } // class 0: top bits 0
	if r := st.step(k(50), &[4]uint64{1}); r != nvPushed {
		t.Fatal(r)
	}
	if r := st.step(k(70), &[4]uint64{2}); r != nvPushed || st.n[0] != 2 {
		t.Fatal(r, st.n[0])
	}
	// Smaller key: pops 70, keeps 50.
	if r := st.step(k(60), &[4]uint64{3}); r != nvPushed || st.n[0] != 2 || st.key[0][1] != 60 {
		t.Fatal(r, st.n[0])
	}
	// Equal key, different, larger state: stays above.
	if r := st.step(k(60), &[4]uint64{4}); r != nvPushed || st.n[0] != 3 {
		t.Fatal(r, st.n[0])
	}
	// Equal key, smaller state than the top: pops it, then meets state 3
	// with the same key: a repeat.
	if r := st.step(k(60), &[4]uint64{3}); r != nvRepeat {
		t.Fatal(r)
	}
	// A popped state does not count as seen.
	if r := st.step(k(70), &[4]uint64{2}); r != nvPushed {
		t.Fatal(r)
	}
	// Overflow on increasing keys.
	var full nvStacks
	for i := 0; i < nvCap; i++ {
		if r := full.step(k(uint64(i)), &[4]uint64{}); r != nvPushed {
			t.Fatal(i, r)
		}
	}
	if r := full.step(k(nvCap), &[4]uint64{}); r != nvFull || full.n[0] != nvCap {
		t.Fatal(r)
	}
	// Classes are apart.
	if r := full.step(1<<63|5, &[4]uint64{}); r != nvPushed || full.n[nvClasses/2] != 1 {
		t.Fatal(r)
	}
}
