package main

import (
	"errors"
	"fmt"

	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/sim/config"
)

// defaultSeed is the experiment seed when neither --seed nor the file's
// seed is given.
const defaultSeed = 1

// simInput is what `baolab sim` runs: the plan of the experiment and where
// and how to play it.
type simInput struct {
	sim.Plan
	Out     string
	Workers int
}

// planField is one field of an experiment as both the TOML file and the
// flags give it: its key in the file (and in sim.FieldError), its flag, and
// how the flag's value replaces the file's. Each field is declared once,
// here; the overlay (overlayFlags) and the location of a field's error
// (locateFieldError) come from this table.
type planField struct {
	key, flag string
	set       func(in *simInput, f simFlags)
}

var planFields = []planField{
	{"rules", "rules", func(in *simInput, f simFlags) { in.Rules = f.rules }},
	{"agents", "agents", func(in *simInput, f simFlags) { in.Agents = f.agents }},
	{"ladder", "ladder", func(in *simInput, f simFlags) { in.Ladder = f.ladder }},
	{"opening_plies", "opening-plies", func(in *simInput, f simFlags) { in.OpeningPlies = f.opening }},
	{"equivalence_margin", "equivalence-margin", func(in *simInput, f simFlags) { in.EquivalenceMargin = f.margin }},
	{"games", "games", func(in *simInput, f simFlags) { in.Games = f.games }},
	{"seed", "seed", func(in *simInput, f simFlags) { in.Seed = f.seed }},
	{"batch", "batch", func(in *simInput, f simFlags) { in.Batch = f.batch }},
	{"moves", "moves", func(in *simInput, f simFlags) { in.Moves = f.moves }},
	{"workers", "workers", func(in *simInput, f simFlags) { in.Workers = f.workers }},
	{"out", "out", func(in *simInput, f simFlags) { in.Out = f.out }},
}

// inputOf returns the experiment of cfg (nil: no file, the defaults):
// the one place a config file becomes a plan.
func inputOf(cfg *config.Config) simInput {
	in := simInput{Plan: sim.Plan{Seed: defaultSeed, Moves: true}}
	if cfg == nil {
		return in
	}
	in.Plan = sim.Plan{Rules: cfg.Rules, Agents: cfg.Agents, Ladder: cfg.Ladder, OpeningPlies: cfg.OpeningPlies,
		EquivalenceMargin: cfg.EquivalenceMargin, Games: cfg.Games, Seed: cfg.Seed, Batch: cfg.Batch, Moves: true}
	if !cfg.Set["seed"] {
		in.Seed = defaultSeed
	}
	if cfg.Moves != nil {
		in.Moves = *cfg.Moves
	}
	in.Out, in.Workers = cfg.Out, cfg.Workers
	return in
}

// overlayFlags replaces the values of in by those of the flags given on
// the command line (changed).
func overlayFlags(in *simInput, f simFlags, changed func(flag string) bool) {
	for _, p := range planFields {
		if changed(p.flag) {
			p.set(in, f)
		}
	}
}

// fieldFlag returns the flag of the field with TOML key key.
func fieldFlag(key string) (string, bool) {
	for _, p := range planFields {
		if p.key == key {
			return p.flag, true
		}
	}
	return "", false
}

// locateFieldError returns err, a problem of the plan, located where its
// value came from: the file's line (cfg.Errorf) when the file set it and
// no flag replaced it, the flag when one did, and otherwise the file with
// a hint to set the key. changed is nil where no flags apply (baolab
// slurm reads the file alone). Other errors come back as they are.
func locateFieldError(err error, cfg *config.Config, changed func(flag string) bool) error {
	var fe *sim.FieldError
	if !errors.As(err, &fe) {
		if cfg != nil && changed == nil {
			return fmt.Errorf("%s: %w", cfg.Path, err)
		}
		return err
	}
	flag, known := fieldFlag(fe.Field)
	given := known && changed != nil && changed(flag)
	switch {
	case cfg != nil && !given && cfg.Set[fe.Field]:
		return cfg.Errorf(fe.Field, fe.Index, fe.Err)
	case cfg != nil && !given && changed == nil:
		return fmt.Errorf("%s: %w (set %s in the file)", cfg.Path, fe.Err, fe.Field)
	case cfg != nil && !given:
		return fmt.Errorf("%s: %w (set %s in the file or give --%s)", cfg.Path, fe.Err, fe.Field, flag)
	case known:
		return fmt.Errorf("--%s: %w", flag, fe.Err)
	}
	return err
}
