package dataset

import (
	"path/filepath"
	"testing"
)

func TestPartitionRoundTrip(t *testing.T) {
	for _, rs := range []string{"kingulu", "kingulu:penultimate=never,seeds=5", "kimasai-two-rows:lap_limit=2000", "x/y%z é"} {
		dir := PartitionDir("/d", Games, rs)
		got, err := RulesetFromPartition(filepath.Base(dir))
		if err != nil || got != rs {
			t.Errorf("%q: got %q, %v (dir %s)", rs, got, err, dir)
		}
	}
	if got := filepath.Base(PartitionDir("/d", Games, "kingulu:seeds=5,holes=7")); got != "ruleset=kingulu%3Aseeds%3D5%2Choles%3D7" {
		t.Errorf("escaped dir %q", got)
	}
	for _, name := range []string{"variant=x", "ruleset=", "rulesets"} {
		if _, err := RulesetFromPartition(name); err == nil {
			t.Errorf("%q accepted as a ruleset partition", name)
		}
	}
}

// TestParseFileName checks that ParseFileName inverts FileName and
// refuses every other name.
func TestParseFileName(t *testing.T) {
	for _, cb := range [][2]int{{0, 0}, {7, 123}, {9999, 999999}, {12345, 1234567}} {
		c, b, ok := ParseFileName(FileName(cb[0], cb[1]))
		if !ok || c != cb[0] || b != cb[1] {
			t.Errorf("%v: got %d, %d, %v", cb, c, b, ok)
		}
	}
	for _, name := range []string{"part-c1-b2.parquet", "part-c0001-b000002.parquet.tmp", "part-c0001-b00002.parquet", "part-c-001-b000002.parquet",
		"part-c+001-b000002.parquet", "x-c0001-b000002.parquet", "part-c0001-b000002.csv", "part-c0001_b000002.parquet", ""} {
		if c, b, ok := ParseFileName(name); ok {
			t.Errorf("%q accepted as cell %d batch %d", name, c, b)
		}
	}
}

// TestEscapeEdges: the letters, digits and . _ - stay as they are, the
// characters next to them in ASCII (` { @ [ / :) are escaped as %XX.
// (Fails with any of the range tests' <= turned into <.)
func TestEscapeEdges(t *testing.T) {
	if got := EscapePartitionValue("azAZ09._-"); got != "azAZ09._-" {
		t.Errorf("unreserved characters escaped: %q", got)
	}
	if got := EscapePartitionValue("`{@[/:"); got != "%60%7B%40%5B%2F%3A" {
		t.Errorf("neighbours of the ranges: %q, want %%60%%7B%%40%%5B%%2F%%3A", got)
	}
}
