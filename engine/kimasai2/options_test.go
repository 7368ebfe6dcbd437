package kimasai2

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

func TestParse(t *testing.T) {
	g, err := engine.Parse(Name)
	if err != nil {
		t.Fatal(err)
	}
	kg := g.(*Game)
	want := Rules{Common: engine.Common{First: engine.South, MaxPlies: 1000}, Holes: 8, Reserve: 24}
	if kg.Rules() != want {
		t.Errorf("defaults %+v, want %+v", kg.Rules(), want)
	}
	if g.Ruleset() != Name || g.NumMoves() != 16 || g.TotalMaterial() != 64 || g.MaxPlies() != 1000 || g.Variant() != Name {
		t.Errorf("ruleset %q moves %d total %d", g.Ruleset(), g.NumMoves(), g.TotalMaterial())
	}
	opts := g.Options()
	for k, v := range map[string]string{"reserve": "24", "holes": "8", "capture_sow": "here", "end_check": "always",
		"opening_intro": "off", "skip_origin": "off", "win_check": "move", "phase_change": "next", "first": "south", "max_plies": "1000", "infinite": "illegal", "lap_limit": "none"} {
		if opts[k] != v {
			t.Errorf("option %s = %q, want %q", k, opts[k], v)
		}
	}

	for _, c := range []struct{ in, canon string }{
		{Name + ":reserve=24,holes=8", Name},
		{Name + ": holes = 4 , reserve=0", Name + ":holes=4,reserve=0"},
		{Name + ":opening_intro=on,end_check=phase2,capture_sow=next,first=north", Name + ":capture_sow=next,end_check=phase2,first=north,opening_intro=on"},
		{Name + ":lap_limit=2000,infinite=draw,max_plies=300", Name + ":infinite=draw,lap_limit=2000,max_plies=300"},
		{Name + ":holes=16,reserve=64", Name + ":holes=16,reserve=64"},
		{Name + ":reserve=007", Name + ":reserve=7"},
		{Name + ":skip_origin=off,win_check=move,phase_change=next", Name},
		{Name + ":phase_change=immediate,win_check=capture,skip_origin=on", Name + ":phase_change=immediate,skip_origin=on,win_check=capture"},
	} {
		g, err := engine.Parse(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if g.Ruleset() != c.canon {
			t.Errorf("%s: canonical %q, want %q", c.in, g.Ruleset(), c.canon)
		}
		if g2, err := engine.Parse(g.Ruleset()); err != nil || g2.Ruleset() != c.canon {
			t.Errorf("%s: canonical form does not round-trip: %v", c.in, err)
		}
	}
	kg = MustNew(Name + ":holes=5,reserve=3,capture_sow=next,end_check=phase2,opening_intro=on,lap_limit=9,infinite=draw,first=north,skip_origin=on,win_check=capture,phase_change=immediate")
	want = Rules{Common: engine.Common{First: engine.North, MaxPlies: 1000, InfiniteDraw: true, LapLimit: 9},
		Holes: 5, Reserve: 3, CaptureNext: true, EndPhase2: true, OpeningIntro: true, SkipOrigin: true, WinCapture: true, PhaseImmediate: true}
	if kg.Rules() != want || kg.TotalMaterial() != 16 || kg.NumMoves() != 10 {
		t.Errorf("typed rules %+v, want %+v", kg.Rules(), want)
	}

	for _, c := range []struct{ in, mention string }{
		{Name + ":holes=3", `"holes"`},
		{Name + ":holes=17", "4..16"},
		{Name + ":reserve=65", "0..64"},
		{Name + ":reserve=-1", `"reserve"`},
		{Name + ":capture_sow=there", "here, next"},
		{Name + ":end_check=never", "always, phase2"},
		{Name + ":opening_intro=yes", "off, on"},
		{Name + ":skip_origin=1", "off, on"},
		{Name + ":win_check=lap", "move, capture"},
		{Name + ":phase_change=now", "next, immediate"},
		{Name + ":first=east", "south, north"},
		{Name + ":infinite=loss", "illegal, draw"},
		{Name + ":lap_limit=0", "none"},
		{Name + ":max_plies=0", `"max_plies"`},
		{Name + ":seeds=4", "unknown option"},
		{Name + ":holes=4,holes=5", "twice"},
		{Name + ":holes", "key=value"},
		{"kimasai-2:holes=4", "unknown variant"},
	} {
		_, err := engine.Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%s: error %v, want one mentioning %s", c.in, err, c.mention)
		}
	}
}
