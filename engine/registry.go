package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Variant describes one rule set family and makes Games from option values.
type Variant struct {
	Name    string   // e.g. "kingulu"
	Title   string   // e.g. "Bao Kingulu (2x6 relay sowing)"
	Order   int      // position in listings (1 kingulu, 2 kimasai-two-rows, 3 kimasai-four-rows)
	Options []Option // every option, common ones included
	// New makes a Game from values that ParseValues has checked. It returns
	// an error only for combinations of values that the table cannot
	// express.
	New func(Values) (Game, error)
}

// NewFunc adapts a variant package's constructor, New(Values) (*Game,
// error), to Variant.New. On an error it returns a nil Game (not an
// interface holding a nil *Game).
func NewFunc[G Game](newGame func(Values) (G, error)) func(Values) (Game, error) {
	return func(v Values) (Game, error) {
		g, err := newGame(v)
		if err != nil {
			return nil, err
		}
		return g, nil
	}
}

var (
	registryMu sync.RWMutex
	registry   []Variant
)

// Register adds a variant. It panics on a duplicate name (a programming
// error); variant packages call it from init.
func Register(v Variant) {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, r := range registry {
		if r.Name == v.Name {
			panic("engine: variant registered twice: " + v.Name)
		}
	}
	registry = append(registry, v)
}

// Variants returns the registered variants by Order, then name.
func Variants() []Variant {
	registryMu.RLock()
	defer registryMu.RUnlock()
	vs := append([]Variant(nil), registry...)
	sort.SliceStable(vs, func(i, j int) bool {
		if vs[i].Order != vs[j].Order {
			return vs[i].Order < vs[j].Order
		}
		return vs[i].Name < vs[j].Name
	})
	return vs
}

// Lookup returns the variant called name.
func Lookup(name string) (Variant, error) {
	var names []string
	for _, v := range Variants() {
		if v.Name == name {
			return v, nil
		}
		names = append(names, v.Name)
	}
	return Variant{}, fmt.Errorf("unknown variant %q (variants: %s)", name, strings.Join(names, ", "))
}

// Parse parses a ruleset string "VARIANT" or "VARIANT:key=value,..." and
// returns its Game. Errors are one line naming the offending variant, key
// and the allowed values.
func Parse(ruleset string) (Game, error) {
	v, vals, err := parseRuleset(ruleset)
	if err != nil {
		return nil, err
	}
	return v.New(vals)
}

// parseRuleset looks up the variant of ruleset and checks its options,
// defaults filled in.
func parseRuleset(ruleset string) (Variant, Values, error) {
	name, opts, _ := strings.Cut(strings.TrimSpace(ruleset), ":")
	v, err := Lookup(strings.TrimSpace(name))
	if err != nil {
		return Variant{}, nil, err
	}
	vals, err := ParseValues(v.Name, v.Options, opts)
	return v, vals, err
}

// SplitRuleset parses ruleset and returns its variant's name, its board
// and its reading (Split): "kingulu:seeds=3,holes=4,max_reserved=0" gives
// "kingulu", "holes=4,seeds=3" and "max_reserved=0".
func SplitRuleset(ruleset string) (variant, board, reading string, err error) {
	v, vals, err := parseRuleset(ruleset)
	if err != nil {
		return "", "", "", err
	}
	board, reading = Split(v.Options, vals)
	return v.Name, board, reading, nil
}

// MustParse is Parse for rulesets known to be valid; it panics on error.
func MustParse(ruleset string) Game {
	g, err := Parse(ruleset)
	if err != nil {
		panic(err)
	}
	return g
}

// ParseAs parses ruleset, which must name the variant called variant
// whose Game type is G, and returns its Game as a G. A variant package's
// MustNew wraps it.
func ParseAs[G Game](variant, ruleset string) (G, error) {
	var zero G
	g, err := Parse(ruleset)
	if err != nil {
		return zero, err
	}
	vg, ok := g.(G)
	if !ok || g.Variant() != variant {
		return zero, fmt.Errorf("%s: ruleset %q is of variant %s", variant, ruleset, g.Variant())
	}
	return vg, nil
}

// MustParseAs is ParseAs for rulesets known to be valid; it panics on
// error.
func MustParseAs[G Game](variant, ruleset string) G {
	g, err := ParseAs[G](variant, ruleset)
	if err != nil {
		panic(err)
	}
	return g
}
