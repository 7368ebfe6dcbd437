package kimasai2

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/baolab/baolab/engine"
)

// Name is the variant name used in rulesets.
const Name = "kimasai-two-rows"

// MaxHoles is the largest number of holes per row (option holes).
const MaxHoles = 16

func init() {
	engine.Register(engine.Variant{
		Name:    Name,
		Title:   "Bao la Kimasai, two-phase (4x8, herding then raiding)",
		Order:   2,
		Options: Options(),
		New:     engine.NewFunc(New),
	})
}

// Options returns the option table of the kimasai-two-rows variant,
// common options included.
func Options() []engine.Option {
	return append(engine.CommonOptions(true),
		engine.Option{Key: "reserve", Size: true, Default: "24", Numeric: true, Min: 0, Max: 64, Help: "cows each player starts with in reserve"},
		engine.Option{Key: "holes", Size: true, Default: "8", Numeric: true, Min: 4, Max: MaxHoles, Help: "holes per row"},
		engine.Option{Key: "capture_sow", Default: "here", Values: []string{"here", "next"}, Help: "raided cows are sown starting in the capturing hole (here) or in the hole after it (next)"},
		engine.Option{Key: "end_check", Default: "always", Values: []string{"always", "phase2"}, Help: "the inner-row-empty end is checked after every move, or only after moves that started in phase 2"},
		engine.Option{Key: "opening_intro", Default: "off", Values: []string{"off", "on"}, Help: "on: the first move of the game also introduces a reserve cow"},
		engine.Option{Key: "skip_origin", Default: "off", Values: []string{"off", "on"}, Help: "a lap of 2*holes cows or more skips the hole it was lifted from (a raid's lap skips nothing)"},
		engine.Option{Key: "win_check", Default: "move", Values: []string{"move", "capture"},
			Help: "capture: a raid that empties the opponent's inner row ends the move at once and wins; move: the end is checked after the move"},
		engine.Option{Key: "phase_change", Default: "next", Values: []string{"next", "immediate"},
			Help: "immediate: the move that brings in the last reserve cow is already played by the phase-2 rules (it can raid)"},
	)
}

// Rules holds the option values of a ruleset, typed.
type Rules struct {
	engine.Common
	Holes        int  // holes per row (option holes); each player owns 2*Holes holes
	Reserve      int  // cows each player starts with in reserve (option reserve)
	CaptureNext  bool // capture_sow=next: raided cows are sown from the hole after the capturing hole
	EndPhase2    bool // end_check=phase2: inner-row-empty is checked only after phase-2 moves
	OpeningIntro bool // opening_intro=on: the first move also introduces a reserve cow
	// SkipOrigin (skip_origin=on): a lap of 2*Holes cows or more skips the
	// hole it was lifted from; a raid's lap skips nothing.
	SkipOrigin bool
	// WinCapture (win_check=capture): a raid that leaves the opponent's
	// inner row without cows puts the raided cows into the capturing hole
	// and ends the move, which wins.
	WinCapture bool
	// PhaseImmediate (phase_change=immediate): the move that brings in the
	// last reserve cow is played by the phase-2 rules.
	PhaseImmediate bool
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

// New makes a Game from option values checked by engine.ParseValues.
func New(v engine.Values) (*Game, error) {
	g := &Game{rules: Rules{
		Common:         v.Common(),
		Holes:          v.Int("holes"),
		Reserve:        v.Int("reserve"),
		CaptureNext:    v["capture_sow"] == "next",
		EndPhase2:      v["end_check"] == "phase2",
		OpeningIntro:   v["opening_intro"] == "on",
		SkipOrigin:     v["skip_origin"] == "on",
		WinCapture:     v["win_check"] == "capture",
		PhaseImmediate: v["phase_change"] == "immediate",
	}}
	g.general = g.rules.SkipOrigin || g.rules.WinCapture
	if g.rules.Holes < 4 || g.rules.Holes > MaxHoles || g.rules.Reserve < 0 || g.rules.Reserve > 64 {
		return nil, fmt.Errorf("%s: holes %d or reserve %d out of range", Name, g.rules.Holes, g.rules.Reserve)
	}
	table := Options()
	g.ruleset = engine.Canonical(Name, table, v)
	g.values = make(map[string]string, len(table))
	for _, o := range table {
		if !o.Ignored {
			g.values[o.Key] = v[o.Key]
		}
	}
	g.init()
	return g, nil
}

// MustNew parses ruleset (which must name this variant) and panics on error.
func MustNew(ruleset string) *Game {
	g, err := engine.Parse(ruleset)
	if err != nil {
		panic(err)
	}
	kg, ok := g.(*Game)
	if !ok {
		panic(Name + ": ruleset " + strconv.Quote(ruleset) + " is another variant")
	}
	return kg
}

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
