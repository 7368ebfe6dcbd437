package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimDryRun: --dry-run prints the expanded grid and its counts and an
// estimate, exits 0 and creates nothing; bad input is still exit 2.
func TestSimDryRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"sim", "--rules", "kingulu:penultimate=*", "--agents", "random", "--agents", "greedy/random",
		"--games", "100", "--batch", "30", "--out", out, "--shard", "1/2", "--dry-run"}
	stdout, stderr, code := baolab(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"rulesets: 3\n  kingulu\n  kingulu:penultimate=origin\n  kingulu:penultimate=never\n",
		"agent pairs: 2\n  random/random\n  greedy/random\n",
		"cells: 6 (3 rulesets × 2 agent pairs)\n",
		"games: 100 per cell, 600 in total\n",
		"batches: 4 per cell of up to 30 games, 24 in total\n",
		"shard 1/2: 2 batches (40 games) per cell, 240 games in total\n", // batches 1 and 3: games 30..59 and 90..99
		"cell 6/6 kingulu:penultimate=never × greedy/random: sampled ",
		"estimated time: about ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--dry-run touched the output directory: %v", err)
	}
	_, stderr, code = baolab(t, "sim", "--rules", "chess", "--agents", "random", "--games", "1", "--dry-run")
	if code != 2 || !strings.Contains(stderr, "unknown variant") {
		t.Errorf("bad ruleset with --dry-run: exit %d, stderr %q", code, stderr)
	}
}
