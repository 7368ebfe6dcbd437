// Package config reads experiment files: the TOML form of a `baolab sim`
// command line.
//
// An experiment file sets the same things as the command's flags:
//
//	description = "balance of the default rules"  # free text, not used
//	rules   = ["kingulu", "kimasai-two-rows:lap_limit=2000"]
//	agents  = ["random", "greedy/random"]          # SOUTH/NORTH or one spec for both
//	ladder  = ["random", "greedy", "alphabeta:depth=4"]  # round-robin, see below
//	opening_plies = 4                              # random plies that start every game
//	equivalence_margin = 0.02                      # δ of analyze's equivalence tests, chosen before the run
//	games   = 100000                               # per ruleset × agent pair
//	seed    = 1
//	batch   = 16384                                # games per file; 0 or absent: default
//	moves   = true                                 # false: games table only
//	workers = 2                                    # 0 or absent: one per CPU
//	out     = "runs/balance"                       # relative to the working directory
//
// A ladder adds every ordered pair of its agents (both seats, self-play
// included) to the agent pairs; agents may then be left out.
//
// Unknown keys, values of the wrong type and TOML syntax errors are
// refused with the file, line and key; so are (through Config.Errorf) bad
// values found later by Run.Experiment (rulesets, agent specs, counts),
// pointing at the list element.
package config

import (
	"fmt"
	"os"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// DefaultSeed is the experiment seed when neither the file nor a flag
// gives one.
const DefaultSeed = 1

// Run is one experiment and where and how to play it: everything an
// experiment file and `baolab sim`'s flags set. Each of its fields is
// declared once, with its TOML key: the experiment's in
// dataset.Experiment (sim.Plan is that struct as written, before its
// check), out and workers here. The file is decoded into a Run and the
// flags overlay it.
type Run struct {
	sim.Plan
	Out     string `toml:"out"`     // relative to the working directory
	Workers int    `toml:"workers"` // 0: one per CPU
}

// Defaults returns the run of an empty file: seed DefaultSeed, moves
// written, everything else zero.
func Defaults() Run {
	return Run{Plan: sim.Plan{Seed: DefaultSeed, Moves: true}}
}

// Experiment checks the run (Workers, then sim.Plan.Experiment) and
// returns its experiment in canonical form. A bad value is a
// *sim.FieldError naming its key, which the caller locates at the file's
// line or the flag it came from.
func (r Run) Experiment() (dataset.Experiment, error) {
	if r.Workers < 0 {
		return dataset.Experiment{}, &sim.FieldError{Field: "workers", Index: -1, Err: fmt.Errorf("workers must be at least 1 (or 0 for one per CPU), not %d", r.Workers)}
	}
	return r.Plan.Experiment()
}

// Config is one experiment file: its run (Defaults where a key is
// absent) and where each key stands.
type Config struct {
	Description string `toml:"description"` // free text, not used
	Run

	// Path is the file the config was read from.
	Path string `toml:"-"`
	// Set lists the keys present in the file.
	Set map[string]bool `toml:"-"`

	lines map[string][]int // key → line of the key, then of each list element
}

// Load reads and decodes an experiment file. Errors are one line:
// "FILE:LINE:COLUMN: key K: problem".
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return Parse(path, data)
}

// Parse decodes an experiment file's content; path names it in errors.
// Only the file's form is checked here (keys, types, syntax); its values
// are checked once, with the flags', by Run.Experiment.
func Parse(path string, data []byte) (*Config, error) {
	c := &Config{Run: Defaults()}
	f, err := Decode(path, data, c)
	if err != nil {
		return nil, err
	}
	c.Path, c.Set, c.lines = f.Path, f.Set, f.lines
	return c, nil
}

// Errorf returns err located in the file: at element index of list key,
// or at the key itself when index < 0 or the key is not a list.
func (c *Config) Errorf(key string, index int, err error) error {
	return File{Path: c.Path, Set: c.Set, lines: c.lines}.Errorf(key, index, err)
}
