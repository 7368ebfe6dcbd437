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
	if _, err := RulesetFromPartition("variant=x"); err == nil {
		t.Error("foreign partition accepted")
	}
}
