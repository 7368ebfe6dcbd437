package analysis

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// Tables written by another tool, listed by load.Open and read with
// load.OpenForeign.
//
// Rows may come in any order, but the moves of one game must be in ply
// order. The games are held in memory (about 130 bytes each: the row, its
// move statistics and an index by game_id), since nothing says which file
// holds which game.

// gameRow is what the analysis keeps of one game of another tool's table.
type gameRow struct {
	key                gameKey
	id                 int64
	maxLaps            int64
	plies              int32
	neverEnding        int32
	captures, captured int32
	result             engine.Result
	reason             engine.EndReason
	cycle              bool
	cell               int32
	file               int32 // index in load.Dataset.Games
	moves              gameMoves
}

// gameKey identifies a game of another tool's tables: (experiment_id,
// game_id) when the games table has an experiment_id column (tables of
// several datasets stacked), game_id alone (experiment "") when it has
// none.
type gameKey struct {
	experiment string
	id         int64
}

// String names the game in messages.
func (k gameKey) String() string {
	if k.experiment == "" {
		return fmt.Sprint(k.id)
	}
	return fmt.Sprintf("%d of experiment %s", k.id, k.experiment)
}

// gameIndex finds the games of another tool's tables by key, and by
// game_id alone for a moves file without experiment_id.
type gameIndex struct {
	byKey map[gameKey]int
	byID  map[int64]int // -1: the game_id is in several experiments
	// stacked says that some game has an experiment_id: a moves file is
	// then matched on both keys when it has that column.
	stacked bool
}

// newGameIndex indexes rows. When a key is in two rows, it returns the
// indices of the first two (else -1, -1).
func newGameIndex(rows []gameRow) (ix gameIndex, first, again int) {
	ix = gameIndex{byKey: make(map[gameKey]int, len(rows)), byID: make(map[int64]int, len(rows))}
	for i, g := range rows {
		if j, ok := ix.byKey[g.key]; ok {
			return ix, j, i
		}
		ix.byKey[g.key] = i
		ix.stacked = ix.stacked || g.key.experiment != ""
		if _, ok := ix.byID[g.key.id]; ok {
			ix.byID[g.key.id] = -1
		} else {
			ix.byID[g.key.id] = i
		}
	}
	return ix, -1, -1
}

// find returns the index of the game that a moves row names, with its
// experiment_id when the moves file has that column (withExp).
func (ix gameIndex) find(k gameKey, withExp bool) (int, error) {
	if withExp {
		if i, ok := ix.byKey[k]; ok {
			return i, nil
		}
		return 0, fmt.Errorf("game_id %s is not in the games table (export the moves of the games kept only)", k)
	}
	switch i, ok := ix.byID[k.id]; {
	case !ok:
		return 0, fmt.Errorf("game_id %d is not in the games table (export the moves of the games kept only)", k.id)
	case i < 0:
		return 0, fmt.Errorf("game_id %d is in several experiments of the games table, and the moves table has no experiment_id column to tell them apart", k.id)
	default:
		return i, nil
	}
}

// foreignCell is one cell of another tool's tables.
type foreignCell struct {
	key     cellKey
	variant string
	first   string
	path    string // the file where it was first seen
	games   []int  // indices into the rows
}

// scanTables reads the tables of another tool and returns the statistics
// of every cell, ordered by ruleset and agents.
func scanTables(ctx context.Context, ds *load.Dataset, opt Options) (_ []*cellAcc, err error) {
	defer func() { err = load.RepairHint(err) }()
	total, done := len(ds.Games)+len(ds.Moves), 0
	report := func() {
		done++
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	fg := foreignGames{byKey: map[cellKey]int32{}}
	for fi, f := range ds.Games {
		if err := fg.readFile(ctx, fi, f); err != nil {
			return nil, err
		}
		report()
	}
	rows := fg.rows
	index, j, i := newGameIndex(rows)
	if i >= 0 {
		return nil, fmt.Errorf("dataset %s: game_id %s is in the games table twice (%s and %s)", ds.Dir, rows[i].key, ds.Games[rows[j].file].Path, ds.Games[rows[i].file].Path)
	}
	for _, f := range ds.Moves {
		if err := scanForeignMoves(ctx, f, rows, index); err != nil {
			return nil, err
		}
		report()
	}
	if ds.Moves != nil {
		for _, g := range rows {
			if g.moves.plies != g.plies {
				return nil, fmt.Errorf("dataset %s: game %s has %d plies in the games table but %d moves in the moves table", ds.Dir, g.key, g.plies, g.moves.plies)
			}
		}
	}
	return fg.accs(ds.Moves != nil, opt.Confidence), nil
}

// foreignGames holds the games rows of another tool's tables, which come
// in no particular order, and the cells they belong to.
type foreignGames struct {
	rows  []gameRow
	cells []*foreignCell
	byKey map[cellKey]int32 // index in cells
	ss    [8]dataset.Words  // string columns of the current batch (the last: experiment_id)
	ibuf  [8][]int64        // integer columns of the current batch
}

// readFile adds the rows of games file fi of the dataset, f.
func (fg *foreignGames) readFile(ctx context.Context, fi int, f load.File) error {
	r, err := load.OpenForeign(ctx, f, gamesRead, dataset.ExperimentID)
	if err != nil {
		return err
	}
	defer r.Close()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := r.Next()
		if err != nil || !ok {
			return err
		}
		if err := fg.addBatch(r, fi, f); err != nil {
			return err
		}
	}
}

// addBatch adds the rows of the current record batch of r.
func (fg *foreignGames) addBatch(r *load.ForeignReader, fi int, f load.File) error {
	ss, ibuf := &fg.ss, &fg.ibuf
	for k, n := range []string{"ruleset", "variant", "agent_south", "agent_north", "first", "result", "end_reason", dataset.ExperimentID} {
		if n == dataset.ExperimentID && !r.Has(n) {
			ss[k].Dict, ss[k].Codes = append(ss[k].Dict[:0], ""), make([]int32, len(ss[0].Codes))
			continue
		}
		if err := r.Strings(n, &ss[k]); err != nil {
			return err
		}
	}
	const i32 = math.MaxInt32
	cols := []struct {
		name   string
		lo, hi int64
	}{{"game_id", math.MinInt64, math.MaxInt64}, {"plies", 0, i32}, {"first_repeat_ply", math.MinInt32, i32},
		{"captures", math.MinInt32, i32}, {"captured", math.MinInt32, i32}, {"max_laps", math.MinInt64, math.MaxInt64}, {"never_ending", math.MinInt32, i32}}
	var repeat func(int) bool
	for k, c := range cols {
		var valid func(int) bool
		var err error
		ibuf[k], valid, err = r.Ints(c.name, c.lo, c.hi, ibuf[k])
		if err != nil {
			return err
		}
		if c.name == "first_repeat_ply" {
			repeat = valid
		}
	}
	for i, id := range ibuf[0] {
		row := r.Row() + int64(i)
		str := func(k int) string { return ss[k].At(i) }
		key := cellKey{str(0), str(2), str(3)}
		c, ok := fg.byKey[key]
		if !ok {
			if _, err := dataset.ParsePlayer(str(4)); err != nil {
				return fmt.Errorf("%s: row %d: column first: %w", f.Path, row, err)
			}
			c = int32(len(fg.cells))
			fg.byKey[key] = c
			fg.cells = append(fg.cells, &foreignCell{key: key, variant: str(1), first: str(4), path: f.Path})
		}
		fc := fg.cells[c]
		if fc.variant != str(1) || fc.first != str(4) {
			return fmt.Errorf("%s: row %d: %s %s/%s has variant %s and first %s, but variant %s and first %s in %s",
				f.Path, row, key.ruleset, key.south, key.north, str(1), str(4), fc.variant, fc.first, fc.path)
		}
		res, err := dataset.ParseResult(str(5))
		if err != nil {
			return fmt.Errorf("%s: row %d: %w", f.Path, row, err)
		}
		reason, err := dataset.ParseEndReason(str(6))
		if err != nil {
			return fmt.Errorf("%s: row %d: %w", f.Path, row, err)
		}
		fc.games = append(fc.games, len(fg.rows))
		fg.rows = append(fg.rows, gameRow{key: gameKey{str(7), id}, plies: int32(ibuf[1][i]), cycle: repeat(i), captures: int32(ibuf[3][i]),
			captured: int32(ibuf[4][i]), maxLaps: ibuf[5][i], neverEnding: int32(ibuf[6][i]), result: res, reason: reason,
			cell: c, file: int32(fi), moves: gameMoves{lastNotLeading: -1, fp: uint64(ibuf[1][i])}})
	}
	return nil
}

// accs returns the statistics of every cell, cells sorted by ruleset and
// agents, the games of a cell added in game_id order (with their moves
// when withMoves).
func (fg *foreignGames) accs(withMoves bool, conf float64) []*cellAcc {
	cells, rows := fg.cells, fg.rows
	sort.Slice(cells, func(i, j int) bool {
		a, b := cells[i].key, cells[j].key
		return a.ruleset < b.ruleset || a.ruleset == b.ruleset && (a.south < b.south || a.south == b.south && a.north < b.north)
	})
	out := make([]*cellAcc, 0, len(cells))
	for n, fc := range cells {
		first, _ := dataset.ParsePlayer(fc.first)
		a := &cellAcc{key: fc.key, variant: fc.variant, first: first, cell: n}
		slices.SortFunc(fc.games, func(i, j int) int {
			return cmp.Or(cmp.Compare(rows[i].key.id, rows[j].key.id), cmp.Compare(rows[i].key.experiment, rows[j].key.experiment))
		})
		for _, i := range fc.games {
			g := &rows[i]
			a.addGame(g.result, g.reason, g.plies, g.cycle, g.neverEnding, g.captures, g.captured, g.maxLaps)
			if withMoves {
				a.addMoves(&g.moves, winnerSign(g.result))
			}
		}
		for _, s := range a.seq {
			a.conv.add(s, conf)
		}
		a.seq = nil
		if a.conv.n > 0 && (len(a.conv.points) == 0 || a.conv.points[len(a.conv.points)-1].games != a.conv.n) {
			a.conv.points = append(a.conv.points, a.conv.point(conf))
		}
		out = append(out, a)
	}
	return out
}

// scanForeignMoves adds the moves of one moves file of another tool to
// the games they belong to. The moves of a game must come in ply order
// (they may be spread over files read in path order).
func scanForeignMoves(ctx context.Context, f load.File, rows []gameRow, index gameIndex) error {
	r, err := load.OpenForeign(ctx, f, movesRead, dataset.ExperimentID)
	if err != nil {
		return err
	}
	defer r.Close()
	var buf [7][]int64
	var exp dataset.Words
	withExp := r.Has(dataset.ExperimentID) && index.stacked
	const i32, i16 = math.MaxInt32, math.MaxInt16
	cols := []struct {
		name   string
		lo, hi int64
	}{{"game_id", math.MinInt64, math.MaxInt64}, {"ply", 0, i32}, {"move", math.MinInt8, math.MaxInt8}, {"legal_moves", 0, i16},
		{"laps", math.MinInt64, math.MaxInt64}, {"material_south", math.MinInt32, i32}, {"material_north", math.MinInt32, i32}}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := r.Next()
		if err != nil || !ok {
			return err
		}
		for k, c := range cols {
			if buf[k], _, err = r.Ints(c.name, c.lo, c.hi, buf[k]); err != nil {
				return err
			}
		}
		if withExp {
			if err := r.Strings(dataset.ExperimentID, &exp); err != nil {
				return err
			}
		}
		for i, id := range buf[0] {
			k := gameKey{id: id}
			if withExp {
				k.experiment = exp.At(i)
			}
			gi, err := index.find(k, withExp)
			if err != nil {
				return fmt.Errorf("%s: row %d: %w", f.Path, r.Row()+int64(i), err)
			}
			g := &rows[gi]
			if ply := int32(buf[1][i]); ply != g.moves.plies {
				return fmt.Errorf("%s: row %d: game %d ply %d follows ply %d: the moves of a game must be complete and in ply order (export them ORDER BY game_id, ply)", f.Path, r.Row()+int64(i), id, ply, g.moves.plies-1)
			}
			if g.moves.plies == g.plies {
				return fmt.Errorf("%s: row %d: game %d has only %d plies in the games table", f.Path, r.Row()+int64(i), id, g.plies)
			}
			g.moves.add(g.moves.plies, int8(buf[2][i]), int16(buf[3][i]), buf[4][i], int32(buf[5][i]), int32(buf[6][i]), winnerSign(g.result))
		}
	}
}
