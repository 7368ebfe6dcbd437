package sim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync/atomic"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// cellState is what a worker keeps for one cell: its own states and
// agents (none of them is shared between workers), and the values of the
// cell's constant columns.
type cellState struct {
	cell    dataset.Cell
	key     uint64
	game    engine.Game
	init, s engine.State
	agents  [2]agent.Agent
	names   [2]string // agent specs
	variant string
	gdir    string // games partition directory
	mdir    string // moves partition directory
}

// worker plays batches. Each worker owns its buffers, so a batch never
// waits for another worker except to hand in its result.
type worker struct {
	exp    dataset.Experiment
	expID  string // exp.ID(), written in every row
	dir    string
	out    *dataset.Writer
	cells  map[int]*cellState
	moves  []engine.Move
	g      dataset.GameBatch
	m      dataset.MoveBatch
	opcg   rand.PCG      // the random opening's source, reseeded per game
	orng   *rand.Rand    // draws from opcg
	played *atomic.Int64 // games played by all workers, for progress
	// stop is set when the run is cancelled; play checks it before every
	// move, so a long game does not delay the stop (a ctx.Err per move
	// would cost a lock).
	stop *atomic.Bool
	// per-batch tallies
	results [4]int64 // games won by south, north, drawn, unfinished
	plies   int64
}

// newWorker returns a worker writing the dataset in dir through files
// that create makes (nil: dataset.CreateFile), telling temps (if not nil)
// of its temporary files.
func newWorker(exp dataset.Experiment, dir string, create func(string) (dataset.SyncFile, error), temps *tempSet) *worker {
	w := &worker{
		exp: exp, expID: exp.ID(), dir: dir, out: dataset.NewWriter(),
		cells: make(map[int]*cellState),
		moves: make([]engine.Move, 0, engine.MaxMoves),
	}
	w.out.Create = create
	if temps != nil {
		w.out.Temps = temps
	}
	w.orng = rand.New(&w.opcg)
	return w
}

func (w *worker) cell(c int) (*cellState, error) {
	if cs, ok := w.cells[c]; ok {
		return cs, nil
	}
	cell := w.exp.Cell(c)
	g, err := engine.Parse(cell.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("cell %d: %w", c, err)
	}
	south, north, err := agent.ParsePair(cell.Agents)
	if err != nil {
		return nil, fmt.Errorf("cell %d: %w", c, err)
	}
	init := g.NewState()
	cs := &cellState{
		cell: cell, key: dataset.CellKey(w.exp.Seed, cell.Ruleset, cell.Agents),
		game: g, init: init, s: init.Clone(),
		agents:  [2]agent.Agent{south.New(g), north.New(g)},
		names:   [2]string{south.String(), north.String()},
		variant: g.Variant(),
		gdir:    dataset.PartitionDir(w.dir, dataset.Games, cell.Ruleset),
		mdir:    dataset.PartitionDir(w.dir, dataset.Moves, cell.Ruleset),
	}
	for _, d := range []string{cs.gdir, cs.mdir} {
		if d == cs.mdir && !w.exp.Moves {
			continue
		}
		if err := os.MkdirAll(d, 0o777); err != nil {
			return nil, fmt.Errorf("create %s: %w", d, err)
		}
	}
	w.cells[c] = cs
	return cs, nil
}

// batchResult is what a worker hands in for a finished batch.
type batchResult struct {
	rec     dataset.BatchRecord
	results [4]int64
}

// runBatch plays batch b of cell c and writes its files: the moves file
// first, then the games file, whose rename marks the batch finished.
func (w *worker) runBatch(ctx context.Context, c, b int) (batchResult, error) {
	cs, err := w.cell(c)
	if err != nil {
		return batchResult{}, err
	}
	lo, hi := w.exp.BatchRange(b)
	w.g.Reset()
	w.m.Reset()
	w.results, w.plies = [4]int64{}, 0
	var mf *dataset.TableFile
	var msum *dataset.FileSum
	if w.exp.Moves {
		mf, err = w.out.OpenBatch(w.dir, dataset.Moves, cs.cell.Ruleset, c, b)
		if err != nil {
			return batchResult{}, err
		}
		defer func() {
			if mf != nil {
				mf.Abort()
			}
		}()
	}
	for i := lo; i < hi; i++ {
		if err := ctx.Err(); err != nil {
			return batchResult{}, err
		}
		if err := w.play(cs, i); err != nil {
			return batchResult{}, err
		}
		if w.played != nil {
			w.played.Add(1)
		}
		if mf != nil && w.m.Len() >= dataset.MoveRowGroup {
			if err := w.flushMoves(mf); err != nil {
				return batchResult{}, err
			}
		}
	}
	meta := dataset.FileMeta{Experiment: w.expID, Cell: c, Batch: b, Games: hi - lo, Plies: w.plies}
	if mf != nil {
		if w.m.Len() > 0 {
			if err := w.flushMoves(mf); err != nil {
				return batchResult{}, err
			}
		}
		err := mf.Commit(meta)
		sum := mf.Sum()
		mf, msum = nil, &sum
		if err != nil {
			return batchResult{}, err
		}
	}
	gf, err := w.out.OpenBatch(w.dir, dataset.Games, cs.cell.Ruleset, c, b)
	if err != nil {
		return batchResult{}, err
	}
	if err := gf.WriteGames(&w.g); err != nil {
		gf.Abort()
		return batchResult{}, err
	}
	if err := gf.Commit(meta); err != nil {
		return batchResult{}, err
	}
	gsum := gf.Sum()
	return batchResult{
		rec:     dataset.BatchRecord{Cell: c, Batch: b, Games: hi - lo, Plies: w.plies, GamesFile: &gsum, MovesFile: msum},
		results: w.results,
	}, nil
}

func (w *worker) flushMoves(mf *dataset.TableFile) error {
	err := mf.WriteMoves(&w.m)
	w.m.Reset()
	return err
}

// appendMove appends a move's row to w.m: the game's first with Append,
// the others with AppendNext, as they have the experiment and ruleset of
// the first; *first tells which and is set once the first is in.
func (w *worker) appendMove(mr *dataset.MoveRow, first *bool) {
	if *first {
		w.m.AppendNext(mr)
		return
	}
	w.m.Append(mr)
	*first = true
}

// play plays game i of the cell and appends its rows.
func (w *worker) play(cs *cellState, i int) error {
	gs := dataset.GameSeed(cs.key, i)
	id := w.exp.GameID(cs.cell.Index, i)
	s := cs.s
	s.CopyFrom(cs.init)
	var (
		opening int
		orng    *rand.Rand
	)
	if w.exp.OpeningPlies > 0 {
		w.opcg.Seed(dataset.OpeningSeed(w.exp.Seed, cs.cell.Ruleset, i), 0)
		orng = w.orng
	}
	cs.agents[engine.South].Reset(dataset.AgentSeed(gs, engine.South))
	cs.agents[engine.North].Reset(dataset.AgentSeed(gs, engine.North))
	var (
		captures, captured int32
		reservations       int32
		maxLaps            int64
		logMoves           = w.exp.Moves
		firstLogged        bool // the game's first move is in w.m
		mr                 = dataset.MoveRow{Experiment: w.expID, GameID: id, Ruleset: cs.cell.Ruleset}
	)
	for !s.Over() {
		if w.stop != nil && w.stop.Load() {
			return context.Canceled
		}
		moves := s.Candidates(w.moves[:0])
		if len(moves) == 0 {
			return fmt.Errorf("cell %d (%s) game %d ply %d: game not over but no candidate moves", cs.cell.Index, cs.cell.Ruleset, i, s.Ply())
		}
		p := s.Player()
		var mv engine.Move
		inOpening := opening < w.exp.OpeningPlies
		if inOpening {
			mv = moves[orng.IntN(len(moves))]
		} else {
			mv = cs.agents[p].Choose(s, moves)
		}
		ply := s.Ply()
		info, err := s.Apply(mv)
		if err != nil {
			if errors.Is(err, engine.ErrNeverEnding) {
				continue // mv is no longer a candidate; choose again
			}
			return fmt.Errorf("cell %d (%s, %s) game %d ply %d: move %d: %w", cs.cell.Index, cs.cell.Ruleset, cs.names[p], i, ply, mv, err)
		}
		if inOpening {
			opening++
		}
		captures += info.Captures
		captured += info.Captured
		if info.Reserved {
			reservations++
		}
		maxLaps = max(maxLaps, info.Laps)
		if logMoves {
			mr.Ply, mr.Player, mr.Move, mr.Legal = int32(ply), p, int8(mv), int16(len(moves))
			mr.Laps, mr.Sown, mr.Captured, mr.Reserved = info.Laps, info.Sown, info.Captured, info.Reserved
			mr.MaterialSouth, mr.MaterialNorth = int32(s.Material(engine.South)), int32(s.Material(engine.North))
			mr.Hash = s.Hash()
			w.appendMove(&mr, &firstLogged)
		}
	}
	r := s.Result()
	if r < engine.SouthWins || r > engine.Unfinished {
		return fmt.Errorf("cell %d (%s) game %d: game over with result %v", cs.cell.Index, cs.cell.Ruleset, i, r)
	}
	plies := s.Ply()
	w.g.Append(&dataset.GameRow{
		Experiment: w.expID, ID: id, Ruleset: cs.cell.Ruleset, Variant: cs.variant, South: cs.names[engine.South], North: cs.names[engine.North],
		First: cs.init.Player(), Seed: gs, Result: r, EndReason: s.EndReason(), Plies: int32(plies),
		MaterialSouth: int32(s.Material(engine.South)), MaterialNorth: int32(s.Material(engine.North)),
		FirstRepeatPly: int32(s.FirstRepeatPly()), Captures: captures, Captured: captured, MaxLaps: maxLaps,
		NeverEnding: int32(s.NeverEndingMet()), Reservations: reservations, OpeningPlies: int32(opening),
	})
	w.results[r-engine.SouthWins]++
	w.plies += int64(plies)
	return nil
}
