package dataset

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/baolab/baolab/engine"
)

// RulesetsName is the rulesets table of a dataset directory: one row per
// ruleset of the experiment, one typed column per rule option, so that a
// model of games by option (glm(first_win ~ penultimate + min_lift)) is a
// join of the games table with it on ruleset.
const RulesetsName = "rulesets.parquet"

// RulesetsColumns documents the fixed columns of the rulesets table; one
// column per option follows them (see RulesetsTable).
var RulesetsColumns = []Column{
	col(ExperimentID, arrow.BinaryTypes.String, false, "the experiment's ID (manifest experiment, Experiment.ID; also in every Parquet file's footer): (experiment_id, game_id) is unique across datasets"),
	col("ruleset", arrow.BinaryTypes.String, false, "canonical ruleset string, as in games.ruleset and moves.ruleset"),
	col("variant", arrow.BinaryTypes.String, false, "variant name"),
	col("board", arrow.BinaryTypes.String, false, "the board-size options with their values, defaults included (e.g. holes=6,seeds=4)"),
	col("reading", arrow.BinaryTypes.String, false, "the other options that differ from their defaults (empty for the default rules)"),
}

// optionColumn is one option column of the rulesets table: the option's
// key, and whether every variant of the table that applies it declares a
// plain integer (int64 column) rather than a word (string column).
type optionColumn struct {
	key     string
	integer bool
	help    string
}

// rulesetOptionColumns returns the option columns for variants, in the
// variants' order and then each variant's table order; an option of
// several variants is one column, an integer only if it is a plain
// integer (Numeric without words) in each.
func rulesetOptionColumns(variants []engine.Variant) ([]optionColumn, error) {
	var out []optionColumn
	for _, v := range variants {
		for _, o := range v.Options {
			if o.Ignored {
				continue
			}
			if slices.ContainsFunc(RulesetsColumns, func(c Column) bool { return c.Field.Name == o.Key }) {
				return nil, fmt.Errorf("rulesets table: option %q of %s has the name of a fixed column", o.Key, v.Name)
			}
			integer := o.Numeric && len(o.Values) == 0
			i := slices.IndexFunc(out, func(c optionColumn) bool { return c.key == o.Key })
			if i < 0 {
				out = append(out, optionColumn{key: o.Key, integer: integer, help: o.Help})
				continue
			}
			out[i].integer = out[i].integer && integer
		}
	}
	return out, nil
}

// RulesetsTable builds the rulesets table of e: per ruleset (in e's
// order) the experiment ID, the canonical ruleset, variant, board and
// reading, and the value of every option of its variant, defaults filled
// in. Options that a variant does not have or does not apply are null in
// its rows. A plain integer option is an int64 column; an option of words
// (or of a number or a word, such as max_reserved=none) a string column.
// The variants must be registered (import engine/all).
func RulesetsTable(e Experiment) (arrow.RecordBatch, error) {
	type row struct {
		variant       engine.Variant
		values        engine.Values
		board, reread string
	}
	var rows []row
	var variants []engine.Variant
	for _, r := range e.Rules {
		name, board, reading, err := engine.SplitRuleset(r)
		if err != nil {
			return nil, fmt.Errorf("rulesets table: %w", err)
		}
		v, err := engine.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("rulesets table: %w", err)
		}
		_, text, _ := strings.Cut(r, ":")
		vals, err := engine.ParseValues(v.Name, v.Options, text)
		if err != nil {
			return nil, fmt.Errorf("rulesets table: %w", err)
		}
		if !slices.ContainsFunc(variants, func(w engine.Variant) bool { return w.Name == v.Name }) {
			variants = append(variants, v)
		}
		rows = append(rows, row{v, vals, board, reading})
	}
	slices.SortStableFunc(variants, func(a, b engine.Variant) int { return a.Order - b.Order })
	opts, err := rulesetOptionColumns(variants)
	if err != nil {
		return nil, err
	}
	fields := make([]arrow.Field, 0, len(RulesetsColumns)+len(opts))
	for _, c := range RulesetsColumns {
		fields = append(fields, c.Field)
	}
	for _, o := range opts {
		t := arrow.DataType(arrow.BinaryTypes.String)
		if o.integer {
			t = arrow.PrimitiveTypes.Int64
		}
		fields = append(fields, arrow.Field{Name: o.key, Type: t, Nullable: true,
			Metadata: arrow.NewMetadata([]string{"meaning"}, []string{o.help})})
	}
	meta := arrow.NewMetadata([]string{MetaExperiment}, []string{e.ID()})
	schema := arrow.NewSchema(fields, &meta)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	id := e.ID()
	for i, r := range rows {
		for j, s := range []string{id, e.Rules[i], r.variant.Name, r.board, r.reread} {
			b.Field(j).(*array.StringBuilder).Append(s)
		}
		for k, o := range opts {
			fb := b.Field(len(RulesetsColumns) + k)
			opt, ok := findVariantOption(r.variant, o.key)
			if !ok {
				fb.AppendNull()
				continue
			}
			val := r.values[opt.Key]
			if o.integer {
				var n int64
				if _, err := fmt.Sscan(val, &n); err != nil {
					return nil, fmt.Errorf("rulesets table: %s: option %s=%q is not an integer", e.Rules[i], o.key, val)
				}
				fb.(*array.Int64Builder).Append(n)
			} else {
				fb.(*array.StringBuilder).Append(val)
			}
		}
	}
	return b.NewRecordBatch(), nil
}

// findVariantOption returns the applicable option key of v.
func findVariantOption(v engine.Variant, key string) (engine.Option, bool) {
	for _, o := range v.Options {
		if o.Key == key && !o.Ignored {
			return o, true
		}
	}
	return engine.Option{}, false
}

// WriteRulesets writes the rulesets table of e (RulesetsTable) into the
// dataset directory dir as RulesetsName, atomically. Writing it again for
// the same experiment gives the same bytes.
func WriteRulesets(dir string, e Experiment) error {
	rec, err := RulesetsTable(e)
	if err != nil {
		return err
	}
	defer rec.Release()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(rec.Schema(), &buf, parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd), parquet.WithCreatedBy("baolab")), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return fmt.Errorf("rulesets table: %w", err)
	}
	if err := w.Write(rec); err != nil {
		return fmt.Errorf("rulesets table: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("rulesets table: %w", err)
	}
	return WriteFileAtomic(filepath.Join(dir, RulesetsName), buf.Bytes())
}
