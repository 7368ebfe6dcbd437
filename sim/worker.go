package sim

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/parquet"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// AgentSeed returns the seed passed to Agent.Reset for player p in the
// game whose seed is gameSeed: Mix(gameSeed ^ (p+1)·φ), so the two seats
// draw from unrelated streams.
func AgentSeed(gameSeed uint64, p engine.Player) uint64 {
	return dataset.Mix(gameSeed ^ (uint64(p)+1)*engine.Golden)
}

// cellState is what a worker keeps for one cell: its own states and
// agents (none of them is shared between workers), and the dictionaries
// of the cell's string columns.
type cellState struct {
	cell    dataset.Cell
	key     uint64
	game    engine.Game
	init, s engine.State
	agents  [2]agent.Agent
	names   [2]string // agent specs
	dicts   *dicts
	gdir    string // games partition directory
	mdir    string // moves partition directory
}

// worker plays batches. Each worker owns its buffers, so a batch never
// waits for another worker except to hand in its result.
type worker struct {
	exp    dataset.Experiment
	dir    string
	props  *parquet.WriterProperties
	create func(string) (syncFile, error)
	tag    string // of this worker's temporary files (tempTag)
	cells  map[int]*cellState
	moves  []engine.Move
	g      gameCols
	m      moveCols
	zero   []int32
	bw     *bufio.Writer
	opcg   rand.PCG      // the random opening's source, reseeded per game
	orng   *rand.Rand    // draws from opcg
	played *atomic.Int64 // games played by all workers, for progress
	// stop is set when the run is cancelled; play checks it before every
	// move, so a long game does not delay the stop (a ctx.Err per move
	// would cost a lock).
	stop *atomic.Bool
	// temps holds the temporary files being written (nil: not tracked).
	temps *tempSet
	// per-batch tallies
	results [4]int64 // games won by south, north, drawn, unfinished
	plies   int64
}

func newWorker(exp dataset.Experiment, dir string, create func(string) (syncFile, error)) *worker {
	w := &worker{
		exp: exp, dir: dir, props: writerProps(), create: create, tag: tempTag(),
		cells: make(map[int]*cellState),
		moves: make([]engine.Move, 0, engine.MaxMoves),
		bw:    bufio.NewWriterSize(nil, 1<<20),
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
		agents: [2]agent.Agent{south.New(g), north.New(g)},
		names:  [2]string{south.String(), north.String()},
		dicts:  newDicts(cell.Ruleset, g.Variant(), south.String(), north.String(), init.Player()),
		gdir:   dataset.PartitionDir(w.dir, dataset.Games, cell.Ruleset),
		mdir:   dataset.PartitionDir(w.dir, dataset.Moves, cell.Ruleset),
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
	w.g.reset()
	w.m.reset()
	w.results, w.plies = [4]int64{}, 0
	name := dataset.FileName(c, b)
	var mf *tableFile
	if w.exp.Moves {
		mf, err = openTable(w.create, w.temps, cs.mdir, dataset.TempName(c, b, w.tag), name, dataset.MovesSchema, w.props, w.bw)
		if err != nil {
			return batchResult{}, err
		}
		defer func() {
			if mf != nil {
				mf.abort()
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
		if mf != nil && w.m.len() >= moveRowGroup {
			if err := w.flushMoves(mf, cs); err != nil {
				return batchResult{}, err
			}
		}
	}
	meta := [][2]string{
		{dataset.MetaExperiment, w.exp.ID()},
		{dataset.MetaCell, strconv.Itoa(c)},
		{dataset.MetaBatch, strconv.Itoa(b)},
		{dataset.MetaGames, strconv.Itoa(hi - lo)},
		{dataset.MetaPlies, strconv.FormatInt(w.plies, 10)},
	}
	if mf != nil {
		if w.m.len() > 0 {
			if err := w.flushMoves(mf, cs); err != nil {
				return batchResult{}, err
			}
		}
		err := mf.commit(meta)
		mf = nil
		if err != nil {
			return batchResult{}, err
		}
	}
	gf, err := openTable(w.create, w.temps, cs.gdir, dataset.TempName(c, b, w.tag), name, dataset.GamesSchema, w.props, w.bw)
	if err != nil {
		return batchResult{}, err
	}
	rec := w.g.record(cs.dicts, &w.zero)
	err = gf.write(rec)
	rec.Release()
	if err != nil {
		gf.abort()
		return batchResult{}, err
	}
	if err := gf.commit(meta); err != nil {
		return batchResult{}, err
	}
	return batchResult{
		rec:     dataset.BatchRecord{Cell: c, Batch: b, Games: hi - lo, Plies: w.plies},
		results: w.results,
	}, nil
}

func (w *worker) flushMoves(mf *tableFile, cs *cellState) error {
	rec := w.m.record(cs.dicts, &w.zero)
	err := mf.write(rec)
	rec.Release()
	w.m.reset()
	return err
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
	cs.agents[engine.South].Reset(AgentSeed(gs, engine.South))
	cs.agents[engine.North].Reset(AgentSeed(gs, engine.North))
	var (
		captures, captured int32
		reservations       int32
		maxLaps            int64
		logMoves           = w.exp.Moves
		m                  = &w.m
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
			m.addReserved(info.Reserved)
			m.id = append(m.id, id)
			m.ply = append(m.ply, int32(ply))
			m.player = append(m.player, int32(p))
			m.move = append(m.move, int8(mv))
			m.legal = append(m.legal, int16(len(moves)))
			m.laps = append(m.laps, info.Laps)
			m.sown = append(m.sown, info.Sown)
			m.captured = append(m.captured, info.Captured)
			m.matS = append(m.matS, int32(s.Material(engine.South)))
			m.matN = append(m.matN, int32(s.Material(engine.North)))
			m.hash = append(m.hash, s.Hash())
		}
	}
	r := s.Result()
	if r < engine.SouthWins || r > engine.Unfinished {
		return fmt.Errorf("cell %d (%s) game %d: game over with result %v", cs.cell.Index, cs.cell.Ruleset, i, r)
	}
	plies := s.Ply()
	g := &w.g
	n := g.len()
	g.id = append(g.id, id)
	g.seed = append(g.seed, gs)
	g.result = append(g.result, int32(r-engine.SouthWins))
	g.endReason = append(g.endReason, int32(s.EndReason())-1)
	g.plies = append(g.plies, int32(plies))
	g.matS = append(g.matS, int32(s.Material(engine.South)))
	g.matN = append(g.matN, int32(s.Material(engine.North)))
	if n%8 == 0 {
		g.firstRepOK = append(g.firstRepOK, 0)
	}
	if fr := s.FirstRepeatPly(); fr >= 0 {
		g.firstRep = append(g.firstRep, int32(fr))
		g.firstRepOK[n/8] |= 1 << (n % 8)
	} else {
		g.firstRep = append(g.firstRep, 0)
		g.nulls++
	}
	g.captures = append(g.captures, captures)
	g.captured = append(g.captured, captured)
	g.maxLaps = append(g.maxLaps, maxLaps)
	g.neverEnding = append(g.neverEnding, int32(s.NeverEndingMet()))
	g.reserv = append(g.reserv, reservations)
	g.opening = append(g.opening, int32(opening))
	w.results[r-engine.SouthWins]++
	w.plies += int64(plies)
	return nil
}
