package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Option describes one rule option of a variant: its key, default and
// allowed values. The same table drives parsing, validation, the canonical
// form and `baolab rules`.
type Option struct {
	Key     string
	Default string
	// Values lists the allowed words for a choice option. For a numeric
	// option it lists extra words allowed besides the range (e.g. "none").
	Values []string
	// Numeric options accept integers in [Min, Max].
	Numeric  bool
	Min, Max int
	// Check, when set, accepts values that are neither words of Values
	// nor integers of the range: it returns the canonical text of v and
	// whether v is allowed. Kind names what it accepts in Allowed ("a
	// number 0..100", "a directory"). Rule options do not use it; agent
	// options (package sim/agent) do, for decimals and directories.
	Check func(v string) (canonical string, ok bool)
	Kind  string
	// Optional marks an option without a default: left out, its value is
	// "" and the field it sets keeps its zero value. Given, it must hold
	// an allowed value ("key=" is refused).
	Optional bool
	// Help is a one-line meaning.
	Help string
	// Ignored marks an option that is accepted and checked but does not
	// apply to the variant (and so never appears in the canonical form).
	Ignored bool
	// Size marks an option that sets the size of the board (holes per
	// row, seeds per hole, reserve cows) rather than reading a rule text:
	// Split keeps the two apart, so readings can be compared board by
	// board.
	Size bool
}

// Allowed describes the allowed values in one phrase, as used in errors
// and in `baolab rules`.
func (o Option) Allowed() string {
	var parts []string
	if o.Numeric {
		if o.Max == 0 {
			parts = append(parts, fmt.Sprintf("an integer >= %d", o.Min))
		} else {
			parts = append(parts, fmt.Sprintf("%d..%d", o.Min, o.Max))
		}
	}
	if o.Kind != "" {
		parts = append(parts, o.Kind)
	}
	parts = append(parts, o.Values...)
	return strings.Join(parts, ", ")
}

// Meaning returns Help with a mark in front for an option that sizes the
// board, "(board size)", or does not apply, "(does not apply; accepted
// and ignored)", as `baolab rules` and the package docs' option tables
// show it.
func (o Option) Meaning() string {
	switch {
	case o.Ignored:
		return "(does not apply; accepted and ignored) " + o.Help
	case o.Size:
		return "(board size) " + o.Help
	}
	return o.Help
}

// normalize returns the canonical text of value v, or an error naming the
// key and the allowed values.
func (o Option) normalize(variant, v string) (string, error) {
	for _, w := range o.Values {
		if v == w {
			return v, nil
		}
	}
	if o.Numeric {
		n, err := strconv.Atoi(v)
		if err == nil && n >= o.Min && (o.Max == 0 || n <= o.Max) {
			return strconv.Itoa(n), nil
		}
	}
	if o.Check != nil {
		if c, ok := o.Check(v); ok {
			return c, nil
		}
	}
	return "", fmt.Errorf("%s: option %q: value %q not allowed (allowed: %s)", variant, o.Key, v, o.Allowed())
}

// CommonOptions returns the options every variant has (CommonTable's).
// infiniteApplies says whether infinite and lap_limit apply (they do not
// to stepping games).
func CommonOptions(infiniteApplies bool) []Option {
	return commonTable(infiniteApplies).Options()
}

func commonTable(infiniteApplies bool) Table[Common] {
	return CommonTable(func(c *Common) *Common { return c }, infiniteApplies)
}

// Values holds one value (canonical text) for every option of a variant.
type Values map[string]string

// Int returns the integer value of key (the table guarantees it parses).
// A word such as "none" gives 0.
func (v Values) Int(key string) int {
	n, _ := strconv.Atoi(v[key])
	return n
}

// Common holds the options every variant has, typed.
type Common struct {
	First        Player
	MaxPlies     int
	InfiniteDraw bool  // infinite=draw
	LapLimit     int64 // 0: exact detection (lap_limit=none)
}

// Common returns the common options, typed. Values that CheckValues
// would refuse leave their field zero.
func (v Values) Common() Common {
	var c Common
	for _, b := range commonTable(true) {
		if b.Key != "first" || b.valueIndex(v[b.Key]) >= 0 {
			b.apply(&c, v[b.Key])
		}
	}
	return c
}

// Canonical returns the canonical ruleset string of variant with values v:
// the variant name and every applicable option that differs from its
// default, in alphabetical order.
func Canonical(variant string, table []Option, v Values) string {
	diff := settings(table, v, func(o Option) bool { return v[o.Key] != o.Default })
	if diff == "" {
		return variant
	}
	return variant + ":" + diff
}

// Split separates values v of a variant with option table table into its
// board and its reading. board lists every Size option with its value,
// defaults included ("holes=6,seeds=4"); reading lists the other
// applicable options that differ from their defaults ("" for the default
// rules). Both are key=value items in alphabetical order, joined by
// commas, as in the canonical form.
func Split(table []Option, v Values) (board, reading string) {
	board = settings(table, v, func(o Option) bool { return o.Size })
	reading = settings(table, v, func(o Option) bool { return !o.Size && v[o.Key] != o.Default })
	return board, reading
}

// settings returns the applicable options of table that keep selects, as
// key=value items of v in alphabetical order joined by commas.
func settings(table []Option, v Values, keep func(Option) bool) string {
	var items []string
	for _, o := range table {
		if !o.Ignored && keep(o) {
			items = append(items, o.Key+"="+v[o.Key])
		}
	}
	sort.Strings(items)
	return strings.Join(items, ",")
}

// ParseValues checks the option list text (the part after "VARIANT:", may
// be empty) against table and returns every option's value, defaults
// filled in. Errors name the offending key and the allowed values.
func ParseValues(variant string, table []Option, text string) (Values, error) {
	v := make(Values, len(table))
	err := eachItem(variant, table, text, func(o Option, val string) error {
		norm, err := o.normalize(variant, val)
		v[o.Key] = norm
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, o := range table {
		if _, ok := v[o.Key]; !ok {
			v[o.Key] = o.Default
		}
	}
	return v, nil
}

// eachItem splits the option list text (key=value items joined by
// commas, spaces around them ignored; may be empty) and calls f with each
// item's option of table and value, in order. It refuses an item not of
// the form key=value, an unknown key and a key given twice, and stops at
// f's first error. It is the one reader of the NAME:key=value grammar,
// for rulesets (ParseValues), ruleset grids (Expand) and agent specs.
func eachItem(variant string, table []Option, text string, f func(o Option, val string) error) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	given := make(map[string]bool)
	for _, item := range strings.Split(text, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || key == "" {
			return fmt.Errorf("%s: option %q is not of the form key=value", variant, strings.TrimSpace(item))
		}
		o, found := findOption(table, key)
		if !found {
			return fmt.Errorf("%s: unknown option %q (options: %s)", variant, key, optionKeys(table))
		}
		if given[key] {
			return fmt.Errorf("%s: option %q given twice", variant, key)
		}
		given[key] = true
		if err := f(o, val); err != nil {
			return err
		}
	}
	return nil
}

// CheckValues checks that v holds an allowed canonical value for every
// option of table, as ParseValues leaves them, so that a variant's New
// refuses values made by hand with the same one-line error as a ruleset
// string: "VARIANT: option "KEY": value "V" not allowed (allowed: ...)".
func CheckValues(variant string, table []Option, v Values) error {
	for _, o := range table {
		val, ok := v[o.Key]
		if !ok {
			return fmt.Errorf("%s: option %q: no value given", variant, o.Key)
		}
		if val == "" && o.Optional {
			continue // left out: the field keeps its zero value
		}
		if norm, err := o.normalize(variant, val); err != nil {
			return err
		} else if norm != val {
			return fmt.Errorf("%s: option %q: value %q is not in canonical form (%q)", variant, o.Key, val, norm)
		}
	}
	return nil
}

func findOption(table []Option, key string) (Option, bool) {
	for _, o := range table {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

func optionKeys(table []Option) string {
	keys := make([]string, len(table))
	for i, o := range table {
		keys[i] = o.Key
	}
	return strings.Join(keys, ", ")
}
