package agent

import (
	"errors"
	"strconv"

	"github.com/baolab/baolab/engine"
)

// neverBits is the base-2 logarithm of the number of slots of a
// never-ending cache (16 bytes each: 64 KiB per agent).
const neverBits = 12

// neverCache remembers moves whose sowing never ends (engine.ErrNeverEnding
// with infinite=illegal), keyed by the position they start from and the
// move. Whether a sowing ends depends on nothing else (not the ply, not the
// history), so a remembered verdict holds wherever the position comes
// back: in later iterations of a search, in sibling lines, at later moves
// of the game and in later games of the same ruleset. Exact detection of
// one such move can take 10^8 laps (kimasai-two-rows); the cache pays that
// once per position and move, not once per visit.
//
// A slot holds the position hash (engine State.Hash, 64 bits, as the
// transposition table trusts it) and the move, so a lookup is exact up to
// a 64-bit hash collision. The table is direct-mapped: a new verdict
// overwrites the slot's old one, which costs a later detection, never a
// wrong answer. Moves that end, however long, are not remembered (their
// end position is needed), nor are never-ending moves under infinite=draw,
// which end the game.
//
// The cache never changes a choice: a remembered move is treated exactly
// as Apply would treat it, so an agent plays the same moves with a full
// cache, an empty one, or none (nil).
type neverCache struct {
	slots []neverSlot
	hits  int64 // verdicts answered from the cache (for tests)
}

type neverSlot struct {
	hash uint64
	move engine.Move
	set  bool
}

func newNeverCache() *neverCache {
	return &neverCache{slots: make([]neverSlot, 1<<neverBits)}
}

func (c *neverCache) slot(h uint64, m engine.Move) *neverSlot {
	return &c.slots[engine.SplitMixFinal(h^uint64(m)*engine.Golden)&(1<<neverBits-1)]
}

// known reports whether m is remembered as never-ending from s.
func (c *neverCache) known(s engine.State, m engine.Move) bool {
	if c == nil {
		return false
	}
	h := s.Hash()
	if sl := c.slot(h, m); sl.set && sl.hash == h && sl.move == m {
		c.hits++
		return true
	}
	return false
}

// remember records that m never ends from s.
func (c *neverCache) remember(s engine.State, m engine.Move) {
	if c != nil {
		h := s.Hash()
		*c.slot(h, m) = neverSlot{hash: h, move: m, set: true}
	}
}

// apply plays m on dst, a copy of src, as applyOn does, and reports false
// when m is never-ending (then dst is unspecified): from the cache when
// it knows m, else by sowing it, remembering the verdict.
func (c *neverCache) apply(dst, src engine.State, m engine.Move) bool {
	if c.known(src, m) {
		return false
	}
	if applyOn(dst, src, m) {
		return true
	}
	c.remember(src, m)
	return false
}

// applyHere plays m on s itself, as s.Apply does, except that a move the
// cache knows as never-ending is not sown: then s is unchanged and still
// lists m among its candidates, and the caller must treat m as Apply's
// engine.ErrNeverEnding (leave it out). It reports whether m was played.
func (c *neverCache) applyHere(s engine.State, m engine.Move) bool {
	if c.known(s, m) {
		return false
	}
	_, err := s.Apply(m)
	switch {
	case err == nil:
		return true
	case errors.Is(err, engine.ErrNeverEnding):
		c.remember(s, m)
		return false
	}
	panic("agent: candidate " + strconv.Itoa(int(m)) + " does not apply: " + err.Error())
}
