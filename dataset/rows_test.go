package dataset

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

// sampleRows returns games and moves that use every value of every
// enumerated column, a null and a non-null first_repeat_ply, two agent
// pairs in one file and both values of reserved.
func sampleRows() ([]GameRow, []MoveRow) {
	var games []GameRow
	var moves []MoveRow
	for i := range 9 {
		g := GameRow{ID: int64(100 + i), Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "greedy",
			First: engine.Player(i % 2), Seed: uint64(i) * 0x9e3779b97f4a7c15, Result: engine.SouthWins + engine.Result(i%4),
			EndReason: engine.EndReason(1 + i%len(EndReasonWords)), Plies: int32(i), MaterialSouth: int32(64 - i), MaterialNorth: int32(i),
			FirstRepeatPly: int32(i%3) - 1, Captures: int32(i), Captured: int32(2 * i), MaxLaps: int64(i) << 33, NeverEnding: int32(i % 2),
			Reservations: int32(i % 3), OpeningPlies: int32(i / 2)}
		if i > 5 {
			g.South = "mcts:iters=40"
		}
		games = append(games, g)
		for k := range int32(i) {
			moves = append(moves, MoveRow{GameID: g.ID, Ruleset: g.Ruleset, Ply: k, Player: engine.Player(k % 2), Move: int8(k - 3),
				Legal: int16(k + 1), Laps: int64(k) << 40, Sown: int64(k) * 7, Captured: k % 4, MaterialSouth: 64 - k, MaterialNorth: k,
				Hash: uint64(k) * 0xff51afd7ed558ccd, Reserved: k%5 == 1})
		}
	}
	return games, moves
}

// TestRowsRoundTrip writes rows with the Writer and reads them back with
// the Reader: every field of every row comes back.
func TestRowsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	games, moves := sampleRows()
	for _, table := range []string{Games, Moves} {
		if err := os.MkdirAll(PartitionDir(dir, table, "kingulu"), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWriter()
	meta := FileMeta{Experiment: "0123456789abcdef", Cell: 3, Batch: 2, Games: len(games), Plies: int64(len(moves))}
	var gb GameBatch
	for i := range games {
		gb.Append(&games[i])
	}
	var mb MoveBatch
	mf, err := w.OpenBatch(dir, Moves, "kingulu", 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range moves { // two row groups
		mb.Append(&moves[i])
		if i == 10 {
			if err := mf.WriteMoves(&mb); err != nil {
				t.Fatal(err)
			}
			mb.Reset()
		}
	}
	if err := mf.WriteMoves(&mb); err != nil {
		t.Fatal(err)
	}
	if err := mf.Commit(meta); err != nil {
		t.Fatal(err)
	}
	gf, err := w.OpenBatch(dir, Games, "kingulu", 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := gf.WriteGames(&gb); err != nil {
		t.Fatal(err)
	}
	if err := gf.Commit(meta); err != nil {
		t.Fatal(err)
	}

	path := filepath.Join(PartitionDir(dir, Games, "kingulu"), FileName(3, 2))
	r, err := OpenReader(context.Background(), path, Games, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Meta[MetaExperiment] != meta.Experiment || r.Meta[MetaPlies] != "36" {
		t.Errorf("footer %v", r.Meta)
	}
	var got []GameRow
	var rb GameBatch
	for {
		ok, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if err := r.Games(&rb); err != nil {
			t.Fatal(err)
		}
		for i := range rb.Len() {
			g, err := rb.Row(i)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, g)
		}
	}
	if !reflect.DeepEqual(got, games) {
		t.Errorf("games read back differ:\n got %+v\nwant %+v", got, games)
	}

	mr, err := OpenReader(context.Background(), filepath.Join(PartitionDir(dir, Moves, "kingulu"), FileName(3, 2)), Moves, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mr.Close()
	var gotm []MoveRow
	var rm MoveBatch
	for {
		ok, err := mr.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if err := mr.Moves(&rm); err != nil {
			t.Fatal(err)
		}
		for i := range rm.Len() {
			gotm = append(gotm, rm.Row(i))
		}
	}
	if !reflect.DeepEqual(gotm, moves) {
		t.Errorf("moves read back differ:\n got %+v\nwant %+v", gotm, moves)
	}
}

// TestReaderRefusesWrongTable reads a moves file as a games file.
func TestReaderRefusesWrongTable(t *testing.T) {
	dir := t.TempDir()
	_, moves := sampleRows()
	var mb MoveBatch
	for i := range moves {
		mb.Append(&moves[i])
	}
	path := filepath.Join(dir, "x.parquet")
	f, err := NewWriter().Open(path, Moves)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteMoves(&mb); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(FileMeta{}); err != nil {
		t.Fatal(err)
	}
	_, err = OpenReader(context.Background(), path, Games, []string{"game_id"})
	if err == nil || !strings.Contains(err.Error(), "not a baolab games file: column variant missing") {
		t.Errorf("got %v", err)
	}
}

// TestEnumCodes pins the codes of the enumerated columns to the engine's
// values: a file's dictionary index is the code.
func TestEnumCodes(t *testing.T) {
	for r := engine.SouthWins; r <= engine.Unfinished; r++ {
		if c := ResultCode(r); ResultWords[c] != r.String() || ResultOf(c) != r {
			t.Errorf("result %v: code %d", r, c)
		}
		if p, err := ParseResult(r.String()); err != nil || p != r {
			t.Errorf("ParseResult(%v) = %v, %v", r, p, err)
		}
	}
	for i, w := range EndReasonWords {
		r := EndReasonOf(int32(i))
		if r.String() != w || EndReasonCode(r) != int32(i) {
			t.Errorf("end reason %d: %v", i, r)
		}
	}
	for _, p := range []engine.Player{engine.South, engine.North} {
		if PlayerWords[p] != p.String() {
			t.Errorf("player %d: %q", p, PlayerWords[p])
		}
	}
}
