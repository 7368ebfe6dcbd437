package analysis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// Tables written by another tool.
//
// A directory without a manifest whose games/ (and moves/) hold no file
// named as baolab sim names them is read as tables that another tool wrote
// with the documented column names: a subset filtered and re-exported by
// DuckDB, pandas or polars, say. Parquet files may lie at any depth (names
// starting with '.' or '_' are skipped); directories named key=value are
// Hive partitions, whose value stands in for a string column missing from
// the files. String columns may be plain or dictionary-encoded, integer
// columns of any width or signedness as long as the values fit; rows may
// come in any order, but the moves of one game must be in ply order. The
// games are held in memory (about 130 bytes each: the row, its move
// statistics and an index by game_id), since nothing says which file
// holds which game.

// hasBaolabFile reports whether a table directory holds a file named as
// baolab sim names its files (complete or temporary).
func hasBaolabFile(dir string) bool {
	found := false
	for _, t := range []string{dataset.Games, dataset.Moves} {
		filepath.WalkDir(filepath.Join(dir, t), func(path string, d fs.DirEntry, err error) error {
			if err != nil || found {
				return filepath.SkipAll
			}
			name := d.Name()
			if base, ok := dataset.TempBatch(name); ok {
				name = base
			}
			if _, _, ok := dataset.ParseFileName(name); ok && !d.IsDir() {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
	}
	return found
}

// openTables lists the Parquet files of the tables of another tool.
func openTables(dir string) (*Dataset, error) {
	ds := &Dataset{Dir: dir, Manifest: "tables", foreign: true}
	var err error
	if ds.Games, err = listParquet(dir, dataset.Games); err != nil {
		return nil, err
	}
	if len(ds.Games) == 0 {
		return nil, fmt.Errorf("dataset %s: %s/ holds no Parquet files", dir, dataset.Games)
	}
	if ds.Moves, err = listParquet(dir, dataset.Moves); err != nil {
		return nil, err
	}
	if len(ds.Moves) == 0 {
		ds.Moves = nil
	}
	return ds, nil
}

// listParquet lists the Parquet files under dir/table, at any depth,
// with the Hive partition values of their directories.
func listParquet(dir, table string) ([]File, error) {
	root := filepath.Join(dir, table)
	var out []File
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path == root {
				return filepath.SkipAll
			}
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(name, ".parquet") {
			return nil
		}
		f := File{Table: table, Path: path}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			k, v, ok := strings.Cut(part, "=")
			if !ok || k == "" {
				continue
			}
			if u, err := url.PathUnescape(v); err == nil {
				v = u
			}
			if f.partitions == nil {
				f.partitions = map[string]string{}
			}
			f.partitions[k] = v
		}
		f.Ruleset = f.partitions["ruleset"]
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", dir, unwrapPathError(err))
	}
	// Files in natural order (data_2 before data_10), the order in which
	// a writer that splits a table numbers its files.
	slices.SortStableFunc(out, func(a, b File) int { return naturalCompare(a.Path, b.Path) })
	return out, nil
}

// naturalCompare orders strings as text, but runs of digits by their
// value.
func naturalCompare(a, b string) int {
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for a != "" && b != "" {
		if digit(a[0]) && digit(b[0]) {
			i, j := 0, 0
			for i < len(a) && digit(a[i]) {
				i++
			}
			for j < len(b) && digit(b[j]) {
				j++
			}
			x, y := strings.TrimLeft(a[:i], "0"), strings.TrimLeft(b[:j], "0")
			if len(x) != len(y) {
				return len(x) - len(y)
			}
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
			a, b = a[i:], b[j:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

// foreignReader reads some columns of a Parquet file of another tool,
// converting integer columns of any width to int64.
type foreignReader struct {
	path   string
	table  string
	names  []string          // columns wanted
	col    map[string]int    // column name → index in the record batches; absent: from a partition
	consts map[string]string // string columns given by the file's partitions
	rr     pqarrow.RecordReader
	close  func()
	row    int64 // rows before the current batch
	rec    arrow.RecordBatch
}

// openForeign opens f and checks that it has every column of names (a
// string column may come from a partition directory) with a compatible
// type. The columns of optional are read too when the file has them (see
// has).
func openForeign(ctx context.Context, f File, names []string, optional ...string) (_ *foreignReader, err error) {
	pf, err := dataset.OpenFile(f.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file (truncated or corrupt?): %s", f.Path, strings.TrimPrefix(err.Error(), f.Path+": "))
	}
	defer func() {
		if err != nil {
			pf.Close()
		}
	}()
	defer dataset.Recover(f.Path, &err)
	props := pqarrow.ArrowReadProperties{BatchSize: dataset.ReadBatchRows}
	fr, err := pqarrow.NewFileReader(pf, props, memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file: %s", f.Path, oneLine(err))
	}
	sch, err := fr.Schema()
	if err != nil {
		return nil, fmt.Errorf("%s: unreadable schema: %s", f.Path, oneLine(err))
	}
	want := dataset.GamesColumns
	if f.Table == dataset.Moves {
		want = dataset.MovesColumns
	}
	r := &foreignReader{path: f.Path, table: f.Table, names: names, col: map[string]int{}, consts: map[string]string{}}
	var idx []int
	for _, n := range slices.Concat(names, optional) {
		i := slices.IndexFunc(want, func(c dataset.Column) bool { return c.Field.Name == n })
		wt := want[i].Field.Type
		fi := sch.FieldIndices(n)
		_, inPartition := f.partitions[n]
		if len(fi) == 0 && !inPartition && slices.Contains(optional, n) {
			continue
		}
		if len(fi) == 0 {
			if v, ok := f.partitions[n]; ok && dataset.IsString(wt) {
				r.consts[n] = v
				continue
			}
			return nil, fmt.Errorf("%s: column %s missing (the %s table needs %s)", f.Path, n, f.Table, strings.Join(names, ", "))
		}
		gt := sch.Field(fi[0]).Type
		switch {
		case dataset.IsString(wt) && dataset.IsString(gt), !dataset.IsString(wt) && isInteger(gt):
		case dataset.IsString(wt):
			return nil, fmt.Errorf("%s: column %s has type %s, want a string", f.Path, n, gt)
		default:
			return nil, fmt.Errorf("%s: column %s has type %s, want an integer type", f.Path, n, gt)
		}
		r.col[n] = len(idx)
		idx = append(idx, pf.MetaData().Schema.ColumnIndexByName(n))
	}
	if slices.Contains(idx, -1) {
		return nil, fmt.Errorf("%s: a column wanted is nested; the %s table has flat columns", f.Path, f.Table)
	}
	r.rr, err = fr.GetRecordReader(ctx, idx, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", f.Path, oneLine(err))
	}
	r.close = func() { r.rr.Release(); pf.Close() }
	return r, nil
}

// has reports whether the file has column name (or a partition of it).
func (r *foreignReader) has(name string) bool {
	_, col := r.col[name]
	_, part := r.consts[name]
	return col || part
}

// isInteger reports whether t is an integer type.
func isInteger(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		return true
	}
	return false
}

// next reads the next record batch.
func (r *foreignReader) next() (_ bool, err error) {
	defer dataset.Recover(r.path, &err)
	if r.rec != nil {
		r.row += r.rec.NumRows()
	}
	if !r.rr.Next() {
		r.rec = nil
		if err := r.rr.Err(); err != nil {
			return false, fmt.Errorf("%s: corrupt data (reading from row %d): %s", r.path, r.row, oneLine(err))
		}
		return false, nil
	}
	r.rec = r.rr.RecordBatch()
	return true, nil
}

// ints returns integer column name of the current batch as int64s, each
// within [lo, hi]; nulls are an error unless nullable (then valid says
// which rows hold a value).
func (r *foreignReader) ints(name string, lo, hi int64, buf []int64) (vals []int64, valid func(int) bool, err error) {
	a := r.rec.Column(r.col[name])
	if a.NullN() > 0 && name != "first_repeat_ply" {
		return nil, nil, fmt.Errorf("%s: column %s has null values (rows %d..%d)", r.path, name, r.row, r.row+int64(a.Len())-1)
	}
	vals = buf[:0]
	bad := -1
	switch a := a.(type) {
	case *array.Int8:
		vals = appendInt64s(vals, a.Int8Values())
	case *array.Int16:
		vals = appendInt64s(vals, a.Int16Values())
	case *array.Int32:
		vals = appendInt64s(vals, a.Int32Values())
	case *array.Int64:
		vals = append(vals, a.Int64Values()...)
	case *array.Uint8:
		vals = appendInt64s(vals, a.Uint8Values())
	case *array.Uint16:
		vals = appendInt64s(vals, a.Uint16Values())
	case *array.Uint32:
		vals = appendInt64s(vals, a.Uint32Values())
	case *array.Uint64:
		for i, v := range a.Uint64Values() {
			if v > math.MaxInt64 && a.IsValid(i) && bad < 0 {
				bad = i
			}
			vals = append(vals, int64(v))
		}
	default:
		return nil, nil, fmt.Errorf("%s: column %s has type %s, want an integer type", r.path, name, a.DataType())
	}
	for i, v := range vals {
		if bad >= 0 || (v < lo || v > hi) && a.IsValid(i) {
			if bad >= 0 {
				i = bad
			}
			return nil, nil, fmt.Errorf("%s: row %d: column %s holds %s, outside %d..%d", r.path, r.row+int64(i), name, a.ValueStr(i), lo, hi)
		}
	}
	return vals, a.IsValid, nil
}

// appendInt64s appends xs, widened to int64, to vals.
func appendInt64s[T int8 | int16 | int32 | uint8 | uint16 | uint32](vals []int64, xs []T) []int64 {
	for _, v := range xs {
		vals = append(vals, int64(v))
	}
	return vals
}

// strings decodes string column name of the current batch into s (a
// column given by a partition is one value for every row).
func (r *foreignReader) strings(name string, s *dataset.Words) error {
	if v, ok := r.consts[name]; ok {
		s.Dict = append(s.Dict[:0], v)
		s.Codes = s.Codes[:0]
		for range r.rec.NumRows() {
			s.Codes = append(s.Codes, 0)
		}
		return nil
	}
	a := r.rec.Column(r.col[name])
	if a.NullN() > 0 {
		return fmt.Errorf("%s: column %s has null values (rows %d..%d)", r.path, name, r.row, r.row+int64(a.Len())-1)
	}
	s.Codes, s.Dict = s.Codes[:0], s.Dict[:0]
	seen := map[string]int32{}
	str := func(v string) {
		c, ok := seen[v]
		if !ok {
			c = int32(len(s.Dict))
			seen[v] = c
			s.Dict = append(s.Dict, v)
		}
		s.Codes = append(s.Codes, c)
	}
	switch a := a.(type) {
	case *array.Dictionary:
		d := a.Dictionary()
		for i := 0; i < a.Len(); i++ {
			str(d.ValueStr(a.GetValueIndex(i)))
		}
	case *array.String:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	case *array.LargeString:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	case *array.StringView:
		for i := 0; i < a.Len(); i++ {
			str(a.Value(i))
		}
	default:
		return fmt.Errorf("%s: column %s has type %s, want a string", r.path, name, a.DataType())
	}
	return nil
}

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
	file               int32 // index in Dataset.Games
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
func scanTables(ctx context.Context, ds *Dataset, opt Options) (_ []*cellAcc, err error) {
	defer func() { err = repairHint(err) }()
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
func (fg *foreignGames) readFile(ctx context.Context, fi int, f File) error {
	r, err := openForeign(ctx, f, gamesRead, dataset.ExperimentID)
	if err != nil {
		return err
	}
	defer r.close()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := r.next()
		if err != nil || !ok {
			return err
		}
		if err := fg.addBatch(r, fi, f); err != nil {
			return err
		}
	}
}

// addBatch adds the rows of the current record batch of r.
func (fg *foreignGames) addBatch(r *foreignReader, fi int, f File) error {
	ss, ibuf := &fg.ss, &fg.ibuf
	for k, n := range []string{"ruleset", "variant", "agent_south", "agent_north", "first", "result", "end_reason", dataset.ExperimentID} {
		if n == dataset.ExperimentID && !r.has(n) {
			ss[k].Dict, ss[k].Codes = append(ss[k].Dict[:0], ""), make([]int32, len(ss[0].Codes))
			continue
		}
		if err := r.strings(n, &ss[k]); err != nil {
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
		ibuf[k], valid, err = r.ints(c.name, c.lo, c.hi, ibuf[k])
		if err != nil {
			return err
		}
		if c.name == "first_repeat_ply" {
			repeat = valid
		}
	}
	for i, id := range ibuf[0] {
		row := r.row + int64(i)
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
func scanForeignMoves(ctx context.Context, f File, rows []gameRow, index gameIndex) error {
	r, err := openForeign(ctx, f, movesRead, dataset.ExperimentID)
	if err != nil {
		return err
	}
	defer r.close()
	var buf [7][]int64
	var exp dataset.Words
	withExp := r.has(dataset.ExperimentID) && index.stacked
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
		ok, err := r.next()
		if err != nil || !ok {
			return err
		}
		for k, c := range cols {
			if buf[k], _, err = r.ints(c.name, c.lo, c.hi, buf[k]); err != nil {
				return err
			}
		}
		if withExp {
			if err := r.strings(dataset.ExperimentID, &exp); err != nil {
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
				return fmt.Errorf("%s: row %d: %w", f.Path, r.row+int64(i), err)
			}
			g := &rows[gi]
			if ply := int32(buf[1][i]); ply != g.moves.plies {
				return fmt.Errorf("%s: row %d: game %d ply %d follows ply %d: the moves of a game must be complete and in ply order (export them ORDER BY game_id, ply)", f.Path, r.row+int64(i), id, ply, g.moves.plies-1)
			}
			if g.moves.plies == g.plies {
				return fmt.Errorf("%s: row %d: game %d has only %d plies in the games table", f.Path, r.row+int64(i), id, g.plies)
			}
			g.moves.add(g.moves.plies, int8(buf[2][i]), int16(buf[3][i]), buf[4][i], int32(buf[5][i]), int32(buf[6][i]), winnerSign(g.result))
		}
	}
}
