package kingulu_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

// Positions are written as South sees the board (see parsePos):
// "North's holes 5..0 / South's holes 0..5 / South's bank, North's bank",
// "[n]" a reserved hole (reserved by the player across).
var S, N = engine.South, engine.North

type ruleCase struct {
	name   string
	rs     string // ruleset
	before string
	mover  engine.Player
	cands  []engine.Move // expected candidates (nil: not checked)
	move   engine.Move
	err    error           // expected error (errors.Is)
	after  string          // expected position when err is nil
	info   engine.MoveInfo // expected facts when err is nil
	result engine.Result   // expected result after the move (Ongoing: game goes on)
}

var ruleCases = []ruleCase{
	// max_reserved: rule 3 applies only while the mover holds fewer
	// reserved holes than it allows; otherwise the lap relays by rule 4
	// (the hole is the opponent's, so not even a first lap is banned).
	{name: "max_reserved=0: a lap ending in an opponent's hole that held 3 relays",
		rs: "kingulu:max_reserved=0", before: "0 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, cands: []engine.Move{3}, move: 3,
		after: "0 1 3 1 1 0 / 0 0 0 0 1 1 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 7}},
	{name: "max_reserved=1: the mover already holds one reserved hole: relay",
		rs: "kingulu:max_reserved=1", before: "[0] 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "[0] 1 3 1 1 0 / 0 0 0 0 1 1 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 7}},
	{name: "max_reserved=2: the mover holds one reserved hole, may hold a second",
		rs: "kingulu:max_reserved=2", before: "[0] 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "[0] 0 2 0 0 [5] / 0 0 0 0 1 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "max_reserved=1 counts the mover's reserved holes only, not the opponent's",
		rs: "kingulu:max_reserved=1", before: "0 0 2 0 0 3 / [0] 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "0 0 2 0 0 [5] / [0] 0 0 0 1 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "max_reserved=1 for North, who holds one: relay",
		rs: "kingulu:max_reserved=1", before: "0 0 3 0 0 0 / 3 0 0 0 0 [0] / 0 0", mover: N, move: 3, cands: []engine.Move{3},
		after: "1 1 0 0 0 0 / 0 1 1 1 1 [0] / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 7}},
	{name: "max_reserved=2 for North, who holds one: kuweka mtoto",
		rs: "kingulu:max_reserved=2", before: "0 0 3 0 0 0 / 3 0 0 0 0 [0] / 0 0", mover: N, move: 3,
		after: "0 1 0 0 0 0 / [5] 0 0 0 0 [0] / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}, result: engine.NorthWins},

	// Rule 1 comes first: a last seed into a reserved hole goes to the
	// owner's bank and ends the move, whatever rules 2-4 would say.
	{name: "rule 1 before rule 4: first lap ends in an occupied own hole reserved by the opponent",
		rs: "kingulu", before: "0 0 0 5 0 0 / 2 0 [4] 0 0 0 / 0 0", mover: S, cands: []engine.Move{0}, move: 0,
		after: "0 0 0 5 0 0 / 0 1 [4] 0 0 0 / 0 1", info: engine.MoveInfo{Laps: 1, Sown: 2}},
	{name: "rule 1 before rule 2: empty own hole reserved by the opponent, facing hole full",
		rs: "kingulu", before: "0 0 0 5 0 0 / 0 0 1 [0] 0 0 / 0 0", mover: S, move: 2,
		after: "0 0 0 5 0 0 / 0 0 0 [0] 0 0 / 0 1", info: engine.MoveInfo{Laps: 1, Sown: 1}},
	{name: "rule 1 before rule 3: hole reserved by the mover holding 3",
		rs: "kingulu", before: "0 0 0 0 [3] 1 / 0 0 0 0 3 0 / 0 0", mover: S, move: 4,
		after: "0 0 0 0 [3] 2 / 0 0 0 0 0 1 / 1 0", info: engine.MoveInfo{Laps: 1, Sown: 3}},

	// Rule 2.
	{name: "rule 2: empty own hole captures the facing seeds and the capturing seed",
		rs: "kingulu", before: "0 0 0 3 0 0 / 0 2 0 0 0 0 / 0 0", mover: S, move: 1,
		after: "0 0 0 0 0 0 / 0 0 1 0 0 0 / 4 0", info: engine.MoveInfo{Laps: 1, Sown: 2, Captures: 1, Captured: 3},
		result: engine.SouthWins},
	{name: "rule 2: facing hole empty, nothing captured",
		rs: "kingulu", before: "0 0 0 0 0 1 / 0 2 0 0 0 0 / 0 0", mover: S, move: 1,
		after: "0 0 0 0 0 1 / 0 0 1 1 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 2}},
	{name: "rule 2: facing hole reserved, nothing captured",
		rs: "kingulu", before: "0 0 0 [4] 0 1 / 0 2 0 0 0 0 / 0 0", mover: S, move: 1,
		after: "0 0 0 [4] 0 1 / 0 0 1 1 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 2}},
	{name: "rule 2: empty opponent's hole ends the move without capture",
		rs: "kingulu", before: "0 0 3 0 0 0 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 0 3 0 0 1 / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 1}},
	{name: "rule 2 for North: facing hole empty",
		rs: "kingulu", before: "0 0 0 0 2 0 / 0 0 0 0 5 0 / 0 0", mover: N, move: 1,
		after: "0 0 1 1 0 0 / 0 0 0 0 5 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 2}},
	{name: "rule 2 for North: capture",
		rs: "kingulu", before: "0 0 0 0 2 0 / 0 0 5 0 0 0 / 0 0", mover: N, move: 1,
		after: "0 0 0 1 0 0 / 0 0 0 0 0 0 / 0 6", info: engine.MoveInfo{Laps: 1, Sown: 2, Captures: 1, Captured: 5},
		result: engine.NorthWins},

	// Rule 3, kuweka mtoto, under each penultimate reading.
	{name: "rule 3 first lap, penultimate=lap: the penultimate seed joins the reserved hole",
		rs: "kingulu", before: "0 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "0 0 2 0 0 [5] / 0 0 0 0 1 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "rule 3 first lap, penultimate=origin: origin held 3",
		rs: "kingulu:penultimate=origin", before: "0 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "0 0 2 0 0 [5] / 0 0 0 0 1 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "rule 3 first lap, penultimate=never: the reserved hole keeps 4",
		rs: "kingulu:penultimate=never", before: "0 0 2 0 0 3 / 0 0 0 3 0 0 / 0 0", mover: S, move: 3,
		after: "0 0 2 0 0 [4] / 0 0 0 0 1 1 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "rule 3, penultimate=lap: a lap of a single seed has no penultimate seed",
		rs: "kingulu", before: "0 0 2 0 0 3 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 0 2 0 0 [4] / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 1, Reserved: true}},
	{name: "rule 3, penultimate=origin: a lap of a single seed",
		rs: "kingulu:penultimate=origin", before: "0 0 2 0 0 3 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 0 2 0 0 [4] / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 1, Reserved: true}},
	// S5 (1) relays from N0 (1+1), whose lap of 2 ends in N2 (3+1).
	{name: "rule 3 on a relay lap, penultimate=lap: taken although the origin held one seed",
		rs: "kingulu", before: "0 2 0 3 0 1 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 2 0 [5] 0 0 / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 3, Reserved: true}, result: engine.Ongoing},
	{name: "rule 3 on a relay lap, penultimate=origin: the origin held a single seed",
		rs: "kingulu:penultimate=origin", before: "0 2 0 3 0 1 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 2 0 [4] 1 0 / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 3, Reserved: true}},
	{name: "rule 3 on a relay lap, penultimate=never",
		rs: "kingulu:penultimate=never", before: "0 2 0 3 0 1 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 2 0 [4] 1 0 / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 3, Reserved: true}},
	// S4 seed goes to S5, reserved by North (North's bank); nothing moves.
	{name: "rule 3: penultimate hole reserved by the opponent",
		rs: "kingulu", before: "0 0 2 0 0 3 / 0 0 0 3 0 [4] / 0 0", mover: S, move: 3,
		after: "0 0 2 0 0 [4] / 0 0 0 0 1 [4] / 0 1", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "rule 3: penultimate hole reserved by the mover",
		rs: "kingulu", before: "0 0 2 0 3 [4] / 0 0 0 0 3 0 / 0 0", mover: S, move: 4,
		after: "0 0 2 0 [4] [4] / 0 0 0 0 0 1 / 1 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	{name: "rule 3 for North",
		rs: "kingulu", before: "3 0 0 0 0 0 / 0 0 3 0 2 0 / 0 0", mover: N, move: 5,
		after: "0 0 0 0 0 0 / 1 0 [5] 0 2 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 3, Reserved: true}},
	// 13 seeds from S5: N0 gets the 1st seed (2 -> 3) and the 13th: it
	// held exactly 3 just before the last seed. The penultimate (12th) seed
	// fell into S5 itself.
	{name: "rule 3 judged just before the last seed: a lap of 13 passes the last hole twice",
		rs: "kingulu", before: "0 0 0 0 0 2 / 0 0 0 0 0 13 / 0 0", mover: S, move: 5,
		after: "1 1 1 1 1 [5] / 1 1 1 1 1 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 13, Reserved: true}},
	// Relays: S3 (8) ends in N5 (1+1), N5 (2) ends in S1 (3+1): an own
	// hole with 3 is not kuweka mtoto; rule 4 relays (not the first lap).
	// S1 (4) ends in S5 (1+1), S5 (2) in N1 (1+1), N1 (2) in N3 (1+1), N3
	// (2) in N5, empty: the move ends.
	{name: "rule 3 is for the opponent's holes: an own hole with 3 relays",
		rs: "kingulu", before: "1 0 0 0 0 0 / 0 3 0 8 0 0 / 0 0", mover: S, move: 3,
		after: "1 2 0 2 0 2 / 1 0 1 1 2 0 / 0 0", info: engine.MoveInfo{Laps: 6, Sown: 20}},

	// Rule 4.
	{name: "rule 4: a first lap ending in an occupied own hole is illegal",
		rs: "kingulu", before: "0 0 0 0 2 0 / 2 0 1 0 0 0 / 0 0", mover: S, cands: []engine.Move{2}, move: 0,
		err: engine.ErrIllegalMove},
	{name: "rule 4 with first_lap_rule=off: the first lap relays from an own hole",
		rs: "kingulu:first_lap_rule=off", before: "0 0 0 0 2 0 / 2 0 1 0 0 0 / 0 0", mover: S, cands: []engine.Move{0, 2}, move: 0,
		after: "0 0 0 0 0 0 / 0 1 0 1 0 0 / 3 0", info: engine.MoveInfo{Laps: 2, Sown: 4, Captures: 1, Captured: 2},
		result: engine.SouthWins},
	{name: "rule 4 relay from an opponent's hole on the first lap",
		rs: "kingulu", before: "0 0 0 0 0 1 / 0 0 0 0 0 1 / 0 0", mover: S, move: 5,
		after: "0 0 0 1 1 0 / 0 0 0 0 0 0 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 3}},
	// S0 (13): S1 gets the 1st and the 13th seed: empty at the start of
	// the lap but occupied just before the last seed falls.
	{name: "rule 4 judged just before the last seed: a lap of 13 passes S1 twice",
		rs: "kingulu", before: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", mover: S, cands: []engine.Move{3}, move: 0,
		err: engine.ErrIllegalMove},
	// Laps: S0 13 -> S1 (1+1), S1 2 -> S3 (2+1), S3 3 -> N0 (1+1),
	// N0 2 -> N2, N2 2 -> N4, N4 2 -> S0 (1+1), S0 2 -> S2 (2+1),
	// S2 3 -> S5 (2+1), S5 3 -> N2, empty: 9 laps, 32 seeds sown.
	{name: "rule 4 off: the same 13-seed lap relays, 9 laps",
		rs: "kingulu:first_lap_rule=off", before: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", mover: S, cands: []engine.Move{0, 3}, move: 0,
		after: "2 0 2 1 3 1 / 0 1 0 1 3 0 / 0 0", info: engine.MoveInfo{Laps: 9, Sown: 32}},
	{name: "lap_limit=9: a move of exactly 9 laps is played",
		rs: "kingulu:first_lap_rule=off,lap_limit=9", before: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", mover: S, move: 0,
		after: "2 0 2 1 3 1 / 0 1 0 1 3 0 / 0 0", info: engine.MoveInfo{Laps: 9, Sown: 32}},
	{name: "lap_limit=8: a move still sowing after 8 laps is never-ending",
		rs: "kingulu:first_lap_rule=off,lap_limit=8", before: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", mover: S, move: 0,
		err: engine.ErrNeverEnding},
	{name: "lap_limit=8, infinite=draw: the move is played and draws",
		rs: "kingulu:first_lap_rule=off,lap_limit=8,infinite=draw", before: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", mover: S, move: 0,
		after: "0 0 0 0 0 0 / 13 0 0 1 0 0 / 0 0", info: engine.MoveInfo{Laps: 8, Sown: 29, NeverEnding: true}, result: engine.Draw},

	// Reserved holes receiving seeds mid-lap.
	{name: "reserved holes of both players receive seeds mid-lap",
		rs: "kingulu", before: "0 0 0 0 0 [4] / 0 0 0 4 [5] 0 / 0 0", mover: S, move: 3,
		after: "0 0 0 0 1 [4] / 0 0 0 0 [5] 1 / 1 1", info: engine.MoveInfo{Laps: 1, Sown: 4}},
	// holes=3: S0 (13) goes twice round and one more: N1, reserved by
	// South, takes 2 seeds into South's bank; S1 (2+1) relays 3 seeds,
	// the last into N1 again (rule 1).
	{name: "reserved hole passed twice by a long lap",
		rs: "kingulu:holes=3,first_lap_rule=off", before: "0 [4] 0 / 13 0 0 / 0 0", mover: S, move: 0,
		after: "2 [4] 3 / 2 0 3 / 3 0", info: engine.MoveInfo{Laps: 2, Sown: 16}},

	// min_lift.
	{name: "min_lift=1: singletons can be lifted",
		rs: "kingulu", before: "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", mover: S, cands: []engine.Move{0, 3}, move: 0,
		after: "0 0 0 0 0 1 / 0 1 0 2 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 1}},
	{name: "min_lift=2: singletons cannot be lifted",
		rs: "kingulu:min_lift=2", before: "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", mover: S, cands: []engine.Move{3}, move: 0,
		err: engine.ErrIllegalMove},
	{name: "min_lift=2: a pair can",
		rs: "kingulu:min_lift=2", before: "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", mover: S, move: 3,
		after: "0 0 0 0 0 0 / 1 0 0 0 1 0 / 2 0", info: engine.MoveInfo{Laps: 1, Sown: 2, Captures: 1, Captured: 1},
		result: engine.SouthWins},
	{name: "an empty hole is never a move", rs: "kingulu", before: "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", mover: S, move: 1,
		err: engine.ErrIllegalMove},
	{name: "a reserved own hole is never a move", rs: "kingulu", before: "0 0 0 0 0 1 / 1 [4] 0 2 0 0 / 0 0", mover: S,
		cands: []engine.Move{0, 3}, move: 1, err: engine.ErrIllegalMove},
	{name: "a hole number beyond the row", rs: "kingulu", before: "0 0 0 0 0 1 / 1 0 0 2 0 0 / 0 0", mover: S, move: 6,
		err: engine.ErrIllegalMove},

	// skip_origin.
	// 12 seeds from S5: without skip the 12th falls into S5 itself, empty,
	// and captures N0 (2+1); with skip it falls into N0 (3): kuweka mtoto,
	// and the penultimate seed is S4's (S5 skipped).
	{name: "skip_origin=off: a lap of 12 ends in its own hole",
		rs: "kingulu", before: "0 0 0 0 0 2 / 0 0 0 0 0 12 / 0 0", mover: S, move: 5,
		after: "1 1 1 1 1 0 / 1 1 1 1 1 0 / 4 0", info: engine.MoveInfo{Laps: 1, Sown: 12, Captures: 1, Captured: 3}},
	{name: "skip_origin=on: a lap of 12 skips its own hole",
		rs: "kingulu:skip_origin=on", before: "0 0 0 0 0 2 / 0 0 0 0 0 12 / 0 0", mover: S, move: 5,
		after: "1 1 1 1 1 [5] / 1 1 1 1 0 0 / 0 0", info: engine.MoveInfo{Laps: 1, Sown: 12, Reserved: true}},
	// holes=3: S2 (1) relays from N0 (5+1). That relay lap of 6 seeds
	// (2*holes) skips N0 with skip_origin=on, passes N1 (2+1) and ends
	// there (3+1): kuweka mtoto, the penultimate seed taken from S2. Without
	// skip it ends in N0, empty.
	{name: "skip_origin=on applies to relay laps too",
		rs: "kingulu:holes=3,skip_origin=on", before: "0 2 5 / 0 0 1 / 0 0", mover: S, move: 2,
		after: "1 [5] 0 / 1 1 0 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 7, Reserved: true}},
	{name: "skip_origin=off: the relay lap of 6 ends in its own hole",
		rs: "kingulu:holes=3", before: "0 2 5 / 0 0 1 / 0 0", mover: S, move: 2,
		after: "1 3 1 / 1 1 1 / 0 0", info: engine.MoveInfo{Laps: 2, Sown: 7}},
	{name: "skip_origin=on: a lap of 11 does not come round",
		rs: "kingulu:skip_origin=on", before: "0 0 0 0 0 0 / 0 0 0 0 0 11 / 0 0", mover: S, move: 5,
		after: "1 1 1 1 0 1 / 1 1 1 1 0 0 / 2 0", info: engine.MoveInfo{Laps: 1, Sown: 11, Captures: 1, Captured: 1}},
	{name: "skip_origin=off: a lap of 11, the same",
		rs: "kingulu", before: "0 0 0 0 0 0 / 0 0 0 0 0 11 / 0 0", mover: S, move: 5,
		after: "1 1 1 1 0 1 / 1 1 1 1 0 0 / 2 0", info: engine.MoveInfo{Laps: 1, Sown: 11, Captures: 1, Captured: 1}},

	// End by score: the player to move has no legal move (holes=4,
	// seeds=3: 24 seeds, a draw is 12-12).
	{name: "end: South wins", rs: "kingulu:holes=4,seeds=3", before: "0 2 0 0 / 1 0 0 0 / 10 11", mover: S, move: 0,
		after: "0 0 0 0 / 0 0 0 0 / 13 11", info: engine.MoveInfo{Laps: 1, Sown: 1, Captures: 1, Captured: 2}, result: engine.SouthWins},
	{name: "end: draw at half of all seeds", rs: "kingulu:holes=4,seeds=3", before: "0 2 0 0 / 1 0 0 0 / 9 12", mover: S, move: 0,
		after: "0 0 0 0 / 0 0 0 0 / 12 12", info: engine.MoveInfo{Laps: 1, Sown: 1, Captures: 1, Captured: 2}, result: engine.Draw},
	{name: "end: North, with no move, wins on score", rs: "kingulu:holes=4,seeds=3", before: "0 2 0 0 / 1 0 0 0 / 8 13", mover: S, move: 0,
		after: "0 0 0 0 / 0 0 0 0 / 11 13", info: engine.MoveInfo{Laps: 1, Sown: 1, Captures: 1, Captured: 2}, result: engine.NorthWins},
	{name: "end: reserved holes score for their owner", rs: "kingulu:holes=4,seeds=3", before: "0 0 0 0 / 1 [5] 0 0 / 8 10", mover: S, move: 0,
		after: "0 0 0 0 / 0 [5] 0 0 / 8 11", info: engine.MoveInfo{Laps: 1, Sown: 1}, result: engine.NorthWins},

	// Never-ending moves found in random games of the default rules. Laps
	// and Sown of a never-ending move count the sowing until a lap start
	// repeated. The move of the infinite=draw case comes back to its first
	// lap start after a cycle of 552 laps (Brent's method alone, which the
	// engine used before, found it at lap 1575 = 1023 + 552: its tortoise
	// waits at lap 1023 for the 552-lap cycle to come round).
	// The case with a tail is found by Brent's method.
	{name: "never-ending, infinite=illegal: the only candidate is rejected and the game ends by score",
		rs: "kingulu", before: "1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12", mover: S, cands: []engine.Move{5}, move: 5,
		err: engine.ErrNeverEnding},
	{name: "never-ending, infinite=draw: played, the game is drawn",
		rs: "kingulu:infinite=draw", before: "1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12", mover: S, cands: []engine.Move{5}, move: 5,
		after: "1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12", info: engine.MoveInfo{Laps: 552, Sown: 1872, NeverEnding: true}, result: engine.Draw},
	{name: "never-ending, lap_limit=1000: a real cycle is found before the limit",
		rs: "kingulu:lap_limit=1000", before: "2 0 1 2 1 2 / 1 2 1 5 9 0 / 10 12", mover: S, move: 3,
		err: engine.ErrNeverEnding},
	{name: "never-ending with a 37064-lap tail and cycle",
		rs: "kingulu", before: "3 1 2 0 1 0 / 1 10 1 11 2 1 / 13 2", mover: N, move: 5,
		err: engine.ErrNeverEnding},
}

func TestRules(t *testing.T) {
	for i, c := range ruleCases {
		s := stateAt(t, c.rs, c.before, c.mover)
		if c.cands != nil {
			if got := s.Candidates(nil); !slices.Equal(got, c.cands) {
				t.Errorf("case %d %s: candidates %v, want %v", i, c.name, got, c.cands)
			}
		}
		beforeStr, beforeHash := s.String(), s.Hash()
		info, err := s.Apply(c.move)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("case %d %s: error %v, want %v", i, c.name, err, c.err)
				continue
			}
			if errors.Is(c.err, engine.ErrNeverEnding) {
				if !info.NeverEnding || s.NeverEndingMet() != 1 || slices.Contains(s.Candidates(nil), c.move) {
					t.Errorf("case %d %s: info %+v, met %d, candidates %v", i, c.name, info, s.NeverEndingMet(), s.Candidates(nil))
				}
			} else if s.String() != beforeStr || s.Hash() != beforeHash {
				t.Errorf("case %d %s: illegal move changed the state", i, c.name)
			}
			if got := formatPos(s.Position(), s.Game().NumMoves()); got != formatPos(parsePos(t, c.before), s.Game().NumMoves()) {
				t.Errorf("case %d %s: rejected move changed the position to %s", i, c.name, got)
			}
			if s.Ply() != 0 {
				t.Errorf("case %d %s: ply %d after a rejected move", i, c.name, s.Ply())
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d %s: %v\n%s", i, c.name, err, beforeStr)
			continue
		}
		want := formatPos(parsePos(t, c.after), s.Game().NumMoves())
		if got := formatPos(s.Position(), s.Game().NumMoves()); got != want {
			t.Errorf("case %d %s:\ngot  %s\nwant %s", i, c.name, got, want)
		}
		if info != c.info {
			t.Errorf("case %d %s: info %+v, want %+v", i, c.name, info, c.info)
		}
		if s.Result() != c.result {
			t.Errorf("case %d %s: result %v (%v), want %v", i, c.name, s.Result(), s.EndReason(), c.result)
		}
		if err := s.Check(); err != nil {
			t.Errorf("case %d %s: %v", i, c.name, err)
		}
		switch {
		case info.NeverEnding:
			if s.EndReason() != engine.InfiniteMove || s.NeverEndingMet() != 1 || s.Ply() != 1 {
				t.Errorf("case %d %s: end %v, met %d, ply %d", i, c.name, s.EndReason(), s.NeverEndingMet(), s.Ply())
			}
		case c.result != engine.Ongoing:
			if s.EndReason() != engine.Score {
				t.Errorf("case %d %s: end reason %v, want score", i, c.name, s.EndReason())
			}
		}
		if s.Player() != c.mover.Other() || s.Ply() != 1 {
			t.Errorf("case %d %s: player %v ply %d after the move", i, c.name, s.Player(), s.Ply())
		}
	}
}

// TestNeverEndingOnlyCandidate checks the ends of the game when a player's
// only candidate never ends.
func TestNeverEndingOnlyCandidate(t *testing.T) {
	for _, c := range []struct {
		before string
		mover  engine.Player
		move   engine.Move
		want   engine.Result
	}{
		{"1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12", S, 5, engine.SouthWins},
		{"0 2 1 2 1 2 / 1 4 1 5 1 0 / 5 23", N, 4, engine.NorthWins},
	} {
		s := stateAt(t, "kingulu", c.before, c.mover)
		if got := s.Candidates(nil); !slices.Equal(got, []engine.Move{c.move}) {
			t.Fatalf("%s: candidates %v", c.before, got)
		}
		if got := s.Legal(nil); len(got) != 0 {
			t.Fatalf("%s: legal %v, want none", c.before, got)
		}
		if s.Over() {
			t.Fatalf("%s: over before the move is tried", c.before)
		}
		if _, err := s.Apply(c.move); !errors.Is(err, engine.ErrNeverEnding) {
			t.Fatalf("%s: %v", c.before, err)
		}
		if !s.Over() || s.Result() != c.want || s.EndReason() != engine.Score || s.Ply() != 0 || s.NeverEndingMet() != 1 {
			t.Fatalf("%s: over %v result %v %v ply %d met %d", c.before, s.Over(), s.Result(), s.EndReason(), s.Ply(), s.NeverEndingMet())
		}
		if _, err := s.Apply(c.move); !errors.Is(err, engine.ErrGameOver) {
			t.Fatalf("%s: Apply after the end: %v", c.before, err)
		}
		if got := s.Candidates(nil); len(got) != 0 {
			t.Fatalf("%s: candidates after the end %v", c.before, got)
		}
		// Perft sees no legal move.
		if n := s.Game().Perft(stateAt(t, "kingulu", c.before, c.mover), 1); n != 0 {
			t.Fatalf("%s: perft(1) = %d, want 0", c.before, n)
		}
		d := stateAt(t, "kingulu:infinite=draw", c.before, c.mover)
		if n := d.Game().Perft(d, 1); n != 1 {
			t.Fatalf("%s: perft(1) = %d with infinite=draw, want 1", c.before, n)
		}
	}
}

// TestNeverEndingNotOnly checks a never-ending move among others: it is
// rejected, drops out of the candidates, and the game goes on; applying it
// again at the same ply gives ErrNeverEnding again, counted once.
func TestNeverEndingNotOnly(t *testing.T) {
	s := stateAt(t, "kingulu", "3 1 2 0 1 0 / 1 10 1 11 2 1 / 13 2", N)
	cands := s.Candidates(nil)
	if !slices.Contains(cands, 5) || len(cands) < 2 {
		t.Fatalf("candidates %v", cands)
	}
	legal := s.Legal(nil)
	if slices.Contains(legal, 5) || len(legal) != len(cands)-1 {
		t.Fatalf("legal %v, candidates %v", legal, cands)
	}
	for range 2 {
		if _, err := s.Apply(5); !errors.Is(err, engine.ErrNeverEnding) {
			t.Fatal(err)
		}
	}
	if s.Over() || s.NeverEndingMet() != 1 || !slices.Equal(s.Candidates(nil), legal) {
		t.Fatalf("over %v met %d candidates %v", s.Over(), s.NeverEndingMet(), s.Candidates(nil))
	}
	if _, err := s.Apply(legal[0]); err != nil {
		t.Fatal(err)
	}
	if s.NeverEndingMet() != 1 || s.Ply() != 1 {
		t.Fatalf("met %d ply %d", s.NeverEndingMet(), s.Ply())
	}
}

// TestNoCandidateAtStart: a hand-made position where the player to move has
// no candidate is over at once, by score.
func TestNoCandidateAtStart(t *testing.T) {
	for _, c := range []struct {
		rs, pos string
		want    engine.Result
	}{
		{"kingulu:min_lift=2", "0 0 0 0 0 1 / 1 0 1 0 1 0 / 0 0", engine.SouthWins},
		{"kingulu:holes=4,seeds=3", "0 0 0 2 / 0 0 0 0 / 12 10", engine.Draw},
		{"kingulu", "0 0 0 0 0 1 / 1 1 0 0 0 0 / 0 0", engine.Ongoing},
	} {
		s := stateAt(t, c.rs, c.pos, S)
		if s.Result() != c.want {
			t.Errorf("%s %s: result %v, want %v", c.rs, c.pos, s.Result(), c.want)
		}
		if c.want != engine.Ongoing && s.EndReason() != engine.Score {
			t.Errorf("%s %s: end reason %v", c.rs, c.pos, s.EndReason())
		}
	}
}

// TestMaxPlies: a game not over after max_plies ends as unfinished.
func TestMaxPlies(t *testing.T) {
	g := engine.MustParse("kingulu:max_plies=3")
	s := g.NewState()
	for !s.Over() {
		s.Apply(s.Candidates(nil)[0])
	}
	if s.Ply() != 3 || s.Result() != engine.Unfinished || s.EndReason() != engine.MaxPlies {
		t.Fatalf("ply %d result %v %v", s.Ply(), s.Result(), s.EndReason())
	}
	// Perft ignores max_plies.
	if g.Perft(s, 1) == 0 {
		t.Fatal("perft(1) = 0 after max_plies")
	}
}

// TestFirstNorth: first=north.
func TestFirstNorth(t *testing.T) {
	s := engine.MustParse("kingulu:first=north").NewState()
	if s.Player() != engine.North {
		t.Fatalf("player %v", s.Player())
	}
	if got := s.Candidates(nil); !slices.Equal(got, []engine.Move{2, 3, 4, 5}) {
		t.Fatalf("candidates %v", got)
	}
}

// TestOptionSizes: the options seeds and holes.
func TestOptionSizes(t *testing.T) {
	for _, c := range []struct {
		rs           string
		holes, seeds int
	}{{"kingulu", 6, 4}, {"kingulu:holes=4,seeds=3", 4, 3}, {"kingulu:holes=12,seeds=12", 12, 12}, {"kingulu:holes=3,seeds=1", 3, 1}} {
		g := engine.MustParse(c.rs)
		if g.NumMoves() != c.holes || g.TotalMaterial() != 2*c.holes*c.seeds {
			t.Errorf("%s: moves %d total %d", c.rs, g.NumMoves(), g.TotalMaterial())
		}
		s := g.NewState().(*kingulu.State)
		p := s.Position()
		for pl := 0; pl < 2; pl++ {
			for i := 0; i < kingulu.MaxHoles; i++ {
				want := 0
				if i < c.holes {
					want = c.seeds
				}
				if p.Seeds[pl][i] != want || p.Reserved[pl][i] {
					t.Errorf("%s: player %d hole %d holds %d", c.rs, pl, i, p.Seeds[pl][i])
				}
			}
		}
		if s.Material(S) != c.holes*c.seeds || s.Material(N) != c.holes*c.seeds {
			t.Errorf("%s: material %d %d", c.rs, s.Material(S), s.Material(N))
		}
	}
}

// TestNewStateAtErrors: bad hand-made positions.
func TestNewStateAtErrors(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4")
	var p kingulu.Position
	p.Seeds[0][4] = 1
	if _, err := kingulu.NewStateAt(g, p, S); err == nil {
		t.Error("seed beyond the row accepted")
	}
	p = kingulu.Position{}
	p.Seeds[1][0] = -1
	if _, err := kingulu.NewStateAt(g, p, S); err == nil {
		t.Error("negative count accepted")
	}
	p = kingulu.Position{}
	p.Bank[0] = 5000
	if _, err := kingulu.NewStateAt(g, p, S); err == nil {
		t.Error("too many seeds accepted")
	}
	if _, err := kingulu.NewStateAt(g, kingulu.Position{}, 2); err == nil {
		t.Error("bad player accepted")
	}
}

// TestString: the result line of finished games.
func TestString(t *testing.T) {
	s := stateAt(t, "kingulu:holes=4,seeds=3", "0 2 0 0 / 1 0 0 0 / 9 12", S)
	s.Apply(0)
	want := "" +
		"         n3    n2    n1    n0\n" +
		"North     0     0     0     0   bank 12  score 12\n" +
		"South     0     0     0     0   bank 12  score 12\n" +
		"         s0    s1    s2    s3\n" +
		"ply 1: game over: draw (score)\n"
	if s.String() != want {
		t.Errorf("got\n%s\nwant\n%s", s, want)
	}
	s = stateAt(t, "kingulu", "1 2 0 1 0 6 / 3 2 1 2 1 3 / 14 12", S)
	s.Apply(5)
	if got := s.String(); !strings.HasSuffix(got, "ply 0: game over: south wins (score)\n") {
		t.Errorf("got\n%s", got)
	}
}
