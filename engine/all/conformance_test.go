package all_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

// conformanceRulesets returns, for variant v, the rulesets the
// conformance suite runs: the default rules, and the smallest board
// (every option that sizes the board at its least value) with every
// other choice option at its last value, so that the readings besides
// the defaults are played too.
func conformanceRulesets(v engine.Variant) []string {
	var items []string
	for _, o := range v.Options {
		switch {
		case o.Size:
			items = append(items, o.Key+"="+strconv.Itoa(o.Min))
		case !o.Numeric && len(o.Values) > 0:
			items = append(items, o.Key+"="+o.Values[len(o.Values)-1])
		}
	}
	return []string{v.Name, v.Name + ":" + strings.Join(items, ",")}
}

// TestConformance runs enginetest.Conformance on every registered
// variant: a variant added to engine/all is checked with no test of its
// own.
func TestConformance(t *testing.T) {
	vs := engine.Variants()
	if len(vs) < 3 {
		t.Fatalf("%d variants registered, want at least kingulu and the two kimasai", len(vs))
	}
	for _, v := range vs {
		for _, rs := range conformanceRulesets(v) {
			t.Run(rs, func(t *testing.T) { enginetest.Conformance(t, engine.MustParse(rs)) })
		}
	}
}
