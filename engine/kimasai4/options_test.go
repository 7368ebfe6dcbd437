package kimasai4_test

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
)

func TestParseDefaults(t *testing.T) {
	g, err := engine.Parse("kimasai-four-rows")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"first": "south", "max_plies": "1000", "infinite": "illegal", "lap_limit": "none",
		"holes": "12", "repetition": "first", "empty_start": "left"}
	got := g.Options()
	if len(got) != len(want) {
		t.Errorf("options %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("option %s = %q, want %q", k, got[k], v)
		}
	}
	if g.Variant() != "kimasai-four-rows" || g.Ruleset() != "kimasai-four-rows" || g.MaxPlies() != 1000 ||
		g.NumMoves() != 24 || g.TotalMaterial() != 46 {
		t.Errorf("game %s %s %d %d %d", g.Variant(), g.Ruleset(), g.MaxPlies(), g.NumMoves(), g.TotalMaterial())
	}
	r := g.(*kimasai4.Game).Rules()
	if r.Holes != 12 || r.Repetition != kimasai4.RepeatFirst || r.EmptyRight || r.Common.First != engine.South || r.Common.MaxPlies != 1000 {
		t.Errorf("rules %+v", r)
	}
	v, err := engine.Lookup("kimasai-four-rows")
	if err != nil || v.Title == "" {
		t.Errorf("lookup: %v %q", err, v.Title)
	}
}

func TestParseCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{"kimasai-four-rows:", "kimasai-four-rows"},
		{" kimasai-four-rows : holes = 12 , repetition=first ", "kimasai-four-rows"},
		{"kimasai-four-rows:repetition=none,holes=8,first=north", "kimasai-four-rows:first=north,holes=8,repetition=none"},
		{"kimasai-four-rows:empty_start=right,max_plies=50", "kimasai-four-rows:empty_start=right,max_plies=50"},
		{"kimasai-four-rows:repetition=third,holes=04", "kimasai-four-rows:holes=4,repetition=third"},
		{"kimasai-four-rows:holes=16", "kimasai-four-rows:holes=16"},
		// infinite and lap_limit do not apply: accepted, checked, dropped.
		{"kimasai-four-rows:infinite=draw,lap_limit=5", "kimasai-four-rows"},
		{"kimasai-four-rows:lap_limit=none,first=south", "kimasai-four-rows"},
	}
	for _, c := range cases {
		g, err := engine.Parse(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if g.Ruleset() != c.want {
			t.Errorf("%q: canonical %q, want %q", c.in, g.Ruleset(), c.want)
		}
		// The canonical form parses to itself.
		if g2 := engine.MustParse(g.Ruleset()); g2.Ruleset() != c.want {
			t.Errorf("%q: reparsed %q", c.in, g2.Ruleset())
		}
	}
	r := engine.MustParse("kimasai-four-rows:holes=5,repetition=third,empty_start=right,first=north,max_plies=7").(*kimasai4.Game).Rules()
	if r.Holes != 5 || r.Repetition != kimasai4.RepeatThird || !r.EmptyRight || r.Common.First != engine.North || r.Common.MaxPlies != 7 {
		t.Errorf("rules %+v", r)
	}
	if engine.MustParse("kimasai-four-rows:repetition=none").(*kimasai4.Game).Rules().Repetition != kimasai4.RepeatNone {
		t.Error("repetition=none")
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"kimasai-four-rows:holes=3", `"holes"`},
		{"kimasai-four-rows:holes=17", "4..16"},
		{"kimasai-four-rows:holes=x", `"holes"`},
		{"kimasai-four-rows:repetition=second", "first, third, none"},
		{"kimasai-four-rows:empty_start=middle", "left, right"},
		{"kimasai-four-rows:first=east", "south, north"},
		{"kimasai-four-rows:max_plies=0", `"max_plies"`},
		{"kimasai-four-rows:infinite=maybe", `"infinite"`},
		{"kimasai-four-rows:lap_limit=0", `"lap_limit"`},
		{"kimasai-four-rows:seeds=4", `unknown option "seeds"`},
		{"kimasai-four-rows:holes=4,holes=5", "given twice"},
		{"kimasai-four-rows:holes", "key=value"},
		{"kimasai-four-row", "unknown variant"},
	}
	for _, c := range cases {
		_, err := engine.Parse(c.in)
		if err == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q does not mention %q", c.in, err, c.want)
		}
	}
}
