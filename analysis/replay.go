package analysis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// LoggedGame is one game as the dataset logged it: its games row, its
// moves (empty without a move log) and the files they were read from.
type LoggedGame struct {
	dataset.GameRow
	Moves                []dataset.MoveRow
	GamesFile, MovesFile string // where it was read from
	experiment           string // ID in the games file's footer ("" if none)
}

// ErrNoMoves is wrapped by the error of a replay page asked of a game
// whose dataset has no move log (baolab sim --moves=false).
var ErrNoMoves = errors.New("the dataset has no move log (it was written with --moves=false): nothing to replay")

// FindGame reads game id from the dataset: its row of the games table and,
// when the dataset has a move log, its moves.
func FindGame(ctx context.Context, ds *load.Dataset, id int64) (*LoggedGame, error) {
	if ds.Foreign() {
		return nil, fmt.Errorf("dataset %s: replay reads datasets written by baolab sim; this one holds tables of another tool (no manifest, no part-c<cell>-b<batch>.parquet files)", ds.Dir)
	}
	for i, f := range ds.Games {
		if w := f.Want(); w.Known && (id < w.FirstID || id >= w.FirstID+w.Games) {
			continue
		}
		g, err := readGameRow(ctx, f, id)
		if err != nil {
			return nil, load.RepairHint(err)
		}
		if g == nil {
			continue
		}
		if ds.Moves != nil {
			if err := readGameMoves(ctx, ds.Moves[i], g); err != nil {
				return nil, load.RepairHint(err)
			}
		}
		return g, nil
	}
	return nil, fmt.Errorf("game %d is not in the dataset %s", id, ds.Dir)
}

// readGameRow returns the games row of id in f, or nil if f does not hold
// it.
func readGameRow(ctx context.Context, f load.File, id int64) (*LoggedGame, error) {
	t, err := dataset.OpenReader(ctx, f.Path, dataset.Games, nil)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	// The footer must name the experiment of the manifest (and the file's
	// cell and batch), as for the analysis.
	exp, err := load.CheckMeta(t, f, -1)
	if err != nil {
		return nil, err
	}
	var b dataset.GameBatch
	for {
		ok, err := t.Next()
		if err != nil || !ok {
			return nil, err
		}
		if err := t.Games(&b); err != nil {
			return nil, err
		}
		i := slices.Index(b.ID, id)
		if i < 0 {
			continue
		}
		row, err := b.Row(i)
		if err != nil {
			return nil, fmt.Errorf("%s: row %d: column first: %w", f.Path, t.Row+int64(i), err)
		}
		return &LoggedGame{GameRow: row, GamesFile: f.Path, experiment: exp}, nil
	}
}

// readGameMoves reads the moves of g from f.
func readGameMoves(ctx context.Context, f load.File, g *LoggedGame) error {
	t, err := dataset.OpenReader(ctx, f.Path, dataset.Moves, nil)
	if err != nil {
		return err
	}
	defer t.Close()
	exp, err := load.CheckMeta(t, f, -1)
	if err != nil {
		return err
	}
	if exp != g.experiment {
		return fmt.Errorf("%s: foreign file: written by experiment %q, its games file %s by %q", f.Path, exp, g.GamesFile, g.experiment)
	}
	g.MovesFile = f.Path
	var b dataset.MoveBatch
	for {
		ok, err := t.Next()
		if err != nil || !ok {
			return err
		}
		if err := t.Moves(&b); err != nil {
			return err
		}
		if b.Len() == 0 || b.GameID[0] > g.ID && len(g.Moves) > 0 {
			return nil
		}
		for i, v := range b.GameID {
			if v == g.ID {
				g.Moves = append(g.Moves, b.Row(i))
			}
		}
	}
}

// ReplayError reports a logged game that the engine does not reproduce.
type ReplayError struct {
	ID   int64
	Ply  int // -1 for the end of the game
	What string
}

func (e *ReplayError) Error() string {
	where := fmt.Sprintf("ply %d", e.Ply)
	if e.Ply < 0 {
		where = "end of the game"
	}
	return fmt.Sprintf("replay: game %d, %s: %s; the log does not match the engine (written by another version of baolab, or with other rules?)", e.ID, where, e.What)
}

// Replay rebuilds g with the engine from its logged moves and writes it to
// w move by move, with the board after each move. After every move it
// checks the mover, the number of legal moves (at most the engine's
// candidates), the laps, counters sown and captured, both players'
// material and the position hash against the log; at the end the result,
// end reason, plies, first repeated ply, captures and most laps in a move.
// The first difference stops the replay with a *ReplayError (what was
// written so far stays written).
func Replay(w io.Writer, g *LoggedGame) error {
	game, err := engine.Parse(g.Ruleset)
	if err != nil {
		return fmt.Errorf("replay: game %d: ruleset %q: %w", g.ID, g.Ruleset, err)
	}
	p := &printer{w: w}
	printHeader(p, g)
	if g.MovesFile == "" {
		p.printf("the dataset has no move log: nothing to replay\n")
		return p.err
	}
	if int(g.Plies) != len(g.Moves) {
		return &ReplayError{g.ID, -1, fmt.Sprintf("the games row says %d plies, the moves file holds %d moves", g.Plies, len(g.Moves))}
	}
	r := &replay{g: g, s: game.NewState()}
	p.printf("\nstart\n%s\n", strings.TrimRight(r.s.String(), "\n"))
	for k, m := range g.Moves {
		if msg := r.move(k, m); msg != "" {
			return &ReplayError{g.ID, k, msg}
		}
		ms, mn := r.s.Material(engine.South), r.s.Material(engine.North)
		p.printf("\nply %d: %s plays %d (%d legal); %d laps, %d sown, %d captured; material south %d, north %d\n%s\n",
			k, m.Player, m.Move, m.Legal, m.Laps, m.Sown, m.Captured, ms, mn, strings.TrimRight(r.s.String(), "\n"))
	}
	if msg := r.end(); msg != "" {
		return &ReplayError{g.ID, -1, msg}
	}
	p.printf("\nend: %s (%s) after %d plies: the engine agrees with the log at every move\n", r.s.Result(), r.s.EndReason(), r.s.Ply())
	return p.err
}

// printHeader writes the game's identity and logged result.
func printHeader(p *printer, g *LoggedGame) {
	p.printf("game %d: %s, South %s, North %s, %s moves first, seed %#x\n", g.ID, g.Ruleset, g.South, g.North, g.First, g.Seed)
	p.printf("logged result: %s (%s) after %d plies; files %s", g.Result, g.EndReason, g.Plies, g.GamesFile)
	if g.MovesFile != "" {
		p.printf(" and %s", g.MovesFile)
	}
	p.printf("\n")
}

// replay is the engine's side of a replay: the state after the moves
// played so far and the totals the games row logs.
type replay struct {
	g            *LoggedGame
	s            engine.State
	cands        []engine.Move
	captures     int32
	reservations int32
	maxLaps      int64
}

// move plays logged move k on the state and returns the first difference
// between the log and the engine ("" when they agree).
func (r *replay) move(k int, m dataset.MoveRow) string {
	s := r.s
	switch {
	case m.Ply != int32(k):
		return fmt.Sprintf("logged ply number %d", m.Ply)
	case s.Over():
		return fmt.Sprintf("the engine ended the game before this move (%s, %s)", s.Result(), s.EndReason())
	case s.Player() != m.Player:
		return fmt.Sprintf("logged mover %s, the engine's player to move is %s", m.Player, s.Player())
	}
	r.cands = s.Candidates(r.cands[:0])
	if m.Legal < 1 || int(m.Legal) > len(r.cands) {
		return fmt.Sprintf("logged %d legal moves, the engine has %d candidates", m.Legal, len(r.cands))
	}
	info, err := s.Apply(engine.Move(m.Move))
	if err != nil {
		return fmt.Sprintf("move %d: %v (candidates %v)", m.Move, err, r.cands)
	}
	r.captures += info.Captures
	if info.Reserved {
		r.reservations++
	}
	r.maxLaps = max(r.maxLaps, info.Laps)
	ms, mn := s.Material(engine.South), s.Material(engine.North)
	switch {
	case info.Reserved != m.Reserved:
		return fmt.Sprintf("logged reserved=%v, the engine gives %v", m.Reserved, info.Reserved)
	case info.Laps != m.Laps || info.Sown != m.Sown || info.Captured != m.Captured:
		return fmt.Sprintf("logged %d laps, %d sown, %d captured; the engine gives %d, %d, %d", m.Laps, m.Sown, m.Captured, info.Laps, info.Sown, info.Captured)
	case int32(ms) != m.MaterialSouth || int32(mn) != m.MaterialNorth:
		return fmt.Sprintf("logged material south %d, north %d; the engine gives %d, %d", m.MaterialSouth, m.MaterialNorth, ms, mn)
	case s.Hash() != m.Hash:
		return fmt.Sprintf("logged hash %#016x, the engine gives %#016x", m.Hash, s.Hash())
	}
	return ""
}

// end checks the end of the game against the games row, after rejecting
// the remaining candidates of a game whose moves all turned out
// never-ending (it ended without a logged move, as the simulator saw).
// It returns the first difference ("" when they agree).
func (r *replay) end() string {
	s, g := r.s, r.g
	if !s.Over() {
		for _, m := range s.Candidates(nil) {
			if _, err := s.Apply(m); err == nil {
				return fmt.Sprintf("the log ends, but the engine can still play %d", m)
			} else if !errors.Is(err, engine.ErrNeverEnding) {
				return fmt.Sprintf("candidate %d: %v", m, err)
			}
		}
	}
	switch {
	case !s.Over():
		return "the log ends, but the engine's game goes on"
	case s.Result() != g.Result || s.EndReason() != g.EndReason:
		return fmt.Sprintf("logged %s (%s), the engine gives %s (%s)", g.Result, g.EndReason, s.Result(), s.EndReason())
	case int32(s.FirstRepeatPly()) != g.FirstRepeatPly:
		return fmt.Sprintf("logged first repeated ply %d, the engine gives %d (-1: none)", g.FirstRepeatPly, s.FirstRepeatPly())
	case r.captures != g.Captures || r.maxLaps != g.MaxLaps || r.reservations != g.Reservations:
		return fmt.Sprintf("logged %d captures, %d reservations and at most %d laps a move; the moves give %d, %d and %d",
			g.Captures, g.Reservations, g.MaxLaps, r.captures, r.reservations, r.maxLaps)
	case int32(s.Material(engine.South)) != g.MaterialSouth || int32(s.Material(engine.North)) != g.MaterialNorth:
		return fmt.Sprintf("logged final material %d, %d; the engine gives %d, %d", g.MaterialSouth, g.MaterialNorth, s.Material(engine.South), s.Material(engine.North))
	}
	return ""
}

// printer writes formatted text and keeps the first write error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}
