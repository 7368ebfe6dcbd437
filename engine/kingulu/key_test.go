package kingulu_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

func TestKeyRoundTrip(t *testing.T) {
	for i, rs := range []string{"kingulu", "kingulu:holes=3,seeds=1", "kingulu:holes=5,seeds=4,penultimate=never",
		"kingulu:infinite=draw,lap_limit=50", "kingulu:holes=12,seeds=12,first=north"} {
		enginetest.KeyRoundTrip(t, engine.MustParse(rs), 200, uint64(i+1))
	}
}

// TestKeyLength pins the key lengths quoted in the key format's comment.
func TestKeyLength(t *testing.T) {
	for rs, want := range map[string]int{"kingulu:holes=6,seeds=2": 50, "kingulu:holes=5,seeds=4": 62, "kingulu": 74} {
		g := engine.MustParse(rs)
		if got := g.(engine.Encoder).KeyBits(g.NewState()); got != want {
			t.Errorf("%s: %d key bits, want %d", rs, got, want)
		}
	}
}
