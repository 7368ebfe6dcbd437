package kimasai4

import (
	"maps"
	"math"

	"github.com/baolab/baolab/engine"
)

// Name is the variant name used in rulesets.
const Name = "kimasai-four-rows"

func init() {
	engine.Register(engine.Variant{
		Name:    Name,
		Title:   "Bao la Kimasai, stepping (4 rows of 12, one stone per hole)",
		Order:   3,
		Options: Options(),
		New:     engine.NewFunc(New),
	})
}

// New makes a Game from option values as engine.ParseValues returns
// them; values it would refuse are refused with its error.
func New(v engine.Values) (*Game, error) {
	r, err := table.Rules(Name, v)
	if err != nil {
		return nil, err
	}
	g := &Game{rules: r, values: maps.Clone(v), ruleset: engine.Canonical(Name, Options(), v)}
	g.init()
	return g, nil
}

// MustNew parses ruleset, which must name this variant, and panics on an
// error: for rulesets known to be valid, as in tests and examples.
func MustNew(ruleset string) *Game { return engine.MustParseAs[*Game](Name, ruleset) }

// Game is one kimasai-four-rows rule set. It is immutable and safe for
// concurrent use.
type Game struct {
	rules   Rules
	values  engine.Values
	ruleset string

	n, size uint32 // holes per row, holes per player (2n)
	full    uint32 // mask of the 2n bits of a player
	start   uint32 // a player's stones at the start
	zob     [2][32]uint64
	zSide   uint64       // XORed in when North is to move
	moves   [32]stepMove // Game.step from each hole as masks, for Apply

	// repeatAt is the occurrence of a position that draws the game: 2
	// (repetition=first), 3 (third) or never (none).
	repeatAt int
	// trackAll records every position for the repetition rule. Off, every
	// step is passed to Track.Record as irreversible: the package doc
	// proves that no position can ever recur, so this loses nothing and
	// keeps the history at one entry. Tests turn it on to exercise the
	// repetition readings and to confirm the theorem in play.
	trackAll bool
}

func (g *Game) init() {
	g.n = uint32(g.rules.Holes)
	g.size = 2 * g.n
	g.full = uint32(1)<<g.size - 1
	empty := g.n - 1
	if g.rules.EmptyRight {
		empty = 0
	}
	g.start = g.full &^ (1 << empty)
	switch g.rules.Repetition {
	case RepeatFirst:
		g.repeatAt = 2
	case RepeatThird:
		g.repeatAt = 3
	default:
		g.repeatAt = math.MaxInt
	}
	seed := uint64(0x4b696d6173616934) // "Kimasai4"
	for p := range g.zob {
		for h := range g.zob[p] {
			g.zob[p][h] = engine.SplitMix64(&seed)
		}
	}
	g.zSide = engine.SplitMix64(&seed)
	for from := range g.size {
		g.moves[from] = g.stepMove(from)
	}
}

// Acyclic returns true: no position of the game can recur (the theorem
// of the package doc), under every option. It makes the game an
// engine.Acyclic, which package solve solves depth first.
func (g *Game) Acyclic() bool { return true }

// Rules returns the typed option values.
func (g *Game) Rules() Rules { return g.rules }

// Variant returns "kimasai-four-rows".
func (g *Game) Variant() string { return Name }

// Ruleset returns the canonical ruleset string.
func (g *Game) Ruleset() string { return g.ruleset }

// Options returns every option value (defaults included) by key.
func (g *Game) Options() map[string]string {
	return maps.Clone(g.values)
}

// MaxPlies returns the max_plies option.
func (g *Game) MaxPlies() int { return g.rules.Common.MaxPlies }

// NumMoves returns 2n: moves are a player's hole numbers 0..2n-1.
func (g *Game) NumMoves() int { return int(g.size) }

// TotalMaterial returns the stones at the start, 2(2n-1).
func (g *Game) TotalMaterial() int { return 2 * (int(g.size) - 1) }
