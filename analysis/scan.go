package analysis

import (
	"context"
	"fmt"
	"strconv"

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
func scanFile(ctx context.Context, games File, moves *File) (_ *cellAcc, err error) {
	defer func() { err = repairHint(err) }()
	gr, err := openTable(ctx, games.Path, dataset.Games, gamesRead)
	if err != nil {
		return nil, err
	}
	defer gr.close()
	exp, err := gr.checkMeta(games, -1)
	if err != nil {
		return nil, err
	}
	var mc *moveCursor
	if moves != nil {
		mr, err := openTable(ctx, moves.Path, dataset.Moves, movesRead)
		if err != nil {
			return nil, err
		}
		defer mr.close()
		plies := int64(-1)
		if _, ok := gr.meta[dataset.MetaPlies]; ok {
			plies, _ = strconv.ParseInt(gr.meta[dataset.MetaPlies], 10, 64)
		}
		mexp, err := mr.checkMeta(*moves, plies)
		if err != nil {
			return nil, err
		}
		if mexp != exp {
			return nil, fmt.Errorf("%s: foreign file: written by experiment %q, its games file %s by %q", moves.Path, mexp, games.Path, exp)
		}
		mc = &moveCursor{t: mr, gamesPath: games.Path}
	}
	s := gameScanner{file: games, mc: mc}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ok, err := gr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := s.batch(gr); err != nil {
			return nil, err
		}
	}
	if s.acc == nil {
		return nil, fmt.Errorf("%s: holds no games", games.Path)
	}
	s.acc.experiment = exp
	if w := games.want; w.known && s.acc.firstID != w.firstID {
		return nil, fmt.Errorf("%s: first game_id %d, the experiment's batch starts at %d", games.Path, s.acc.firstID, w.firstID)
	}
	if mc != nil {
		if err := mc.end(); err != nil {
			return nil, err
		}
	}
	return s.acc, nil
}

// gameScanner holds the decoding state of one games file.
type gameScanner struct {
	file File
	mc   *moveCursor
	acc  *cellAcc
	last int64 // last game id

	ruleset, variant, south, north, first, result, reason strs
}

// batch adds the games of the current record batch of t.
func (s *gameScanner) batch(t *tableReader) error {
	for _, c := range []struct {
		name string
		s    *strs
	}{{"ruleset", &s.ruleset}, {"variant", &s.variant}, {"agent_south", &s.south}, {"agent_north", &s.north},
		{"first", &s.first}, {"result", &s.result}, {"end_reason", &s.reason}} {
		if err := t.strings(c.name, c.s); err != nil {
			return err
		}
	}
	ids, err := t.int64s("game_id")
	if err != nil {
		return err
	}
	plies, err := t.int32s("plies")
	if err != nil {
		return err
	}
	captures, err := t.int32s("captures")
	if err != nil {
		return err
	}
	captured, err := t.int32s("captured")
	if err != nil {
		return err
	}
	maxLaps, err := t.int64s("max_laps")
	if err != nil {
		return err
	}
	neverEnding, err := t.int32s("never_ending")
	if err != nil {
		return err
	}
	repeat := t.column("first_repeat_ply")

	// Decode the dictionaries of the batch once.
	results := make([]engine.Result, len(s.result.dict))
	for i, v := range s.result.dict {
		r, ok := resultByName[v]
		if !ok {
			return fmt.Errorf("%s: unknown result %q (want south, north, draw or unfinished)", t.path, v)
		}
		results[i] = r
	}
	reasons := make([]engine.EndReason, len(s.reason.dict))
	for i, v := range s.reason.dict {
		r, ok := reasonByName[v]
		if !ok {
			return fmt.Errorf("%s: unknown end_reason %q", t.path, v)
		}
		reasons[i] = r
	}
	for _, v := range s.ruleset.dict {
		if v != s.file.Ruleset {
			return fmt.Errorf("%s: foreign file: holds ruleset %q but lies in the partition of %q", t.path, v, s.file.Ruleset)
		}
	}

	var prevSouth, prevNorth, prevVariant, prevFirst int32 = -1, -1, -1, -1
	a := s.acc
	for i, id := range ids {
		row := t.batch + int64(i)
		if c1, c2, c3, c4 := s.south.codes[i], s.north.codes[i], s.variant.codes[i], s.first.codes[i]; c1 != prevSouth || c2 != prevNorth || c3 != prevVariant || c4 != prevFirst {
			var err error
			if a, err = s.cell(t.path, row, s.ruleset.dict[s.ruleset.codes[i]], s.south.dict[c1], s.north.dict[c2], s.variant.dict[c3], s.first.dict[c4]); err != nil {
				return err
			}
			prevSouth, prevNorth, prevVariant, prevFirst = c1, c2, c3, c4
		}
		if a.games > 0 && id != s.last+1 {
			return fmt.Errorf("%s: row %d: game_id %d follows %d (game ids of a file must be consecutive)", t.path, row, id, s.last)
		}
		if a.games == 0 {
			a.firstID = id
		}
		s.last, a.lastID = id, id
		n := plies[i]
		if n < 0 {
			return fmt.Errorf("%s: row %d: game %d has %d plies", t.path, row, id, n)
		}
		res := results[s.result.codes[i]]
		a.addGame(res, reasons[s.reason.codes[i]], n, repeat.IsValid(i), neverEnding[i], captures[i], captured[i], maxLaps[i])
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
	if w := s.file.want; w.known && south+"/"+north != w.agents {
		return nil, fmt.Errorf("%s: row %d: foreign row: agents %s/%s, the experiment's cell %d has %s", path, row, south, north, s.file.Cell, w.agents)
	}
	if s.acc == nil {
		p, err := parsePlayer(first)
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
	t         *tableReader
	gamesPath string
	gid       []int64
	ply       []int32
	move      []int8
	legal     []int16
	laps      []int64
	ms, mn    []int32
	i         int
	done      bool
}

// load reads the next record batch; at the end of the file it sets done.
func (c *moveCursor) load() error {
	ok, err := c.t.next()
	if err != nil {
		return err
	}
	c.i = 0
	if !ok {
		c.done = true
		c.gid = nil
		return nil
	}
	t := c.t
	if c.gid, err = t.int64s("game_id"); err != nil {
		return err
	}
	if c.ply, err = t.int32s("ply"); err != nil {
		return err
	}
	if c.move, err = t.int8s("move"); err != nil {
		return err
	}
	if c.legal, err = t.int16s("legal_moves"); err != nil {
		return err
	}
	if c.laps, err = t.int64s("laps"); err != nil {
		return err
	}
	if c.ms, err = t.int32s("material_south"); err != nil {
		return err
	}
	if c.mn, err = t.int32s("material_north"); err != nil {
		return err
	}
	return nil
}

// game consumes the plies moves of game id and adds their statistics to
// a. winner is +1 when South won, −1 when North won, else 0.
func (c *moveCursor) game(id int64, plies, winner int32, a *cellAcc) error {
	g := gameMoves{lastNotLeading: -1, fp: uint64(plies)}
	for k := int32(0); k < plies; k++ {
		if c.i == len(c.gid) {
			if c.done {
				return fmt.Errorf("%s: ends before ply %d of game %d (%s says it has %d plies)", c.t.path, k, id, c.gamesPath, plies)
			}
			if err := c.load(); err != nil {
				return err
			}
			k--
			continue
		}
		i := c.i
		if c.gid[i] != id || c.ply[i] != k {
			return fmt.Errorf("%s: row %d holds game %d ply %d, want game %d ply %d (the moves must follow %s: every ply of every game, in order)",
				c.t.path, c.t.batch+int64(i), c.gid[i], c.ply[i], id, k, c.gamesPath)
		}
		g.add(k, c.move[i], c.legal[i], c.laps[i], c.ms[i], c.mn[i], winner)
		c.i++
	}
	a.addMoves(&g, winner)
	return nil
}

// end checks that no move is left after the last game.
func (c *moveCursor) end() error {
	for {
		if c.i < len(c.gid) {
			return fmt.Errorf("%s: row %d holds game %d ply %d, which is not in %s", c.t.path, c.t.batch+int64(c.i), c.gid[c.i], c.ply[c.i], c.gamesPath)
		}
		if c.done {
			return nil
		}
		if err := c.load(); err != nil {
			return err
		}
	}
}
