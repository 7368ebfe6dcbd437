// Package synth writes small synthetic baolab datasets, file by file, with
// the schemas and layout of package dataset, for the tests and
// benchmarks of the analysis. It is not a simulator: games are whatever
// the caller describes, or random but self-consistent sequences of moves.
package synth

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/dataset"
)

// Game is one row of the games table with its moves.
type Game struct {
	ID                  int64
	Ruleset, Variant    string
	South, North, First string
	Seed                uint64
	Result, EndReason   string
	MaterialSouth       int32
	MaterialNorth       int32
	FirstRepeat         int32 // -1 for null
	Captures, Captured  int32
	MaxLaps             int64
	NeverEnding         int32
	Reservations        int32
	OpeningPlies        int32  // plies of the random opening
	Moves               []Move // len(Moves) is the games' plies
	// Plies overrides len(Moves) when not zero (to write inconsistent
	// files in tests).
	Plies int32
}

// Move is one row of the moves table.
type Move struct {
	Player                       string
	Move                         int8
	Legal                        int16
	Laps, Sown                   int64
	Captured                     int32
	MaterialSouth, MaterialNorth int32
	Hash                         uint64
	Reserved                     bool
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
	var meta map[string]string
	if exp != "" {
		plies := 0
		for _, g := range games {
			plies += len(g.Moves)
		}
		meta = map[string]string{dataset.MetaExperiment: exp, dataset.MetaCell: fmt.Sprint(c), dataset.MetaBatch: fmt.Sprint(b),
			dataset.MetaGames: fmt.Sprint(len(games)), dataset.MetaPlies: fmt.Sprint(plies)}
	}
	rs := games[0].Ruleset
	if err := writeGames(filepath.Join(dataset.PartitionDir(dir, dataset.Games, rs), dataset.FileName(c, b)), games, meta); err != nil {
		return err
	}
	if withMoves {
		return writeMoves(filepath.Join(dataset.PartitionDir(dir, dataset.Moves, rs), dataset.FileName(c, b)), games, meta)
	}
	return nil
}

// WriteGames writes the games table of games to path.
func WriteGames(path string, games []Game) error { return writeGames(path, games, nil) }

// WriteMoves writes the moves table of games to path.
func WriteMoves(path string, games []Game) error { return writeMoves(path, games, nil) }

func writeGames(path string, games []Game, meta map[string]string) error {
	b := array.NewRecordBuilder(memory.DefaultAllocator, dataset.GamesSchema)
	defer b.Release()
	str := func(i int, v string) {
		if err := b.Field(i).(*array.BinaryDictionaryBuilder).AppendString(v); err != nil {
			panic(err)
		}
	}
	for _, g := range games {
		plies := int32(len(g.Moves))
		if g.Plies != 0 {
			plies = g.Plies
		}
		b.Field(0).(*array.Int64Builder).Append(g.ID)
		str(1, g.Ruleset)
		str(2, g.Variant)
		str(3, g.South)
		str(4, g.North)
		str(5, g.First)
		b.Field(6).(*array.Uint64Builder).Append(g.Seed)
		str(7, g.Result)
		str(8, g.EndReason)
		b.Field(9).(*array.Int32Builder).Append(plies)
		b.Field(10).(*array.Int32Builder).Append(g.MaterialSouth)
		b.Field(11).(*array.Int32Builder).Append(g.MaterialNorth)
		if g.FirstRepeat < 0 {
			b.Field(12).(*array.Int32Builder).AppendNull()
		} else {
			b.Field(12).(*array.Int32Builder).Append(g.FirstRepeat)
		}
		b.Field(13).(*array.Int32Builder).Append(g.Captures)
		b.Field(14).(*array.Int32Builder).Append(g.Captured)
		b.Field(15).(*array.Int64Builder).Append(g.MaxLaps)
		b.Field(16).(*array.Int32Builder).Append(g.NeverEnding)
		b.Field(17).(*array.Int32Builder).Append(g.Reservations)
		b.Field(18).(*array.Int32Builder).Append(g.OpeningPlies)
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	w, err := newWriter(path, dataset.GamesSchema)
	if err != nil {
		return err
	}
	if err := w.fw.Write(rec); err != nil {
		w.close(nil)
		return err
	}
	return w.close(meta)
}

func writeMoves(path string, games []Game, meta map[string]string) error {
	b := array.NewRecordBuilder(memory.DefaultAllocator, dataset.MovesSchema)
	defer b.Release()
	w, err := newWriter(path, dataset.MovesSchema)
	if err != nil {
		return err
	}
	flush := func() error {
		rec := b.NewRecordBatch()
		defer rec.Release()
		return w.fw.WriteBuffered(rec)
	}
	rows := 0
	for _, g := range games {
		for k, m := range g.Moves {
			b.Field(0).(*array.Int64Builder).Append(g.ID)
			if err := b.Field(1).(*array.BinaryDictionaryBuilder).AppendString(g.Ruleset); err != nil {
				return err
			}
			b.Field(2).(*array.Int32Builder).Append(int32(k))
			if err := b.Field(3).(*array.BinaryDictionaryBuilder).AppendString(m.Player); err != nil {
				return err
			}
			b.Field(4).(*array.Int8Builder).Append(m.Move)
			b.Field(5).(*array.Int16Builder).Append(m.Legal)
			b.Field(6).(*array.Int64Builder).Append(m.Laps)
			b.Field(7).(*array.Int64Builder).Append(m.Sown)
			b.Field(8).(*array.Int32Builder).Append(m.Captured)
			b.Field(9).(*array.Int32Builder).Append(m.MaterialSouth)
			b.Field(10).(*array.Int32Builder).Append(m.MaterialNorth)
			b.Field(11).(*array.Uint64Builder).Append(m.Hash)
			b.Field(12).(*array.BooleanBuilder).Append(m.Reserved)
			if rows++; rows%(1<<16) == 0 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return w.close(meta)
}

type writer struct {
	f  *os.File
	fw *pqarrow.FileWriter
}

func newWriter(path string, sc *arrow.Schema) (*writer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd), parquet.WithDictionaryDefault(true),
		parquet.WithMaxRowGroupLength(1<<20))
	fw, err := pqarrow.NewFileWriter(sc, f, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		f.Close()
		return nil, err
	}
	return &writer{f, fw}, nil
}

// close writes meta into the footer and closes the file.
func (w *writer) close(meta map[string]string) error {
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := w.fw.AppendKeyValueMetadata(k, meta[k]); err != nil {
			return err
		}
	}
	return w.fw.Close() // closes the file too
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
		*g = Game{ID: firstID + int64(i), Ruleset: c.Ruleset, Variant: c.Variant, South: c.South, North: c.North,
			First: c.First, Seed: rng.Uint64(), FirstRepeat: -1, EndReason: "score"}
		switch u := rng.Float64(); {
		case u < c.PFirst:
			g.Result = first
		case u < c.PFirst+c.PDraw:
			g.Result, g.EndReason = "draw", "repetition"
		default:
			g.Result = second
		}
		plies := 1 + rng.IntN(2*c.MeanPlies-1)
		if rng.IntN(10) == 0 {
			g.FirstRepeat = int32(rng.IntN(plies))
		}
		ms, mn := int32(32), int32(32)
		player := first
		g.Moves = make([]Move, plies)
		for k := range g.Moves {
			m := &g.Moves[k]
			m.Player = player
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
