package dataset

import (
	"fmt"
	"slices"
	"sync"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/baolab/baolab/engine"
)

// A batch holds rows of one table column by column, in plain Go slices
// that a writer reuses from batch to batch: appending a row is a few
// slice appends and never allocates once the slices have grown. The
// Writer wraps the slices (without copying) as Arrow arrays, and the
// Reader fills them from a file's record batches (without copying where
// the file's encoding allows).
//
// Each column is defined once, in gameFields and moveFields: its name,
// type and meaning (GamesColumns, MovesColumns), how a batch's slice
// becomes an Arrow array and how an Arrow array fills the slice. So the
// writer, the reader and the documentation cannot disagree on the order
// or the type of a column.

// Words is a string column coded against a dictionary: row i holds
// Dict[Codes[i]]. A file stores it as an Arrow dictionary array.
type Words struct {
	Dict  []string
	Codes []int32
}

// Append appends s.
func (w *Words) Append(s string) {
	if n := len(w.Codes); n > 0 && w.Dict[w.Codes[n-1]] == s {
		w.Codes = append(w.Codes, w.Codes[n-1])
		return
	}
	c := slices.Index(w.Dict, s)
	if c < 0 {
		c = len(w.Dict)
		w.Dict = append(w.Dict, s)
	}
	w.Codes = append(w.Codes, int32(c))
}

// At returns row i.
func (w *Words) At(i int) string { return w.Dict[w.Codes[i]] }

func (w *Words) reset() { w.Dict, w.Codes = w.Dict[:0], w.Codes[:0] }

// GameBatch holds rows of the games table, one slice per column (field
// names as in GameRow). The enumerated columns hold codes: Result
// ResultCode, EndReason EndReasonCode. A null first_repeat_ply is -1.
type GameBatch struct {
	Experiment                   Words
	ID                           []int64
	Ruleset, Variant             Words
	South, North, First          Words
	Seed                         []uint64
	Result, EndReason            []int32
	Plies                        []int32
	MaterialSouth, MaterialNorth []int32
	FirstRepeatPly               []int32
	Captures, Captured           []int32
	MaxLaps                      []int64
	NeverEnding                  []int32
	Reservations                 []int32
	OpeningPlies                 []int32
}

// Len returns the number of rows.
func (b *GameBatch) Len() int { return len(b.ID) }

// Reset empties b, keeping its memory.
func (b *GameBatch) Reset() {
	b.ID, b.Seed, b.Result, b.EndReason, b.Plies = b.ID[:0], b.Seed[:0], b.Result[:0], b.EndReason[:0], b.Plies[:0]
	for _, w := range []*Words{&b.Experiment, &b.Ruleset, &b.Variant, &b.South, &b.North, &b.First} {
		w.reset()
	}
	b.MaterialSouth, b.MaterialNorth, b.FirstRepeatPly = b.MaterialSouth[:0], b.MaterialNorth[:0], b.FirstRepeatPly[:0]
	b.Captures, b.Captured, b.MaxLaps, b.NeverEnding = b.Captures[:0], b.Captured[:0], b.MaxLaps[:0], b.NeverEnding[:0]
	b.Reservations, b.OpeningPlies = b.Reservations[:0], b.OpeningPlies[:0]
}

// Append appends row r.
func (b *GameBatch) Append(r *GameRow) {
	b.Experiment.Append(r.Experiment)
	b.ID = append(b.ID, r.ID)
	b.Ruleset.Append(r.Ruleset)
	b.Variant.Append(r.Variant)
	b.South.Append(r.South)
	b.North.Append(r.North)
	b.First.Append(PlayerWords[r.First])
	b.Seed = append(b.Seed, r.Seed)
	b.Result = append(b.Result, ResultCode(r.Result))
	b.EndReason = append(b.EndReason, EndReasonCode(r.EndReason))
	b.Plies = append(b.Plies, r.Plies)
	b.MaterialSouth = append(b.MaterialSouth, r.MaterialSouth)
	b.MaterialNorth = append(b.MaterialNorth, r.MaterialNorth)
	b.FirstRepeatPly = append(b.FirstRepeatPly, max(r.FirstRepeatPly, -1))
	b.Captures = append(b.Captures, r.Captures)
	b.Captured = append(b.Captured, r.Captured)
	b.MaxLaps = append(b.MaxLaps, r.MaxLaps)
	b.NeverEnding = append(b.NeverEnding, r.NeverEnding)
	b.Reservations = append(b.Reservations, r.Reservations)
	b.OpeningPlies = append(b.OpeningPlies, r.OpeningPlies)
}

// Row returns row i. Every column must have been read.
func (b *GameBatch) Row(i int) (GameRow, error) {
	first, err := ParsePlayer(b.First.At(i))
	if err != nil {
		return GameRow{}, err
	}
	return GameRow{
		Experiment: b.Experiment.At(i), ID: b.ID[i], Ruleset: b.Ruleset.At(i), Variant: b.Variant.At(i), South: b.South.At(i), North: b.North.At(i), First: first,
		Seed: b.Seed[i], Result: ResultOf(b.Result[i]), EndReason: EndReasonOf(b.EndReason[i]), Plies: b.Plies[i],
		MaterialSouth: b.MaterialSouth[i], MaterialNorth: b.MaterialNorth[i], FirstRepeatPly: b.FirstRepeatPly[i],
		Captures: b.Captures[i], Captured: b.Captured[i], MaxLaps: b.MaxLaps[i], NeverEnding: b.NeverEnding[i],
		Reservations: b.Reservations[i], OpeningPlies: b.OpeningPlies[i],
	}, nil
}

// MoveBatch holds rows of the moves table, one slice per column (field
// names as in MoveRow). Player holds engine.Player values.
type MoveBatch struct {
	Experiment                   Words
	GameID                       []int64
	Ruleset                      Words
	Ply                          []int32
	Player                       []int32
	Move                         []int8
	Legal                        []int16
	Laps, Sown                   []int64
	Captured                     []int32
	MaterialSouth, MaterialNorth []int32
	Hash                         []uint64
	Reserved                     []bool
}

// Len returns the number of rows.
func (b *MoveBatch) Len() int { return len(b.GameID) }

// Reset empties b, keeping its memory.
func (b *MoveBatch) Reset() {
	b.GameID, b.Ply, b.Player, b.Move, b.Legal = b.GameID[:0], b.Ply[:0], b.Player[:0], b.Move[:0], b.Legal[:0]
	b.Experiment.reset()
	b.Ruleset.reset()
	b.Laps, b.Sown, b.Captured, b.MaterialSouth, b.MaterialNorth = b.Laps[:0], b.Sown[:0], b.Captured[:0], b.MaterialSouth[:0], b.MaterialNorth[:0]
	b.Hash, b.Reserved = b.Hash[:0], b.Reserved[:0]
}

// Append appends row r.
func (b *MoveBatch) Append(r *MoveRow) {
	if n := len(b.GameID); n == cap(b.GameID) {
		b.grow(max(n, 1024))
	}
	b.Experiment.Append(r.Experiment)
	b.Ruleset.Append(r.Ruleset)
	b.appendRest(r)
}

// AppendNext appends row r with the previous row's experiment_id and
// ruleset, whatever r's (in an empty batch, r's own): the next move of a
// game, or of another game of the same experiment and ruleset. It skips
// the two dictionary lookups of Append, a third of the cost of a row.
func (b *MoveBatch) AppendNext(r *MoveRow) {
	n := len(b.GameID)
	if n == 0 {
		b.Append(r)
		return
	}
	if n == cap(b.GameID) {
		b.grow(n)
	}
	b.Experiment.Codes = append(b.Experiment.Codes, b.Experiment.Codes[n-1])
	b.Ruleset.Codes = append(b.Ruleset.Codes, b.Ruleset.Codes[n-1])
	b.appendRest(r)
}

// appendRest appends the columns of r but experiment_id and ruleset.
func (b *MoveBatch) appendRest(r *MoveRow) {
	b.GameID = append(b.GameID, r.GameID)
	b.Ply = append(b.Ply, r.Ply)
	b.Player = append(b.Player, int32(r.Player))
	b.Move = append(b.Move, r.Move)
	b.Legal = append(b.Legal, r.Legal)
	b.Laps = append(b.Laps, r.Laps)
	b.Sown = append(b.Sown, r.Sown)
	b.Captured = append(b.Captured, r.Captured)
	b.MaterialSouth = append(b.MaterialSouth, r.MaterialSouth)
	b.MaterialNorth = append(b.MaterialNorth, r.MaterialNorth)
	b.Hash = append(b.Hash, r.Hash)
	b.Reserved = append(b.Reserved, r.Reserved)
}

// grow makes room for n more rows in every column at once. Doubling
// (append alone grows a large slice by a quarter) copies and allocates
// less while a worker's batch first fills up, and fresh memory is dear:
// the copies run at page-fault speed.
func (b *MoveBatch) grow(n int) {
	b.Experiment.Codes, b.GameID, b.Ruleset.Codes = slices.Grow(b.Experiment.Codes, n), slices.Grow(b.GameID, n), slices.Grow(b.Ruleset.Codes, n)
	b.Ply, b.Player = slices.Grow(b.Ply, n), slices.Grow(b.Player, n)
	b.Move, b.Legal, b.Laps, b.Sown = slices.Grow(b.Move, n), slices.Grow(b.Legal, n), slices.Grow(b.Laps, n), slices.Grow(b.Sown, n)
	b.Captured, b.MaterialSouth, b.MaterialNorth = slices.Grow(b.Captured, n), slices.Grow(b.MaterialSouth, n), slices.Grow(b.MaterialNorth, n)
	b.Hash, b.Reserved = slices.Grow(b.Hash, n), slices.Grow(b.Reserved, n)
}

// Row returns row i. Every column must have been read.
func (b *MoveBatch) Row(i int) MoveRow {
	return MoveRow{
		Experiment: b.Experiment.At(i), GameID: b.GameID[i], Ruleset: b.Ruleset.At(i), Ply: b.Ply[i], Player: engine.Player(b.Player[i]), Move: b.Move[i],
		Legal: b.Legal[i], Laps: b.Laps[i], Sown: b.Sown[i], Captured: b.Captured[i],
		MaterialSouth: b.MaterialSouth[i], MaterialNorth: b.MaterialNorth[i], Hash: b.Hash[i], Reserved: b.Reserved[i],
	}
}

// field is one column of a table: its documentation, how the column of a
// batch B becomes an Arrow array (put; the array may alias the batch's
// slice), and how an Arrow array read from a file fills it (get).
type field[B any] struct {
	Column
	put func(b *B, s *scratch) arrow.Array
	get func(b *B, a arrow.Array, s *scratch) error
}

// scratch holds buffers that put and get reuse.
type scratch struct {
	valid []byte  // validity bitmap
	ints  []int32 // values with nulls zeroed, or remapped codes
	bits  []byte  // a Boolean column's bitmap
	bools []bool
	codes [3][]int32 // remapped codes of the enumerated columns
}

var (
	i8, i16, i32, i64, u64 = arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Uint64
	boolean                = arrow.FixedWidthTypes.Boolean
)

func num[B any, T int8 | int16 | int32 | int64 | uint64](name string, t arrow.DataType, meaning string, of func(*B) *[]T) field[B] {
	return field[B]{
		Column: col(name, t, false, meaning),
		put:    func(b *B, _ *scratch) arrow.Array { return prim(t, *of(b), nil, 0) },
		get:    func(b *B, a arrow.Array, _ *scratch) error { return values(a, of(b)) },
	}
}

func words[B any](name, meaning string, of func(*B) *Words) field[B] {
	return field[B]{
		Column: col(name, dictString, false, meaning),
		put: func(b *B, _ *scratch) arrow.Array {
			w := of(b)
			return dictArray(w.Codes, stringArray(w.Dict...), true)
		},
		get: func(b *B, a arrow.Array, _ *scratch) error { return readWords(a, of(b)) },
	}
}

// enum is a string column whose words are fixed (dict) and whose batch
// column holds codes into dict; slot picks the scratch buffer for codes
// that must be remapped on reading.
func enum[B any](name, meaning string, dict func() arrow.Array, slot int, of func(*B) *[]int32) field[B] {
	return field[B]{
		Column: col(name, dictString, false, meaning),
		put:    func(b *B, _ *scratch) arrow.Array { return dictArray(*of(b), dict(), false) },
		get: func(b *B, a arrow.Array, s *scratch) error {
			return readEnum(a, dict().(*array.String), of(b), &s.codes[slot])
		},
	}
}

var (
	playerDict    = fixedDict(PlayerWords)
	resultDict    = fixedDict(ResultWords)
	endReasonDict = fixedDict(EndReasonWords)
)

// ExperimentID names the column of every table that holds the writer's
// Experiment.ID. Files of format baolab-dataset/3 and older lack it in the
// games and moves tables; a Reader then takes it from the footer
// (MetaExperiment).
const ExperimentID = "experiment_id"

const experimentMeaning = "the experiment's ID (manifest experiment, Experiment.ID; also in the file's footer): (experiment_id, game_id) is unique across datasets, so tables of several datasets can be stacked"

// gameFields defines the games table: one row per game.
var gameFields = []field[GameBatch]{
	num("game_id", i64, "unique in the dataset (not across datasets: key on experiment_id too): cell index × games per cell + game index within the cell", func(b *GameBatch) *[]int64 { return &b.ID }),
	words(ExperimentID, experimentMeaning, func(b *GameBatch) *Words { return &b.Experiment }),
	words("ruleset", "canonical ruleset string (variant and every non-default option)", func(b *GameBatch) *Words { return &b.Ruleset }),
	words("variant", "variant name: kingulu, kimasai-two-rows or kimasai-four-rows", func(b *GameBatch) *Words { return &b.Variant }),
	words("agent_south", "agent spec playing South, e.g. random or mcts:iters=400,c=1.4", func(b *GameBatch) *Words { return &b.South }),
	words("agent_north", "agent spec playing North", func(b *GameBatch) *Words { return &b.North }),
	words("first", "who moved first: south or north", func(b *GameBatch) *Words { return &b.First }),
	num("seed", u64, "the game's own random seed, derived from (experiment seed, ruleset, agent pair, game index)", func(b *GameBatch) *[]uint64 { return &b.Seed }),
	enum("result", "south, north, draw or unfinished (max_plies reached)", resultDict, 0, func(b *GameBatch) *[]int32 { return &b.Result }),
	enum("end_reason", "no-moves, score, inner-row-empty, all-captured, repetition, infinite-move or max-plies", endReasonDict, 1, func(b *GameBatch) *[]int32 { return &b.EndReason }),
	num("plies", i32, "moves played (plies)", func(b *GameBatch) *[]int32 { return &b.Plies }),
	num("material_south", i32, "South's material at the end (seeds, cows or stones, banks and reserves included)", func(b *GameBatch) *[]int32 { return &b.MaterialSouth }),
	num("material_north", i32, "North's material at the end", func(b *GameBatch) *[]int32 { return &b.MaterialNorth }),
	{
		Column: col("first_repeat_ply", i32, true, "first ply at which the position equalled an earlier one; null if no position repeated"),
		put:    func(b *GameBatch, s *scratch) arrow.Array { return nullableInt32(b.FirstRepeatPly, s) },
		get:    func(b *GameBatch, a arrow.Array, s *scratch) error { return readNullableInt32(a, &b.FirstRepeatPly, s) },
	},
	num("captures", i32, "captures in the game (applications of a capture rule; a kingulu reservation is not one)", func(b *GameBatch) *[]int32 { return &b.Captures }),
	num("captured", i32, "counters taken from the opponent by those captures (not a reserved hole's seeds)", func(b *GameBatch) *[]int32 { return &b.Captured }),
	num("max_laps", i64, "most laps sown in one move of the game", func(b *GameBatch) *[]int64 { return &b.MaxLaps }),
	num("never_ending", i32, "never-ending moves met (rejected candidates plus one played under infinite=draw)", func(b *GameBatch) *[]int32 { return &b.NeverEnding }),
	num("reservations", i32, "holes reserved in the game (kingulu's kuweka mtoto; 0 in the other variants)", func(b *GameBatch) *[]int32 { return &b.Reservations }),
	num("opening_plies", i32, "plies of the game that were its random opening (the experiment's opening_plies, fewer if the game ended during it; 0 without one)", func(b *GameBatch) *[]int32 { return &b.OpeningPlies }),
}

// moveFields defines the moves table: one row per ply.
var moveFields = []field[MoveBatch]{
	num("game_id", i64, "the game (games.game_id)", func(b *MoveBatch) *[]int64 { return &b.GameID }),
	words(ExperimentID, experimentMeaning, func(b *MoveBatch) *Words { return &b.Experiment }),
	words("ruleset", "canonical ruleset string", func(b *MoveBatch) *Words { return &b.Ruleset }),
	num("ply", i32, "0 for the first move of the game", func(b *MoveBatch) *[]int32 { return &b.Ply }),
	enum("player", "who moved: south or north", playerDict, 2, func(b *MoveBatch) *[]int32 { return &b.Player }),
	num("move", i8, "the hole moved from, in the mover's own numbering", func(b *MoveBatch) *[]int8 { return &b.Move }),
	num("legal_moves", i16, "moves the mover could choose from: candidates (every rule but the never-ending check) minus those found never-ending before this move was chosen", func(b *MoveBatch) *[]int16 { return &b.Legal }),
	num("laps", i64, "laps sown by the move (a raid's sowing and a step count as one lap each)", func(b *MoveBatch) *[]int64 { return &b.Laps }),
	num("sown", i64, "counters put down one by one over all laps", func(b *MoveBatch) *[]int64 { return &b.Sown }),
	num("captured", i32, "counters the move's captures took from the opponent (not a reserved hole's seeds)", func(b *MoveBatch) *[]int32 { return &b.Captured }),
	num("material_south", i32, "South's material after the move", func(b *MoveBatch) *[]int32 { return &b.MaterialSouth }),
	num("material_north", i32, "North's material after the move", func(b *MoveBatch) *[]int32 { return &b.MaterialNorth }),
	num("hash", u64, "64-bit hash of the position after the move (engine's Hash)", func(b *MoveBatch) *[]uint64 { return &b.Hash }),
	{
		Column: col("reserved", boolean, false, "the move reserved a hole (kingulu's kuweka mtoto; always false in the other variants)"),
		put:    func(b *MoveBatch, s *scratch) arrow.Array { return boolArray(b.Reserved, s) },
		get:    func(b *MoveBatch, a arrow.Array, s *scratch) error { return readBools(a, &b.Reserved, s) },
	},
}

func columnsOf[B any](fields []field[B]) []Column {
	out := make([]Column, len(fields))
	for i, f := range fields {
		out[i] = f.Column
	}
	return out
}

// record builds the Arrow record of every column of a batch of n rows;
// the caller releases it.
func record[B any](schema *arrow.Schema, fields []field[B], b *B, n int, s *scratch) arrow.RecordBatch {
	cols := make([]arrow.Array, len(fields))
	for i, f := range fields {
		cols[i] = f.put(b, s)
	}
	rec := array.NewRecordBatch(schema, cols, int64(n))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// bytesOf views a slice of fixed-width numbers as bytes, without copying.
func bytesOf[T int8 | int16 | int32 | int64 | uint64](v []T) []byte {
	if len(v) == 0 {
		return nil
	}
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*int(unsafe.Sizeof(z)))
}

// prim wraps v as an Arrow array of type dt (whose width must match T).
// validity is nil or a bitmap with nulls zero bits.
func prim[T int8 | int16 | int32 | int64 | uint64](dt arrow.DataType, v []T, validity []byte, nulls int) arrow.Array {
	var vb *memory.Buffer
	if validity != nil {
		vb = memory.NewBufferBytes(validity)
	}
	d := array.NewData(dt, len(v), []*memory.Buffer{vb, memory.NewBufferBytes(bytesOf(v))}, nil, nulls, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

// nullableInt32 wraps v, where -1 stands for null, as an Int32 array
// with a validity bitmap (and 0 under a null, as baolab has always
// written).
func nullableInt32(v []int32, s *scratch) arrow.Array {
	nulls := 0
	for _, x := range v {
		if x < 0 {
			nulls++
		}
	}
	if nulls == 0 {
		return prim(i32, v, nil, 0)
	}
	s.valid = slices.Grow(s.valid[:0], (len(v)+7)/8)[:(len(v)+7)/8]
	clear(s.valid)
	s.ints = slices.Grow(s.ints[:0], len(v))[:len(v)]
	for i, x := range v {
		if x >= 0 {
			s.valid[i/8] |= 1 << (i % 8)
			s.ints[i] = x
		} else {
			s.ints[i] = 0
		}
	}
	return prim(i32, s.ints, s.valid, nulls)
}

// boolArray makes a Boolean array of v.
func boolArray(v []bool, s *scratch) arrow.Array {
	s.bits = slices.Grow(s.bits[:0], (len(v)+7)/8)[:(len(v)+7)/8]
	clear(s.bits)
	for i, x := range v {
		if x {
			s.bits[i/8] |= 1 << (i % 8)
		}
	}
	d := array.NewData(boolean, len(v), []*memory.Buffer{nil, memory.NewBufferBytes(s.bits)}, nil, 0, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

func stringArray(words ...string) arrow.Array {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(words, nil)
	return b.NewArray()
}

// fixedDict returns the dictionary of a fixed word list, made once.
func fixedDict(words []string) func() arrow.Array {
	return sync.OnceValue(func() arrow.Array { return stringArray(words...) })
}

// dictArray makes a dictionary array of indices idx into dict; own says
// that the new array takes over the caller's reference to dict.
func dictArray(idx []int32, dict arrow.Array, own bool) arrow.Array {
	ind := prim(i32, idx, nil, 0)
	defer ind.Release()
	a := array.NewDictionaryArray(dictString, ind, dict)
	if own {
		dict.Release()
	}
	return a
}

// valuer is an Arrow array of fixed-width numbers.
type valuer[T any] interface {
	arrow.Array
	Values() []T
}

// values points *dst at the values of a (no copy), which must be of the
// column's type and hold no null. The slice's capacity is its length, so
// appending to it never writes into the array.
func values[T int8 | int16 | int32 | int64 | uint64](a arrow.Array, dst *[]T) error {
	v, ok := a.(valuer[T])
	if !ok {
		return fmt.Errorf("has type %s", a.DataType())
	}
	if a.NullN() > 0 {
		return errNulls
	}
	x := v.Values()
	*dst = x[:len(x):len(x)]
	return nil
}

var errNulls = fmt.Errorf("has null values")

func readNullableInt32(a arrow.Array, dst *[]int32, s *scratch) error {
	v, ok := a.(*array.Int32)
	if !ok {
		return fmt.Errorf("has type %s", a.DataType())
	}
	x := v.Int32Values()
	if v.NullN() == 0 {
		*dst = x[:len(x):len(x)]
		return nil
	}
	s.ints = append(s.ints[:0], x...)
	for i := range s.ints {
		if v.IsNull(i) {
			s.ints[i] = -1
		}
	}
	*dst = s.ints
	return nil
}

func readBools(a arrow.Array, dst *[]bool, s *scratch) error {
	v, ok := a.(*array.Boolean)
	if !ok {
		return fmt.Errorf("has type %s", a.DataType())
	}
	if v.NullN() > 0 {
		return errNulls
	}
	s.bools = s.bools[:0]
	for i := range v.Len() {
		s.bools = append(s.bools, v.Value(i))
	}
	*dst = s.bools
	return nil
}

// readWords decodes a string column (dictionary-encoded or plain) into
// w, reusing its buffers.
func readWords(a arrow.Array, w *Words) error {
	if a.NullN() > 0 {
		return errNulls
	}
	w.reset()
	switch a := a.(type) {
	case *array.Dictionary:
		d, ok := a.Dictionary().(*array.String)
		if !ok {
			return fmt.Errorf("has type %s", a.DataType())
		}
		for i := range d.Len() {
			w.Dict = append(w.Dict, d.Value(i))
		}
		if ind, ok := a.Indices().(*array.Int32); ok {
			w.Codes = append(w.Codes, ind.Int32Values()...)
		} else {
			for i := range a.Len() {
				w.Codes = append(w.Codes, int32(a.GetValueIndex(i)))
			}
		}
	case *array.String:
		for i := range a.Len() {
			w.Append(a.Value(i))
		}
	default:
		return fmt.Errorf("has type %s", a.DataType())
	}
	return nil
}

// readEnum reads a string column whose words must come from the fixed
// list dict into codes, without copying when the file's dictionary is
// dict itself (as baolab writes it), else remapped into buf.
func readEnum(a arrow.Array, dict *array.String, dst *[]int32, buf *[]int32) error {
	if a.NullN() > 0 {
		return errNulls
	}
	code := func(v string) (int32, error) {
		for j := range dict.Len() {
			if dict.Value(j) == v {
				return int32(j), nil
			}
		}
		return 0, fmt.Errorf("holds unknown value %q", v)
	}
	switch a := a.(type) {
	case *array.Dictionary:
		d, ok := a.Dictionary().(*array.String)
		if !ok {
			return fmt.Errorf("has type %s", a.DataType())
		}
		ind, isInt32 := a.Indices().(*array.Int32)
		same := isInt32 && d.Len() <= dict.Len()
		remap := make([]int32, d.Len())
		for j := range d.Len() {
			c, err := code(d.Value(j))
			if err != nil && a.Len() > 0 {
				return err
			}
			remap[j] = c
			same = same && c == int32(j)
		}
		if same {
			x := ind.Int32Values()
			*dst = x[:len(x):len(x)]
			return nil
		}
		*buf = (*buf)[:0]
		for i := range a.Len() {
			*buf = append(*buf, remap[a.GetValueIndex(i)])
		}
	case *array.String:
		*buf = (*buf)[:0]
		for i := range a.Len() {
			c, err := code(a.Value(i))
			if err != nil {
				return err
			}
			*buf = append(*buf, c)
		}
	default:
		return fmt.Errorf("has type %s", a.DataType())
	}
	*dst = *buf
	return nil
}
