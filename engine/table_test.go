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

type toyAgent struct {
	Depth int
	Dir   string
}

var toyAgentTable = engine.Table[toyAgent]{
	{Option: engine.Option{Key: "depth", Optional: true, Numeric: true, Min: 1, Max: 9}, Set: engine.Int(func(r *toyAgent) *int { return &r.Depth })},
	{Option: engine.Option{Key: "dir", Optional: true, Kind: "a directory", Check: func(v string) (string, bool) { return v, v != "" }},
		Set: func(r *toyAgent, val string, _ int) { r.Dir = val }},
}

// TestTableParseOptionalAndCheck checks Table.Parse with options that have
// no default (Optional: left out, the field stays zero; given empty,
// refused) and a Check for values that are neither words nor integers.
func TestTableParseOptionalAndCheck(t *testing.T) {
	for _, tc := range []struct {
		text string
		want toyAgent
		err  string
	}{
		{"", toyAgent{}, ""},
		{"dir=a/b,c", toyAgent{}, `toy: option "c" is not of the form key=value`},
		{" dir = a/b ", toyAgent{Dir: "a/b"}, ""},
		{"depth=3", toyAgent{Depth: 3}, ""},
		{"depth=", toyAgent{}, `toy: option "depth": value "" not allowed (allowed: 1..9)`},
		{"dir=", toyAgent{}, `toy: option "dir": value "" not allowed (allowed: a directory)`},
		{"depth=10", toyAgent{}, `toy: option "depth": value "10" not allowed (allowed: 1..9)`},
	} {
		got, err := toyAgentTable.Parse("toy", tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Parse(%q) error %v, want %s", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
		}
	}
}
