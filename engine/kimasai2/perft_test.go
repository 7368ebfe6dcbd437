package kimasai2

import (
	"testing"

	"github.com/baolab/baolab/engine/enginetest"
)

// Perft tables. Depths 1 and 2 worked out by hand:
//
//   - Defaults: South opens without a reserve cow from any of its 8
//     occupied inner holes (8). Phase 1 has no raids, so North's row is
//     still 8 single cows after any opening, and North may introduce into
//     any of them: 8*8 = 64. Every one of these sowings ends (at most 5
//     laps). opening_intro=on and first=north give the same 8 and 64.
//   - holes=4,reserve=2: the same argument with 4 holes: 4 and 16.
//   - reserve=0 (raids from the first move): South's move m sows its cow
//     into m+1; for m <= 6 that hole is occupied and faces North's 6-m,
//     which is raided; the raided cow lands in the capturing hole (now 3),
//     which relays 3 cows on and raids again three holes further while the
//     lap ends in the inner row. So m raids North's 6-m, 3-m, 0-m (those
//     >= 0) and North keeps 5,6,6,6,7,7,7,8 occupied holes for m = 0..7:
//     perft(2) = 52.
//   - reserve=0,capture_sow=next: the raided cow lands in the next inner
//     hole, which is occupied and faces the next North hole, so move m
//     raids North's 6-m, 5-m, ..., 0 and the last raided cow ends the move
//     in the empty outer hole 8. North keeps m+1 holes: 1+2+...+8 = 36.
var perftTable = []struct {
	rs    string
	nodes []uint64 // perft(1), perft(2), ...
}{
	{Name, []uint64{8, 64, 416, 2912, 20272, 151316}},
	{Name + ":opening_intro=on", []uint64{8, 64, 448, 3136, 23408, 174724}},
	{Name + ":first=north", []uint64{8, 64, 416, 2912, 20272, 151316}},
	{Name + ":reserve=0", []uint64{8, 52, 347, 2133, 13505, 81076}},
	{Name + ":reserve=0,capture_sow=next", []uint64{8, 36, 195, 937, 5172, 25320}},
	{Name + ":reserve=0,infinite=draw", []uint64{8, 52, 347, 2133, 13505, 81076}},
	{Name + ":holes=4,reserve=2", []uint64{4, 16, 56, 224, 944, 4350}},
	{Name + ":holes=4,reserve=0,end_check=phase2", []uint64{4, 13, 45, 140, 452, 1375}},
	// The reading options of issue 12. On holes=4,reserve=3 skip_origin
	// first matters at depth 10 (a lap of 8 cows or more), win_check at
	// depth 8 (a never-ending move that raids the opponent's last inner
	// cows wins under capture), phase_change at depth 7 (South brings in
	// the last cow at ply 6).
	{Name + ":holes=4,reserve=3", []uint64{4, 16, 56, 224, 944, 4234, 18907, 95747, 445562, 2093175}},
	{Name + ":holes=4,reserve=3,skip_origin=on", []uint64{4, 16, 56, 224, 944, 4234, 18907, 95747, 445562, 2093181}},
	{Name + ":holes=4,reserve=3,win_check=capture", []uint64{4, 16, 56, 224, 944, 4234, 18907, 95830, 446031, 2095623}},
	{Name + ":holes=4,reserve=3,phase_change=immediate", []uint64{4, 16, 56, 224, 944, 4234, 19548, 91469, 434461, 1948554}},
	{Name + ":holes=4,reserve=3,skip_origin=on,win_check=capture,phase_change=immediate", []uint64{4, 16, 56, 224, 944, 4234, 19564, 91528, 435000}},
	{Name + ":reserve=2,phase_change=immediate", []uint64{8, 64, 416, 2912, 20272, 146017}},
	{Name + ":reserve=0,skip_origin=on,win_check=capture", []uint64{8, 52, 347, 2133, 13505, 81076}},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		g := MustNew(c.rs)
		s := g.NewState()
		for d, want := range c.nodes {
			if got := g.Perft(s, d+1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", c.rs, d+1, got, want)
			}
		}
		if g.Perft(s, 0) != 1 {
			t.Errorf("%s perft(0) != 1", c.rs)
		}
	}
}

// TestPerftByApply cross-checks Game.Perft against the State API.
func TestPerftByApply(t *testing.T) {
	for _, c := range perftTable {
		g := MustNew(c.rs)
		s := g.NewState()
		for d := 1; d <= 3; d++ {
			if got, want := g.Perft(s, d), enginetest.PerftByApply(s, d); got != want {
				t.Errorf("%s depth %d: Perft %d, PerftByApply %d", c.rs, d, got, want)
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	g := MustNew(Name)
	s := g.NewState()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += g.Perft(s, 6)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
