// Package summarytest compares analysis results in tests: two runs that
// read the same games in another order (other files, shards or tools) give
// the same summary up to the last digits of sums taken in another order.
package summarytest

import (
	"encoding/json"
	"fmt"
	"math"
)

// Diff compares the JSON forms of a and b (any values that marshal, such
// as summary cells or comparisons), numbers within a relative 1e-9, and
// says where they first differ: "" if nowhere, else a path such as
// ".[2].games: 10, want 11". A value that does not marshal is reported as
// a difference.
func Diff(a, b any) string {
	var x, y any
	for _, p := range []struct {
		v   any
		out *any
	}{{a, &x}, {b, &y}} {
		buf, err := json.Marshal(p.v)
		if err != nil {
			return err.Error()
		}
		if err := json.Unmarshal(buf, p.out); err != nil {
			return err.Error()
		}
	}
	return diff("", x, y)
}

func diff(path string, x, y any) string {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(ym) != len(x) {
			return path + ": different objects"
		}
		for k, v := range x {
			if d := diff(path+"."+k, v, ym[k]); d != "" {
				return d
			}
		}
	case []any:
		ys, ok := y.([]any)
		if !ok || len(ys) != len(x) {
			return path + ": different arrays"
		}
		for i := range x {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), x[i], ys[i]); d != "" {
				return d
			}
		}
	case float64:
		yf, ok := y.(float64)
		if !ok || math.Abs(x-yf) > 1e-9*math.Max(1, math.Abs(yf)) {
			return fmt.Sprintf("%s: %v, want %v", path, x, y)
		}
	default:
		if x != y {
			return fmt.Sprintf("%s: %v, want %v", path, x, y)
		}
	}
	return ""
}
