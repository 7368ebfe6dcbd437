package dataset

import (
	"fmt"

	"github.com/baolab/baolab/engine"
)

// The words of the enumerated string columns. A file that baolab writes
// stores each of these columns as a dictionary holding exactly this list,
// so a value's dictionary index is its code: the position in the list.
var (
	// PlayerWords are the words of moves.player and games.first, indexed
	// by engine.Player.
	PlayerWords = []string{"south", "north"}
	// ResultWords are the words of games.result, indexed by ResultCode.
	ResultWords = []string{"south", "north", "draw", "unfinished"}
	// EndReasonWords are the words of games.end_reason, indexed by
	// EndReasonCode.
	EndReasonWords = engine.EndReasonNames()
)

// ResultCode returns the code of a finished game's result in ResultWords.
func ResultCode(r engine.Result) int32 { return int32(r) - int32(engine.SouthWins) }

// ResultOf returns the result whose code is c.
func ResultOf(c int32) engine.Result { return engine.SouthWins + engine.Result(c) }

// EndReasonCode returns the code of a finished game's end reason in
// EndReasonWords.
func EndReasonCode(r engine.EndReason) int32 { return int32(r) - 1 }

// EndReasonOf returns the end reason whose code is c.
func EndReasonOf(c int32) engine.EndReason { return engine.EndReason(c + 1) }

// ParsePlayer returns the player named by a word of PlayerWords.
func ParsePlayer(s string) (engine.Player, error) {
	for i, w := range PlayerWords {
		if s == w {
			return engine.Player(i), nil
		}
	}
	return 0, fmt.Errorf("unknown player %q (want south or north)", s)
}

// ParseResult returns the result named by a word of ResultWords.
func ParseResult(s string) (engine.Result, error) {
	for i, w := range ResultWords {
		if s == w {
			return ResultOf(int32(i)), nil
		}
	}
	return 0, fmt.Errorf("unknown result %q (want south, north, draw or unfinished)", s)
}

// ParseEndReason returns the end reason named by a word of
// EndReasonWords.
func ParseEndReason(s string) (engine.EndReason, error) {
	for i, w := range EndReasonWords {
		if s == w {
			return EndReasonOf(int32(i)), nil
		}
	}
	return 0, fmt.Errorf("unknown end_reason %q", s)
}

// GameRow is one row of the games table (see GamesColumns for the
// meaning of each field).
type GameRow struct {
	Experiment                   string // Experiment.ID of the writer
	ID                           int64
	Ruleset, Variant             string
	South, North                 string // agent specs
	First                        engine.Player
	Seed                         uint64
	Result                       engine.Result    // SouthWins..Unfinished
	EndReason                    engine.EndReason // not NotOver
	Plies                        int32
	MaterialSouth, MaterialNorth int32
	FirstRepeatPly               int32 // -1: no position repeated (null)
	Captures, Captured           int32
	MaxLaps                      int64
	NeverEnding                  int32
	Reservations                 int32
	OpeningPlies                 int32
}

// MoveRow is one row of the moves table (see MovesColumns).
type MoveRow struct {
	Experiment                   string // Experiment.ID of the writer
	GameID                       int64
	Ruleset                      string
	Ply                          int32
	Player                       engine.Player
	Move                         int8
	Legal                        int16
	Laps, Sown                   int64
	Captured                     int32
	MaterialSouth, MaterialNorth int32
	Hash                         uint64
	Reserved                     bool
}
