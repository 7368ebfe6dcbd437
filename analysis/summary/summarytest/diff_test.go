package summarytest

import "testing"

func TestDiff(t *testing.T) {
	type cell struct {
		Games int     `json:"games"`
		FPA   float64 `json:"fpa"`
	}
	a := []cell{{10, 0.3}, {11, 0.5}}
	for i, c := range []struct {
		b    any
		want string
	}{
		{[]cell{{10, 0.3}, {11, 0.5 + 1e-12}}, ""},
		{[]cell{{10, 0.3}, {11, 0.5001}}, "[1].fpa: 0.5, want 0.5001"},
		{[]cell{{10, 0.3}, {12, 0.5}}, "[1].games: 11, want 12"},
		{[]cell{{10, 0.3}}, ": different arrays"},
		{map[string]int{"games": 10}, ": different arrays"},
		{[]any{map[string]any{"games": 10}, map[string]any{"games": 11, "fpa": 0.5}}, "[0]: different objects"},
	} {
		if got := Diff(a, c.b); got != c.want {
			t.Errorf("case %d: %q, want %q", i, got, c.want)
		}
	}
	if got := Diff(a, func() {}); got == "" {
		t.Error("a value that does not marshal compared equal")
	}
}
