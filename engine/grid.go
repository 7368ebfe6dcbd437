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
	type axis struct {
		key    string
		values []string
	}
	var (
		axes  []axis
		fixed []string
		grid  bool
		seen  = map[string]bool{}
	)
	if strings.TrimSpace(text) != "" {
		for _, item := range strings.Split(text, ",") {
			key, val, ok := strings.Cut(strings.TrimSpace(item), "=")
			key, val = strings.TrimSpace(key), strings.TrimSpace(val)
			if !ok || key == "" {
				return nil, fmt.Errorf("%s: option %q is not of the form key=value", v.Name, strings.TrimSpace(item))
			}
			o, found := findOption(v.Options, key)
			if !found {
				return nil, fmt.Errorf("%s: unknown option %q (options: %s)", v.Name, key, optionKeys(v.Options))
			}
			if seen[key] {
				return nil, fmt.Errorf("%s: option %q given twice", v.Name, key)
			}
			seen[key] = true
			vals, isGrid, err := o.gridValues(v.Name, val)
			if err != nil {
				return nil, err
			}
			if !isGrid {
				if _, err := o.normalize(v.Name, val); err != nil {
					return nil, err
				}
				fixed = append(fixed, key+"="+val)
				continue
			}
			grid = true
			axes = append(axes, axis{key, vals})
		}
	}
	total := 1
	for _, a := range axes {
		total *= len(a.values)
		if total > MaxGrid {
			return nil, fmt.Errorf("%s: the grid has more than %d rulesets", v.Name, MaxGrid)
		}
	}
	var (
		out      []string
		firstErr error
		idx      = make([]int, len(axes))
		dup      = map[string]bool{}
	)
	for n := 0; n < total; n++ {
		items := append([]string(nil), fixed...)
		for i, a := range axes {
			items = append(items, a.key+"="+a.values[idx[i]])
		}
		vals, err := ParseValues(v.Name, v.Options, strings.Join(items, ","))
		if err == nil {
			var g Game
			if g, err = v.New(vals); err == nil {
				if c := g.Ruleset(); !dup[c] {
					dup[c] = true
					out = append(out, c)
				}
			}
		}
		if err != nil {
			if !grid {
				return nil, err
			}
			if firstErr == nil {
				firstErr = err
			}
		}
		for i := len(idx) - 1; i >= 0; i-- { // last axis fastest
			if idx[i]++; idx[i] < len(axes[i].values) {
				break
			}
			idx[i] = 0
		}
	}
	if len(out) == 0 {
		return nil, firstErr
	}
	return out, nil
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
