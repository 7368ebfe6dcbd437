package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
)

func TestExpand(t *testing.T) {
	for i, c := range []struct {
		grid string
		want []string
	}{
		{"kingulu", []string{"kingulu"}},
		{"kingulu:min_lift=2", []string{"kingulu:min_lift=2"}},
		{"kingulu:penultimate=*", []string{"kingulu", "kingulu:penultimate=origin", "kingulu:penultimate=never"}},
		// The option written first varies slowest.
		{"kingulu:penultimate=*,min_lift=*", []string{
			"kingulu", "kingulu:min_lift=2",
			"kingulu:penultimate=origin", "kingulu:min_lift=2,penultimate=origin",
			"kingulu:penultimate=never", "kingulu:min_lift=2,penultimate=never",
		}},
		{"kingulu:min_lift=*,penultimate=*", []string{
			"kingulu", "kingulu:penultimate=origin", "kingulu:penultimate=never",
			"kingulu:min_lift=2", "kingulu:min_lift=2,penultimate=origin", "kingulu:min_lift=2,penultimate=never",
		}},
		{"kingulu:holes=4..6", []string{"kingulu:holes=4", "kingulu:holes=5", "kingulu"}},
		{"kingulu:holes=7..8", []string{"kingulu:holes=7", "kingulu:holes=8"}},
		{" kingulu : holes = 5..5 , skip_origin=on", []string{"kingulu:holes=5,skip_origin=on"}},
		{"kingulu:min_lift=*,skip_origin=on", []string{"kingulu:skip_origin=on", "kingulu:min_lift=2,skip_origin=on"}},
		// An option that does not apply gives one ruleset, not two.
		{"kimasai-four-rows:infinite=*,empty_start=*", []string{"kimasai-four-rows", "kimasai-four-rows:empty_start=right"}},
		{"kimasai-four-rows:repetition=*", []string{"kimasai-four-rows", "kimasai-four-rows:repetition=third", "kimasai-four-rows:repetition=none"}},
	} {
		got, err := engine.Expand(c.grid)
		if err != nil {
			t.Errorf("case %d: %q: %v", i, c.grid, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("case %d: %q expands to\n%q, want\n%q", i, c.grid, got, c.want)
		}
	}
}

func TestExpandCountsEveryCombination(t *testing.T) {
	got, err := engine.Expand("kingulu:min_lift=*,penultimate=*,first_lap_rule=*,skip_origin=*,infinite=*")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 48 {
		t.Fatalf("%d rulesets, want 2*3*2*2*2 = 48", len(got))
	}
	seen := map[string]bool{}
	for _, r := range got {
		if seen[r] {
			t.Errorf("%s twice", r)
		}
		seen[r] = true
		if g := engine.MustParse(r); g.Ruleset() != r {
			t.Errorf("%s is not canonical (%s)", r, g.Ruleset())
		}
	}
	if got[0] != "kingulu" || got[47] != "kingulu:first_lap_rule=off,infinite=draw,min_lift=2,penultimate=never,skip_origin=on" {
		t.Errorf("order: first %s, last %s", got[0], got[47])
	}
}

func TestExpandErrors(t *testing.T) {
	for i, c := range []struct{ grid, want string }{
		{"kingulu:penultimate=1..2", `kingulu: option "penultimate": value "1..2" not allowed: a range a..b needs an integer option (allowed: lap, origin, never)`},
		{"kingulu:holes=2..5", `kingulu: option "holes": range "2..5" not allowed (allowed: 3..12)`},
		{"kingulu:holes=6..4", `kingulu: option "holes": value "6..4" is not a range a..b of integers with a <= b`},
		{"kingulu:holes=a..4", `kingulu: option "holes": value "a..4" is not a range a..b of integers with a <= b`},
		{"kingulu:max_plies=*", `kingulu: option "max_plies": value "*" not allowed: the option has no upper bound (give a range a..b)`},
		{"kingulu:max_plies=1..100000", `kingulu: option "max_plies": range "1..100000" has more than 10000 values`},
		{"kingulu:colour=*", `kingulu: unknown option "colour" (options: first, max_plies, infinite, lap_limit, seeds, holes, min_lift, penultimate, first_lap_rule, skip_origin...`}, // and any options added later
		{"kingulu:penultimate=*,penultimate=lap", `kingulu: option "penultimate" given twice`},
		{"kingulu:penultimate=*,seeds=13", `kingulu: option "seeds": value "13" not allowed (allowed: 1..12)`},
		{"kingulu:seeds=*,holes=*,max_plies=1..200", `kingulu: the grid has more than 10000 rulesets`},
		{"mancala:holes=*", `unknown variant "mancala" (variants: kingulu, kimasai-two-rows, kimasai-four-rows)`},
		{"kingulu:holes", `kingulu: option "holes" is not of the form key=value`},
	} {
		_, err := engine.Expand(c.grid)
		prefix, isPrefix := strings.CutSuffix(c.want, "...")
		if err == nil || err.Error() != c.want && !(isPrefix && strings.HasPrefix(err.Error(), prefix)) {
			t.Errorf("case %d: %q: got %v, want %s", i, c.grid, err, c.want)
		}
	}
}

func TestIsGrid(t *testing.T) {
	for _, c := range []struct {
		r    string
		want bool
	}{{"kingulu", false}, {"kingulu:holes=5", false}, {"kingulu:holes=*", true}, {"kingulu:seeds=4,holes=3..5", true}} {
		if got := engine.IsGrid(c.r); got != c.want {
			t.Errorf("IsGrid(%q) = %v", c.r, got)
		}
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"kingulu:penultimate=*,min_lift=*", "kingulu:holes=4..6", "kimasai-two-rows:capture_sow=*,reserve=0..2",
		"kimasai-four-rows:holes=4..5,repetition=*", "kingulu:holes=3..x", "kingulu:seeds=*,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, grid string) {
		got, err := engine.Expand(grid)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of %q is not one line: %v", grid, err)
			}
			return
		}
		if len(got) == 0 || len(got) > engine.MaxGrid {
			t.Fatalf("%q: %d rulesets", grid, len(got))
		}
		seen := map[string]bool{}
		for _, r := range got {
			g, err := engine.Parse(r)
			if err != nil {
				t.Fatalf("%q gave %q, which does not parse: %v", grid, r, err)
			}
			if g.Ruleset() != r || seen[r] {
				t.Fatalf("%q gave %q: not canonical or twice", grid, r)
			}
			seen[r] = true
		}
		if !engine.IsGrid(grid) {
			g, err := engine.Parse(grid)
			if err != nil || len(got) != 1 || got[0] != g.Ruleset() {
				t.Fatalf("plain ruleset %q expands to %q (Parse: %v)", grid, got, err)
			}
		}
	})
}
