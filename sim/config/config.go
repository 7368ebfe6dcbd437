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
// rulesets and agent specs found later, pointing at the list element.
package config

import (
	"fmt"
	"os"
)

// Config is one experiment file.
type Config struct {
	Description string   `toml:"description"`
	Rules       []string `toml:"rules"`
	Agents      []string `toml:"agents"`
	Games       int      `toml:"games"`
	Seed        uint64   `toml:"seed"`
	Batch       int      `toml:"batch"`
	Moves       *bool    `toml:"moves"` // nil: not set (default true)
	Workers     int      `toml:"workers"`
	Out         string   `toml:"out"`
	Ladder      []string `toml:"ladder"`
	// OpeningPlies is the number of random plies every game starts with.
	OpeningPlies int `toml:"opening_plies"`
	// EquivalenceMargin is the margin δ of the analysis's equivalence
	// tests, chosen before the run and recorded in the manifest.
	EquivalenceMargin float64 `toml:"equivalence_margin"`

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
func Parse(path string, data []byte) (*Config, error) {
	c := &Config{}
	f, err := Decode(path, data, c)
	if err != nil {
		return nil, err
	}
	c.Path, c.Set, c.lines = f.Path, f.Set, f.lines
	if c.Games < 0 {
		return nil, c.Errorf("games", -1, fmt.Errorf("must be at least 1, not %d", c.Games))
	}
	if c.Batch < 0 {
		return nil, c.Errorf("batch", -1, fmt.Errorf("must be at least 1 (or 0 for the default), not %d", c.Batch))
	}
	if c.OpeningPlies < 0 {
		return nil, c.Errorf("opening_plies", -1, fmt.Errorf("must be at least 0, not %d", c.OpeningPlies))
	}
	if !(c.EquivalenceMargin >= 0 && c.EquivalenceMargin < 0.5) {
		return nil, c.Errorf("equivalence_margin", -1, fmt.Errorf("must be at least 0 and below 0.5, not %g", c.EquivalenceMargin))
	}
	if c.Workers < 0 {
		return nil, c.Errorf("workers", -1, fmt.Errorf("must be at least 1 (or 0 for one per CPU), not %d", c.Workers))
	}
	return c, nil
}

// Errorf returns err located in the file: at element index of list key,
// or at the key itself when index < 0 or the key is not a list.
func (c *Config) Errorf(key string, index int, err error) error {
	return File{Path: c.Path, Set: c.Set, lines: c.lines}.Errorf(key, index, err)
}
