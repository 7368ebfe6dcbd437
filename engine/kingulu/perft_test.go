package kingulu_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
	"github.com/baolab/baolab/internal/testenv"
)

// Perft of the default ruleset, worked out by hand for the smallest depths.
//
// Depth 1: South's holes all hold 4. Holes 0 and 1 end their first lap in
// South's own holes 4 and 5, occupied: illegal (rule 4). Holes 2..5 end in
// North's holes 0..3, which held 4 (not 3): relays. So perft(1) = 4.
//
// Depth 2: each of South's four moves runs 5 laps (26 seeds sown). E.g.
// S2: S3 S4 S5 N0 -> relay N0 (5) ends in N5 -> relay N5 (5) ends in S4
// (own, not the first lap) -> relay S4 (6) ends in N4 -> relay N4 (6) ends
// in S4, now empty: South captures N1 (6) and the capturing seed. That
// leaves North 1 0 6 6 0 1 (N5..N0) and South 6 6 2 7 0 6 (S0..S5), bank
// 7. North's N0 (1) ends in N1, empty: legal; N2, N3 (6) and N5 (1) end in
// South's row: legal; N1 and N4 are empty: 4 moves. Likewise S3 leaves
// North 3 moves (N1 (1) would end in N2, occupied), S4 leaves 4 (N0 and N2
// banned), S5 leaves 4 (N1 and N3 banned): perft(2) = 4+3+4+4 = 15.
var perftTable = []struct {
	rs    string
	nodes []uint64 // perft(1), perft(2), ...
	short int      // depths run in -short mode
}{
	{"kingulu", []uint64{4, 15, 50, 130, 336, 840, 2114, 5408, 13141, 32473, 77452, 183926}, 8},
	{"kingulu:first=north", []uint64{4, 15, 50, 130, 336, 840, 2114, 5408}, 6},
	{"kingulu:penultimate=origin", []uint64{4, 15, 50, 130, 336, 840, 2119, 5430, 13236, 32766}, 7},
	{"kingulu:penultimate=never", []uint64{4, 15, 50, 137, 354, 938, 2312, 5956, 14615, 36353}, 7},
	{"kingulu:first_lap_rule=off", []uint64{6, 28, 128, 607, 2630, 11796, 48412}, 5},
	{"kingulu:min_lift=2", []uint64{4, 13, 37, 77, 165, 351, 700, 1508, 2939, 5801}, 7},
	{"kingulu:skip_origin=on", []uint64{4, 15, 50, 123, 313, 765, 1810, 4438, 10649, 25505}, 7},
	{"kingulu:holes=4,seeds=3", []uint64{3, 8, 17, 34, 65, 107, 173, 248, 365, 467, 631, 747}, 8},
	{"kingulu:holes=8,seeds=5", []uint64{5, 25, 86, 308, 1118, 3821, 13505}, 5},
	// A never-ending move is met at depth 8 (and twice by depth 12): with
	// infinite=draw it is a legal move that ends the game.
	{"kingulu:infinite=draw", []uint64{4, 15, 50, 130, 336, 840, 2114, 5409, 13141, 32473, 77453, 183928}, 8},
	{"kingulu:lap_limit=10", []uint64{4, 15, 49, 121, 308, 757, 1868, 4732, 11415, 27979}, 7},
	// max_reserved=0: the reservation met at depth 3 relays instead.
	{"kingulu:max_reserved=0", []uint64{4, 15, 49, 125, 317, 809, 2078, 5409, 13804, 35093}, 7},
	{"kingulu:max_reserved=1", []uint64{4, 15, 50, 130, 335, 838, 2111, 5459, 13445, 33466}, 7},
	{"kingulu:max_reserved=2", []uint64{4, 15, 50, 130, 336, 840, 2113, 5405, 13163, 32530}, 7},
	{"kingulu:max_reserved=1,penultimate=never", []uint64{4, 15, 50, 137, 360, 948, 2387, 6143, 15379, 38008}, 7},
	{"kingulu:max_reserved=0,holes=4,seeds=3", []uint64{3, 9, 16, 25, 49, 93, 177, 321, 562, 1010}, 8},
	{"kingulu:holes=3,seeds=2,first_lap_rule=off", []uint64{3, 7, 14, 28, 46, 89, 155, 287, 495, 824, 1329, 2151}, 8},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		g := engine.MustParse(c.rs)
		s := g.NewState()
		depths := len(c.nodes)
		if testenv.Short() {
			depths = c.short
		}
		if got := g.Perft(s, 0); got != 1 {
			t.Errorf("%s: perft(0) = %d", c.rs, got)
		}
		for d := 1; d <= depths; d++ {
			if got := g.Perft(s, d); got != c.nodes[d-1] {
				t.Errorf("%s: perft(%d) = %d, want %d", c.rs, d, got, c.nodes[d-1])
			}
		}
		if err := s.Check(); err != nil || s.Ply() != 0 {
			t.Errorf("%s: perft changed the state: %v", c.rs, err)
		}
	}
}

// TestPerftByApply cross-checks Game.Perft with the State API.
func TestPerftByApply(t *testing.T) {
	for _, c := range perftTable {
		g := engine.MustParse(c.rs)
		s := g.NewState()
		for d := 1; d <= 4; d++ {
			if a, b := g.Perft(s, d), enginetest.PerftByApply(s, d); a != b {
				t.Errorf("%s: Perft(%d) = %d, PerftByApply = %d", c.rs, d, a, b)
			}
		}
	}
	// From hand-made positions with reserved holes and banks, and the
	// infinite=draw depth-8 never-ending move.
	for _, c := range []struct{ rs, pos string }{
		{"kingulu", "0 2 0 [5] 0 3 / 1 3 [4] 2 0 6 / 6 5"},
		{"kingulu:penultimate=origin,skip_origin=on", "1 [5] 4 0 2 9 / 3 1 0 [4] 2 1 / 4 3"},
		{"kingulu:infinite=draw", "1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12"},
	} {
		s := stateAt(t, c.rs, c.pos, S)
		for d := 1; d <= 4; d++ {
			if a, b := s.Game().Perft(s, d), enginetest.PerftByApply(s, d); a != b {
				t.Errorf("%s %s: Perft(%d) = %d, PerftByApply = %d", c.rs, c.pos, d, a, b)
			}
		}
	}
}
