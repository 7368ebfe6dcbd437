package kimasai4_test

import (
	"flag"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

var deep = flag.Bool("deep", false, "run the deep perft depths")

// perftTable lists perft(1), perft(2), ... from the initial position.
//
// Worked by hand for the defaults (empty hole: each player's hole 11):
//
//	perft(1) = 1: only South's stone 10 can step (into the empty 11). It
//	  enters front hole 11, facing North's front hole 0, and takes that
//	  stone and North's back stone 23 behind it.
//	perft(2) = 2: North's empty holes are now 0, 11 and 23, so its
//	  stones 10 (into 11) and 22 (into 23) can step; 23 -> 0 cannot
//	  (no stone in 23).
//	perft(3) = 3: after North 10 -> 11 (front 11 faces South's front 0:
//	  it takes South's 0 and South's back 23) South's empty holes are 0,
//	  10 and 23, so South has 9 and 22 (2 moves); after North 22 -> 23
//	  (a back hole, no capture) South's only empty hole is 10: 1 move.
//
// With empty_start=right (empty hole: each player's hole 0):
//
//	perft(1) = 1: South's stone 23 wraps into front hole 0, facing North's
//	  front 11, and takes it and North's back stone 12 behind it.
//	perft(2) = 2: North's empty holes are 0, 11 and 12: stones 23 and 10.
//	perft(3) = 3: after North 23 -> 0 (takes South's 11 and 12) South has
//	  22 (into 23) and 10 (into 11); after North 10 -> 11 (takes South's
//	  0; South's 23 behind it is already empty) South has only 22.
//
// first=north gives the same numbers (the rules are symmetric).
var perftTable = []struct {
	rs    string
	nodes []uint64
	fast  int // depths checked by default; the rest need -deep
}{
	{"kimasai-four-rows", []uint64{1, 2, 3, 7, 15, 40, 105, 309, 937, 3046, 10207, 35922, 130708, 493133, 1919089, 7678961, 31645842, 133278537}, 16},
	{"kimasai-four-rows:first=north", []uint64{1, 2, 3, 7, 15, 40, 105, 309, 937, 3046, 10207, 35922, 130708, 493133}, 14},
	{"kimasai-four-rows:empty_start=right", []uint64{1, 2, 3, 7, 17, 46, 126, 363, 1138, 3645, 12274, 41730, 150864, 550932, 2094955, 8061615, 32263469, 130957177}, 16},
	{"kimasai-four-rows:holes=4", []uint64{1, 2, 3, 6, 10, 21, 43, 79, 163, 280, 520, 802, 1482, 2436, 4390, 7041, 13246, 21985, 39855, 68724, 129958, 233895, 418427, 711685, 1178883, 1816944}, 22},
	{"kimasai-four-rows:holes=4,empty_start=right", []uint64{1, 2, 3, 7, 17, 43, 102, 239, 539, 1180, 2443, 4871, 9990, 20457, 39151, 72858, 139081, 267012, 456481, 736213}, 18},
	{"kimasai-four-rows:holes=8", []uint64{1, 2, 3, 7, 15, 40, 105, 308, 928, 2985, 9846, 33869, 119598, 432653, 1602661, 5978090, 22914129}, 15},
	{"kimasai-four-rows:holes=16", []uint64{1, 2, 3, 7, 15, 40, 105, 309, 937, 3046, 10207, 35923, 130721, 493260, 1920154, 7687324}, 14},
	// repetition never changes perft (it ignores repetition).
	{"kimasai-four-rows:repetition=none", []uint64{1, 2, 3, 7, 15, 40, 105, 309, 937, 3046, 10207, 35922}, 12},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		g := engine.MustParse(c.rs)
		s := g.NewState()
		before := s.String()
		if got := g.Perft(s, 0); got != 1 {
			t.Errorf("%s: perft(0) = %d", c.rs, got)
		}
		for i, want := range c.nodes {
			d := i + 1
			if d > c.fast && !*deep {
				break
			}
			if got := g.Perft(s, d); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.rs, d, got, want)
			}
		}
		if s.String() != before {
			t.Errorf("%s: perft changed the state", c.rs)
		}
	}
}

// TestPerftByApply cross-checks Game.Perft against the State API.
func TestPerftByApply(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows", "kimasai-four-rows:empty_start=right",
		"kimasai-four-rows:holes=4", "kimasai-four-rows:holes=5,first=north,empty_start=right",
		"kimasai-four-rows:holes=9,repetition=third"} {
		g := engine.MustParse(rs)
		s := g.NewState()
		for d := 0; d <= 9; d++ {
			if a, b := g.Perft(s, d), enginetest.PerftByApply(s, d); a != b {
				t.Errorf("%s depth %d: Perft %d, by Apply %d", rs, d, a, b)
			}
		}
	}
	// From hand-built positions, including ones where the game ends
	// within the depth (all-captured, no-moves).
	for _, d := range []string{`
0 1 0 0
0 1 0 0
1 0 1 1
1 1 1 1`, `
1 1 1 1
1 1 1 1
1 1 1 1
0 1 1 1`, `
1 0 1 0
0 1 1 0
1 0 0 1
0 1 1 0`} {
		for _, p := range []engine.Player{engine.South, engine.North} {
			s := at(t, "kimasai-four-rows:holes=4", d, p)
			for depth := 0; depth <= 12; depth++ {
				if a, b := s.Game().Perft(s, depth), enginetest.PerftByApply(s, depth); a != b {
					t.Errorf("%s %v depth %d: Perft %d, by Apply %d", d, p, depth, a, b)
				}
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	g := engine.MustParse("kimasai-four-rows")
	s := g.NewState()
	var nodes uint64
	for b.Loop() {
		nodes += g.Perft(s, 16)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
