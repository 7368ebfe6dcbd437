package sim

import (
	"time"

	"github.com/baolab/baolab/dataset"
)

// Observer follows a run; package sim/progress draws it. Its methods are
// called from one goroutine, in order: Start, then Batch and CellDone as
// batches finish, then Done (also after an error).
type Observer interface {
	Start(s Start)
	Batch(b Batch)
	CellDone(c CellDone)
	Done(s Summary)
}

// Start describes the work of a run.
type Start struct {
	Experiment dataset.Experiment
	Shard      int // this process plays shard Shard of Shards
	Shards     int
	Workers    int
	// Games is the number of games of this shard; GamesDone of them were
	// already finished by an earlier run (resume) and are skipped.
	Games, GamesDone int64
	// Batches is the number of batches of this shard, BatchesDone of them
	// finished earlier.
	Batches, BatchesDone int
	// Played returns the games played so far by this run (finished or
	// not yet written); safe to call from any goroutine until Done.
	Played func() int64
	// Notes say what the resume found and did: manifests rebuilt, files
	// verified without a checksum, batches played again because their
	// files did not verify. One line each.
	Notes []string
}

// Batch reports one finished batch.
type Batch struct {
	Cell    dataset.Cell
	Batch   int
	Games   int
	Plies   int64
	Results [4]int64 // south wins, north wins, draws, unfinished
}

// CellDone reports that every batch of a cell that this shard plays is
// finished. Games, Plies and Results count the games played by this run
// (a resumed run does not count the batches finished before it).
type CellDone struct {
	Cell    dataset.Cell
	Cells   int // cells in the experiment
	Games   int64
	Plies   int64
	Results [4]int64
	Elapsed time.Duration // since the run started
}

// Summary reports a finished (or failed) run.
type Summary struct {
	Games   int64 // games played by this run
	Plies   int64
	Elapsed time.Duration
	// Skipped counts games of batches finished by an earlier run.
	Skipped int64
	// DatasetComplete says whether every batch of every shard is finished.
	DatasetComplete bool
	Err             error
}

// GamesPerSecond returns the games played per second of wall time.
func (s Summary) GamesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Games) / s.Elapsed.Seconds()
}

type nopObserver struct{}

func (nopObserver) Start(Start)       {}
func (nopObserver) Batch(Batch)       {}
func (nopObserver) CellDone(CellDone) {}
func (nopObserver) Done(Summary)      {}
