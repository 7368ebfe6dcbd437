package dataset

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	_ "github.com/baolab/baolab/engine/all"
)

// TestRulesetsTable writes the rulesets table of three rulesets of two
// variants and reads it back: one row per ruleset, the experiment's ID on
// every row, and each option's value with the defaults filled in by hand
// from the variants' option tables (kingulu: holes 6, min_lift 1,
// penultimate lap, max_reserved none; kimasai-four-rows: holes 12,
// repetition first), typed (integers int64, words strings), null where
// the variant has no such option.
func TestRulesetsTable(t *testing.T) {
	e := Experiment{
		Rules:  []string{"kingulu", "kingulu:min_lift=2,penultimate=never", "kimasai-four-rows:repetition=third"},
		Agents: []string{"random/random"}, Games: 10, Seed: 1, Batch: 10,
	}
	dir := t.TempDir()
	if err := WriteRulesets(dir, e); err != nil {
		t.Fatal(err)
	}
	f, err := file.OpenParquetFile(filepath.Join(dir, RulesetsName), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fr, err := pqarrow.NewFileReader(f, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Release()
	if tab.NumRows() != 3 {
		t.Fatalf("%d rows, want 3", tab.NumRows())
	}
	col := func(name string) arrow.Array {
		idx := tab.Schema().FieldIndices(name)
		if len(idx) != 1 {
			t.Fatalf("column %s: %d columns of that name", name, len(idx))
		}
		return tab.Column(idx[0]).Data().Chunk(0)
	}
	strs := func(name string) []string {
		a, ok := col(name).(*array.String)
		if !ok {
			t.Fatalf("column %s is %s, want string", name, col(name).DataType())
		}
		out := make([]string, a.Len())
		for i := range out {
			out[i] = a.Value(i)
			if a.IsNull(i) {
				out[i] = "NULL"
			}
		}
		return out
	}
	ints := func(name string) []int64 {
		a, ok := col(name).(*array.Int64)
		if !ok {
			t.Fatalf("column %s is %s, want int64", name, col(name).DataType())
		}
		out := make([]int64, a.Len())
		for i := range out {
			out[i] = a.Value(i)
			if a.IsNull(i) {
				out[i] = -1
			}
		}
		return out
	}
	for _, c := range []struct {
		name string
		want []string
	}{
		{"experiment_id", []string{e.ID(), e.ID(), e.ID()}},
		{"ruleset", e.Rules},
		{"variant", []string{"kingulu", "kingulu", "kimasai-four-rows"}},
		{"penultimate", []string{"lap", "never", "NULL"}},
		{"max_reserved", []string{"none", "none", "NULL"}},
		{"repetition", []string{"NULL", "NULL", "third"}},
		{"first", []string{"south", "south", "south"}},
		{"reading", []string{"", "min_lift=2,penultimate=never", "repetition=third"}},
	} {
		got := strs(c.name)
		for i := range c.want {
			if got[i] != c.want[i] {
				t.Errorf("%s: %q, want %q", c.name, got, c.want)
				break
			}
		}
	}
	for _, c := range []struct {
		name string
		want []int64
	}{
		{"holes", []int64{6, 6, 12}},
		{"min_lift", []int64{1, 2, -1}},
		{"max_plies", []int64{1000, 1000, 1000}},
	} {
		got := ints(c.name)
		for i := range c.want {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v (-1: null)", c.name, got, c.want)
				break
			}
		}
	}
	if id := f.MetaData().KeyValueMetadata().FindValue(MetaExperiment); id == nil || *id != e.ID() {
		t.Errorf("footer %s = %v, want %s", MetaExperiment, id, e.ID())
	}
}

// TestRulesetsColumnsInVariantOrder checks that the option columns follow
// the variants' registry order (kingulu before kimasai-four-rows), not
// the order of the experiment's rulesets, so that the table's schema is
// the same whichever ruleset comes first.
func TestRulesetsColumnsInVariantOrder(t *testing.T) {
	names := func(rules ...string) []string {
		rec, err := RulesetsTable(Experiment{Rules: rules, Agents: []string{"random/random"}, Games: 10, Seed: 1, Batch: 10})
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Release()
		var out []string
		for _, f := range rec.Schema().Fields() {
			out = append(out, f.Name)
		}
		return out
	}
	a, b := names("kimasai-four-rows", "kingulu"), names("kingulu", "kimasai-four-rows")
	if !slices.Equal(a, b) {
		t.Errorf("columns depend on the rulesets' order:\n%q\n%q", a, b)
	}
	if i, j := slices.Index(a, "min_lift"), slices.Index(a, "repetition"); i < 0 || j < 0 || i > j {
		t.Errorf("kingulu's min_lift at column %d, kimasai-four-rows' repetition at %d: want kingulu's options first", i, j)
	}
}
