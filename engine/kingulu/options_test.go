package kingulu_test

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

func TestParse(t *testing.T) {
	g, err := engine.Parse("kingulu")
	if err != nil {
		t.Fatal(err)
	}
	r := g.(*kingulu.Game).Rules()
	want := kingulu.Rules{Common: engine.Common{First: engine.South, MaxPlies: 1000}, Seeds: 4, Holes: 6, MinLift: 1,
		Penultimate: kingulu.PenultimateLap, FirstLapRule: true, MaxReserved: 6}
	if r != want {
		t.Errorf("defaults %+v, want %+v", r, want)
	}
	if g.Variant() != "kingulu" || g.Ruleset() != "kingulu" || g.NumMoves() != 6 || g.TotalMaterial() != 48 || g.MaxPlies() != 1000 {
		t.Errorf("game %s %s %d %d %d", g.Variant(), g.Ruleset(), g.NumMoves(), g.TotalMaterial(), g.MaxPlies())
	}
	opts := g.Options()
	for k, v := range map[string]string{"first": "south", "max_plies": "1000", "infinite": "illegal", "lap_limit": "none",
		"seeds": "4", "holes": "6", "min_lift": "1", "penultimate": "lap", "first_lap_rule": "on", "skip_origin": "off", "max_reserved": "none"} {
		if opts[k] != v {
			t.Errorf("option %s = %q, want %q", k, opts[k], v)
		}
	}
	if len(opts) != 11 {
		t.Errorf("%d options: %v", len(opts), opts)
	}

	for _, c := range []struct{ in, canon string }{
		{"kingulu:seeds=4,holes=6", "kingulu"},
		{"kingulu: skip_origin = on , penultimate=never", "kingulu:penultimate=never,skip_origin=on"},
		{"kingulu:min_lift=2,first_lap_rule=off,holes=12,seeds=12,infinite=draw,lap_limit=50,max_plies=20,first=north",
			"kingulu:first=north,first_lap_rule=off,holes=12,infinite=draw,lap_limit=50,max_plies=20,min_lift=2,seeds=12"},
		{"kingulu:lap_limit=007", "kingulu:lap_limit=7"},
		{"kingulu:penultimate=origin", "kingulu:penultimate=origin"},
		{"kingulu:max_reserved=none", "kingulu"},
		{"kingulu:max_reserved=0", "kingulu:max_reserved=0"},
		{"kingulu:max_reserved=6", "kingulu:max_reserved=6"},
		{"kingulu:holes=3,max_reserved=03", "kingulu:holes=3,max_reserved=3"},
	} {
		g, err := engine.Parse(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if g.Ruleset() != c.canon {
			t.Errorf("%s: canonical %s, want %s", c.in, g.Ruleset(), c.canon)
		}
		if g2 := engine.MustParse(g.Ruleset()); g2.Ruleset() != c.canon {
			t.Errorf("%s: canonical form does not round-trip", c.in)
		}
	}
	g = engine.MustParse("kingulu:min_lift=2,first_lap_rule=off,holes=12,seeds=12,infinite=draw,lap_limit=50,max_plies=20,first=north,penultimate=never,skip_origin=on")
	r = g.(*kingulu.Game).Rules()
	want = kingulu.Rules{Common: engine.Common{First: engine.North, MaxPlies: 20, InfiniteDraw: true, LapLimit: 50}, Seeds: 12, Holes: 12, MinLift: 2,
		Penultimate: kingulu.PenultimateNever, SkipOrigin: true, MaxReserved: 12}
	if r != want {
		t.Errorf("rules %+v, want %+v", r, want)
	}

	for _, c := range []struct{ in, key string }{
		{"kingulu:seeds=0", "seeds"}, {"kingulu:seeds=13", "seeds"}, {"kingulu:holes=2", "holes"}, {"kingulu:holes=13", "holes"},
		{"kingulu:min_lift=3", "min_lift"}, {"kingulu:min_lift=0", "min_lift"}, {"kingulu:penultimate=first", "penultimate"},
		{"kingulu:first_lap_rule=yes", "first_lap_rule"}, {"kingulu:skip_origin=1", "skip_origin"}, {"kingulu:lap_limit=0", "lap_limit"},
		{"kingulu:infinite=loop", "infinite"}, {"kingulu:max_plies=0", "max_plies"}, {"kingulu:first=east", "first"},
		{"kingulu:max_reserved=-1", "max_reserved"}, {"kingulu:max_reserved=13", "max_reserved"}, {"kingulu:max_reserved=7", "max_reserved"},
		{"kingulu:holes=4,max_reserved=5", "max_reserved"}, {"kingulu:max_reserved=all", "max_reserved"},
		{"kingulu:stores=2", "stores"}, {"kingulu:seeds=3,seeds=4", "seeds"}, {"kingulu:seeds", "seeds"},
	} {
		_, err := engine.Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%s: error %v, want one naming %q", c.in, err, c.key)
		}
	}
	if _, err := engine.Parse("kingulu:seeds=13"); err == nil || !strings.Contains(err.Error(), "1..12") {
		t.Errorf("error %v does not give the allowed values", err)
	}
	if s := kingulu.PenultimateOrigin.String(); s != "origin" {
		t.Errorf("PenultimateOrigin = %q", s)
	}
}
