package kingulu

import (
	"fmt"
	"maps"

	"github.com/baolab/baolab/engine"
)

// Name is the variant name used in rulesets.
const Name = "kingulu"

const (
	maxRing  = 2 * MaxHoles // holes on the board
	maxWords = maxRing / 4  // 16-bit lanes, four per word
	laneMask = 0xffff
	// maxTotal bounds the seed total of a hand-made position, so that a hole
	// count always fits its 16-bit lane.
	maxTotal = 4096
)

func init() {
	engine.Register(engine.Variant{
		Name:    Name,
		Title:   "Bao Kingulu (2x6 relay sowing)",
		Order:   1,
		Options: Options(),
		New:     engine.NewFunc(New),
	})
}

// Game is a kingulu rule set. Its rules are immutable; it remembers the
// never-ending cycles its moves found (which changes no result, only how
// soon one is found) and is safe for concurrent use.
type Game struct {
	cycles  *cycleCache // nil with lap_limit
	rules   Rules
	values  engine.Values
	ruleset string

	n, nw int // holes on the board (2*holes) and 64-bit words used
	low   [maxRing + 1][maxWords]uint64
	// Hash keys: seeds in hole h add r[h] each (pr holds prefix sums), seeds
	// in bank p add rb[p], a hole reserved by p adds zres[p][h], and the
	// player to move North adds rp.
	r    [maxRing]uint64
	pr   [maxRing + 1]uint64
	rb   [2]uint64
	zres [2][maxRing]uint64
	rp   uint64
	// period is the number of holes a lap sows into: n, or n-1 with
	// skip_origin.
	period int
	start  pos
	// laps holds the lap effects of laps shorter than 2*n seeds (lapTable).
	laps []lapEffect
}

// New makes a Game from option values as engine.ParseValues returns
// them; values it would refuse are refused with its error.
func New(v engine.Values) (*Game, error) {
	r, err := table.Rules(Name, v)
	if err != nil {
		return nil, err
	}
	if v["max_reserved"] == "none" {
		r.MaxReserved = r.Holes
	}
	if r.MaxReserved > r.Holes {
		return nil, fmt.Errorf("%s: option \"max_reserved\": value %d not allowed with holes=%d (allowed: 0..%d, none)", Name, r.MaxReserved, r.Holes, r.Holes)
	}
	g := &Game{rules: r, values: maps.Clone(v), ruleset: engine.Canonical(Name, Options(), v)}
	g.n = 2 * r.Holes
	g.nw = (g.n + 3) / 4
	g.period = g.n
	if r.SkipOrigin {
		g.period = g.n - 1
	}
	for k := 0; k <= g.n; k++ {
		for h := 0; h < k; h++ {
			g.low[k][h>>2] |= 1 << (uint(h&3) * 16)
		}
	}
	x := uint64(0x6b696e67756c75) // "kingulu": a fixed seed keeps hashes reproducible
	next := func() uint64 {
		x += engine.Golden
		return engine.Fmix64(x)
	}
	for h := 0; h < maxRing; h++ {
		g.r[h] = next()
	}
	for h := 0; h < g.n; h++ {
		g.pr[h+1] = g.pr[h] + g.r[h]
	}
	g.rb[0], g.rb[1], g.rp = next(), next(), next()
	for p := 0; p < 2; p++ {
		for h := 0; h < maxRing; h++ {
			g.zres[p][h] = next()
		}
	}
	g.laps = g.lapTable()
	var p Position
	for pl := 0; pl < 2; pl++ {
		for i := 0; i < r.Holes; i++ {
			p.Seeds[pl][i] = r.Seeds
		}
	}
	g.start = g.fromPosition(&p, r.First)
	if r.LapLimit == 0 {
		g.cycles = newCycleCache()
	}
	return g, nil
}

// MustNew parses ruleset, which must name this variant, and panics on an
// error: for rulesets known to be valid, as in tests and examples.
func MustNew(ruleset string) *Game { return engine.MustParseAs[*Game](Name, ruleset) }

// Rules returns the typed option values.
func (g *Game) Rules() Rules { return g.rules }

// Variant returns Name.
func (g *Game) Variant() string { return Name }

// Ruleset returns the canonical ruleset string.
func (g *Game) Ruleset() string { return g.ruleset }

// Options returns every option value by key, defaults included.
func (g *Game) Options() map[string]string { return maps.Clone(g.values) }

// MaxPlies returns the max_plies option.
func (g *Game) MaxPlies() int { return g.rules.MaxPlies }

// NumMoves returns the number of holes per row: moves are 0..holes-1.
func (g *Game) NumMoves() int { return g.rules.Holes }

// TotalMaterial returns the number of seeds in play: 2 * holes * seeds.
func (g *Game) TotalMaterial() int { return 2 * g.rules.Holes * g.rules.Seeds }
