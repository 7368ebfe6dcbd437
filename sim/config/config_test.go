package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/sim"
)

func TestParse(t *testing.T) {
	c, err := Parse("x.toml", []byte(`description = "d"
rules = [
  "kingulu",
  "kimasai-two-rows:lap_limit=2000",
]
agents = ["random", "greedy/random"]
games = 1000
seed = 9223372036854775807
moves = false
out = "runs/x"
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rules) != 2 || c.Rules[1] != "kimasai-two-rows:lap_limit=2000" || len(c.Agents) != 2 || c.Games != 1000 ||
		c.Seed != 1<<63-1 || c.Moves || c.Out != "runs/x" || c.Batch != 0 {
		t.Errorf("decoded %+v", c)
	}
	if !c.Set["games"] || c.Set["batch"] || c.Set["workers"] {
		t.Errorf("Set = %v", c.Set)
	}
	l, err := Parse("l.toml", []byte("rules = [\"kingulu\"]\nladder = [\n  \"random\",\n  \"greedy\",\n]\nopening_plies = 6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Ladder) != 2 || l.Ladder[1] != "greedy" || l.OpeningPlies != 6 || len(l.Agents) != 0 {
		t.Errorf("decoded %+v", l)
	}
	if err := l.Errorf("ladder", 1, errors.New("bad")); err.Error() != "l.toml:4: key ladder[1]: bad" {
		t.Errorf("Errorf(ladder, 1) = %q", err)
	}
	for _, x := range []struct {
		key   string
		index int
		want  string
	}{
		{"rules", 1, "x.toml:4: key rules[1]: bad"},
		{"rules", 0, "x.toml:3: key rules[0]: bad"},
		{"agents", 1, "x.toml:6: key agents[1]: bad"},
		{"games", -1, "x.toml:7: key games: bad"},
		{"games", 3, "x.toml:7: key games: bad"},
		{"batch", -1, `x.toml: key "batch": bad`},
	} {
		err := c.Errorf(x.key, x.index, errors.New("bad"))
		if err.Error() != x.want {
			t.Errorf("Errorf(%s, %d) = %q, want %q", x.key, x.index, err, x.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for i, c := range []struct{ doc, want string }{
		{"rules = [\"kingulu\"]\ngame = 3\n", `f.toml:2:1: unknown key "game" (keys: description, rules`},
		{"rules = [\"kingulu\"]\ngames = \"ten\"\n", `f.toml:2:9: key "games":`},
		{"rules = [\"kingulu\"\ngames = 3\n", "f.toml:2:"},
		{"seed = -1\n", `f.toml:1:8: key "seed":`},
		{"[sim]\ngames = 3\n", `f.toml:1:2: unknown key "sim"`},
		{"moves = 1\n", `f.toml:1:9: key "moves":`},
		{"ladder = \"random\"\n", `f.toml:1:10: key "ladder":`},
		// Keys are case-sensitive (the decoder alone would take GAMES as
		// games).
		{"rules = [\"kingulu\"]\nGAMES = 7\n", `f.toml:2:1: unknown key "GAMES" (keys: description`},
		{"Seed = 7\n", `f.toml:1:1: unknown key "Seed"`},
	} {
		_, err := Parse("f.toml", []byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: %v\nwant prefix %q (one line)", i, err, c.want)
		}
	}
}

// TestValuesCheckedByRun: Parse checks the file's form alone; a bad value
// is a sim.FieldError of Run.Experiment, naming the key (so the caller
// locates it once, at the file's line or the flag), and an absent key
// keeps its default.
func TestValuesCheckedByRun(t *testing.T) {
	for _, c := range []struct{ doc, key string }{
		{"games = -5\n", "games"},
		{"games = 3\nbatch = -1\n", "batch"},
		{"games = 3\nworkers = -2\n", "workers"},
		{"games = 3\nopening_plies = -1\n", "opening_plies"},
		{"games = 3\nequivalence_margin = 0.7\n", "equivalence_margin"},
	} {
		cfg, err := Parse("f.toml", []byte("rules = [\"kingulu\"]\nagents = [\"random\"]\n"+c.doc))
		if err != nil {
			t.Fatalf("%q: %v", c.doc, err)
		}
		var fe *sim.FieldError
		if _, err := cfg.Experiment(); !errors.As(err, &fe) || fe.Field != c.key {
			t.Errorf("%q: Experiment() = %v, want a FieldError of %s", c.doc, err, c.key)
		}
	}
	cfg, err := Parse("f.toml", []byte("games = 3\n"))
	if err != nil || cfg.Seed != DefaultSeed || !cfg.Moves || cfg.Workers != 0 {
		t.Errorf("defaults: %+v, %v", cfg, err)
	}
	if cfg, err := Parse("f.toml", []byte("seed = 0\nmoves = false\n")); err != nil || cfg.Seed != 0 || cfg.Moves {
		t.Errorf("seed = 0, moves = false: %+v, %v", cfg, err)
	}
}

func TestLoad(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing.toml")); err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("missing file: %v", err)
	}
	path := filepath.Join(t.TempDir(), "ok.toml")
	os.WriteFile(path, []byte("games = 3\n"), 0o666)
	c, err := Load(path)
	if err != nil || c.Games != 3 || c.Path != path {
		t.Errorf("Load: %+v, %v", c, err)
	}
}

// TestShippedConfigs decodes every experiment file in configs/.
func TestShippedConfigs(t *testing.T) {
	files, _ := filepath.Glob("../../configs/*.toml")
	if len(files) < 4 {
		t.Fatalf("%d files in configs/, want at least 4", len(files))
	}
	for _, f := range files {
		c, err := Load(f)
		if err != nil {
			t.Error(err)
			continue
		}
		if len(c.Rules) == 0 || len(c.Agents)+len(c.Ladder) == 0 || c.Games < 1 || c.Out == "" {
			t.Errorf("%s: incomplete experiment %+v", f, c)
		}
	}
}
