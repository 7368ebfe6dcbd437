package main

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/spf13/pflag"

	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/sim/config"
)

// planField is one field of an experiment (a field of config.Run, so of
// sim.Plan or the run's out and workers) as a flag of `baolab sim`: its
// TOML key (also its name in sim.FieldError; the flag is the key with "-"
// for "_"), the flag's help, and the field itself. The flags are
// registered (bindPlanFlags), overlaid on the file's values (overlayFlags)
// and a field's error located (locateFieldError) from this table alone.
type planField struct {
	key, usage string
	field      func(r *config.Run) any // a pointer to the field
}

var planFields = []planField{
	{"rules", "ruleset, e.g. kingulu or 'kingulu:penultimate=never', or a grid such as 'kingulu:penultimate=*,holes=4..6' (repeatable)", func(r *config.Run) any { return &r.Rules }},
	{"agents", "agent pair SOUTH/NORTH or one agent spec for both sides (repeatable)", func(r *config.Run) any { return &r.Agents }},
	{"ladder", "agent spec of a strength ladder, one per flag (repeatable): every ordered pair of them, self-play included, is played", func(r *config.Run) any { return &r.Ladder }},
	{"opening_plies", "uniformly random plies that start every game (the same openings for every agent pair of a ruleset)", func(r *config.Run) any { return &r.OpeningPlies }},
	{"equivalence_margin", "margin δ of analyze's equivalence tests (TOST), chosen before the run and recorded in the manifest; 0: analyze's default", func(r *config.Run) any { return &r.EquivalenceMargin }},
	{"games", "games per ruleset × agent pair", func(r *config.Run) any { return &r.Games }},
	{"seed", "experiment seed", func(r *config.Run) any { return &r.Seed }},
	{"batch", "games per batch (one file per batch and table); 0: min(16384, max(256, games/16))", func(r *config.Run) any { return &r.Batch }},
	{"moves", "write the moves table (--moves=false: games only)", func(r *config.Run) any { return &r.Moves }},
	{"workers", "games played in parallel; 0: one per CPU", func(r *config.Run) any { return &r.Workers }},
	{"out", "dataset directory", func(r *config.Run) any { return &r.Out }},
}

// flag returns the command-line flag of the field.
func (p planField) flag() string { return strings.ReplaceAll(p.key, "_", "-") }

// bindPlanFlags registers one flag per field of planFields on fl, each
// setting its field of r; r's values are the flags' defaults.
func bindPlanFlags(fl *pflag.FlagSet, r *config.Run) {
	for _, p := range planFields {
		switch v := p.field(r).(type) {
		case *[]string:
			fl.StringArrayVar(v, p.flag(), *v, p.usage)
		case *int:
			fl.IntVar(v, p.flag(), *v, p.usage)
		case *uint64:
			fl.Uint64Var(v, p.flag(), *v, p.usage)
		case *float64:
			fl.Float64Var(v, p.flag(), *v, p.usage)
		case *bool:
			fl.BoolVar(v, p.flag(), *v, p.usage)
		case *string:
			fl.StringVar(v, p.flag(), *v, p.usage)
		default:
			panic(fmt.Sprintf("plan field %s: no flag for %T", p.key, v))
		}
	}
}

// overlayFlags replaces the values of in by those of flagged (the values
// of the flags) for the flags given on the command line (changed).
func overlayFlags(in *config.Run, flagged config.Run, changed func(flag string) bool) {
	for _, p := range planFields {
		if changed(p.flag()) {
			reflect.ValueOf(p.field(in)).Elem().Set(reflect.ValueOf(p.field(&flagged)).Elem())
		}
	}
}

// fieldFlag returns the flag of the field with TOML key key.
func fieldFlag(key string) (string, bool) {
	for _, p := range planFields {
		if p.key == key {
			return p.flag(), true
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
