package interop

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// TestDuckDBStacksDatasets simulates two datasets of the same grid with
// different seeds (so their game_ids are the same numbers) and reads
// their three tables stacked with DuckDB: joined on (experiment_id,
// game_id), every game meets exactly its own moves (as many as its plies)
// and, on (experiment_id, ruleset), its own ruleset row; joined on
// game_id or ruleset alone, as a dataset format without experiment_id in
// the rows forced, every game would meet the other dataset's rows too.
func TestDuckDBStacksDatasets(t *testing.T) {
	dirs := make([]string, 2)
	ids := make([]string, 2)
	var games, plies int64
	for i := range dirs {
		plan := sim.Plan{Rules: []string{"kingulu", "kimasai-two-rows"}, Agents: []string{"random"}, Games: 30, Batch: 10, Seed: uint64(21 + i), Moves: true}
		exp, err := plan.Experiment()
		if err != nil {
			t.Fatal(err)
		}
		dirs[i], ids[i] = t.TempDir(), exp.ID()
		sum, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dirs[i], Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		games, plies = games+sum.Games, plies+sum.Plies
	}
	if ids[0] == ids[1] {
		t.Fatalf("both experiments have ID %s", ids[0])
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	table := func(glob string) string {
		return fmt.Sprintf("read_parquet(['%s', '%s'], union_by_name = true)", filepath.Join(dirs[0], glob), filepath.Join(dirs[1], glob))
	}
	g, m, r := table("games/*/*.parquet"), table("moves/*/*.parquet"), table(dataset.RulesetsName)

	var n, distinctIDs, exps int64
	queryRow(t, db, "SELECT count(*), count(DISTINCT game_id), count(DISTINCT experiment_id) FROM "+g, &n, &distinctIDs, &exps)
	if n != games || distinctIDs != games/2 || exps != 2 {
		t.Fatalf("stacked games: %d rows, %d distinct game_id, %d experiments; want %d, %d, 2", n, distinctIDs, exps, games, games/2)
	}
	var moves, other int64
	queryRow(t, db, fmt.Sprintf("SELECT count(*), count(*) FILTER (WHERE experiment_id NOT IN ('%s', '%s')) FROM %s", ids[0], ids[1], m), &moves, &other)
	if moves != plies || other != 0 {
		t.Fatalf("stacked moves: %d rows (%d of another experiment), want %d (the games' plies)", moves, other, plies)
	}

	// Games to moves.
	var both, alone int64
	queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM %s g JOIN %s m USING (experiment_id, game_id)", g, m), &both)
	queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM %s g JOIN %s m USING (game_id)", g, m), &alone)
	if both != plies {
		t.Errorf("games ⋈ moves on (experiment_id, game_id): %d rows, want %d", both, plies)
	}
	if alone <= plies {
		t.Errorf("games ⋈ moves on game_id alone: %d rows, want more than %d (the double count the key prevents)", alone, plies)
	}
	var wrongPlies int64
	queryRow(t, db, fmt.Sprintf(`SELECT count(*) FROM (SELECT g.plies, count(m.ply) AS n FROM %s g LEFT JOIN %s m USING (experiment_id, game_id)
		GROUP BY g.experiment_id, g.game_id, g.plies) WHERE n <> plies`, g, m), &wrongPlies)
	if wrongPlies != 0 {
		t.Errorf("%d games whose moves on (experiment_id, game_id) are not as many as their plies", wrongPlies)
	}

	// Games to rulesets.
	queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM %s g JOIN %s r USING (experiment_id, ruleset)", g, r), &both)
	queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM %s g JOIN %s r USING (ruleset)", g, r), &alone)
	if both != games || alone != 2*games {
		t.Errorf("games ⋈ rulesets: %d rows on (experiment_id, ruleset), %d on ruleset; want %d and %d", both, alone, games, 2*games)
	}
}
