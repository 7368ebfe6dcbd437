package kingulu

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/baolab/baolab/engine"
)

// MaxHoles is the largest number of holes per row (the holes option).
const MaxHoles = 12

const (
	maxRing  = 2 * MaxHoles // holes on the board
	maxWords = maxRing / 4  // 16-bit lanes, four per word
	laneMask = 0xffff
	// maxTotal bounds the seeds of a hand-made position, so that a hole
	// count always fits its 16-bit lane.
	maxTotal = 4096
)

// Penultimate selects which kuweka mtoto moves also take the penultimate
// seed of the capturing lap (the penultimate option).
type Penultimate uint8

const (
	// PenultimateLap takes it unless the capturing lap sowed a single seed.
	PenultimateLap Penultimate = iota
	// PenultimateOrigin takes it unless the hole the move started from held
	// a single seed (or the capturing lap sowed one).
	PenultimateOrigin
	// PenultimateNever never takes it: the reserved hole keeps 4.
	PenultimateNever
)

var penultimateNames = [...]string{"lap", "origin", "never"}

// String returns the option value: lap, origin or never.
func (p Penultimate) String() string {
	if int(p) < len(penultimateNames) {
		return penultimateNames[p]
	}
	return "Penultimate(" + strconv.Itoa(int(p)) + ")"
}

// Rules holds the typed option values of a kingulu ruleset.
type Rules struct {
	engine.Common
	Seeds        int         // seeds per hole at the start (seeds)
	Holes        int         // holes per row (holes)
	MinLift      int         // fewest seeds a hole must hold to be lifted (min_lift)
	Penultimate  Penultimate // penultimate option
	FirstLapRule bool        // first_lap_rule=on: rule 4 bans a first lap ending in an occupied own hole
	SkipOrigin   bool        // skip_origin=on: every lap skips the hole it was lifted from
	// MaxReserved is the most holes one player may hold reserved
	// (max_reserved; none gives Holes, which no player can exceed). 0
	// turns kuweka mtoto off.
	MaxReserved int
}

// Options returns the option table of the kingulu variant, common options
// included.
func Options() []engine.Option {
	return append(engine.CommonOptions(true),
		engine.Option{Key: "seeds", Size: true, Default: "4", Numeric: true, Min: 1, Max: 12, Help: "seeds per hole at the start"},
		engine.Option{Key: "holes", Size: true, Default: "6", Numeric: true, Min: 3, Max: MaxHoles, Help: "holes per row"},
		engine.Option{Key: "min_lift", Default: "1", Numeric: true, Min: 1, Max: 2, Help: "fewest seeds a hole must hold to be lifted"},
		engine.Option{Key: "penultimate", Default: "lap", Values: []string{"lap", "origin", "never"},
			Help: "kuweka mtoto also takes the penultimate seed: lap (unless the lap sowed one seed), origin (unless the move's hole held one seed), never"},
		engine.Option{Key: "first_lap_rule", Default: "on", Values: []string{"on", "off"}, Help: "a first lap may not end in an occupied own hole"},
		engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes seeds or more skips the hole it was lifted from"},
		engine.Option{Key: "max_reserved", Default: "none", Values: []string{"none"}, Numeric: true, Min: 0, Max: MaxHoles,
			Help: "the most holes one player may hold reserved (0..holes); a lap that would reserve one more relays; 0 turns kuweka mtoto off"},
	)
}

func init() {
	engine.Register(engine.Variant{
		Name:    "kingulu",
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
}

// New makes a Game from option values checked by engine.ParseValues.
func New(v engine.Values) (*Game, error) {
	r := Rules{
		Common:       v.Common(),
		Seeds:        v.Int("seeds"),
		Holes:        v.Int("holes"),
		MinLift:      v.Int("min_lift"),
		FirstLapRule: v["first_lap_rule"] == "on",
		SkipOrigin:   v["skip_origin"] == "on",
		MaxReserved:  v.Int("max_reserved"),
	}
	if v["max_reserved"] == "none" {
		r.MaxReserved = r.Holes
	}
	switch v["penultimate"] {
	case "lap":
		r.Penultimate = PenultimateLap
	case "origin":
		r.Penultimate = PenultimateOrigin
	case "never":
		r.Penultimate = PenultimateNever
	default:
		return nil, fmt.Errorf("kingulu: option \"penultimate\": value %q not allowed", v["penultimate"])
	}
	if r.Holes < 3 || r.Holes > MaxHoles || r.Seeds < 1 || r.MinLift < 1 {
		return nil, fmt.Errorf("kingulu: holes=%d seeds=%d min_lift=%d out of range", r.Holes, r.Seeds, r.MinLift)
	}
	if r.MaxReserved > r.Holes {
		return nil, fmt.Errorf("kingulu: option \"max_reserved\": value %d not allowed with holes=%d (allowed: 0..%d, none)", r.MaxReserved, r.Holes, r.Holes)
	}
	g := &Game{rules: r, values: maps.Clone(v), ruleset: engine.Canonical("kingulu", Options(), v)}
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

// Rules returns the typed option values.
func (g *Game) Rules() Rules { return g.rules }

// Variant returns "kingulu".
func (g *Game) Variant() string { return "kingulu" }

// Ruleset returns the canonical ruleset string.
func (g *Game) Ruleset() string { return g.ruleset }

// Options returns every option value by key, defaults included.
func (g *Game) Options() map[string]string { return maps.Clone(g.values) }

// MaxPlies returns the max_plies option.
func (g *Game) MaxPlies() int { return g.rules.MaxPlies }

// NumMoves returns the number of holes per row: moves are 0..holes-1.
func (g *Game) NumMoves() int { return g.rules.Holes }

// TotalMaterial returns the seeds in play: 2 * holes * seeds.
func (g *Game) TotalMaterial() int { return 2 * g.rules.Holes * g.rules.Seeds }

// NewState returns the initial state.
func (g *Game) NewState() engine.State { return g.newState(g.start) }

// Perft returns the number of distinct legal move sequences of length
// depth from s (perft(0) = 1; a position whose game is over has none). It works on the position only: max_plies,
// repetitions and the moves s has already rejected are ignored. A state
// whose game ended by a never-ending move (infinite=draw) has no moves.
// s must be a *State of a kingulu Game; its own Game's rules are used.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	if depth == 0 {
		return 1
	}
	if st.Track.EndReason() == engine.InfiniteMove {
		return 0
	}
	return st.g.perft(st.p, depth)
}

// perft takes the position by value: a pointer to a local passed to a
// recursive call would make the local escape to the heap.
func (g *Game) perft(p pos, depth int) uint64 {
	var total uint64
	var info engine.MoveInfo
	for c := p.cand; c != 0; c &= c - 1 {
		q := p
		switch g.sow(&q, trailing(c), &info, false) {
		case sowEnded:
			if depth == 1 {
				total++
			} else if q.cand = g.candidates(&q); q.cand != 0 {
				total += g.perft(q, depth-1)
			}
		case sowNeverEnding:
			if g.rules.InfiniteDraw && depth == 1 {
				total++
			}
		}
	}
	return total
}
