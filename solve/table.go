package solve

import "slices"

// Table is a solved board: every node key, sorted (non-terminal keys, then
// the flagged terminal ones), with both sides' values.
type Table struct {
	Ruleset  string   // canonical ruleset of the game solved
	KeyBytes int      // length of the engine keys packed into Keys
	Keys     []uint64 // node keys (see Coder), increasing
	South    []int8   // South's value of node i; -128: None
	North    []int8   // North's value of node i; -128: None
}

// Len returns the number of positions.
func (t *Table) Len() int { return len(t.Keys) }

// Value returns the value of node i.
func (t *Table) Value(i int) Value { return Value{South: force(t.South[i]), North: force(t.North[i])} }

func force(v int8) Force {
	if v == noneVal {
		return None
	}
	return Force(v)
}

// Lookup returns the value of a node key, and false when the table does
// not hold it.
func (t *Table) Lookup(key uint64) (Value, bool) {
	i, ok := slices.BinarySearch(t.Keys, key)
	if !ok {
		return Value{None, None}, false
	}
	return t.Value(i), true
}
