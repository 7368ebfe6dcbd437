package agent

import (
	"errors"
	"math/rand/v2"
	"strconv"

	"github.com/baolab/baolab/engine"
)

// seeded holds an agent's random source. Each agent kind draws from its
// own PCG stream, so two different agents given the same seed do not make
// correlated choices.
type seeded struct {
	pcg    rand.PCG
	rng    *rand.Rand
	stream uint64
}

func (r *seeded) init(stream uint64) {
	r.stream = stream
	r.rng = rand.New(&r.pcg)
	r.Reset(0)
}

// Reset reseeds the source.
func (r *seeded) Reset(seed uint64) { r.pcg.Seed(seed, r.stream) }

// PCG stream numbers, one per agent kind.
const (
	streamRandom    = 0x72616e646f6d // "random"
	streamGreedy    = 0x677265656479 // "greedy"
	streamAlphaBeta = 0x616c70686162 // "alphab"
	streamMCTS      = 0x6d637473     // "mcts"
	streamPerfect   = 0x70657266     // "perf"
)

// Scores of the search agents, from the view of one player: the material
// difference (own minus opponent's) for a game that goes on, and ±(win -
// plies to the end) for a won or lost game, so a faster win and a slower
// loss score higher. A draw and an unfinished game (max_plies) score 0.
const (
	scoreWin int32 = 1 << 24
	scoreInf int32 = 1 << 30
)

// score returns the value of s for player p, dist plies after the root.
func score(s engine.State, p engine.Player, dist int) int32 {
	switch s.Result() {
	case engine.Ongoing:
		return int32(s.Material(p) - s.Material(p.Other()))
	case engine.Draw, engine.Unfinished:
		return 0
	}
	if s.Result() == engine.Win(p) {
		return scoreWin - int32(dist)
	}
	return -scoreWin + int32(dist)
}

// applyOn plays m on dst, a copy of src. It reports false when m turns out
// never-ending with infinite=illegal (or fails for another reason, which a
// candidate never should).
func applyOn(dst, src engine.State, m engine.Move) bool {
	dst.CopyFrom(src)
	_, err := dst.Apply(m)
	if err != nil && !errors.Is(err, engine.ErrNeverEnding) {
		panic("agent: candidate " + strconv.Itoa(int(m)) + " does not apply: " + err.Error())
	}
	return err == nil
}

// endOfRejected returns in dst the position src reaches when every move of
// moves, all never-ending, has been rejected: with infinite=illegal the
// player to move then has no legal move and the game is over.
func endOfRejected(dst, src engine.State, moves []engine.Move) {
	dst.CopyFrom(src)
	for _, m := range moves {
		if dst.Over() {
			return
		}
		dst.Apply(m)
	}
}
