package analysis

import (
	"context"
	"fmt"
	"strconv"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// Columns read from each table.
var (
	gamesRead = []string{"game_id", "ruleset", "variant", "agent_south", "agent_north", "first",
		"result", "end_reason", "plies", "first_repeat_ply", "captures", "captured", "max_laps", "never_ending"}
	movesRead = []string{"game_id", "ply", "move", "legal_moves", "laps", "material_south", "material_north"}
)

// scanFile reads one games file and, if moves is not nil, its moves file
// in one streaming pass, and returns the file's statistics.
func scanFile(ctx context.Context, games load.File, moves *load.File) (_ *cellAcc, err error) {
	defer func() { err = load.RepairHint(err) }()
	gr, err := dataset.OpenReader(ctx, games.Path, dataset.Games, gamesRead)
	if err != nil {
		return nil, err
	}
	defer gr.Close()
	exp, err := load.CheckMeta(gr, games, -1)
	if err != nil {
		return nil, err
	}
	var mc *moveCursor
	if moves != nil {
		if mc, err = openMoves(ctx, gr, exp, games, *moves); err != nil {
			return nil, err
		}
		defer mc.t.Close()
	}
	s := gameScanner{file: games, mc: mc}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ok, err := gr.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := gr.Games(&s.b); err != nil {
			return nil, err
		}
		if err := s.batch(gr); err != nil {
			return nil, err
		}
	}
	if s.acc == nil {
		return nil, fmt.Errorf("%s: holds no games", games.Path)
	}
	s.acc.experiment = exp
	if w := games.Want(); w.Known && s.acc.firstID != w.FirstID {
		return nil, fmt.Errorf("%s: first game_id %d, the experiment's batch starts at %d", games.Path, s.acc.firstID, w.FirstID)
	}
	if mc != nil {
		if err := mc.end(); err != nil {
			return nil, err
		}
	}
	return s.acc, nil
}

// openMoves opens the moves file of the games file that gr reads, written
// by experiment exp, and checks its footer against the games file's.
func openMoves(ctx context.Context, gr *dataset.Reader, exp string, games, moves load.File) (*moveCursor, error) {
	mr, err := dataset.OpenReader(ctx, moves.Path, dataset.Moves, movesRead)
	if err != nil {
		return nil, err
	}
	plies := int64(-1)
	if _, ok := gr.Meta[dataset.MetaPlies]; ok {
		plies, _ = strconv.ParseInt(gr.Meta[dataset.MetaPlies], 10, 64)
	}
	mexp, err := load.CheckMeta(mr, moves, plies)
	if err == nil && mexp != exp {
		err = fmt.Errorf("%s: foreign file: written by experiment %q, its games file %s by %q", moves.Path, mexp, games.Path, exp)
	}
	if err != nil {
		mr.Close()
		return nil, err
	}
	return &moveCursor{t: mr, gamesPath: games.Path}, nil
}

// gameScanner holds the decoding state of one games file.
type gameScanner struct {
	file load.File
	mc   *moveCursor
	acc  *cellAcc
	last int64 // last game id
	b    dataset.GameBatch
}

// batch adds the games of the current record batch of t (read into s.b).
func (s *gameScanner) batch(t *dataset.Reader) error {
	b := &s.b
	for _, v := range b.Ruleset.Dict {
		if v != s.file.Ruleset {
			return fmt.Errorf("%s: foreign file: holds ruleset %q but lies in the partition of %q", t.Path, v, s.file.Ruleset)
		}
	}
	var prevSouth, prevNorth, prevVariant, prevFirst int32 = -1, -1, -1, -1
	a := s.acc
	for i, id := range b.ID {
		row := t.Row + int64(i)
		if c1, c2, c3, c4 := b.South.Codes[i], b.North.Codes[i], b.Variant.Codes[i], b.First.Codes[i]; c1 != prevSouth || c2 != prevNorth || c3 != prevVariant || c4 != prevFirst {
			var err error
			if a, err = s.cell(t.Path, row, b.Ruleset.At(i), b.South.Dict[c1], b.North.Dict[c2], b.Variant.Dict[c3], b.First.Dict[c4]); err != nil {
				return err
			}
			prevSouth, prevNorth, prevVariant, prevFirst = c1, c2, c3, c4
		}
		if a.games > 0 && id != s.last+1 {
			return fmt.Errorf("%s: row %d: game_id %d follows %d (game ids of a file must be consecutive)", t.Path, row, id, s.last)
		}
		if a.games == 0 {
			a.firstID = id
		}
		s.last, a.lastID = id, id
		n := b.Plies[i]
		if n < 0 {
			return fmt.Errorf("%s: row %d: game %d has %d plies", t.Path, row, id, n)
		}
		res := dataset.ResultOf(b.Result[i])
		a.addGame(res, dataset.EndReasonOf(b.EndReason[i]), n, b.FirstRepeatPly[i] >= 0, b.NeverEnding[i], b.Captures[i], b.Captured[i], b.MaxLaps[i])
		if s.mc != nil {
			if err := s.mc.game(id, n, winnerSign(res), a); err != nil {
				return err
			}
		}
	}
	return nil
}

// addGame adds one game's row to a (games are added in game_id order: the
// convergence follows it).
func (a *cellAcc) addGame(res engine.Result, reason engine.EndReason, plies int32, cycle bool, neverEnding, captures, captured int32, maxLaps int64) {
	a.games++
	a.results[res]++
	var score uint8 = 1
	switch res {
	case engine.Win(a.first):
		a.firstWins++
		score = 2
	case engine.Win(a.first.Other()):
		a.secondWins++
		score = 0
	}
	a.seq = append(a.seq, score)
	a.endReasons[reason]++
	if cycle {
		a.cycles++
	}
	if neverEnding > 0 {
		a.neverEnding += int64(neverEnding)
		a.neGames++
	}
	a.captures.Add(float64(captures))
	a.captured.Add(float64(captured))
	a.maxLaps = max(a.maxLaps, maxLaps)
	a.plies.Add(int64(plies))
}

// winnerSign is +1 when South won, −1 when North won, else 0.
func winnerSign(r engine.Result) int32 {
	switch r {
	case engine.SouthWins:
		return 1
	case engine.NorthWins:
		return -1
	}
	return 0
}

// gameMoves is what the move log says of one game: the sums over its
// moves, the lead (sign of South's material minus North's) as it goes,
// and the game's fingerprint (its moves, in order).
type gameMoves struct {
	fp                  uint64 // start with the game's plies
	plies               int32  // moves seen
	legalSum, decisions int64
	lapsSum             int64
	last, changes       int32 // last non-zero lead, lead changes
	lastNotLeading      int32 // last ply at which the winner did not lead; -1 if none
}

// add adds move mv at ply k (the next one) of a game won by winner.
func (g *gameMoves) add(k int32, mv int8, legal int16, laps int64, south, north, winner int32) {
	g.fp = mix64(g.fp ^ uint64(uint8(mv)) ^ uint64(k)<<8)
	l := int64(legal)
	g.legalSum += l
	if l > 1 {
		g.decisions++
	}
	g.lapsSum += laps
	var lead int32
	if d := south - north; d > 0 {
		lead = 1
	} else if d < 0 {
		lead = -1
	}
	if lead != 0 {
		if g.last != 0 && lead != g.last {
			g.changes++
		}
		g.last = lead
	}
	if lead != winner {
		g.lastNotLeading = k
	}
	g.plies++
}

// addMoves adds the move statistics of one game of a (winner as for
// gameMoves.add).
func (a *cellAcc) addMoves(g *gameMoves, winner int32) {
	a.addDistinct(g.fp)
	if g.plies == 0 {
		return
	}
	m := float64(g.plies)
	a.moves += int64(g.plies)
	a.legal.Add(float64(g.legalSum), m)
	a.decision.Add(float64(g.decisions), m)
	a.laps.Add(float64(g.lapsSum), m)
	a.lead.Add(float64(g.changes))
	if winner != 0 {
		a.decisive.Add(float64(g.lastNotLeading+1) / m)
	}
}

// cell returns the accumulator of the file's cell, checking that every row
// of a file belongs to the same cell.
func (s *gameScanner) cell(path string, row int64, ruleset, south, north, variant, first string) (*cellAcc, error) {
	key := cellKey{ruleset, south, north}
	if w := s.file.Want(); w.Known && south+"/"+north != w.Agents {
		return nil, fmt.Errorf("%s: row %d: foreign row: agents %s/%s, the experiment's cell %d has %s", path, row, south, north, s.file.Cell, w.Agents)
	}
	if s.acc == nil {
		p, err := dataset.ParsePlayer(first)
		if err != nil {
			return nil, fmt.Errorf("%s: row %d: column first: %w", path, row, err)
		}
		s.acc = &cellAcc{key: key, variant: variant, first: p, cell: s.file.Cell}
		return s.acc, nil
	}
	a := s.acc
	if a.key != key || a.variant != variant || a.first.String() != first {
		return nil, fmt.Errorf("%s: row %d: foreign row: %s %s/%s (variant %s, first %s) in a file of %s %s/%s",
			path, row, ruleset, south, north, variant, first, a.key.ruleset, a.key.south, a.key.north)
	}
	return a, nil
}

// moveCursor walks the moves file of a games file alongside it.
type moveCursor struct {
	t         *dataset.Reader
	gamesPath string
	b         dataset.MoveBatch
	i         int
	done      bool
}

// load reads the next record batch; at the end of the file it sets done.
func (c *moveCursor) load() error {
	ok, err := c.t.Next()
	if err != nil {
		return err
	}
	c.i = 0
	if !ok {
		c.done = true
		c.b.GameID = nil
		return nil
	}
	return c.t.Moves(&c.b)
}

// game consumes the plies moves of game id and adds their statistics to
// a. winner is +1 when South won, −1 when North won, else 0.
func (c *moveCursor) game(id int64, plies, winner int32, a *cellAcc) error {
	g := gameMoves{lastNotLeading: -1, fp: uint64(plies)}
	m := &c.b
	for k := int32(0); k < plies; k++ {
		if c.i == len(m.GameID) {
			if c.done {
				return fmt.Errorf("%s: ends before ply %d of game %d (%s says it has %d plies)", c.t.Path, k, id, c.gamesPath, plies)
			}
			if err := c.load(); err != nil {
				return err
			}
			k--
			continue
		}
		i := c.i
		if m.GameID[i] != id || m.Ply[i] != k {
			return fmt.Errorf("%s: row %d holds game %d ply %d, want game %d ply %d (the moves must follow %s: every ply of every game, in order)",
				c.t.Path, c.t.Row+int64(i), m.GameID[i], m.Ply[i], id, k, c.gamesPath)
		}
		g.add(k, m.Move[i], m.Legal[i], m.Laps[i], m.MaterialSouth[i], m.MaterialNorth[i], winner)
		c.i++
	}
	a.addMoves(&g, winner)
	return nil
}

// end checks that no move is left after the last game.
func (c *moveCursor) end() error {
	for {
		if m := &c.b; c.i < len(m.GameID) {
			return fmt.Errorf("%s: row %d holds game %d ply %d, which is not in %s", c.t.Path, c.t.Row+int64(c.i), m.GameID[c.i], m.Ply[c.i], c.gamesPath)
		}
		if c.done {
			return nil
		}
		if err := c.load(); err != nil {
			return err
		}
	}
}
