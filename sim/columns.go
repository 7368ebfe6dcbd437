package sim

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// The tables are collected in plain Go slices, one per column, which a
// worker reuses from batch to batch: appending a row is a few slice
// appends and never allocates once the slices have grown. At a flush the
// slices are wrapped (without copying) as Arrow arrays and handed to the
// Parquet writer, which encodes them before the slices are reused.
//
// String columns are dictionary arrays. Their dictionaries are fixed: the
// constant columns of a file (ruleset, variant, agents, first) have a
// one-word dictionary and all-zero indices; player, result and end_reason
// index fixed word lists.

// gameCols holds the games table of one batch.
type gameCols struct {
	id          []int64
	seed        []uint64
	result      []int32 // index into resultWords
	endReason   []int32 // index into endReasonWords
	plies       []int32
	matS, matN  []int32
	firstRep    []int32
	firstRepOK  []byte // validity bitmap of firstRep
	nulls       int
	captures    []int32
	captured    []int32
	maxLaps     []int64
	neverEnding []int32
	reserv      []int32 // reservations
	opening     []int32
}

func (g *gameCols) reset() {
	g.id, g.seed, g.result, g.endReason = g.id[:0], g.seed[:0], g.result[:0], g.endReason[:0]
	g.plies, g.matS, g.matN, g.firstRep = g.plies[:0], g.matS[:0], g.matN[:0], g.firstRep[:0]
	g.firstRepOK, g.nulls = g.firstRepOK[:0], 0
	g.captures, g.captured, g.maxLaps, g.neverEnding = g.captures[:0], g.captured[:0], g.maxLaps[:0], g.neverEnding[:0]
	g.reserv = g.reserv[:0]
	g.opening = g.opening[:0]
}

func (g *gameCols) len() int { return len(g.id) }

// moveCols holds (part of) the moves table of one batch.
type moveCols struct {
	id         []int64
	ply        []int32
	player     []int32 // index into playerWords
	move       []int8
	legal      []int16
	laps, sown []int64
	captured   []int32
	matS, matN []int32
	hash       []uint64
	reserved   []byte // bitmap: bit i set when move i reserved a hole
}

func (m *moveCols) reset() {
	m.id, m.ply, m.player, m.move, m.legal = m.id[:0], m.ply[:0], m.player[:0], m.move[:0], m.legal[:0]
	m.laps, m.sown, m.captured, m.matS, m.matN, m.hash = m.laps[:0], m.sown[:0], m.captured[:0], m.matS[:0], m.matN[:0], m.hash[:0]
	m.reserved = m.reserved[:0]
}

// addReserved appends one move's reserved flag; call it before the move's
// id is appended.
func (m *moveCols) addReserved(r bool) {
	n := len(m.id)
	if n%8 == 0 {
		m.reserved = append(m.reserved, 0)
	}
	if r {
		m.reserved[n/8] |= 1 << (n % 8)
	}
}

func (m *moveCols) len() int { return len(m.id) }

// Fixed dictionaries.
var (
	playerWords    = []string{"south", "north"}
	resultWords    = []string{"south", "north", "draw", "unfinished"} // engine.Result - 1
	endReasonWords = engine.EndReasonNames()                          // engine.EndReason - 1
)

// dicts holds the dictionary arrays of one cell.
type dicts struct {
	ruleset, variant, south, north, first arrow.Array // one word each
	player, result, endReason             arrow.Array
}

func stringArray(words ...string) arrow.Array {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(words, nil)
	return b.NewArray()
}

func newDicts(ruleset, variant, south, north string, first engine.Player) *dicts {
	return &dicts{
		ruleset:   stringArray(ruleset),
		variant:   stringArray(variant),
		south:     stringArray(south),
		north:     stringArray(north),
		first:     stringArray(first.String()),
		player:    stringArray(playerWords...),
		result:    stringArray(resultWords...),
		endReason: stringArray(endReasonWords...),
	}
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

// boolArray makes a Boolean array of n values from the bitmap bits.
func boolArray(bits []byte, n int) arrow.Array {
	d := array.NewData(arrow.FixedWidthTypes.Boolean, n, []*memory.Buffer{nil, memory.NewBufferBytes(bits)}, nil, 0, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

var dictType = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}

func dictArray(idx []int32, dict arrow.Array) arrow.Array {
	ind := prim(arrow.PrimitiveTypes.Int32, idx, nil, 0)
	defer ind.Release()
	return array.NewDictionaryArray(dictType, ind, dict)
}

// zeros returns n zero indices, growing the shared buffer z as needed.
func zeros(z *[]int32, n int) []int32 {
	if cap(*z) < n {
		*z = make([]int32, n)
	}
	return (*z)[:n]
}

// record builds the games record of g; the caller releases it.
func (g *gameCols) record(d *dicts, z *[]int32) arrow.RecordBatch {
	n := g.len()
	zero := zeros(z, n)
	var valid []byte
	if g.nulls > 0 {
		valid = g.firstRepOK
	}
	i32 := arrow.PrimitiveTypes.Int32
	cols := []arrow.Array{
		prim(arrow.PrimitiveTypes.Int64, g.id, nil, 0),
		dictArray(zero, d.ruleset),
		dictArray(zero, d.variant),
		dictArray(zero, d.south),
		dictArray(zero, d.north),
		dictArray(zero, d.first),
		prim(arrow.PrimitiveTypes.Uint64, g.seed, nil, 0),
		dictArray(g.result, d.result),
		dictArray(g.endReason, d.endReason),
		prim(i32, g.plies, nil, 0),
		prim(i32, g.matS, nil, 0),
		prim(i32, g.matN, nil, 0),
		prim(i32, g.firstRep, valid, g.nulls),
		prim(i32, g.captures, nil, 0),
		prim(i32, g.captured, nil, 0),
		prim(arrow.PrimitiveTypes.Int64, g.maxLaps, nil, 0),
		prim(i32, g.neverEnding, nil, 0),
		prim(i32, g.reserv, nil, 0),
		prim(i32, g.opening, nil, 0),
	}
	return newRecord(dataset.GamesSchema, cols, n)
}

// record builds the moves record of m; the caller releases it.
func (m *moveCols) record(d *dicts, z *[]int32) arrow.RecordBatch {
	n := m.len()
	i32, i64 := arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64
	cols := []arrow.Array{
		prim(i64, m.id, nil, 0),
		dictArray(zeros(z, n), d.ruleset),
		prim(i32, m.ply, nil, 0),
		dictArray(m.player, d.player),
		prim(arrow.PrimitiveTypes.Int8, m.move, nil, 0),
		prim(arrow.PrimitiveTypes.Int16, m.legal, nil, 0),
		prim(i64, m.laps, nil, 0),
		prim(i64, m.sown, nil, 0),
		prim(i32, m.captured, nil, 0),
		prim(i32, m.matS, nil, 0),
		prim(i32, m.matN, nil, 0),
		prim(arrow.PrimitiveTypes.Uint64, m.hash, nil, 0),
		boolArray(m.reserved, n),
	}
	return newRecord(dataset.MovesSchema, cols, n)
}

func newRecord(schema *arrow.Schema, cols []arrow.Array, n int) arrow.RecordBatch {
	rec := array.NewRecordBatch(schema, cols, int64(n))
	for _, c := range cols {
		c.Release()
	}
	return rec
}
