package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxGrid bounds the number of rulesets one grid may expand to, so that a
// typo such as max_plies=1..1000000000 is an error instead of a hang.
const MaxGrid = 10000

// IsGrid reports whether ruleset uses the grid syntax of Expand (a value
// "*" or "a..b").
func IsGrid(ruleset string) bool {
	_, opts, _ := strings.Cut(ruleset, ":")
	for _, item := range strings.Split(opts, ",") {
		_, val, _ := strings.Cut(item, "=")
		val = strings.TrimSpace(val)
		if val == "*" || strings.Contains(val, "..") {
			return true
		}
	}
	return false
}

// Expand expands a ruleset grid into canonical rulesets. A grid is a
// ruleset in which an option's value may be
//
//   - "*": every value of the option, in the order of its option table
//     (the words of Values, then the integers Min..Max); an integer option
//     without an upper bound (max_plies, lap_limit) has no "*";
//   - "a..b" (integer options only): every integer from a to b, both
//     included, each of which must be allowed.
//
// The grid's rulesets are all combinations of the listed values, with the
// option written first varying slowest (as nested loops in the order
// written) and each option's values in the order above. A ruleset without
// "*" or ".." expands to its own canonical form. Combinations that the
// variant rejects as a whole (such as a value that only fits a larger
// board) are left out when they came from "*" or a range; if none is left,
// the first rejection is the error. Two combinations with one canonical
// form (an option that does not apply to the variant) give one ruleset.
// Errors are one line naming the variant, the key and the value.
func Expand(ruleset string) ([]string, error) {
	name, text, _ := strings.Cut(strings.TrimSpace(ruleset), ":")
	v, err := Lookup(strings.TrimSpace(name))
	if err != nil {
		return nil, err
	}
	g, err := parseGrid(v, text)
	if err != nil {
		return nil, err
	}
	if err := g.checkSize(v.Name); err != nil {
		return nil, err
	}
	return g.rulesets(v)
}

// gridAxis is one option of a grid with the values it takes.
type gridAxis struct {
	key    string
	values []string
}

// grid is a parsed ruleset grid: its axes, in the order written, and the
// options of one value ("key=value" items).
type grid struct {
	axes  []gridAxis
	fixed []string
}

// parseGrid reads the option list text of variant v (the part after
// "VARIANT:") as a grid, with the errors of ParseValues for malformed
// items, unknown keys, keys given twice and values not allowed.
func parseGrid(v Variant, text string) (grid, error) {
	var g grid
	err := eachItem(v.Name, v.Options, text, func(o Option, val string) error {
		vals, isGrid, err := o.gridValues(v.Name, val)
		switch {
		case err != nil:
			return err
		case isGrid:
			g.axes = append(g.axes, gridAxis{o.Key, vals})
			return nil
		}
		if _, err := o.normalize(v.Name, val); err != nil {
			return err
		}
		g.fixed = append(g.fixed, o.Key+"="+val)
		return nil
	})
	return g, err
}

// checkSize refuses a grid of more than MaxGrid combinations.
func (g grid) checkSize(variant string) error {
	total := 1
	for _, a := range g.axes {
		total *= len(a.values)
		if total > MaxGrid {
			return fmt.Errorf("%s: the grid has more than %d rulesets", variant, MaxGrid)
		}
	}
	return nil
}

// rulesets returns the canonical rulesets of every combination of g's
// values that v accepts, the last axis varying fastest, each once; a
// combination v rejects is left out (the first rejection is the error
// when none is left, or at once when g has no axis).
func (g grid) rulesets(v Variant) ([]string, error) {
	var (
		out      []string
		firstErr error
		dup      = map[string]bool{}
	)
	for items := range g.combinations() {
		c, err := canonicalOf(v, items)
		switch {
		case err != nil && len(g.axes) == 0:
			return nil, err
		case err != nil:
			if firstErr == nil {
				firstErr = err
			}
		case !dup[c]:
			dup[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, firstErr
	}
	return out, nil
}

// combinations yields the option list text of every combination of g's
// values, as nested loops over the axes in order (the last fastest).
func (g grid) combinations() func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for _, a := range g.axes {
			if len(a.values) == 0 {
				return // no combination
			}
		}
		idx := make([]int, len(g.axes))
		for {
			items := append([]string(nil), g.fixed...)
			for i, a := range g.axes {
				items = append(items, a.key+"="+a.values[idx[i]])
			}
			if !yield(strings.Join(items, ",")) {
				return
			}
			i := len(idx) - 1
			for ; i >= 0; i-- { // odometer: last axis fastest
				if idx[i]++; idx[i] < len(g.axes[i].values) {
					break
				}
				idx[i] = 0
			}
			if i < 0 {
				return // every combination yielded
			}
		}
	}
}

// canonicalOf returns the canonical ruleset of variant v with the option
// list text, or the variant's error.
func canonicalOf(v Variant, text string) (string, error) {
	vals, err := ParseValues(v.Name, v.Options, text)
	if err != nil {
		return "", err
	}
	g, err := v.New(vals)
	if err != nil {
		return "", err
	}
	return g.Ruleset(), nil
}

// gridValues returns the values that val stands for in a grid and whether
// val is a grid value ("*" or "a..b") at all.
func (o Option) gridValues(variant, val string) ([]string, bool, error) {
	if val == "*" {
		if o.Numeric && o.Max == 0 {
			return nil, true, fmt.Errorf("%s: option %q: value \"*\" not allowed: the option has no upper bound (give a range a..b)", variant, o.Key)
		}
		vals := append([]string(nil), o.Values...)
		if o.Numeric {
			for n := o.Min; n <= o.Max; n++ {
				vals = append(vals, strconv.Itoa(n))
			}
		}
		return vals, true, nil
	}
	lo, hi, ok := strings.Cut(val, "..")
	if !ok {
		return nil, false, nil
	}
	if !o.Numeric {
		return nil, true, fmt.Errorf("%s: option %q: value %q not allowed: a range a..b needs an integer option (allowed: %s)", variant, o.Key, val, o.Allowed())
	}
	a, errA := strconv.Atoi(strings.TrimSpace(lo))
	b, errB := strconv.Atoi(strings.TrimSpace(hi))
	if errA != nil || errB != nil || a > b {
		return nil, true, fmt.Errorf("%s: option %q: value %q is not a range a..b of integers with a <= b", variant, o.Key, val)
	}
	if a < o.Min || (o.Max != 0 && b > o.Max) {
		return nil, true, fmt.Errorf("%s: option %q: range %q not allowed (allowed: %s)", variant, o.Key, val, o.Allowed())
	}
	if b-a >= MaxGrid {
		return nil, true, fmt.Errorf("%s: option %q: range %q has more than %d values", variant, o.Key, val, MaxGrid)
	}
	var vals []string
	for n := a; n <= b; n++ {
		vals = append(vals, strconv.Itoa(n))
	}
	return vals, true, nil
}
