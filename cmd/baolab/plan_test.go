package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/baolab/baolab/internal/buildinfo"
	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/sim/config"
)

// TestPlanFieldsMatchFlagsAndFile: every field of the table is a flag of
// baolab sim and a key of the experiment file, and the overlay sets the
// field from its flag alone.
func TestPlanFieldsMatchFlagsAndFile(t *testing.T) {
	cmd := newSimCmd(buildinfo.Info{})
	cfg, err := config.Parse("x.toml", []byte("rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 3\nseed = 9\nbatch = 2\nmoves = false\nworkers = 1\nout = \"d\"\nladder = [\"greedy\"]\nopening_plies = 1\nequivalence_margin = 0.01\n"))
	if err != nil {
		t.Fatal(err)
	}
	f := simFlags{rules: []string{"r"}, agents: []string{"a"}, ladder: []string{"l"}, opening: 4, margin: 0.03, games: 5, seed: 6, batch: 7, moves: true, workers: 8, out: "o"}
	want := simInput{Plan: sim.Plan{Rules: f.rules, Agents: f.agents, Ladder: f.ladder, OpeningPlies: 4, EquivalenceMargin: 0.03, Games: 5, Seed: 6, Batch: 7, Moves: true}, Out: "o", Workers: 8}
	all := inputOf(cfg)
	for _, p := range planFields {
		if cmd.Flags().Lookup(p.flag) == nil || !cfg.Set[p.key] {
			t.Errorf("field %s/--%s: not a flag of sim or not set by the file", p.key, p.flag)
		}
		one := inputOf(cfg)
		overlayFlags(&one, f, func(flag string) bool { return flag == p.flag })
		overlayFlags(&all, f, func(flag string) bool { return flag == p.flag })
		if fmt.Sprint(one) == fmt.Sprint(inputOf(cfg)) {
			t.Errorf("--%s changed nothing", p.flag)
		}
	}
	if fmt.Sprint(all) != fmt.Sprint(want) {
		t.Errorf("every flag over the file: %+v, want %+v", all, want)
	}
}

// TestLocateFieldError: a field's error points at the file's line when
// the file set it, at the flag when one was given, and at the file with a
// hint otherwise.
func TestLocateFieldError(t *testing.T) {
	cfg, err := config.Parse("x.toml", []byte("agents = [\"random\"]\n\ngames = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	fe := func(field string) error { return &sim.FieldError{Field: field, Err: errors.New("bad")} }
	none := func(string) bool { return false }
	games := func(flag string) bool { return flag == "games" }
	for _, tc := range []struct {
		err     error
		cfg     *config.Config
		changed func(string) bool
		want    string
	}{
		{fe("games"), cfg, none, "x.toml:3: key games: bad"},
		{fe("games"), cfg, games, "--games: bad"},
		{fe("games"), nil, games, "--games: bad"},
		{fe("opening_plies"), cfg, none, "x.toml: bad (set opening_plies in the file or give --opening-plies)"},
		{fe("rules"), cfg, nil, "x.toml: bad (set rules in the file)"},
		{errors.New("other"), cfg, nil, "x.toml: other"},
		{errors.New("other"), cfg, none, "other"},
	} {
		if got := locateFieldError(tc.err, tc.cfg, tc.changed); got == nil || got.Error() != tc.want {
			t.Errorf("locateFieldError(%v): %v, want %s", tc.err, got, tc.want)
		}
	}
}
