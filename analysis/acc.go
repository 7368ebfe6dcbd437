package analysis

import (
	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// cellKey identifies a cell: a ruleset × agent pair.
type cellKey struct {
	ruleset, south, north string
}

// cellAcc accumulates the statistics of one cell. A worker fills one per
// file; the merger adds them up in file order.
type cellAcc struct {
	key     cellKey
	variant string
	first   engine.Player
	cell    int // the cell number of the file names
	// experiment is the ID of the experiment that wrote the files ("" if
	// they do not say).
	experiment string

	games       int64
	results     [5]int64 // by engine.Result
	firstWins   int64
	secondWins  int64
	endReasons  [8]int64 // by engine.EndReason
	cycles      int64
	neverEnding int64
	neGames     int64
	captures    stats.Moments
	captured    stats.Moments
	maxLaps     int64
	plies       stats.IntHist

	// From the move log.
	moves    int64
	legal    stats.Ratio // legal moves per move
	decision stats.Ratio // moves with more than one legal move, per move
	laps     stats.Ratio // laps per move
	lead     stats.Moments
	decisive stats.Moments

	// Within a file: the first mover's score in half points (0, 1 or 2)
	// of each game, in order, for the convergence curve.
	seq []uint8
	// After merging: the running convergence.
	conv convergence
	// Game ids seen, to check that a cell's batches are contiguous.
	firstID, lastID int64
	// Fingerprints of the distinct move sequences seen (from the move
	// log), at most summary.DistinctCap of them.
	distinct map[uint64]struct{}
}

// addDistinct records a game's fingerprint.
func (a *cellAcc) addDistinct(fp uint64) {
	if a.distinct == nil {
		a.distinct = make(map[uint64]struct{})
	}
	if len(a.distinct) < summary.DistinctCap {
		a.distinct[fp] = struct{}{}
	}
}

// mix64 is the first output of SplitMix64 seeded with z.
func mix64(z uint64) uint64 { return engine.SplitMix64(&z) }

// merge adds the file partial o (of the same cell) to a.
func (a *cellAcc) merge(o *cellAcc, conf float64) {
	a.games += o.games
	for i := range a.results {
		a.results[i] += o.results[i]
	}
	a.firstWins += o.firstWins
	a.secondWins += o.secondWins
	for i := range a.endReasons {
		a.endReasons[i] += o.endReasons[i]
	}
	a.cycles += o.cycles
	a.neverEnding += o.neverEnding
	a.neGames += o.neGames
	a.captures.Merge(o.captures)
	a.captured.Merge(o.captured)
	a.maxLaps = max(a.maxLaps, o.maxLaps)
	a.plies.Merge(&o.plies)
	a.moves += o.moves
	a.legal.Merge(o.legal)
	a.decision.Merge(o.decision)
	a.laps.Merge(o.laps)
	a.lead.Merge(o.lead)
	a.decisive.Merge(o.decisive)
	for fp := range o.distinct {
		a.addDistinct(fp)
	}
	for _, s := range o.seq {
		a.conv.add(s, conf)
	}
	a.lastID = o.lastID
}

// convergence records the first-player advantage after 10, 20, 50, 100,
// 200, 500, ... games.
type convergence struct {
	n, score2 int64 // games and first-mover score in half points
	next      int64 // next checkpoint
	points    []point
}

type point struct {
	games         int64
	value, lo, hi float64
}

func (c *convergence) add(s uint8, conf float64) {
	if c.next == 0 {
		c.next = 10
	}
	c.n++
	c.score2 += int64(s)
	if c.n == c.next {
		c.points = append(c.points, c.point(conf))
		c.next = nextCheckpoint(c.next)
	}
}

// point returns the estimate after the games seen so far.
func (c *convergence) point(conf float64) point {
	v := float64(c.score2) / 2 / float64(c.n)
	lo, hi := stats.Wilson(float64(c.score2)/2, float64(c.n), conf)
	return point{c.n, v, lo, hi}
}

// nextCheckpoint steps through 1, 2, 5 × 10^k.
func nextCheckpoint(n int64) int64 {
	m := n
	for m >= 10 {
		m /= 10
	}
	switch m {
	case 1:
		return n * 2
	case 2:
		return n / 2 * 5
	default:
		return n * 2
	}
}
