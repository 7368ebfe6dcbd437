package analysis

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim"
)

// simDataset plays a small experiment with the simulator (all three
// variants, two agent pairs) into a temporary directory.
func simDataset(t *testing.T) (string, dataset.Experiment) {
	t.Helper()
	plan := sim.Plan{
		Rules:  []string{"kingulu", "kingulu:first=north", "kimasai-two-rows:lap_limit=2000", "kimasai-four-rows"},
		Agents: []string{"random", "greedy/random"},
		Games:  300, Seed: 7, Batch: 128, Moves: true,
	}
	e, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	return dir, e
}

// TestSimulatorDataset analyses a dataset written by the simulator and
// checks the numbers against the manifest and against sums computed
// independently from the whole tables (read with dataset.ReadFile).
func TestSimulatorDataset(t *testing.T) {
	if testenv.Short() {
		t.Skip("plays games")
	}
	dir, e := simDataset(t)
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	man, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Manifest != "manifest" || s.Games != man.Games || len(s.Cells) != e.NumCells() || !s.MoveLog {
		t.Fatalf("manifest %q games %d (manifest %d) cells %d", s.Manifest, s.Games, man.Games, len(s.Cells))
	}
	// Two readings of kingulu per agent pair: one comparison each.
	if len(s.Comparisons) != 2 {
		t.Errorf("%d comparisons, want 2", len(s.Comparisons))
	}

	// Independent sums per cell from the whole tables.
	type sums struct {
		games, south, north, draws, plies, cycles int64
		legal, moves                              int64
	}
	want := map[string]*sums{}
	key := func(rs, south, north string) string { return rs + " " + south + "/" + north }
	for _, f := range ds.Games {
		eachRecord(t, f.Path, func(rec arrow.RecordBatch) {
			col := func(name string) int { return rec.Schema().FieldIndices(name)[0] }
			str := func(name string, i int) string {
				d := rec.Column(col(name)).(*array.Dictionary)
				return d.Dictionary().(*array.String).Value(d.GetValueIndex(i))
			}
			for i := 0; i < int(rec.NumRows()); i++ {
				k := key(str("ruleset", i), str("agent_south", i), str("agent_north", i))
				if want[k] == nil {
					want[k] = &sums{}
				}
				w := want[k]
				w.games++
				switch str("result", i) {
				case "south":
					w.south++
				case "north":
					w.north++
				case "draw":
					w.draws++
				}
				w.plies += int64(rec.Column(col("plies")).(*array.Int32).Value(i))
				if rec.Column(col("first_repeat_ply")).IsValid(i) {
					w.cycles++
				}
			}
		})
	}
	for i, f := range ds.Moves {
		rs := ds.Games[i].Ruleset
		cell := e.Cell(f.Cell)
		south, north, _ := strings.Cut(cell.Agents, "/")
		w := want[key(rs, south, north)]
		eachRecord(t, f.Path, func(rec arrow.RecordBatch) {
			legal := rec.Column(rec.Schema().FieldIndices("legal_moves")[0]).(*array.Int16)
			for j := 0; j < legal.Len(); j++ {
				w.legal += int64(legal.Value(j))
			}
			w.moves += rec.NumRows()
		})
	}
	for _, c := range s.Cells {
		w := want[key(c.Ruleset, c.AgentSouth, c.AgentNorth)]
		if w == nil {
			t.Errorf("cell %s %s/%s not in the tables", c.Ruleset, c.AgentSouth, c.AgentNorth)
			continue
		}
		o := c.Outcomes
		if c.Games != w.games || o.South.Count != w.south || o.North.Count != w.north || o.Draw.Count != w.draws || c.CycleRate.Count != w.cycles {
			t.Errorf("%s %s/%s: games %d south %d north %d draws %d cycles %d, tables say %+v", c.Ruleset, c.AgentSouth, c.AgentNorth,
				c.Games, o.South.Count, o.North.Count, o.Draw.Count, c.CycleRate.Count, *w)
		}
		if got := float64(c.Length.Mean.Value) * float64(c.Games); abs(got-float64(w.plies)) > 1e-6*float64(w.plies) {
			t.Errorf("%s: mean length × games %v, tables say %d plies", c.Ruleset, got, w.plies)
		}
		if c.Moves.Moves != w.moves || w.moves != w.plies {
			t.Errorf("%s: %d moves, tables say %d (plies %d)", c.Ruleset, c.Moves.Moves, w.moves, w.plies)
		}
		if got := float64(c.Moves.BranchingFactor.Value); abs(got-float64(w.legal)/float64(w.moves)) > 1e-9 {
			t.Errorf("%s: branching factor %v, tables say %v", c.Ruleset, got, float64(w.legal)/float64(w.moves))
		}
		var ends int64
		for _, r := range c.EndReasons {
			ends += r.Count
		}
		if ends != c.Games {
			t.Errorf("%s: end reasons sum to %d of %d games", c.Ruleset, ends, c.Games)
		}
		if n := c.Convergence[len(c.Convergence)-1]; n.Games != c.Games || n.Value != c.FirstPlayerAdvantage.Value {
			t.Errorf("%s: last convergence point %+v", c.Ruleset, n)
		}
	}

	// Every variant's first and last game replay with the engine.
	for c := 0; c < e.NumCells(); c++ {
		for _, id := range []int64{e.GameID(c, 0), e.GameID(c, e.Games-1)} {
			g, err := FindGame(context.Background(), ds, id)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := Replay(&out, g); err != nil {
				t.Errorf("game %d (%s): %v", id, g.Ruleset, err)
			}
			if !strings.Contains(out.String(), "the engine agrees with the log") {
				t.Errorf("game %d: replay output ends %q", id, tail(out.String()))
			}
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func tail(s string) string {
	if len(s) > 200 {
		return s[len(s)-200:]
	}
	return s
}
