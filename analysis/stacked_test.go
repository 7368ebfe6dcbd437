package analysis

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/summary/summarytest"
	"github.com/baolab/baolab/dataset"
)

// TestStackedTablesOfAnotherTool exports the games and moves of two
// datasets whose game_ids are the same numbers (two experiments, "aaaa"
// and "bbbb") into one set of tables, as a DuckDB user stacking them
// would. With experiment_id in the rows, games are keyed on
// (experiment_id, game_id): the analysis equals that of one dataset
// holding the same games under distinct ids (2·id for the first
// experiment, 2·id+1 for the second, so that both put the games of a cell
// in the same order). Without experiment_id the repeated game_ids are an
// error, one line; a moves table without it cannot tell the experiments'
// games apart; one dataset exported without experiment_id is keyed on
// game_id alone as before.
func TestStackedTablesOfAnotherTool(t *testing.T) {
	exps := []string{"aaaa", "bbbb"}
	srcs := []string{t.TempDir(), t.TempDir()}
	merged := t.TempDir()
	const cells, per = 2, 30
	for c := range cells {
		cell := synth.Cell{Ruleset: readings[c], Variant: "kingulu", South: "random", North: "random", First: "south",
			MeanPlies: 12, PFirst: 0.4 + 0.2*float64(c), PDraw: 0.1}
		var all []synth.Game
		for d, exp := range exps {
			games := synth.RandomGames(rand.New(rand.NewPCG(uint64(d), uint64(c))), cell, int64(c*per), per)
			if err := synth.WriteBatchOf(srcs[d], exp, c, 0, games, true); err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				g.ID = 2*g.ID + int64(d)
				all = append(all, g)
			}
		}
		slices.SortFunc(all, func(a, b synth.Game) int { return int(a.ID - b.ID) })
		if err := synth.WriteBatch(merged, c, 0, all, true); err != nil {
			t.Fatal(err)
		}
	}
	want := analyzeDir(t, merged)

	files := func(table string) []string {
		var out []string
		for _, src := range srcs {
			fs, err := dataset.Files(src, table)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				out = append(out, f.Path)
			}
		}
		return out
	}
	// export writes the stacked tables, without the columns of
	// dropGames and dropMoves.
	export := func(dropGames, dropMoves []string) string {
		dir := t.TempDir()
		writeTable(t, filepath.Join(dir, "games", "data_0.parquet"), concat(t, files(dataset.Games), dropGames...))
		writeTable(t, filepath.Join(dir, "moves", "data_0.parquet"), concat(t, files(dataset.Moves), dropMoves...))
		return dir
	}

	got := analyzeDir(t, export(nil, nil))
	if got.Games != 2*cells*per || got.Games != want.Games || !got.MoveLog {
		t.Fatalf("stacked: %d games (want %d), move log %v", got.Games, want.Games, got.MoveLog)
	}
	if d := summarytest.Diff(got.Cells, want.Cells); d != "" {
		t.Errorf("stacked cells differ from the merged dataset's: %s", d)
	}

	for _, c := range []struct {
		name                 string
		dropGames, dropMoves []string
		want                 string
	}{
		{"games without experiment_id", []string{dataset.ExperimentID}, []string{dataset.ExperimentID}, "is in the games table twice"},
		{"moves without experiment_id", nil, []string{dataset.ExperimentID}, "is in several experiments of the games table, and the moves table has no experiment_id column"},
	} {
		err := analyzeErr(export(c.dropGames, c.dropMoves))
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one line saying %q", c.name, err, c.want)
		}
	}

	// One dataset without experiment_id: keyed on game_id alone.
	one := t.TempDir()
	gs, _ := dataset.Files(srcs[0], dataset.Games)
	ms, _ := dataset.Files(srcs[0], dataset.Moves)
	var gp, mp []string
	for i := range gs {
		gp, mp = append(gp, gs[i].Path), append(mp, ms[i].Path)
	}
	writeTable(t, filepath.Join(one, "games", "data_0.parquet"), concat(t, gp, dataset.ExperimentID))
	writeTable(t, filepath.Join(one, "moves", "data_0.parquet"), concat(t, mp, dataset.ExperimentID))
	if d := summarytest.Diff(analyzeDir(t, one).Cells, analyzeDir(t, srcs[0]).Cells); d != "" {
		t.Errorf("one dataset without experiment_id: cells differ from its own: %s", d)
	}
}
