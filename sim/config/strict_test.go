package config

import (
	"errors"
	"strings"
	"testing"
)

// TestDecodeAnyStruct decodes a file of another struct (the shape of a
// solve grid) strictly: a key in another case or misspelled is refused
// with its line, column and name, and a problem found later points at the
// list element's line.
func TestDecodeAnyStruct(t *testing.T) {
	type grid struct {
		MaxPositions int64    `toml:"max_positions"`
		Rules        []string `toml:"rules"`
	}
	for text, want := range map[string]string{
		"RULES = [\"kingulu\"]\n":                        `g.toml:1:1: unknown key "RULES" (keys: max_positions, rules)`,
		"rules = [\"kingulu\"]\nMax_Positions = 5\n":     `g.toml:2:1: unknown key "Max_Positions" (keys: max_positions, rules)`,
		"rules = [\"kingulu\"]\n\nmax_position = 5\n":    `g.toml:3:1: unknown key "max_position" (keys: max_positions, rules)`,
		"rules = [\"kingulu\"]\nmax_positions = \"a\"\n": `g.toml:2:`,
	} {
		var g grid
		if _, err := Decode("g.toml", []byte(text), &g); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v; want %s...", text, err, want)
		}
	}
	var g grid
	f, err := Decode("g.toml", []byte("max_positions = 9\nrules = [\n  \"kingulu\",\n  \"bad\",\n]\n"), &g)
	if err != nil || g.MaxPositions != 9 || len(g.Rules) != 2 || !f.Set["rules"] || f.Set["other"] {
		t.Fatalf("decoded %+v, set %v, %v", g, f.Set, err)
	}
	if err := f.Errorf("rules", 1, errors.New("unknown variant")); err.Error() != "g.toml:4: key rules[1]: unknown variant" {
		t.Errorf("Errorf: %v", err)
	}
}
