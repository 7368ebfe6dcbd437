package analysis

import (
	"context"
	"fmt"
	"strings"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// Accuracy against perfect play: every logged move of a solved ruleset is
// replayed and the value the mover can force (solve.Value.For) is looked
// up before and after it. See summary.Accuracy for what keeping means.

// forcedClass is the class of a value from the mover's side: win, draw,
// loss, or none (the mover cannot force a finished game).
func forcedClass(v int) int {
	switch {
	case v == solveNone:
		return 2
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// solveNone is what solve.Value.For returns for a side that cannot force
// a finished game.
var solveNone = solve.Value{South: solve.None}.For(engine.South)

// judged counts the moves of one agent in one ruleset.
type judged struct {
	moves, keptOutcome, keptMargin int64
}

// judge counts, for one solved ruleset, the moves each agent chose: the
// positions are looked up in res.Table.
type judge struct {
	ruleset string
	game    engine.Game
	table   *solve.Table
	agents  []string // in order of first appearance
	counts  map[string]*judged
}

// judgeMove judges one move of agent: before and after are the values of
// the positions before and after it, from the mover's side.
func (j *judge) judgeMove(agent string, before, after int) {
	c := j.counts[agent]
	if c == nil {
		c = &judged{}
		j.counts[agent] = c
		j.agents = append(j.agents, agent)
	}
	c.moves++
	if forcedClass(before) == forcedClass(after) {
		c.keptOutcome++
	}
	if before == after {
		c.keptMargin++
	}
}

// accuracyOf judges every logged game of ruleset rs, solved as res, in the
// files of ds, and returns one row per agent (scores against perfect play
// not yet filled in).
func accuracyOf(ctx context.Context, ds *load.Dataset, rs, variant string, g engine.Game, res *solve.Result, conf float64) ([]summary.Accuracy, error) {
	j := &judge{ruleset: rs, game: g, table: res.Table, counts: map[string]*judged{}}
	for i, f := range ds.Games {
		if f.Ruleset != rs {
			continue
		}
		if err := j.file(ctx, f, ds.Moves[i]); err != nil {
			return nil, load.RepairHint(err)
		}
	}
	var out []summary.Accuracy
	for _, a := range j.agents {
		c := j.counts[a]
		out = append(out, summary.Accuracy{
			Ruleset: rs, Variant: variant, Agent: a,
			Moves: c.moves, KeptOutcome: c.keptOutcome, KeptMargin: c.keptMargin,
			KeepsOutcome: shareOf(float64(c.keptOutcome), c.moves, conf),
			KeepsMargin:  shareOf(float64(c.keptMargin), c.moves, conf),
		})
	}
	return out, nil
}

// shareOf returns k of n as a share with its Wilson interval.
func shareOf(k float64, n int64, conf float64) summary.Interval {
	lo, hi := stats.Wilson(k, float64(n), conf)
	return interval(ratio(k, float64(n)), lo, hi)
}

// loggedGame is what the judge needs of one games row.
type loggedGame struct {
	id           int64
	south, north string
	plies        int32
	opening      int32
}

// file judges the games of one games file with its moves file.
func (j *judge) file(ctx context.Context, games, moves load.File) error {
	gr, err := dataset.OpenReader(ctx, games.Path, dataset.Games, []string{"game_id", "agent_south", "agent_north", "plies", "opening_plies"})
	if err != nil {
		return err
	}
	defer gr.Close()
	mr, err := dataset.OpenReader(ctx, moves.Path, dataset.Moves, []string{"game_id", "ply", "move", "legal_moves"})
	if err != nil {
		return err
	}
	defer mr.Close()
	mc := &moveStream{t: mr}
	coder, err := solve.NewCoder(j.game.NewState())
	if err != nil {
		return err
	}
	var b dataset.GameBatch
	for {
		ok, err := gr.Next()
		if err != nil || !ok {
			return err
		}
		if err := gr.Games(&b); err != nil {
			return err
		}
		for i, id := range b.ID {
			lg := loggedGame{id: id, south: b.South.At(i), north: b.North.At(i), plies: b.Plies[i], opening: b.OpeningPlies[i]}
			if err := j.replay(lg, mc.next, coder); err != nil {
				return fmt.Errorf("%s: %w", moves.Path, err)
			}
		}
	}
}

// replay plays the logged moves of lg, which next returns in order, from
// the start, judging each move chosen among two or more legal moves after
// the random opening.
func (j *judge) replay(lg loggedGame, next func() (dataset.MoveRow, error), coder *solve.Coder) error {
	s := j.game.NewState()
	value := func() (solve.Value, error) {
		k, _, _ := coder.Key(s)
		v, ok := j.table.Lookup(k)
		if !ok {
			return v, fmt.Errorf("game %d, ply %d: position not in the solved board of %s (the log does not match the engine)", lg.id, s.Ply(), j.ruleset)
		}
		return v, nil
	}
	before, err := value()
	if err != nil {
		return err
	}
	for k := int32(0); k < lg.plies; k++ {
		m, err := next()
		if err != nil {
			return err
		}
		if m.GameID != lg.id || m.Ply != k {
			return fmt.Errorf("game %d: expected its ply %d, read game %d ply %d", lg.id, k, m.GameID, m.Ply)
		}
		mover := s.Player()
		if _, err := s.Apply(engine.Move(m.Move)); err != nil {
			return &ReplayError{lg.id, int(k), fmt.Sprintf("move %d: %v", m.Move, err)}
		}
		after, err := value()
		if err != nil {
			return err
		}
		if k >= lg.opening && m.Legal >= 2 {
			agent := lg.south
			if mover == engine.North {
				agent = lg.north
			}
			j.judgeMove(agent, before.For(mover), after.For(mover))
		}
		before = after
	}
	return nil
}

// moveStream reads the rows of a moves file one at a time.
type moveStream struct {
	t *dataset.Reader
	b dataset.MoveBatch
	i int
}

func (m *moveStream) next() (dataset.MoveRow, error) {
	for m.i >= m.b.Len() {
		ok, err := m.t.Next()
		if err != nil {
			return dataset.MoveRow{}, err
		}
		if !ok {
			return dataset.MoveRow{}, fmt.Errorf("moves end before the games do")
		}
		if err := m.t.Moves(&m.b); err != nil {
			return dataset.MoveRow{}, err
		}
		m.i = 0
	}
	r := dataset.MoveRow{GameID: m.b.GameID[m.i], Ply: m.b.Ply[m.i], Move: m.b.Move[m.i], Legal: m.b.Legal[m.i]}
	m.i++
	return r, nil
}

// isPerfect reports whether an agent spec is the solver's perfect play.
func isPerfect(spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	return name == "perfect"
}

// scoreVsPerfect fills in each row's score against perfect play from the
// cells: the agent as South against a perfect North, and the reverse.
func scoreVsPerfect(rows []summary.Accuracy, cells []summary.Cell, conf float64) {
	for i := range rows {
		r := &rows[i]
		if isPerfect(r.Agent) {
			continue
		}
		for _, c := range cells {
			if c.Ruleset != r.Ruleset || c.Games == 0 {
				continue
			}
			half := float64(c.Outcomes.Draw.Count+c.Outcomes.Unfinished.Count) / 2
			switch {
			case c.AgentSouth == r.Agent && isPerfect(c.AgentNorth) && r.VsPerfectSouth == nil:
				r.VsPerfectSouth = &summary.Score{Games: c.Games, Interval: shareOf(float64(c.Outcomes.South.Count)+half, c.Games, conf)}
			case c.AgentNorth == r.Agent && isPerfect(c.AgentSouth) && r.VsPerfectNorth == nil:
				r.VsPerfectNorth = &summary.Score{Games: c.Games, Interval: shareOf(float64(c.Outcomes.North.Count)+half, c.Games, conf)}
			}
		}
	}
}

// accuracyJudge returns the function that exactValues calls with each
// solved board to add its accuracy rows to s, or nil when ds has no move
// log of baolab sim to replay.
func accuracyJudge(ctx context.Context, ds *load.Dataset, s *summary.Summary, conf float64) func(string, engine.Game, *solve.Result) error {
	if ds.Moves == nil || ds.Foreign() {
		return nil
	}
	return func(rs string, g engine.Game, res *solve.Result) error {
		variant := ""
		for _, c := range s.Cells {
			if c.Ruleset == rs {
				variant = c.Variant
				break
			}
		}
		rows, err := accuracyOf(ctx, ds, rs, variant, g, res, conf)
		s.Accuracy = append(s.Accuracy, rows...)
		return err
	}
}
