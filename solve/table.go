package solve

import (
	"slices"

	"github.com/baolab/baolab/engine"
)

// Table is a solved board: every node key, sorted (non-terminal keys, then
// the flagged terminal ones), with both sides' values and the distances
// under them.
type Table struct {
	Ruleset  string   // canonical ruleset of the game solved
	KeyBytes int      // length of the engine keys packed into Keys
	Keys     []uint64 // node keys (see Coder), increasing
	South    []int8   // South's value of node i; -128: None
	North    []int8   // North's value of node i; -128: None
	// SouthPlies and NorthPlies are the distances under South's and
	// North's value of node i (see the package doc, "Distance to the
	// end"); 65535: none (the value is None). Both are nil when the table
	// was solved without distances (the sweep method, a table file of
	// format 1).
	SouthPlies []uint16
	NorthPlies []uint16
}

// Len returns the number of positions.
func (t *Table) Len() int { return len(t.Keys) }

// Value returns the value of node i.
func (t *Table) Value(i int) Value { return Value{South: force(t.South[i]), North: force(t.North[i])} }

// HasPlies reports whether the table holds the distances under the values.
func (t *Table) HasPlies() bool { return t.SouthPlies != nil && t.NorthPlies != nil }

// Plies returns the distances under South's and North's value of node i:
// NoPlies for a value None, and both NoPlies when the table holds no
// distances.
func (t *Table) Plies(i int) Plies {
	if !t.HasPlies() {
		return Plies{NoPlies, NoPlies}
	}
	return Plies{South: plies(t.SouthPlies[i]), North: plies(t.NorthPlies[i])}
}

// Plies is the distance to the end under each side's value of a position
// (see the package doc, "Distance to the end"): South is how many plies
// South needs, at most, to force a finished game with a margin of at least
// its value, whatever North plays; North likewise for North's value.
// NoPlies when the value is None or the table holds no distances.
type Plies struct {
	South, North int
}

// For returns the distance under p's value.
func (d Plies) For(p engine.Player) int {
	if p == engine.South {
		return d.South
	}
	return d.North
}

func plies(v uint16) int {
	if v == noPlies16 {
		return NoPlies
	}
	return int(v)
}

func force(v int8) Force {
	if v == noneVal {
		return None
	}
	return Force(v)
}

// Lookup returns the value of a node key, and false when the table does
// not hold it.
func (t *Table) Lookup(key uint64) (Value, bool) {
	v, _, ok := t.LookupPlies(key)
	return v, ok
}

// LookupPlies returns the value of a node key and the distances under it,
// and false when the table does not hold the key.
func (t *Table) LookupPlies(key uint64) (Value, Plies, bool) {
	i, ok := slices.BinarySearch(t.Keys, key)
	if !ok {
		return Value{None, None}, Plies{NoPlies, NoPlies}, false
	}
	return t.Value(i), t.Plies(i), true
}
