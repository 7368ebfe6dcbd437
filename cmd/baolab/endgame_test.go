package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve/endgame"
)

// TestEndgameCommand: baolab endgame writes a database that reads back
// for its ruleset and K, and prints its size in the documented form.
func TestEndgameCommand(t *testing.T) {
	dir := t.TempDir()
	out, _, code := baolab(t, "endgame", "--rules", "kingulu:holes=4,seeds=3", "--seeds", "3", "--out", dir, "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	m := regexp.MustCompile(`^positions=(\d+) solved=(\d+) seconds=\d+\.\d\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q", out)
	}
	d, err := endgame.ReadFor(dir, engine.MustParse("kingulu:holes=4,seeds=3"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Seeds() != 3 || m[1] != strconv.Itoa(d.Len()) || d.Len() == 0 {
		t.Errorf("printed %s positions; read back K=%d, %d positions", m[1], d.Seeds(), d.Len())
	}
}

func TestEndgameBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"endgame", "--rules", "nope", "--out", "x"},
		{"endgame", "--rules", "kimasai-two-rows", "--seeds", "2", "--out", "x"},
		{"endgame", "--rules", "kingulu:infinite=draw", "--seeds", "2", "--out", "x"},
		{"endgame", "--seeds", "37", "--out", "x"},
		{"endgame", "--seeds", "-1", "--out", "x"},
		{"endgame", "--seeds", "2"}, // no --out
		{"endgame", "--seeds", "2", "--out", "x", "--method", "fast"},
		{"endgame", "--seeds", "4", "--out", "x", "--max-positions", "1000"},
	} {
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
		}
	}
}
