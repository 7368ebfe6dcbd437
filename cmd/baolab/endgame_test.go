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

// TestEndgameCommandFourRows: baolab endgame --stones writes a four-rows
// database that reads back for its ruleset and K, with the documented
// number of positions (2*(16+120+560) on 4 holes a row, K=3).
func TestEndgameCommandFourRows(t *testing.T) {
	const rs = "kimasai-four-rows:holes=4"
	dir := t.TempDir()
	out, _, code := baolab(t, "endgame", "--rules", rs, "--stones", "3", "--out", dir, "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !regexp.MustCompile(`^positions=1392 solved=\d+ seconds=\d+\.\d\n$`).MatchString(out) {
		t.Fatalf("output %q", out)
	}
	d, err := endgame.ReadFor(dir, engine.MustParse(rs))
	if err != nil {
		t.Fatal(err)
	}
	if d.K() != 3 || d.Len() != 1392 {
		t.Errorf("read back K=%d, %d positions", d.K(), d.Len())
	}
}

// TestEndgameBadInputFourRows: K out of range, a board whose keys do not
// fit, and the other game's flag are one line on stderr and exit 2.
func TestEndgameBadInputFourRows(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "kimasai-four-rows", "--stones", "0"}, "out of range 1..48"},
		{[]string{"--rules", "kimasai-four-rows:holes=4", "--stones", "17"}, "out of range 1..16"},
		{[]string{"--rules", "kimasai-four-rows:holes=16", "--stones", "2"}, "65 bits"},
		{[]string{"--rules", "kimasai-four-rows", "--seeds", "2"}, "use --stones"},
		{[]string{"--rules", "kingulu", "--stones", "2"}, "use --seeds"},
		{[]string{"--rules", "kimasai-two-rows", "--seeds", "2"}, "not a kingulu or kimasai-four-rows ruleset"},
		{[]string{"--rules", "kimasai-four-rows:holes=4", "--stones", "6", "--max-positions", "1000"}, "1000"},
	} {
		out, errOut, code := baolab(t, append(append([]string{"endgame"}, c.args...), "--out", t.TempDir())...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr saying %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestSimEndgameAgents: baolab sim plays alphabeta and mcts with an
// endgame database, and stops at the start with exit 2 and one line
// naming the agent, the same line for both but the name, when the
// directory holds no database.
func TestSimEndgameAgents(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=3"
	dir := t.TempDir()
	if _, _, code := baolab(t, "endgame", "--rules", rs, "--seeds", "3", "--out", dir, "--workers", "2"); code != 0 {
		t.Fatalf("endgame: exit %d", code)
	}
	agents := "alphabeta:depth=1,endgame=" + dir + "/mcts:iters=20,solver=true,endgame=" + dir
	if _, errOut, code := baolab(t, "sim", "--rules", rs, "--agents", agents, "--games", "4", "--out", t.TempDir(), "-q"); code != 0 {
		t.Fatalf("%s: exit %d: %s", agents, code, errOut)
	}
	bad := t.TempDir()
	var lines []string
	for _, spec := range []string{"alphabeta:depth=1,endgame=" + bad, "mcts:iters=20,endgame=" + bad} {
		_, errOut, code := baolab(t, "sim", "--rules", rs, "--agents", spec, "--games", "4", "--out", t.TempDir(), "-q")
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "agent cannot play this game") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line", spec, code, errOut)
		}
		lines = append(lines, errOut)
	}
	if want := strings.Replace(lines[0], ": alphabeta: ", ": mcts: ", 1); lines[1] != want {
		t.Errorf("mcts's error %q, want alphabeta's with its name: %q", lines[1], want)
	}
}
