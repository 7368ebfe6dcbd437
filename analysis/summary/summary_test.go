package summary

import (
	"encoding/json"
	"math"
	"testing"
)

func TestNum(t *testing.T) {
	for _, c := range []struct {
		n    Num
		want string
	}{{0.5, "0.5"}, {Num(math.NaN()), "null"}, {Num(math.Inf(1)), "null"}, {1e-7, "1e-07"}, {3, "3"}} {
		b, err := json.Marshal(c.n)
		if err != nil || string(b) != c.want {
			t.Errorf("%v: %s %v, want %s", c.n, b, err, c.want)
		}
	}
	var v struct{ A, B Num }
	if err := json.Unmarshal([]byte(`{"A": null, "B": 0.25}`), &v); err != nil || !math.IsNaN(float64(v.A)) || v.B != 0.25 {
		t.Errorf("unmarshal: %v %+v", err, v)
	}
}

func TestSeveralPairs(t *testing.T) {
	s := &Summary{Cells: []Cell{{Ruleset: "kingulu", AgentSouth: "random", AgentNorth: "random"}, {Ruleset: "kingulu:first=north", AgentSouth: "random", AgentNorth: "random"}}}
	if s.SeveralPairs() {
		t.Error("one pair seen as several")
	}
	s.Cells[1].AgentSouth = "greedy"
	if !s.SeveralPairs() {
		t.Error("two pairs not seen")
	}
	if (&Summary{}).SeveralPairs() {
		t.Error("no cells: several pairs")
	}
}
