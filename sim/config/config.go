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
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
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

	// Path is the file the config was read from.
	Path string `toml:"-"`
	// Set lists the keys present in the file.
	Set map[string]bool `toml:"-"`

	lines map[string][]int // key → line of the key, then of each list element
}

// keys lists the keys of an experiment file, exactly as spelled: the toml
// tags of Config, in its order.
var keys = func() []string {
	var out []string
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		if k := strings.Split(t.Field(i).Tag.Get("toml"), ",")[0]; k != "" && k != "-" {
			out = append(out, k)
		}
	}
	return out
}()

// keyList names the keys in an error message.
var keyList = "keys: " + strings.Join(keys, ", ")

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
	c := &Config{Path: path, Set: make(map[string]bool), lines: make(map[string][]int)}
	dec := toml.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		return nil, c.decodeError(err)
	}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		e := p.Expression()
		if e.Kind != unstable.KeyValue {
			continue
		}
		var parts []string
		for k := e.Key(); k.Next(); {
			parts = append(parts, string(k.Node().Data))
		}
		key := strings.Join(parts, ".")
		if !slices.Contains(keys, key) {
			// The decoder matches keys without regard to case (GAMES
			// would set games); keys are case-sensitive, as in TOML.
			pos := p.Shape(e.Raw).Start
			return nil, fmt.Errorf("%s:%d:%d: unknown key %q (%s)", path, pos.Line, pos.Column, key, keyList)
		}
		c.Set[key] = true
		lines := []int{p.Shape(e.Raw).Start.Line}
		if v := e.Value(); v.Kind == unstable.Array {
			for it := v.Children(); it.Next(); {
				lines = append(lines, p.Shape(it.Node().Raw).Start.Line)
			}
		}
		c.lines[key] = lines
	}
	if err := p.Error(); err != nil { // Decode succeeded, so this is not expected
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.Games < 0 {
		return nil, c.Errorf("games", -1, fmt.Errorf("must be at least 1, not %d", c.Games))
	}
	if c.Batch < 0 {
		return nil, c.Errorf("batch", -1, fmt.Errorf("must be at least 1 (or 0 for the default), not %d", c.Batch))
	}
	if c.OpeningPlies < 0 {
		return nil, c.Errorf("opening_plies", -1, fmt.Errorf("must be at least 0, not %d", c.OpeningPlies))
	}
	if c.Workers < 0 {
		return nil, c.Errorf("workers", -1, fmt.Errorf("must be at least 1 (or 0 for one per CPU), not %d", c.Workers))
	}
	return c, nil
}

func (c *Config) decodeError(err error) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		de := sm.Errors[0]
		line, col := de.Position()
		return fmt.Errorf("%s:%d:%d: unknown key %q (%s)", c.Path, line, col, strings.Join(de.Key(), "."), keyList)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if k := de.Key(); len(k) > 0 {
			return fmt.Errorf("%s:%d:%d: key %q: %s", c.Path, line, col, strings.Join(k, "."), msg)
		}
		return fmt.Errorf("%s:%d:%d: %s", c.Path, line, col, msg)
	}
	return fmt.Errorf("%s: %w", c.Path, err)
}

// Errorf returns err located in the file: at element index of list key,
// or at the key itself when index < 0 or the key is not a list.
func (c *Config) Errorf(key string, index int, err error) error {
	lines, ok := c.lines[key]
	if !ok {
		return fmt.Errorf("%s: key %q: %w", c.Path, key, err)
	}
	line, name := lines[0], key
	if index >= 0 && index+1 < len(lines) {
		line, name = lines[index+1], fmt.Sprintf("%s[%d]", key, index)
	}
	return fmt.Errorf("%s:%d: key %s: %w", c.Path, line, name, err)
}
