package main

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/baolab/baolab/internal/buildinfo"
	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/sim/config"
)

// TestPlanFieldsMatchFlagsAndFile: the table holds every key of the
// experiment file (config.Run's fields, so a field added to sim.Plan
// without a flag fails here), each is a flag of baolab sim, and the
// overlay sets each field from its own flag alone.
func TestPlanFieldsMatchFlagsAndFile(t *testing.T) {
	var keys []string
	for _, p := range planFields {
		keys = append(keys, p.key)
	}
	fileKeys := config.Keys(reflect.TypeOf(config.Run{}))
	if slices.Sort(keys); !slices.Equal(keys, slices.Sorted(slices.Values(fileKeys))) {
		t.Errorf("plan fields %v, file keys %v", keys, fileKeys)
	}
	cmd := newSimCmd(buildinfo.Info{})
	cfg, err := config.Parse("x.toml", []byte("rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 3\nseed = 9\nbatch = 2\nmoves = false\nworkers = 1\nout = \"d\"\nladder = [\"greedy\"]\nopening_plies = 1\nequivalence_margin = 0.01\n"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--rules", "r", "--agents", "a", "--ladder", "l", "--opening-plies", "4", "--equivalence-margin", "0.03", "--games", "5", "--seed", "6", "--batch", "7", "--moves=true", "--workers", "8", "--out", "o"}
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatal(err)
	}
	flagged := config.Run{Plan: sim.Plan{Rules: []string{"r"}, Agents: []string{"a"}, Ladder: []string{"l"}, OpeningPlies: 4, EquivalenceMargin: 0.03, Games: 5, Seed: 6, Batch: 7, Moves: true}, Out: "o", Workers: 8}
	all := cfg.Run
	for _, p := range planFields {
		f := cmd.Flags().Lookup(p.flag())
		if f == nil || !f.Changed || !cfg.Set[p.key] {
			t.Errorf("field %s/--%s: not a flag of sim or not set by the file", p.key, p.flag())
		}
		one := cfg.Run
		overlayFlags(&one, flagged, func(flag string) bool { return flag == p.flag() })
		overlayFlags(&all, flagged, func(flag string) bool { return flag == p.flag() })
		if fmt.Sprint(one) == fmt.Sprint(cfg.Run) {
			t.Errorf("--%s changed nothing", p.flag())
		}
	}
	if fmt.Sprint(all) != fmt.Sprint(flagged) {
		t.Errorf("every flag over the file: %+v, want %+v", all, flagged)
	}
}

// TestPlanFlagDefaults: the flags' defaults are config.Defaults, the
// values of an empty file.
func TestPlanFlagDefaults(t *testing.T) {
	fl := newSimCmd(buildinfo.Info{}).Flags()
	if fl.Parse(nil) != nil || fl.Lookup("seed").DefValue != fmt.Sprint(config.DefaultSeed) || fl.Lookup("moves").DefValue != "true" || fl.Lookup("games").DefValue != "0" {
		t.Errorf("defaults: seed %s, moves %s, games %s", fl.Lookup("seed").DefValue, fl.Lookup("moves").DefValue, fl.Lookup("games").DefValue)
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
