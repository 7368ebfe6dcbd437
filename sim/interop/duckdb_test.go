package interop

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/baolab/baolab/dataset"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/sim"
)

// truth is what baolab's own reader (dataset.ReadFile) finds in a dataset.
type truth struct {
	games, plies int64
	gamePlies    map[int64]int64             // game_id → plies
	results      map[string]map[string]int64 // ruleset → result → games
	nullRepeat   int64                       // games whose first_repeat_ply is null
}

// TestDuckDBReadsDataset writes a small dataset with package sim and reads it
// with DuckDB as one table per kind with Hive partitioning.
func TestDuckDBReadsDataset(t *testing.T) {
	exp, err := sim.Plan{
		// The second ruleset's canonical form holds ':', ',' and '=', which
		// the partition directory escapes as %XX.
		Rules:  []string{"kingulu", "kingulu:penultimate=never,seeds=5", "kimasai-four-rows"},
		Agents: []string{"random", "greedy/random"},
		Games:  100,
		Batch:  40, // three files per cell, the last one shorter
		Seed:   7,
		Moves:  true,
	}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.ContainsAny(exp.Rules[1], ":,=") {
		t.Fatalf("canonical ruleset %q has none of ':' ',' '=': the test no longer covers escaping", exp.Rules[1])
	}
	dir := t.TempDir()
	sum, err := sim.Run(context.Background(), sim.Options{Experiment: exp, Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	wantGames := int64(exp.NumCells() * exp.Games)
	if sum.Games != wantGames {
		t.Fatalf("sim.Run played %d games, want %d", sum.Games, wantGames)
	}
	for _, r := range exp.Rules[1:2] {
		p := dataset.PartitionDir(dir, dataset.Games, r)
		if strings.ContainsAny(filepath.Base(p), ":,") || !strings.Contains(filepath.Base(p), "%") {
			t.Fatalf("partition dir %q of ruleset %q is not escaped", p, r)
		}
		if _, err := os.Stat(p); err != nil {
			t.Fatal(err)
		}
	}
	want := readTruth(t, dir)
	t.Logf("%d games, %d plies, %d with no repeated position; rulesets %q", want.games, want.plies, want.nullRepeat, exp.Rules)
	if want.games != sum.Games || want.plies != sum.Plies {
		t.Fatalf("baolab's reader finds %d games, %d plies; sim.Run reported %d, %d", want.games, want.plies, sum.Games, sum.Plies)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	games := fmt.Sprintf("read_parquet('%s', hive_partitioning = true)", filepath.Join(dir, dataset.Games, "*", "*.parquet"))
	moves := fmt.Sprintf("read_parquet('%s', hive_partitioning = true)", filepath.Join(dir, dataset.Moves, "*", "*.parquet"))
	gamesNoHive := fmt.Sprintf("read_parquet('%s', hive_partitioning = false)", filepath.Join(dir, dataset.Games, "*", "*.parquet"))

	t.Run("counts", func(t *testing.T) {
		var n, distinct, plies int64
		queryRow(t, db, "SELECT count(*), count(DISTINCT game_id), sum(plies) FROM "+games, &n, &distinct, &plies)
		if n != sum.Games || distinct != n || plies != sum.Plies {
			t.Errorf("games: %d rows, %d distinct game_id, sum(plies) %d; want %d, %d, %d", n, distinct, plies, sum.Games, sum.Games, sum.Plies)
		}
		queryRow(t, db, "SELECT count(*) FROM "+moves, &n)
		if n != sum.Plies {
			t.Errorf("moves: %d rows, want %d (sum of plies)", n, sum.Plies)
		}
	})

	t.Run("types", func(t *testing.T) {
		wantTypes := map[string][2]string{ // column → type, null
			"game_id":          {"BIGINT", "YES"},
			"seed":             {"UBIGINT", "YES"},
			"plies":            {"INTEGER", "YES"},
			"first_repeat_ply": {"INTEGER", "YES"},
			"ruleset":          {"VARCHAR", "YES"},
			"result":           {"VARCHAR", "YES"},
		}
		checkTypes(t, db, games, wantTypes)
		checkTypes(t, db, moves, map[string][2]string{
			"hash": {"UBIGINT", "YES"}, "move": {"TINYINT", "YES"}, "legal_moves": {"SMALLINT", "YES"}, "ruleset": {"VARCHAR", "YES"},
		})
		// Nullability: DuckDB reports every Parquet column nullable, so check
		// the values: first_repeat_ply is null exactly where baolab's reader
		// finds it null, and seeds above 2^63 survive as uint64.
		var nulls, big int64
		queryRow(t, db, "SELECT count(*) FILTER (WHERE first_repeat_ply IS NULL), count(*) FILTER (WHERE seed >= 9223372036854775808::UBIGINT) FROM "+games, &nulls, &big)
		if nulls != want.nullRepeat {
			t.Errorf("DuckDB finds %d null first_repeat_ply, baolab's reader %d", nulls, want.nullRepeat)
		}
		if big == 0 {
			t.Errorf("no seed ≥ 2^63 among %d games: uint64 seeds read as signed?", sum.Games)
		}
		// Cross-check first_repeat_ply with the moves' hashes: a game in
		// which the position after some move equals the position after an
		// earlier move has a first_repeat_ply, at most that move's ply + 1.
		// (A return to the starting position is not in the moves table.)
		var repeatedGames, wrong int64
		queryRow(t, db, fmt.Sprintf(`
			WITH m AS (SELECT game_id, ply, hash, min(ply) OVER (PARTITION BY game_id, hash) AS first FROM %s),
			     r AS (SELECT game_id, min(ply) + 1 AS rep FROM m WHERE ply > first GROUP BY game_id)
			SELECT count(*), count(*) FILTER (WHERE g.first_repeat_ply IS NULL OR g.first_repeat_ply > r.rep)
			FROM r JOIN %s g USING (game_id)`, moves, games), &repeatedGames, &wrong)
		if wrong != 0 {
			t.Errorf("%d of %d games with a repeated position in the moves table have no or a later first_repeat_ply", wrong, repeatedGames)
		}
		t.Logf("%d games repeat a position after a move", repeatedGames)
		var bigHash int64
		queryRow(t, db, "SELECT count(*) FROM "+moves+" WHERE hash >= 9223372036854775808::UBIGINT", &bigHash)
		if bigHash == 0 {
			t.Errorf("no hash ≥ 2^63 among %d moves: uint64 hashes read as signed?", sum.Plies)
		}
	})

	t.Run("ruleset", func(t *testing.T) {
		wantRules := append([]string(nil), exp.Rules...)
		sort.Strings(wantRules)
		for _, src := range []struct{ name, table string }{
			{"games, hive", games}, {"games, file column only", gamesNoHive}, {"moves, hive", moves},
		} {
			got := queryStrings(t, db, "SELECT DISTINCT ruleset FROM "+src.table+" ORDER BY 1")
			if !reflect.DeepEqual(got, wantRules) {
				t.Errorf("%s: rulesets %q, want the canonical %q", src.name, got, wantRules)
			}
		}
		// Each file's own ruleset column agrees with its partition.
		var bad int64
		queryRow(t, db, fmt.Sprintf(
			"SELECT count(*) FROM %s h JOIN %s f USING (game_id) WHERE h.ruleset <> f.ruleset", games, gamesNoHive), &bad)
		if bad != 0 {
			t.Errorf("%d games whose file ruleset differs from the partition's", bad)
		}
	})

	t.Run("partition wins over file column", func(t *testing.T) {
		// DuckDB documents (duckdb/duckdb#5901) that a column present both
		// in the file and as a Hive partition key is read from the path.
		// Copy one file under another partition name to see which one wins.
		files, err := dataset.Files(dir, dataset.Games)
		if err != nil {
			t.Fatal(err)
		}
		other := filepath.Join(t.TempDir(), "ruleset=from%3Apath")
		if err := os.MkdirAll(other, 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, files[0].Path, filepath.Join(other, "part.parquet"))
		src := func(hive bool) string {
			return fmt.Sprintf("read_parquet('%s', hive_partitioning = %t)", filepath.Join(other, "*.parquet"), hive)
		}
		got := queryStrings(t, db, "SELECT DISTINCT ruleset FROM "+src(true))
		if !reflect.DeepEqual(got, []string{"from:path"}) {
			t.Errorf("hive_partitioning=true: ruleset %q, want the partition's [from:path]", got)
		}
		got = queryStrings(t, db, "SELECT DISTINCT ruleset FROM "+src(false))
		if !reflect.DeepEqual(got, []string{files[0].Ruleset}) {
			t.Errorf("hive_partitioning=false: ruleset %q, want the file's [%s]", got, files[0].Ruleset)
		}
	})

	t.Run("results per ruleset", func(t *testing.T) {
		rows, err := db.Query("SELECT ruleset, result, count(*) FROM " + games + " GROUP BY ALL")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		got := map[string]map[string]int64{}
		for rows.Next() {
			var r, res string
			var n int64
			if err := rows.Scan(&r, &res, &n); err != nil {
				t.Fatal(err)
			}
			if got[r] == nil {
				got[r] = map[string]int64{}
			}
			got[r][res] = n
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want.results) {
			t.Errorf("DuckDB results per ruleset\n%v\nbaolab's reader\n%v", got, want.results)
		}
	})

	t.Run("join moves to games", func(t *testing.T) {
		rows, err := db.Query(fmt.Sprintf(`
			SELECT g.game_id, g.plies, count(m.game_id), coalesce(max(m.ply), -1), count(DISTINCT m.ply),
			       count(*) FILTER (WHERE m.ruleset <> g.ruleset)
			FROM %s g LEFT JOIN %s m ON m.game_id = g.game_id
			GROUP BY g.game_id, g.plies`, games, moves))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var n int64
		for rows.Next() {
			var id, plies, count, maxPly, distinct, otherRules int64
			if err := rows.Scan(&id, &plies, &count, &maxPly, &distinct, &otherRules); err != nil {
				t.Fatal(err)
			}
			n++
			if count != plies || distinct != plies || maxPly != plies-1 || otherRules != 0 || want.gamePlies[id] != plies {
				t.Errorf("game %d: plies %d (baolab's reader %d); %d move rows, %d distinct plies, last ply %d, %d of another ruleset",
					id, plies, want.gamePlies[id], count, distinct, maxPly, otherRules)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if n != sum.Games {
			t.Errorf("join gave %d games, want %d", n, sum.Games)
		}
		var orphans int64
		queryRow(t, db, fmt.Sprintf("SELECT count(*) FROM %s m ANTI JOIN %s g USING (game_id)", moves, games), &orphans)
		if orphans != 0 {
			t.Errorf("%d move rows of no game", orphans)
		}
	})
}

// readTruth reads the games files of dir with dataset.ReadFile.
func readTruth(t *testing.T, dir string) truth {
	t.Helper()
	files, err := dataset.Files(dir, dataset.Games)
	if err != nil {
		t.Fatal(err)
	}
	tr := truth{gamePlies: map[int64]int64{}, results: map[string]map[string]int64{}}
	for _, f := range files {
		tab, err := dataset.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		rd := array.NewTableReader(tab, 0)
		for rd.Next() {
			rec := rd.RecordBatch()
			col := func(name string) arrow.Array {
				idx := rec.Schema().FieldIndices(name)
				if len(idx) != 1 {
					t.Fatalf("%s: no column %s", f.Path, name)
				}
				return rec.Column(idx[0])
			}
			ids := col("game_id").(*array.Int64)
			plies := col("plies").(*array.Int32)
			rep := col("first_repeat_ply")
			rules, results := col("ruleset").(*array.Dictionary), col("result").(*array.Dictionary)
			for i := 0; i < int(rec.NumRows()); i++ {
				r, res := dictString(rules, i), dictString(results, i)
				if tr.results[r] == nil {
					tr.results[r] = map[string]int64{}
				}
				tr.results[r][res]++
				tr.gamePlies[ids.Value(i)] = int64(plies.Value(i))
				tr.games++
				tr.plies += int64(plies.Value(i))
				if rep.IsNull(i) {
					tr.nullRepeat++
				}
			}
		}
		if err := rd.Err(); err != nil && err != io.EOF {
			t.Fatal(err)
		}
		rd.Release()
		tab.Release()
	}
	return tr
}

func dictString(d *array.Dictionary, i int) string {
	return d.Dictionary().(*array.String).Value(d.GetValueIndex(i))
}

func queryRow(t *testing.T, db *sql.DB, q string, dest ...any) {
	t.Helper()
	if err := db.QueryRow(q).Scan(dest...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func queryStrings(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkTypes compares the DESCRIBE output of a table with want (column →
// type, null).
func checkTypes(t *testing.T, db *sql.DB, table string, want map[string][2]string) {
	t.Helper()
	rows, err := db.Query("DESCRIBE SELECT * FROM " + table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string][2]string{}
	for rows.Next() {
		var name, typ string
		var null, key, def, extra sql.NullString
		if err := rows.Scan(&name, &typ, &null, &key, &def, &extra); err != nil {
			t.Fatal(err)
		}
		got[name] = [2]string{typ, null.String}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for c, w := range want {
		if got[c] != w {
			t.Errorf("%s: column %s is %v, want %v", table, c, got[c], w)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
