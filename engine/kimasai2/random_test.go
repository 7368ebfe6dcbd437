package kimasai2

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/internal/testenv"
)

// TestRandomGames plays 10,000 random games of the defaults with
// lap_limit=100000 (exact detection can spend seconds on one move, see
// BenchmarkNeverEndingLaps; the limit bounds the work and changes the rules
// only for moves still sowing after 100000 laps, about 3 in 10,000 games),
// 300 games under exact detection (this seed meets no move of more than a
// few million laps; BenchmarkRandomGames plays many more), and a few
// thousand games of other option sets.
func TestRandomGames(t *testing.T) {
	for _, c := range []struct {
		rs string
		n  int
	}{
		{Name + ":lap_limit=100000", 10000},
		{Name, 300},
		{Name + ":infinite=draw,lap_limit=100000", 1000},
		{Name + ":reserve=0,lap_limit=20000", 1000},
		{Name + ":capture_sow=next,end_check=phase2,lap_limit=20000", 1000},
		{Name + ":opening_intro=on,first=north,lap_limit=20000", 1000},
		{Name + ":holes=4,reserve=5,max_plies=200", 1000},
		{Name + ":holes=16,reserve=64,lap_limit=20000", 300},
		{Name + ":holes=11,reserve=10,lap_limit=1000,infinite=draw", 500},
		{Name + ":lap_limit=20,max_plies=60", 1000},
		{Name + ":skip_origin=on,lap_limit=20000", 300},
		{Name + ":win_check=capture,lap_limit=20000", 300},
		{Name + ":phase_change=immediate,lap_limit=20000", 300},
		{Name + ":holes=5,reserve=3,skip_origin=on,win_check=capture,phase_change=immediate,infinite=draw", 1000},
		{Name + ":holes=10,reserve=6,skip_origin=on,win_check=capture,lap_limit=20000", 200},
	} {
		if testenv.Short() {
			c.n /= 10
		}
		g := MustNew(c.rs)
		plies := enginetest.RandomGames(t, g, c.n, 1)
		t.Logf("%s: %d games, %d plies", c.rs, c.n, plies)
	}
}

// TestSow2Sow4 checks the two-word lap loop against the general one on
// random positions, moves and option sets.
func TestSow2Sow4(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, rs := range []string{Name + ":lap_limit=3000", Name + ":holes=4,capture_sow=next,lap_limit=3000", Name + ":holes=5"} {
		g := MustNew(rs)
		for i := 0; i < 20000; i++ {
			p, o := i&1, (i&1)^1
			x, m, raids, ok := randomSowing(rng, g, p, 6)
			if !ok {
				continue
			}
			a, ai := g.sow2(rows2{x.w[p][0], x.w[p][1], x.w[o][0], 0}, p, m, raids, g.rules.LapLimit, nil)
			b, bi := g.sow4(rows4{x.w[p], x.w[o], 0}, p, m, raids, g.rules.LapLimit)
			if ai != bi || (!ai.NeverEnding && (a.w0 != b.w[0] || a.w1 != b.w[1] || a.o0 != b.ow[0] || a.lin != b.lin)) {
				t.Fatalf("%s: %+v move %d raids %v: sow2 %x %+v, sow4 %x %+v", rs, x, m, raids, a, ai, b, bi)
			}
		}
	}
}

func TestNonEmpty(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 10000; i++ {
		var w [4]uint64
		var want uint64
		for h := 0; h < 32; h++ {
			if rng.IntN(2) == 0 {
				c := uint64(1 + rng.IntN(255))
				w[h>>3] |= c << (uint(h&7) * 8)
				want |= 1 << h
			}
		}
		if got := nonEmpty(&w); got != want {
			t.Fatalf("nonEmpty(%x) = %x, want %x", w, got, want)
		}
	}
}

// TestNoAllocs checks that Candidates and Apply do not allocate. The
// second option set keeps long games short of reversible stretches: a game
// with more than 32 positions since its last irreversible move makes
// engine.History grow, and History.grow allocates afresh even when the
// slice has the capacity (engine/history.go, not this package).
func TestNoAllocs(t *testing.T) {
	enginetest.NoAllocs(t, MustNew(Name+":lap_limit=100000"))
	enginetest.NoAllocs(t, MustNew(Name+":holes=16,reserve=64,infinite=draw,lap_limit=5000,max_plies=120"))
}

// FuzzMoves plays a move sequence chosen by the input bytes under an
// option set chosen by the first bytes, checking the invariants after
// every move and undo by CopyFrom.
func FuzzMoves(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{0xff, 0x13, 9, 9, 9, 9, 200, 1, 0, 5})
	f.Add([]byte{0x5a, 0x01, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	f.Add([]byte{0x21, 0x77, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		a, b := data[0], data[1]
		rs := Name + ":lap_limit=5000"
		rs += ",holes=" + []string{"8", "4", "5", "16"}[a&3]
		rs += ",reserve=" + []string{"24", "0", "3", "64"}[a>>2&3]
		if a&0x10 != 0 {
			rs += ",capture_sow=next"
		}
		if a&0x20 != 0 {
			rs += ",end_check=phase2"
		}
		if a&0x40 != 0 {
			rs += ",opening_intro=on"
		}
		if a&0x80 != 0 {
			rs += ",first=north"
		}
		if b&1 != 0 {
			rs += ",infinite=draw"
		}
		g := MustNew(rs)
		s := g.NewState()
		spare := s.Clone()
		var buf []engine.Move
		for _, d := range data[2:] {
			if s.Over() {
				break
			}
			if err := s.Check(); err != nil {
				t.Fatalf("%s ply %d: %v", rs, s.Ply(), err)
			}
			buf = s.Candidates(buf[:0])
			m := buf[int(d)%len(buf)]
			spare.CopyFrom(s)
			before := s.Hash()
			info, err := s.Apply(m)
			if err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s: move %d: %v", rs, m, err)
			}
			if err == nil && !info.NeverEnding && s.Material(engine.South)+s.Material(engine.North) != g.TotalMaterial() {
				t.Fatalf("%s: material", rs)
			}
			if d&0x80 != 0 {
				s.CopyFrom(spare)
				if s.Hash() != before {
					t.Fatalf("%s: undo", rs)
				}
			}
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	})
}

// randomSowing makes a random position for the lap-loop tests: player p
// (to move) holds 0..most-1 cows in about two holes in three, the
// opponent 0..3 in about half its inner holes. It also draws the move m
// and whether raids are on; ok is false when hole m is empty.
func randomSowing(rng *rand.Rand, g *Game, p, most int) (x pos, m int, raids, ok bool) {
	o := p ^ 1
	for h := 0; h < g.n; h++ {
		if rng.IntN(3) > 0 {
			x.w[p][h>>3] |= uint64(rng.IntN(most)) << (uint(h&7) * 8)
		}
		if h < g.rules.Holes && rng.IntN(2) > 0 {
			x.w[o][h>>3] |= uint64(rng.IntN(4)) << (uint(h&7) * 8)
		}
	}
	m = rng.IntN(g.n)
	if count(&x.w[p], m) == 0 {
		return x, m, false, false
	}
	return x, m, rng.IntN(4) > 0, true
}

// TestSow2Short checks the short-move loop against sow2 on random
// positions: a move sow2Short finishes must match sow2 exactly (rows, hash,
// laps, cows sown, captures), and a move it hands back must be one that
// sow2 finds still sowing after shortLaps laps (or after lap_limit, if
// smaller). Lap limits around shortLaps test the boundary.
func TestSow2Short(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var finished, handed, limited int
	for _, rs := range []string{
		Name, Name + ":lap_limit=1", Name + ":lap_limit=5", Name + ":lap_limit=63",
		Name + ":lap_limit=64", Name + ":lap_limit=65", Name + ":holes=4,capture_sow=next,lap_limit=3000",
		Name + ":holes=5,lap_limit=100000", Name + ":holes=7,capture_sow=next",
	} {
		g := MustNew(rs)
		for i := 0; i < 20000; i++ {
			p, o := i&1, (i&1)^1
			x, m, raids, ok := randomSowing(rng, g, p, 1+rng.IntN(8))
			if !ok {
				continue
			}
			lin := rng.Uint64()
			start := rows2{x.w[p][0], x.w[p][1], x.w[o][0], lin}
			a, laps, sown, capt := g.sow2Short(start, p, m, raids)
			b, bi := g.sow2(start, p, m, raids, g.rules.LapLimit, nil)
			if g.n == 16 {
				if a8, laps8, sown8, capt8 := g.sow2Short8(start, p, m, raids); a8 != a || laps8 != laps || sown8 != sown || capt8 != capt {
					t.Fatalf("%s: %+v move %d raids %v: sow2Short8 and sow2Short differ", rs, x, m, raids)
				}
				if b8, bi8 := g.sow2Holes8(start, p, m, raids, g.rules.LapLimit, nil); bi8 != bi || (!bi.NeverEnding && b8 != b) {
					t.Fatalf("%s: %+v move %d raids %v: sow2Holes8 %x %+v, sow2 %x %+v", rs, x, m, raids, b8, bi8, b, bi)
				}
			}
			if laps == 0 {
				limit := int64(shortLaps)
				if g.rules.LapLimit > 0 && g.rules.LapLimit < limit {
					limit = g.rules.LapLimit
				}
				if !bi.NeverEnding && bi.Laps <= limit {
					t.Fatalf("%s: %+v move %d raids %v: sow2Short handed back a move sow2 ends in %d laps", rs, x, m, raids, bi.Laps)
				}
				handed++
				continue
			}
			got := engine.MoveInfo{Laps: laps, Sown: sown, Captures: int32(capt >> 32), Captured: int32(uint32(capt))}
			if bi != got || a != b {
				t.Fatalf("%s: %+v move %d raids %v: sow2Short %x %+v, sow2 %x %+v", rs, x, m, raids, a, got, b, bi)
			}
			if g.rules.LapLimit > 0 && laps == g.rules.LapLimit {
				limited++
			}
			finished++
		}
	}
	if finished == 0 || handed < 100 || limited < 100 {
		t.Fatalf("too few cases: %d finished, %d handed back, %d ended on the lap limit", finished, handed, limited)
	}
	t.Logf("%d finished, %d handed back, %d ended on the lap limit", finished, handed, limited)
}
