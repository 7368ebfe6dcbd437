package engine

import (
	"strings"
	"testing"
)

var testTable = append(CommonOptions(true),
	Option{Key: "seeds", Default: "4", Numeric: true, Min: 1, Max: 12, Help: "seeds per hole"},
	Option{Key: "penultimate", Default: "lap", Values: []string{"lap", "origin", "never"}, Help: "reading"},
)

func TestParseValuesDefaultsAndCanonical(t *testing.T) {
	for i, c := range []struct{ text, canonical string }{
		{"", "toy"},
		{"seeds=4", "toy"},
		{"seeds=05", "toy:seeds=5"},
		{"penultimate=never, seeds=5", "toy:penultimate=never,seeds=5"},
		{"seeds=5,penultimate=never", "toy:penultimate=never,seeds=5"},
		{"lap_limit=2000,first=north", "toy:first=north,lap_limit=2000"},
		{"lap_limit=none", "toy"},
		{"max_plies=1", "toy:max_plies=1"},
	} {
		v, err := ParseValues("toy", testTable, c.text)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if got := Canonical("toy", testTable, v); got != c.canonical {
			t.Errorf("case %d: canonical %q, want %q", i, got, c.canonical)
		}
	}
}

func TestParseValuesErrors(t *testing.T) {
	for i, c := range []struct{ text, want string }{
		{"seeds=13", `toy: option "seeds": value "13" not allowed (allowed: 1..12)`},
		{"seeds=x", `toy: option "seeds": value "x" not allowed (allowed: 1..12)`},
		{"penultimate=sometimes", `toy: option "penultimate": value "sometimes" not allowed (allowed: lap, origin, never)`},
		{"lap_limit=0", `toy: option "lap_limit": value "0" not allowed (allowed: an integer >= 1, none)`},
		{"max_plies=0", `toy: option "max_plies": value "0" not allowed (allowed: an integer >= 1)`},
		{"colour=red", `toy: unknown option "colour" (options: first, max_plies, infinite, lap_limit, seeds, penultimate)`},
		{"seeds=4,seeds=5", `toy: option "seeds" given twice`},
		{"seeds", `toy: option "seeds" is not of the form key=value`},
		{"seeds=4,", `toy: option "" is not of the form key=value`},
	} {
		_, err := ParseValues("toy", testTable, c.text)
		if err == nil || err.Error() != c.want {
			t.Errorf("case %d: %q: got %v, want %s", i, c.text, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: error is not one line", i)
		}
	}
}

func TestIgnoredOptionsLeaveCanonicalForm(t *testing.T) {
	table := CommonOptions(false)
	v, err := ParseValues("step", table, "infinite=draw,lap_limit=7")
	if err != nil {
		t.Fatal(err)
	}
	if got := Canonical("step", table, v); got != "step" {
		t.Errorf("canonical %q, want step", got)
	}
	if _, err := ParseValues("step", table, "infinite=maybe"); err == nil {
		t.Error("ignored option still needs a valid value")
	}
}

func TestValuesCommon(t *testing.T) {
	v, _ := ParseValues("toy", testTable, "first=north,infinite=draw,lap_limit=30,max_plies=77")
	c := v.Common()
	if c != (Common{First: North, MaxPlies: 77, InfiniteDraw: true, LapLimit: 30}) {
		t.Errorf("got %+v", c)
	}
	v, _ = ParseValues("toy", testTable, "")
	if c := v.Common(); c != (Common{First: South, MaxPlies: 1000}) {
		t.Errorf("defaults: got %+v", c)
	}
}

func TestLookupUnknownVariant(t *testing.T) {
	_, err := Parse("chess:x=1")
	if err == nil || !strings.HasPrefix(err.Error(), `unknown variant "chess" (variants:`) {
		t.Errorf("got %v", err)
	}
}

func FuzzParseValues(f *testing.F) {
	for _, s := range []string{"", "seeds=5", "penultimate=never,seeds=3", "lap_limit=9,first=north", "a=b=c", ",,", "seeds= 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseValues("toy", testTable, text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		// The canonical form parses back to the same values.
		canon := Canonical("toy", testTable, v)
		_, opts, _ := strings.Cut(canon, ":")
		w, err := ParseValues("toy", testTable, opts)
		if err != nil {
			t.Fatalf("canonical %q does not parse: %v", canon, err)
		}
		for k := range v {
			if v[k] != w[k] {
				t.Fatalf("%q: key %s %q != %q after round trip", text, k, v[k], w[k])
			}
		}
	})
}

// TestSplit checks that the board keeps every size option, defaults
// included, and that the reading keeps only the other options that
// differ from their defaults.
func TestSplit(t *testing.T) {
	table := append(CommonOptions(true),
		Option{Key: "seeds", Size: true, Default: "4", Numeric: true, Min: 1, Max: 12},
		Option{Key: "holes", Size: true, Default: "6", Numeric: true, Min: 3, Max: 12},
		Option{Key: "penultimate", Default: "lap", Values: []string{"lap", "origin", "never"}},
		Option{Key: "ghost", Size: true, Default: "1", Numeric: true, Min: 1, Max: 9, Ignored: true},
	)
	for _, c := range []struct{ text, board, reading string }{
		{"", "holes=6,seeds=4", ""},
		{"seeds=3,holes=4", "holes=4,seeds=3", ""},
		{"penultimate=never,holes=4", "holes=4,seeds=4", "penultimate=never"},
		{"penultimate=lap,first=north,seeds=2,infinite=draw", "holes=6,seeds=2", "first=north,infinite=draw"},
		{"ghost=5", "holes=6,seeds=4", ""},
	} {
		v, err := ParseValues("toy", table, c.text)
		if err != nil {
			t.Fatal(err)
		}
		if board, reading := Split(table, v); board != c.board || reading != c.reading {
			t.Errorf("%q: board %q reading %q, want %q and %q", c.text, board, reading, c.board, c.reading)
		}
	}
}
