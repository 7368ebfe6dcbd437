package dataset

import (
	"hash/fnv"

	"github.com/baolab/baolab/engine"
)

// golden is 2^64 divided by the golden ratio, SplitMix64's increment.
const golden = engine.Golden

// Mix is SplitMix64's finalizer (engine.SplitMixFinal): a bijection of
// uint64 whose output bits each depend on every input bit.
func Mix(z uint64) uint64 { return engine.SplitMixFinal(z) }

func fnv64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// CellKey returns the key from which every game seed of one cell derives:
//
//	k = Mix(seed + φ)
//	k = Mix(k ^ FNV-1a-64(ruleset))
//	k = Mix(k ^ FNV-1a-64(agents))
//
// where φ = 0x9e3779b97f4a7c15, ruleset is the canonical ruleset and
// agents the canonical agent pair "SOUTH/NORTH". It depends on nothing
// else: not on the cell's position in the experiment, the number of games,
// workers or shards.
func CellKey(seed uint64, ruleset, agents string) uint64 {
	k := Mix(seed + golden)
	k = Mix(k ^ fnv64(ruleset))
	return Mix(k ^ fnv64(agents))
}

// OpeningSeed returns the seed of the random opening of game i of every
// cell of ruleset: GameSeed(CellKey(seed, ruleset, "opening"), i). It does
// not depend on the agent pair, so both seat orders of a pair, and every
// pair of a ladder, play the same K opening plies in their game i. The
// opening draws its moves from a PCG seeded with (OpeningSeed, 0).
func OpeningSeed(seed uint64, ruleset string, i int) uint64 {
	return GameSeed(CellKey(seed, ruleset, "opening"), i)
}

// GameSeed returns the seed of game i of a cell with key k (the games
// table's seed column): Mix(k + (i+1)·φ), SplitMix64's i-th output.
func GameSeed(k uint64, i int) uint64 { return Mix(k + uint64(i+1)*golden) }

// AgentSeed returns the seed passed to an agent's Reset for player p in
// the game whose seed is gameSeed: Mix(gameSeed ^ (p+1)·φ), so the two
// seats draw from unrelated streams.
func AgentSeed(gameSeed uint64, p engine.Player) uint64 {
	return Mix(gameSeed ^ (uint64(p)+1)*golden)
}
