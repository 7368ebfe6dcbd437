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

// GamesColumns documents the games table: one row per game.
var GamesColumns = []Column{
	col("game_id", arrow.PrimitiveTypes.Int64, false, "unique in the dataset: cell index × games per cell + game index within the cell"),
	col("ruleset", dictString, false, "canonical ruleset string (variant and every non-default option)"),
	col("variant", dictString, false, "variant name: kingulu, kimasai-two-rows or kimasai-four-rows"),
	col("agent_south", dictString, false, "agent spec playing South, e.g. random or mcts:iters=400,c=1.4"),
	col("agent_north", dictString, false, "agent spec playing North"),
	col("first", dictString, false, "who moved first: south or north"),
	col("seed", arrow.PrimitiveTypes.Uint64, false, "the game's own random seed, derived from (experiment seed, ruleset, agent pair, game index)"),
	col("result", dictString, false, "south, north, draw or unfinished (max_plies reached)"),
	col("end_reason", dictString, false, "no-moves, score, inner-row-empty, all-captured, repetition, infinite-move or max-plies"),
	col("plies", arrow.PrimitiveTypes.Int32, false, "moves played (plies)"),
	col("material_south", arrow.PrimitiveTypes.Int32, false, "South's material at the end (seeds, cows or stones, banks and reserves included)"),
	col("material_north", arrow.PrimitiveTypes.Int32, false, "North's material at the end"),
	col("first_repeat_ply", arrow.PrimitiveTypes.Int32, true, "first ply at which the position equalled an earlier one; null if no position repeated"),
	col("captures", arrow.PrimitiveTypes.Int32, false, "captures in the game (applications of a capture rule; a kingulu reservation is not one)"),
	col("captured", arrow.PrimitiveTypes.Int32, false, "counters taken from the opponent by those captures (not the seeds of a reserved hole)"),
	col("max_laps", arrow.PrimitiveTypes.Int64, false, "most laps sown in one move of the game"),
	col("never_ending", arrow.PrimitiveTypes.Int32, false, "never-ending moves met (rejected candidates plus one played under infinite=draw)"),
	col("reservations", arrow.PrimitiveTypes.Int32, false, "holes reserved in the game (kingulu's kuweka mtoto; 0 in the other variants)"),
	col("opening_plies", arrow.PrimitiveTypes.Int32, false, "plies of the game that were its random opening (the experiment's opening_plies, fewer if the game ended during it; 0 without one)"),
}

// MovesColumns documents the moves table: one row per ply.
var MovesColumns = []Column{
	col("game_id", arrow.PrimitiveTypes.Int64, false, "the game (games.game_id)"),
	col("ruleset", dictString, false, "canonical ruleset string"),
	col("ply", arrow.PrimitiveTypes.Int32, false, "0 for the first move of the game"),
	col("player", dictString, false, "who moved: south or north"),
	col("move", arrow.PrimitiveTypes.Int8, false, "the hole moved from, in the mover's own numbering"),
	col("legal_moves", arrow.PrimitiveTypes.Int16, false, "moves the mover could choose from: candidates (every rule but the never-ending check) minus those found never-ending before this move was chosen"),
	col("laps", arrow.PrimitiveTypes.Int64, false, "laps sown by the move (a raid's sowing and a step count as one lap each)"),
	col("sown", arrow.PrimitiveTypes.Int64, false, "counters put down one by one over all laps"),
	col("captured", arrow.PrimitiveTypes.Int32, false, "counters the move's captures took from the opponent (not the seeds of a reserved hole)"),
	col("material_south", arrow.PrimitiveTypes.Int32, false, "South's material after the move"),
	col("material_north", arrow.PrimitiveTypes.Int32, false, "North's material after the move"),
	col("hash", arrow.PrimitiveTypes.Uint64, false, "64-bit hash of the position after the move (engine's Hash)"),
	col("reserved", arrow.FixedWidthTypes.Boolean, false, "the move reserved a hole (kingulu's kuweka mtoto; always false in the other variants)"),
}

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
