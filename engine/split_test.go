package engine_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
)

// TestSplitRuleset checks which options of the three variants set the
// board's size: holes and seeds in kingulu, holes and reserve in
// kimasai-two-rows, holes in kimasai-four-rows; everything else is a
// reading.
func TestSplitRuleset(t *testing.T) {
	for _, c := range []struct{ ruleset, variant, board, reading string }{
		{"kingulu", "kingulu", "holes=6,seeds=4", ""},
		{"kingulu:seeds=3,holes=4,max_reserved=0", "kingulu", "holes=4,seeds=3", "max_reserved=0"},
		{"kingulu:holes=5,min_lift=2,skip_origin=on", "kingulu", "holes=5,seeds=4", "min_lift=2,skip_origin=on"},
		{"kimasai-two-rows:reserve=1,holes=4,win_check=capture", "kimasai-two-rows", "holes=4,reserve=1", "win_check=capture"},
		{"kimasai-four-rows:empty_start=right", "kimasai-four-rows", "holes=12", "empty_start=right"},
	} {
		variant, board, reading, err := engine.SplitRuleset(c.ruleset)
		if err != nil || variant != c.variant || board != c.board || reading != c.reading {
			t.Errorf("%s: %q %q %q %v, want %q %q %q", c.ruleset, variant, board, reading, err, c.variant, c.board, c.reading)
		}
	}
	if _, _, _, err := engine.SplitRuleset("kingulu:holes=99"); err == nil {
		t.Error("kingulu:holes=99: no error")
	}
}
