package dataset

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
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
	gb := gameBatch(games)
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
	if err := gf.WriteGames(gb); err != nil {
		t.Fatal(err)
	}
	if err := gf.Commit(meta); err != nil {
		t.Fatal(err)
	}

	path := BatchPath(dir, Games, "kingulu", 3, 2)
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

	mr, err := OpenReader(context.Background(), BatchPath(dir, Moves, "kingulu", 3, 2), Moves, nil)
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

// writeSampleMoves writes sampleRows' moves as one moves file of one row
// group and returns its path.
func writeSampleMoves(t *testing.T) string {
	t.Helper()
	_, moves := sampleRows()
	var mb MoveBatch
	for i := range moves {
		mb.Append(&moves[i])
	}
	path := filepath.Join(t.TempDir(), "m.parquet")
	commitMoves(t, NewWriter(), path, &mb)
	return path
}

// commitMoves writes mb as the moves file at path with w and commits it.
func commitMoves(t *testing.T, w *Writer, path string, mb *MoveBatch) {
	t.Helper()
	f, err := w.Open(path, Moves)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteMoves(mb); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(FileMeta{}); err != nil {
		t.Fatal(err)
	}
}

// TestReaderRefusesWrongTable reads a moves file as a games file.
func TestReaderRefusesWrongTable(t *testing.T) {
	path := writeSampleMoves(t)
	_, err := OpenReader(context.Background(), path, Games, []string{"game_id"})
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

// TestCheckFooter checks each refusal of CheckFooter against a footer
// that baolab sim would write for batch 1 of cell 2 (10 games, 37 plies).
func TestCheckFooter(t *testing.T) {
	e := &Experiment{Rules: []string{"kingulu"}, Agents: []string{"a/a", "b/b", "c/c"}, Games: 20, Batch: 10, Seed: 1, Moves: true}
	good := func() map[string]string {
		return map[string]string{MetaExperiment: e.ID(), MetaCell: "2", MetaBatch: "1", MetaGames: "10", MetaPlies: "37"}
	}
	if id, err := CheckFooter(good(), 10, Games, 2, 1, e, -1); err != nil || id != e.ID() {
		t.Fatalf("games: %q, %v", id, err)
	}
	if _, err := CheckFooter(good(), 37, Moves, 2, 1, e, 37); err != nil {
		t.Fatalf("moves: %v", err)
	}
	if id, err := CheckFooter(map[string]string{}, 3, Games, 0, 0, nil, -1); err != nil || id != "" {
		t.Errorf("file of another tool: %q, %v", id, err)
	}
	for _, c := range []struct {
		name  string
		edit  func(m map[string]string)
		table string
		rows  int64
		e     *Experiment
		plies int64
		want  string
	}{
		{"no experiment", func(m map[string]string) { delete(m, MetaExperiment) }, Games, 10, e, -1, "no baolab.experiment"},
		{"other experiment", func(m map[string]string) { m[MetaExperiment] = "x" }, Games, 10, e, -1, "written by experiment x"},
		{"other cell", func(m map[string]string) { m[MetaCell] = "1" }, Games, 10, nil, -1, "says cell 1 batch 1"},
		{"other batch", func(m map[string]string) { m[MetaBatch] = "0" }, Moves, 37, nil, -1, "says cell 2 batch 0"},
		{"games count", func(m map[string]string) {}, Games, 9, nil, -1, "holds 9 games, its footer says 10"},
		{"batch size", func(m map[string]string) { m[MetaGames] = "9" }, Games, 9, e, -1, "the experiment's batch has 10"},
		{"no plies", func(m map[string]string) { delete(m, MetaPlies) }, Games, 10, e, -1, "no plies"},
		{"moves count", func(m map[string]string) {}, Moves, 36, nil, -1, "holds 36 moves, its footer says 37"},
		{"moves of games", func(m map[string]string) {}, Moves, 37, nil, 38, "the games file 38"},
	} {
		m := good()
		c.edit(m)
		if _, err := CheckFooter(m, c.rows, c.table, 2, 1, c.e, c.plies); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestCheckTooManyFiles checks that Check refuses more than MaxFiles
// files per table, as ErrTooManyFiles, and accepts MaxFiles.
func TestCheckTooManyFiles(t *testing.T) {
	e := Experiment{Rules: []string{"kingulu"}, Agents: []string{"a/a", "b/b"}, Games: MaxFiles / 2, Batch: 1}
	if err := e.Check(); err != nil {
		t.Errorf("%d files: %v", MaxFiles, err)
	}
	e.Games++
	if err := e.Check(); !errors.Is(err, ErrTooManyFiles) || !strings.Contains(err.Error(), "1048578 files per table (2 cells)") {
		t.Errorf("%d files: %v", MaxFiles+2, err)
	}
}

// TestAppendAllocs checks that appending rows to batches that have grown
// (after Reset) does not allocate: the simulator appends one row per game
// and per ply.
func TestAppendAllocs(t *testing.T) {
	games, moves := sampleRows()
	var gb GameBatch
	var mb MoveBatch
	fill := func() {
		gb.Reset()
		mb.Reset()
		for i := range games {
			gb.Append(&games[i])
		}
		for i := range moves {
			mb.Append(&moves[i])
		}
	}
	fill()
	if n := testing.AllocsPerRun(50, fill); n != 0 {
		t.Errorf("%v allocations per refill of %d games and %d moves", n, len(games), len(moves))
	}
}

// TestDeltaEncodedColumns checks the encodings and codec a moves file
// is written with: DELTA_BINARY_PACKED for deltaColumns (half the CPU of
// writing moves), PLAIN for the random hash and for ply, zstd for every
// column.
func TestDeltaEncodedColumns(t *testing.T) {
	r, err := file.OpenParquetFile(writeSampleMoves(t), false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rg := r.MetaData().RowGroup(0)
	want := map[string]bool{}
	for _, name := range deltaColumns {
		want[name] = true
	}
	want["hash"], want["ply"] = false, false
	for i := range rg.NumColumns() {
		cc, err := rg.ColumnChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		name := cc.PathInSchema().String()
		if cc.Compression() != compress.Codecs.Zstd {
			t.Errorf("column %s: codec %v, want ZSTD", name, cc.Compression())
		}
		delta, ok := want[name]
		if !ok {
			continue
		}
		delete(want, name)
		if got := slices.Contains(cc.Encodings(), parquet.Encodings.DeltaBinaryPacked); got != delta {
			t.Errorf("column %s: encodings %v, want delta %v", name, cc.Encodings(), delta)
		}
	}
	for name := range want {
		t.Errorf("column %s is not in the moves table", name)
	}
}

// TestAppendNext builds a batch with AppendNext alone and checks every
// row against the one Append gives: AppendNext takes the previous row's
// experiment and ruleset even where the row it is given says otherwise,
// and into an empty batch appends the row as it is.
func TestAppendNext(t *testing.T) {
	_, moves := sampleRows()
	var want, got MoveBatch
	for i := range moves {
		moves[i].Experiment = "exp"
		want.Append(&moves[i])
		if i > 0 && moves[i].GameID == moves[i-1].GameID {
			other := moves[i]
			other.Experiment, other.Ruleset = "another", "kimasai-two-rows"
			got.AppendNext(&other)
		} else {
			got.AppendNext(&moves[i])
		}
	}
	if got.Len() != len(moves) {
		t.Fatalf("%d rows, want %d", got.Len(), len(moves))
	}
	for i := range moves {
		if g, w := got.Row(i), want.Row(i); g != w {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
}
