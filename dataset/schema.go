package dataset

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Column documents one column of a table.
type Column struct {
	Field   arrow.Field
	Meaning string // what it holds, with units
}

func col(name string, t arrow.DataType, nullable bool, meaning string) Column {
	return Column{Field: arrow.Field{Name: name, Type: t, Nullable: nullable}, Meaning: meaning}
}

var dictString = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}

// GamesColumns documents the games table: one row per game (defined in
// gameFields, with the batch column each is written from and read into).
var GamesColumns = columnsOf(gameFields)

// MovesColumns documents the moves table: one row per ply.
var MovesColumns = columnsOf(moveFields)

func schemaOf(cols []Column) *arrow.Schema {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.Field
	}
	return arrow.NewSchema(fields, nil)
}

// Schemas of the two tables.
var (
	GamesSchema = schemaOf(GamesColumns)
	MovesSchema = schemaOf(MovesColumns)
)

// ColumnsMarkdown returns a Markdown table documenting cols: name, Arrow
// type, nullability and meaning.
func ColumnsMarkdown(cols []Column) string {
	var b strings.Builder
	b.WriteString("| column | type | null | meaning |\n| --- | --- | --- | --- |\n")
	for _, c := range cols {
		typ := c.Field.Type.String()
		if d, ok := c.Field.Type.(*arrow.DictionaryType); ok {
			typ = d.ValueType.String() + " (dictionary)"
		}
		null := ""
		if c.Field.Nullable {
			null = "yes"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.Field.Name, typ, null, c.Meaning)
	}
	return b.String()
}
