package kimasai2_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

func TestKeyRoundTrip(t *testing.T) {
	for i, rs := range []string{"kimasai-two-rows:lap_limit=2000", "kimasai-two-rows:holes=4,reserve=4",
		"kimasai-two-rows:holes=5,reserve=2,opening_intro=on,capture_sow=next", "kimasai-two-rows:reserve=0,infinite=draw,lap_limit=500",
		"kimasai-two-rows:holes=16,reserve=64,lap_limit=500,max_plies=200"} {
		enginetest.KeyRoundTrip(t, engine.MustParse(rs), 100, uint64(i+1))
	}
}

// TestKeyLength pins the key length quoted in the key format's comment.
func TestKeyLength(t *testing.T) {
	g := engine.MustParse("kimasai-two-rows:holes=4,reserve=4")
	if got := g.(engine.Encoder).KeyBits(g.NewState()); got != 35 {
		t.Errorf("%d key bits, want 35", got)
	}
}
