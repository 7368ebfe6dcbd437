package config

import (
	"strings"
	"testing"
)

// FuzzParse checks that no input crashes the config reader and that every
// error is one line naming the file.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"rules = [\"kingulu\"]\nagents = [\"random\"]\ngames = 10\n",
		"rules = [\"kingulu:seeds=99\"]\n",
		"games = \"ten\"\n",
		"colour = 1\n",
		"rules = [\n",
		"seed = -1\nworkers = 3\nbatch = 0\nmoves = false\nout = \"x\"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse("fuzz.toml", data)
		if err == nil {
			return
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Fatalf("multi-line error: %q", msg)
		}
		if !strings.HasPrefix(msg, "fuzz.toml") {
			t.Fatalf("error does not name the file: %q", msg)
		}
	})
}
