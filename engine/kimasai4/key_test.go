package kimasai4_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

func TestKeyRoundTrip(t *testing.T) {
	for i, rs := range []string{"kimasai-four-rows", "kimasai-four-rows:holes=4", "kimasai-four-rows:holes=8,empty_start=right,first=north",
		"kimasai-four-rows:holes=16"} {
		enginetest.KeyRoundTrip(t, engine.MustParse(rs), 200, uint64(i+1))
	}
}

// TestKeyLength pins the key length quoted in the key format's comment.
func TestKeyLength(t *testing.T) {
	g := engine.MustParse("kimasai-four-rows:holes=8")
	if got := g.(engine.Encoder).KeyBits(g.NewState()); got != 33 {
		t.Errorf("%d key bits, want 33", got)
	}
}

// TestChildKeys runs enginetest.ChildKeys on boards beyond the
// conformance suite's: max_plies=1, where every step that does not win
// leaves the game unfinished, and the other options' values.
func TestChildKeys(t *testing.T) {
	for i, rs := range []string{"kimasai-four-rows:holes=5,max_plies=1", "kimasai-four-rows:holes=4,empty_start=right,first=north,repetition=third",
		"kimasai-four-rows:holes=15"} {
		enginetest.ChildKeys(t, engine.MustParse(rs), 20, uint64(i+1))
	}
}
