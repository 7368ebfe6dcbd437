package kimasai2

import (
	"maps"

	"github.com/baolab/baolab/engine"
)

// Name is the variant name used in rulesets.
const Name = "kimasai-two-rows"

func init() {
	engine.Register(engine.Variant{
		Name:    Name,
		Title:   "Bao la Kimasai, two-phase (4x8, herding then raiding)",
		Order:   2,
		Options: Options(),
		New:     engine.NewFunc(New),
	})
}

// Game is a kimasai-two-rows rule set. It implements engine.Game and is
// immutable once made.
type Game struct {
	rules   Rules
	ruleset string
	values  map[string]string

	n     int       // holes per player, 2*Holes
	ones  [4]uint64 // byte 1 in every hole of a player
	inner [4]uint64 // byte 0xFF in every inner hole
	// lapMask[s<<5|r]: byte 1 in holes s+1 .. s+r (mod n), the holes that
	// get one cow more than the others when a lap of q*n+r cows leaves s.
	lapMask [32 * 32][4]uint64 // index s<<5 | r
	divq    [256]uint32        // c -> q | r<<8 | (q+[r>0])<<16 for c = q*n+r
	// divqSkip is divq for a lap that skips its origin (skip_origin=on):
	// c = q*(n-1)+r with r in 1..n-1, so the last cow never falls into the
	// origin; the lap adds q to every hole and the caller takes q back out
	// of the origin.
	divqSkip [256]uint32
	// general sends every move through play4 (sow4, sow4Long), which
	// implement skip_origin and win_check=capture; sow2Short, sow2 and
	// sow2Long do not.
	general bool
	// Linear hash keys: rk[p][h] for a cow in hole h of player p, sumR
	// the sum over a player's holes, lapR the sum over lapMask's holes.
	rk            [2][2 * MaxHoles]uint64
	sumR          [2]uint64
	lapR          [2][4 * MaxHoles * MaxHoles]uint64
	kRes          [2]uint64 // per reserve cow
	kOpen, kNorth uint64
}

// New makes a Game from option values as engine.ParseValues returns
// them; values it would refuse are refused with its error.
func New(v engine.Values) (*Game, error) {
	r, err := table.Rules(Name, v)
	if err != nil {
		return nil, err
	}
	g := &Game{rules: r}
	g.general = g.rules.SkipOrigin || g.rules.WinCapture
	opts := Options()
	g.ruleset = engine.Canonical(Name, opts, v)
	g.values = make(map[string]string, len(opts))
	for _, o := range opts {
		if !o.Ignored {
			g.values[o.Key] = v[o.Key]
		}
	}
	g.init()
	return g, nil
}

// MustNew parses ruleset, which must name this variant, and panics on an
// error: for rulesets known to be valid, as in tests and examples.
func MustNew(ruleset string) *Game { return engine.MustParseAs[*Game](Name, ruleset) }

func (g *Game) init() {
	n := 2 * g.rules.Holes
	g.n = n
	for h := 0; h < n; h++ {
		g.ones[h>>3] |= 1 << (uint(h&7) * 8)
		if h < g.rules.Holes {
			g.inner[h>>3] |= 0xFF << (uint(h&7) * 8)
		}
	}
	for c := 0; c < 256; c++ {
		q, r := c/n, c%n
		qn := q
		if r > 0 {
			qn++
		}
		g.divq[c] = uint32(q) | uint32(r)<<8 | uint32(qn)<<16
		if c > 0 {
			q, r = (c-1)/(n-1), (c-1)%(n-1)+1
			g.divqSkip[c] = uint32(q) | uint32(r)<<8 | uint32(q+1)<<16
		}
	}
	seed := uint64(0x6b696d6173616932) // fixed: hashes are reproducible
	for p := 0; p < 2; p++ {
		for h := 0; h < 2*MaxHoles; h++ {
			g.rk[p][h] = engine.SplitMix64(&seed)
			if h < n {
				g.sumR[p] += g.rk[p][h]
			}
		}
		g.kRes[p] = engine.SplitMix64(&seed)
	}
	g.kOpen, g.kNorth = engine.SplitMix64(&seed), engine.SplitMix64(&seed)
	for s := 0; s < n; s++ {
		for r := 0; r < n; r++ {
			var m [4]uint64
			var hr [2]uint64
			for i := 1; i <= r; i++ {
				h := (s + i) % n
				m[h>>3] += 1 << (uint(h&7) * 8)
				hr[0] += g.rk[0][h]
				hr[1] += g.rk[1][h]
			}
			g.lapMask[s<<5|r] = m
			g.lapR[0][s<<5|r], g.lapR[1][s<<5|r] = hr[0], hr[1]
		}
	}
}

// Rules returns the rule options, typed.
func (g *Game) Rules() Rules { return g.rules }

// Variant returns "kimasai-two-rows".
func (g *Game) Variant() string { return Name }

// Ruleset returns the canonical ruleset string.
func (g *Game) Ruleset() string { return g.ruleset }

// Options returns every applicable option value by key (a fresh map).
func (g *Game) Options() map[string]string { return maps.Clone(g.values) }

// MaxPlies returns the max_plies option.
func (g *Game) MaxPlies() int { return g.rules.Common.MaxPlies }

// NumMoves returns 2*holes: moves are a player's hole numbers.
func (g *Game) NumMoves() int { return g.n }

// TotalMaterial returns the cows in play at the start: one per inner hole
// plus both reserves (64 with the defaults).
func (g *Game) TotalMaterial() int { return 2*g.rules.Holes + 2*g.rules.Reserve }
