package interop

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

// TestDuckDBModelsByOption reads a dataset's games with DuckDB as a
// reader would first try (read_parquet with its default Hive detection),
// joins them with rulesets.parquet and models the first mover's score by
// option columns: the means per (penultimate, min_lift) equal baolab's
// first-player advantage of each cell, and DuckDB's least-squares slope
// on min_lift in the balanced 2×2 design equals the difference of the
// mean scores at min_lift 2 and 1 (worked from baolab's cells). Two
// datasets stacked keep their games apart by (experiment_id, game_id).
func TestDuckDBModelsByOption(t *testing.T) {
	plan := sim.Plan{
		Rules:  []string{"kingulu", "kingulu:penultimate=never", "kingulu:min_lift=2", "kingulu:min_lift=2,penultimate=never"},
		Agents: []string{"random"}, Games: 150, Batch: 50, Seed: 11, Moves: false, EquivalenceMargin: 0.03,
	}
	exp, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil || m.Experiment.EquivalenceMargin != 0.03 {
		t.Fatalf("manifest margin %v (%v), want 0.03 recorded before the run", m.Experiment.EquivalenceMargin, err)
	}
	s := analyze(t, dir)
	if s.EquivalenceMargin != 0.03 || s.EquivalenceMarginFrom != "manifest" {
		t.Errorf("analysis margin %g from %q, want the manifest's 0.03", s.EquivalenceMargin, s.EquivalenceMarginFrom)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	games := fmt.Sprintf("read_parquet('%s')", filepath.Join(dir, "games", "*", "*.parquet"))
	rulesets := fmt.Sprintf("read_parquet('%s')", filepath.Join(dir, dataset.RulesetsName))

	// One ruleset column, whether or not DuckDB reads the partition path.
	for _, src := range []string{games, strings.Replace(games, "')", "', hive_partitioning = true)", 1), strings.Replace(games, "')", "', hive_partitioning = false)", 1)} {
		var n int64
		queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM (DESCRIBE SELECT * FROM %s) WHERE column_name = 'ruleset'", src), &n)
		if n != 1 {
			t.Errorf("%s: %d ruleset columns, want 1", src, n)
		}
	}
	joined := fmt.Sprintf(`(SELECT g.*, r.* EXCLUDE (ruleset, variant),
		CASE WHEN g.result = g.first THEN 1.0 WHEN g.result IN ('draw', 'unfinished') THEN 0.5 ELSE 0.0 END AS first_score
		FROM %s g JOIN %s r USING (ruleset))`, games, rulesets)
	var n, nullOpts int64
	queryRow(t, db, "SELECT count(*), count(*) FILTER (WHERE min_lift IS NULL OR penultimate IS NULL) FROM "+joined, &n, &nullOpts)
	if n != s.Games || nullOpts != 0 {
		t.Fatalf("join: %d rows (want %d games), %d without option values", n, s.Games, nullOpts)
	}
	byCell := map[string]float64{}
	for _, c := range s.Cells {
		byCell[c.Ruleset] = float64(c.FirstPlayerAdvantage.Value)
	}
	rows, err := db.Query("SELECT ruleset, penultimate, min_lift, avg(first_score) FROM " + joined + " GROUP BY ALL")
	if err != nil {
		t.Fatal(err)
	}
	means := map[[2]string]float64{}
	for rows.Next() {
		var rs, pen string
		var lift int64
		var mean float64
		if err := rows.Scan(&rs, &pen, &lift, &mean); err != nil {
			t.Fatal(err)
		}
		if math.Abs(mean-byCell[rs]) > 1e-12 {
			t.Errorf("%s: DuckDB mean score %v, baolab's first-player advantage %v", rs, mean, byCell[rs])
		}
		means[[2]string{pen, fmt.Sprint(lift)}] = mean
	}
	rows.Close()
	if len(means) != 4 {
		t.Fatalf("%d (penultimate, min_lift) groups, want 4: %v", len(means), means)
	}
	// Balanced design: the slope of score on min_lift is the mean at 2
	// minus the mean at 1, averaged over penultimate.
	want := (means[[2]string{"lap", "2"}] + means[[2]string{"never", "2"}] - means[[2]string{"lap", "1"}] - means[[2]string{"never", "1"}]) / 2
	var slope float64
	queryRow(t, db, "SELECT regr_slope(first_score, min_lift) FROM "+joined, &slope)
	if math.Abs(slope-want) > 1e-12 {
		t.Errorf("regr_slope(first_score, min_lift) = %v, want the difference of means %v", slope, want)
	}
	t.Logf("slope of the first mover's score on min_lift: %.4f", slope)

	// A second dataset (another seed): game_id repeats, (experiment_id,
	// game_id) does not.
	plan.Seed = 12
	exp2, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir2 := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: exp2, Dir: dir2, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	stacked := fmt.Sprintf(`(SELECT r.experiment_id, g.game_id FROM %s g JOIN %s r USING (ruleset)
		UNION ALL SELECT r.experiment_id, g.game_id FROM read_parquet('%s') g JOIN read_parquet('%s') r USING (ruleset))`,
		games, rulesets, filepath.Join(dir2, "games", "*", "*.parquet"), filepath.Join(dir2, dataset.RulesetsName))
	var total, ids, pairs int64
	queryRow(t, db, "SELECT count(*), count(DISTINCT game_id), count(DISTINCT (experiment_id, game_id)) FROM "+stacked, &total, &ids, &pairs)
	if total != 2*s.Games || ids != s.Games || pairs != total {
		t.Errorf("stacked: %d rows, %d distinct game_id, %d distinct (experiment_id, game_id); want %d, %d, %d", total, ids, pairs, 2*s.Games, s.Games, 2*s.Games)
	}
}

// TestSubsetRecipe runs the DuckDB recipe of docs/data.md as written, in
// an empty working directory (the subset's, as the page says) with DIR
// replaced by a dataset: it must create its own output directories, and
// baolab must analyse what it writes there.
func TestSubsetRecipe(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "data.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sql\n(-- recipe: subset\n.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/data.md has no ```sql block starting with -- recipe: subset")
	}
	exp, err := sim.Plan{Rules: []string{"kingulu", "kingulu:penultimate=never"}, Agents: []string{"random", "greedy/random"},
		Games: 60, Batch: 30, Seed: 5, Moves: true}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	t.Chdir(work)
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recipe := strings.ReplaceAll(string(m[1]), "DIR/", dir+"/")
	for _, stmt := range strings.Split(stripComments(recipe), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("recipe as written fails: %v\n%s", err, stmt)
		}
	}
	s := analyze(t, work)
	if len(s.Cells) != 2 || s.Games != 120 || !s.MoveLog {
		t.Errorf("analysis of the subset: %d cells, %d games, move log %v; want the 2 random/random cells, 120 games, with moves", len(s.Cells), s.Games, s.MoveLog)
	}
	for _, c := range s.Cells {
		if c.AgentSouth != "random" || c.AgentNorth != "random" {
			t.Errorf("cell %s %s/%s kept", c.Ruleset, c.AgentSouth, c.AgentNorth)
		}
	}
}

// stripComments removes SQL line comments.
func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
