package dataset

import (
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func stringColumn(t *testing.T, words ...string) *array.String {
	t.Helper()
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(words, nil)
	return b.NewStringArray()
}

func dictColumn(t *testing.T, dict []string, idx ...int32) *array.Dictionary {
	t.Helper()
	ib := array.NewInt32Builder(memory.DefaultAllocator)
	defer ib.Release()
	ib.AppendValues(idx, nil)
	ind := ib.NewInt32Array()
	typ := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
	return array.NewDictionaryArray(typ, ind, stringColumn(t, dict...))
}

// TestReadEnum reads enum columns as another tool may write them: the
// codes are positions in baolab's own word list whatever the file's
// dictionary order; baolab's own dictionary (or a prefix of it) is used
// without copying; a word not in the list is an error unless no row uses
// it; plain strings are coded too. (Each case fails with a mutant of
// readEnum that lived before it, docs/mutation.md.)
func TestReadEnum(t *testing.T) {
	words := stringColumn(t, "win", "draw", "loss")
	read := func(a arrow.Array) ([]int32, error) {
		var dst, buf []int32
		err := readEnum(a, words, &dst, &buf)
		return dst, err
	}
	same := slices.Equal[[]int32]
	// The file's dictionary in another order: loss, win.
	if got, err := read(dictColumn(t, []string{"loss", "win"}, 0, 1, 0)); err != nil || !same(got, []int32{2, 0, 2}) {
		t.Errorf("reordered dictionary: %v, %v; want [2 0 2]", got, err)
	}
	// baolab's own dictionary: the indices themselves, not a copy.
	own := dictColumn(t, []string{"win", "draw", "loss"}, 1, 0, 2, 2)
	got, err := read(own)
	if err != nil || !same(got, []int32{1, 0, 2, 2}) {
		t.Errorf("own dictionary: %v, %v; want [1 0 2 2]", got, err)
	} else if ind := own.Indices().(*array.Int32).Int32Values(); &got[0] != &ind[0] {
		t.Errorf("own dictionary: the codes were copied")
	}
	// A prefix of it too.
	prefix := dictColumn(t, []string{"win", "draw"}, 1, 1, 0)
	if got, err := read(prefix); err != nil || !same(got, []int32{1, 1, 0}) {
		t.Errorf("dictionary prefix: %v, %v; want [1 1 0]", got, err)
	} else if ind := prefix.Indices().(*array.Int32).Int32Values(); &got[0] != &ind[0] {
		t.Errorf("dictionary prefix: the codes were copied")
	}
	// A foreign word that a row uses is an error; one no row uses is not.
	if _, err := read(dictColumn(t, []string{"win", "resign"}, 0, 1)); err == nil || !strings.Contains(err.Error(), `unknown value "resign"`) {
		t.Errorf("a foreign word in use: %v; want unknown value \"resign\"", err)
	}
	if got, err := read(dictColumn(t, []string{"resign"})); err != nil || len(got) != 0 {
		t.Errorf("a foreign word in an empty column: %v, %v; want no rows and no error", got, err)
	}
	if got, err := read(stringColumn(t, "loss", "draw")); err != nil || !same(got, []int32{2, 1}) {
		t.Errorf("plain strings: %v, %v; want [2 1]", got, err)
	}
}

// TestNullableInt32 writes -1 as null: the array's null count is the
// number of negatives (zeros are values), with 0 under each null.
func TestNullableInt32(t *testing.T) {
	for _, c := range []struct {
		in    []int32
		nulls int
	}{{[]int32{0, 5, -1, 0}, 1}, {[]int32{-1, -1, 3, 0, -1}, 3}, {[]int32{0, 0, 7}, 0}} {
		a := nullableInt32(c.in, &scratch{}).(*array.Int32)
		if a.NullN() != c.nulls {
			t.Errorf("%v: %d nulls, want %d", c.in, a.NullN(), c.nulls)
		}
		for i, x := range c.in {
			if a.IsNull(i) != (x < 0) || (x >= 0 && a.Value(i) != x) {
				t.Errorf("%v: element %d is null %v, value %d", c.in, i, a.IsNull(i), a.Value(i))
			}
		}
		a.Release()
	}
}
