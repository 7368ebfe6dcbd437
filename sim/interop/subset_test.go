package interop

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/analysis/summary/summarytest"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// TestAnalyzeDuckDBSubset filters a simulated dataset in DuckDB and
// re-exports the subset with COPY ... TO ... (FORMAT parquet): plain
// strings instead of dictionaries, plies and legal_moves widened to BIGINT,
// the games in one file without a ruleset partition, the moves partitioned
// by ruleset (so without the column in the files). baolab's analysis reads
// the subset as tables of another tool and gives for each kept cell the
// statistics it gives for that cell of the whole dataset. A column missing
// or of the wrong type is one line naming it.
func TestAnalyzeDuckDBSubset(t *testing.T) {
	exp, err := sim.Plan{
		Rules:  []string{"kingulu", "kingulu:penultimate=never,seeds=5"},
		Agents: []string{"random", "greedy/random"},
		Games:  300, Batch: 100, Seed: 3, Moves: true,
	}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	whole := analyze(t, dir)

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	games := fmt.Sprintf("read_parquet('%s', hive_partitioning = false)", filepath.Join(dir, dataset.Games, "*", "*.parquet"))
	moves := fmt.Sprintf("read_parquet('%s', hive_partitioning = false)", filepath.Join(dir, dataset.Moves, "*", "*.parquet"))
	// Keep the random/random cells of both readings.
	const where = "agent_south = 'random' AND agent_north = 'random'"
	export := func(t *testing.T, gamesSelect string) string {
		sub := t.TempDir()
		if err := os.MkdirAll(filepath.Join(sub, "games"), 0o777); err != nil {
			t.Fatal(err)
		}
		exec(t, db, fmt.Sprintf(`COPY (SELECT %s FROM %s WHERE %s) TO '%s' (FORMAT parquet)`,
			gamesSelect, games, where, filepath.Join(sub, "games", "subset.parquet")))
		exec(t, db, fmt.Sprintf(`COPY (SELECT * REPLACE (CAST(legal_moves AS BIGINT) AS legal_moves)
			FROM %s WHERE game_id IN (SELECT game_id FROM %s WHERE %s) ORDER BY game_id, ply)
			TO '%s' (FORMAT parquet, PARTITION_BY (ruleset))`, moves, games, where, filepath.Join(sub, "moves")))
		return sub
	}
	exec(t, db, "SET preserve_insertion_order = false") // rows in any order
	sub := export(t, "* REPLACE (CAST(plies AS BIGINT) AS plies)")
	var types string
	queryRow(t, db, fmt.Sprintf("SELECT string_agg(name || ' ' || type, ', ' ORDER BY name) FROM parquet_schema('%s') WHERE name IN ('plies', 'ruleset')", filepath.Join(sub, "games", "subset.parquet")), &types)
	t.Logf("subset games file: %s", types)

	got := analyze(t, sub)
	if got.Manifest != "tables" || len(got.Cells) != 2 || !got.MoveLog {
		t.Fatalf("subset: manifest %q, %d cells, move log %v", got.Manifest, len(got.Cells), got.MoveLog)
	}
	for _, c := range got.Cells {
		var want *summary.Cell
		for i := range whole.Cells {
			if w := &whole.Cells[i]; w.Ruleset == c.Ruleset && w.AgentSouth == c.AgentSouth && w.AgentNorth == c.AgentNorth {
				want = w
			}
		}
		if want == nil || c.AgentSouth != "random" || c.AgentNorth != "random" {
			t.Fatalf("subset cell %s %s/%s not a kept cell", c.Ruleset, c.AgentSouth, c.AgentNorth)
		}
		if d := summarytest.Diff(c, *want); d != "" {
			t.Errorf("cell %s: %s", c.Ruleset, d)
		}
	}

	for _, c := range []struct {
		name, sel, want string
	}{
		{"missing column", "* EXCLUDE (plies)", "column plies missing"},
		{"incompatible type", "* REPLACE (CAST(captures AS VARCHAR) AS captures)", "column captures has type utf8, want an integer type"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sub := export(t, c.sel)
			ds, err := load.Open(sub)
			if err == nil {
				_, err = analysis.Analyze(context.Background(), ds, analysis.Options{})
			}
			path := filepath.Join(sub, "games", "subset.parquet")
			if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want one line naming %s and saying %q", err, path, c.want)
			}
		})
	}
}

func analyze(t *testing.T, dir string) *summary.Summary {
	t.Helper()
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := analysis.Analyze(context.Background(), ds, analysis.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func exec(t *testing.T, db *sql.DB, q string) {
	t.Helper()
	if _, err := db.Exec(q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}
