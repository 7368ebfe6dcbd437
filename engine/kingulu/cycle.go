package kingulu

import (
	"sync"
	"sync/atomic"
)

// Never-ending moves are found by their laps coming back to a lap start
// (see sow). Their cycles can be millions of laps long (on the default
// board's large layers, 99% of all laps went to never-ending moves), and
// many moves of nearby positions run into the same cycle, so a Game
// remembers the cycles found: not every lap start of a cycle, but its
// landmarks, the lap starts whose board hash has its top landmarkBits
// bits zero (one in 256). A lap start, with the player moving, decides
// every later lap of the move (banks and reservations cannot change
// while it sows on), so a move whose laps reach a remembered landmark
// never ends: sow checks the cache at each landmark and stops there, and
// a move on a known cycle is found within a few hundred laps. The cache
// holds each cycle's length and seeds sown, which MoveInfo reports for
// every never-ending move however it was found, so results and logs do
// not depend on what the cache held. It stops growing at
// maxCycleLandmarks (about 200 MB).
const (
	landmarkBits      = 8
	maxCycleLandmarks = 1 << 21
)

// cycleKey is a lap start: the board, the hole about to be lifted and the
// player moving.
type cycleKey struct {
	w     [maxWords]uint64
	h, me int8
}

// cycleLen is one cycle of a never-ending move: its laps and all seeds
// they sow.
type cycleLen struct{ laps, sown int64 }

type cycleCache struct {
	mu   sync.RWMutex
	m    map[cycleKey]cycleLen
	hits atomic.Int64 // moves found never-ending by a landmark
}

func newCycleCache() *cycleCache { return &cycleCache{m: map[cycleKey]cycleLen{}} }

// landmark reports whether the lap start of board hash lin about to lift
// the hole of hash key r is a landmark.
func landmark(lin, r uint64) bool { return (lin+r)>>(64-landmarkBits) == 0 }

func (c *cycleCache) get(k cycleKey) (cycleLen, bool) {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		c.hits.Add(1)
	}
	return v, ok
}

func (c *cycleCache) add(k cycleKey, v cycleLen) {
	c.mu.Lock()
	if len(c.m) < maxCycleLandmarks {
		c.m[k] = v
	}
	c.mu.Unlock()
}
