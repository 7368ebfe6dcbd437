package dataset

import (
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestAgentSeedKnownValues pins the per-seat agent seeds: a change would
// silently change every game of every dataset. The values were computed
// from the documented formula Mix(gameSeed ^ (p+1)·φ) by a separate
// SplitMix64/FNV-1a implementation (Python), not by this code.
func TestAgentSeedKnownValues(t *testing.T) {
	for i, c := range []struct {
		game         uint64
		south, north uint64
	}{
		{0, 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4},
		{1, 0xe4d971771b652c20, 0xbeeb8da1658eec67},
		{0xdeadbeefcafef00d, 0x04c0d3b321a30d52, 0x026c9ff871bcb301},
	} {
		if s, n := AgentSeed(c.game, engine.South), AgentSeed(c.game, engine.North); s != c.south || n != c.north {
			t.Errorf("case %d: AgentSeed(%#x) = %#x, %#x; want %#x, %#x", i, c.game, s, n, c.south, c.north)
		}
	}
	// The whole chain for game 0 of kingulu × random/random, experiment seed 1.
	k := CellKey(1, "kingulu", "random/random")
	gs := GameSeed(k, 0)
	if k != 0xe5981e7b76f5e286 || gs != 0x4cc45e0592912c74 {
		t.Fatalf("cell key %#x, game seed %#x", k, gs)
	}
	if s, n := AgentSeed(gs, engine.South), AgentSeed(gs, engine.North); s != 0x190c359c05b14396 || n != 0x97f50557018c8fba {
		t.Errorf("agent seeds of game 0: %#x, %#x", s, n)
	}
}
