package engine

import (
	"fmt"
	"strings"
	"sync"
)

// Variant describes one rule set family and makes Games from option values.
type Variant struct {
	Name    string   // e.g. "kingulu"
	Title   string   // e.g. "Bao Kingulu (2x6 relay sowing)"
	Options []Option // every option, common ones included
	// New makes a Game from values that ParseValues has checked. It returns
	// an error only for combinations of values that the table cannot
	// express.
	New func(Values) (Game, error)
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

// Variants returns the registered variants in registration order.
func Variants() []Variant {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return append([]Variant(nil), registry...)
}

// Lookup returns the variant called name.
func Lookup(name string) (Variant, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	var names []string
	for _, r := range registry {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return Variant{}, fmt.Errorf("unknown variant %q (variants: %s)", name, strings.Join(names, ", "))
}

// Parse parses a ruleset string "VARIANT" or "VARIANT:key=value,..." and
// returns its Game. Errors are one line naming the offending variant, key
// and the allowed values.
func Parse(ruleset string) (Game, error) {
	name, opts, _ := strings.Cut(strings.TrimSpace(ruleset), ":")
	v, err := Lookup(strings.TrimSpace(name))
	if err != nil {
		return nil, err
	}
	vals, err := ParseValues(v.Name, v.Options, opts)
	if err != nil {
		return nil, err
	}
	return v.New(vals)
}

// MustParse is Parse for rulesets known to be valid; it panics on error.
func MustParse(ruleset string) Game {
	g, err := Parse(ruleset)
	if err != nil {
		panic(err)
	}
	return g
}
