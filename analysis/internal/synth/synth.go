// Package synth writes small synthetic baolab datasets, file by file,
// through package dataset's rows and Writer, for the tests and
// benchmarks of the analysis. It is not a simulator: games are whatever
// the caller describes, or random but self-consistent sequences of moves.
package synth

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// Game is one row of the games table with its moves. The writer fills in
// each move's GameID, Ruleset and Ply, and Plies when it is 0 (a value
// other than len(Moves) writes an inconsistent file, for tests).
type Game struct {
	dataset.GameRow
	Moves []dataset.MoveRow
}

// Player, Result and EndReason return the engine value of a word of the
// dataset (south, draw, score, ...); they panic on an unknown word.
func Player(s string) engine.Player       { return must(dataset.ParsePlayer(s)) }
func Result(s string) engine.Result       { return must(dataset.ParseResult(s)) }
func EndReason(s string) engine.EndReason { return must(dataset.ParseEndReason(s)) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// WriteBatch writes the games file and, if withMoves, the moves file of
// batch b of cell c into the dataset directory dir, with no baolab
// metadata in the footers.
func WriteBatch(dir string, c, b int, games []Game, withMoves bool) error {
	return WriteBatchOf(dir, "", c, b, games, withMoves)
}

// WriteBatchOf is WriteBatch with the footer metadata that baolab sim
// writes, for the experiment whose ID is exp.
func WriteBatchOf(dir, exp string, c, b int, games []Game, withMoves bool) error {
	if len(games) == 0 {
		return fmt.Errorf("synth: empty batch")
	}
	meta := dataset.FileMeta{Experiment: exp, Cell: c, Batch: b, Games: len(games)}
	for _, g := range games {
		meta.Plies += int64(len(g.Moves))
	}
	rs := games[0].Ruleset
	if err := writeGames(dataset.BatchPath(dir, dataset.Games, rs, c, b), games, meta); err != nil {
		return err
	}
	if withMoves {
		return writeMoves(dataset.BatchPath(dir, dataset.Moves, rs, c, b), games, meta)
	}
	return nil
}

// WriteGames writes the games table of games to path.
func WriteGames(path string, games []Game) error { return writeGames(path, games, dataset.FileMeta{}) }

// WriteMoves writes the moves table of games to path.
func WriteMoves(path string, games []Game) error { return writeMoves(path, games, dataset.FileMeta{}) }

func writeGames(path string, games []Game, meta dataset.FileMeta) error {
	var b dataset.GameBatch
	for _, g := range games {
		r := g.GameRow
		r.Experiment = meta.Experiment
		if r.Plies == 0 {
			r.Plies = int32(len(g.Moves))
		}
		b.Append(&r)
	}
	f, err := open(path, dataset.Games)
	if err != nil {
		return err
	}
	if err := f.WriteGames(&b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit(meta)
}

func writeMoves(path string, games []Game, meta dataset.FileMeta) error {
	f, err := open(path, dataset.Moves)
	if err != nil {
		return err
	}
	var b dataset.MoveBatch
	for _, g := range games {
		for k, m := range g.Moves {
			m.Experiment, m.GameID, m.Ruleset, m.Ply = meta.Experiment, g.ID, g.Ruleset, int32(k)
			b.Append(&m)
			if b.Len() == 1<<16 {
				if err := f.WriteMoves(&b); err != nil {
					f.Abort()
					return err
				}
				b.Reset()
			}
		}
	}
	if err := f.WriteMoves(&b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit(meta)
}

// open starts the file at path (creating its directory), replacing a file
// there.
func open(path, table string) (*dataset.TableFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return dataset.NewWriter().Open(path, table)
}

// Cell describes the games of one synthetic cell.
type Cell struct {
	Ruleset, Variant, South, North, First string
	// MeanPlies is the mean game length; lengths are uniform on
	// [1, 2·MeanPlies−1].
	MeanPlies int
	// PFirst and PDraw are the chances that the first mover wins and that
	// the game is drawn.
	PFirst, PDraw float64
}

// RandomGames returns n random, self-consistent games of cell c with ids
// from firstID, drawn from rng: plies alternate between the players,
// material only falls by captures, and the result matches the chances of
// c.
func RandomGames(rng *rand.Rand, c Cell, firstID int64, n int) []Game {
	games := make([]Game, n)
	first, second := "south", "north"
	if c.First == "north" {
		first, second = second, first
	}
	for i := range games {
		g := &games[i]
		*g = Game{GameRow: dataset.GameRow{ID: firstID + int64(i), Ruleset: c.Ruleset, Variant: c.Variant, South: c.South, North: c.North,
			First: Player(c.First), Seed: rng.Uint64(), FirstRepeatPly: -1, EndReason: engine.Score}}
		switch u := rng.Float64(); {
		case u < c.PFirst:
			g.Result = Result(first)
		case u < c.PFirst+c.PDraw:
			g.Result, g.EndReason = engine.Draw, engine.Repetition
		default:
			g.Result = Result(second)
		}
		plies := 1 + rng.IntN(2*c.MeanPlies-1)
		if rng.IntN(10) == 0 {
			g.FirstRepeatPly = int32(rng.IntN(plies))
		}
		ms, mn := int32(32), int32(32)
		player := first
		g.Moves = make([]dataset.MoveRow, plies)
		for k := range g.Moves {
			m := &g.Moves[k]
			m.Player = Player(player)
			m.Move = int8(rng.IntN(16))
			m.Legal = int16(1 + rng.IntN(12))
			m.Laps = int64(1 + rng.IntN(4))
			m.Sown = m.Laps * int64(1+rng.IntN(8))
			if rng.IntN(3) == 0 {
				m.Captured = int32(1 + rng.IntN(3))
				g.Captures++
				g.Captured += m.Captured
				if player == "south" {
					mn -= min(m.Captured, mn)
				} else {
					ms -= min(m.Captured, ms)
				}
			}
			m.MaterialSouth, m.MaterialNorth = ms, mn
			m.Hash = rng.Uint64()
			g.MaxLaps = max(g.MaxLaps, m.Laps)
			if player == "south" {
				player = "north"
			} else {
				player = "south"
			}
		}
		g.MaterialSouth, g.MaterialNorth = ms, mn
	}
	return games
}
