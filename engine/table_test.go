package engine_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
)

type toyKind uint8

type toyRules struct {
	engine.Common
	Holes int
	Kind  toyKind
	Skip  bool
}

var toyTable = append(engine.CommonTable(func(r *toyRules) *engine.Common { return &r.Common }, true), engine.Table[toyRules]{
	{Option: engine.Option{Key: "holes", Default: "6", Numeric: true, Min: 3, Max: 12}, Set: engine.Int(func(r *toyRules) *int { return &r.Holes })},
	{Option: engine.Option{Key: "kind", Default: "a", Values: []string{"a", "b", "c"}}, Set: engine.Choice(func(r *toyRules) *toyKind { return &r.Kind })},
	{Option: engine.Option{Key: "skip", Default: "off", Values: []string{"off", "on"}}, Set: engine.Flag(func(r *toyRules) *bool { return &r.Skip }, "on")},
}...)

// TestTableRules checks that a table's bindings set the fields of the
// typed rules from parsed values, and refuse values made by hand with
// ParseValues' own error.
func TestTableRules(t *testing.T) {
	opts := toyTable.Options()
	v, err := engine.ParseValues("toy", opts, "holes=9,kind=c,skip=on,first=north,lap_limit=40,infinite=draw,max_plies=7")
	if err != nil {
		t.Fatal(err)
	}
	r, err := toyTable.Rules("toy", v)
	want := toyRules{Common: engine.Common{First: engine.North, MaxPlies: 7, InfiniteDraw: true, LapLimit: 40}, Holes: 9, Kind: 2, Skip: true}
	if err != nil || r != want {
		t.Errorf("rules %+v (%v), want %+v", r, err, want)
	}
	if r.Common != v.Common() {
		t.Errorf("Common %+v, Values.Common %+v", r.Common, v.Common())
	}
	v, _ = engine.ParseValues("toy", opts, "")
	if r, _ := toyTable.Rules("toy", v); r != (toyRules{Common: engine.Common{MaxPlies: 1000}, Holes: 6}) {
		t.Errorf("default rules %+v", r)
	}
	v["kind"] = "d"
	if _, err := toyTable.Rules("toy", v); err == nil || err.Error() != `toy: option "kind": value "d" not allowed (allowed: a, b, c)` {
		t.Errorf("kind=d: %v", err)
	}
	v["kind"] = "a"
	v["holes"] = "07"
	if _, err := toyTable.Rules("toy", v); err == nil || err.Error() != `toy: option "holes": value "07" is not in canonical form ("7")` {
		t.Errorf("holes=07: %v", err)
	}
	delete(v, "holes")
	if _, err := toyTable.Rules("toy", v); err == nil || err.Error() != `toy: option "holes": no value given` {
		t.Errorf("no holes: %v", err)
	}
}
