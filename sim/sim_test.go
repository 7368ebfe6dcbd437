package sim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/sim/agent"
)

// testPlan is small but has several batches per cell, all three variants
// and a non-random agent.
var testPlan = Plan{
	Rules:  []string{"kingulu", "kimasai-two-rows:lap_limit=2000", "kimasai-four-rows:holes=6"},
	Agents: []string{"random", "greedy/random"},
	Games:  70,
	Seed:   42,
	Batch:  16,
	Moves:  true,
}

func mustExperiment(t testing.TB, p Plan) dataset.Experiment {
	t.Helper()
	e, err := p.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func run(t testing.TB, o Options) Summary {
	t.Helper()
	s, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("run %s: %v", o.Dir, err)
	}
	return s
}

// rows returns every row of a table of the dataset in dir, one string per
// row, sorted.
func rows(t testing.TB, dir, table string) []string {
	t.Helper()
	files, err := dataset.Files(dir, table)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		tbl, err := dataset.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tableRows(t, tbl)...)
		tbl.Release()
	}
	sort.Strings(out)
	return out
}

func tableRows(t testing.TB, tbl arrow.Table) []string {
	t.Helper()
	n := int(tbl.NumRows())
	out := make([]string, n)
	for c := 0; c < int(tbl.NumCols()); c++ {
		col := tbl.Column(c)
		i := 0
		for _, ch := range col.Data().Chunks() {
			for j := 0; j < ch.Len(); j++ {
				out[i] += col.Name() + "=" + valueString(ch, j) + " "
				i++
			}
		}
	}
	return out
}

func valueString(a arrow.Array, i int) string {
	if a.IsNull(i) {
		return "null"
	}
	if d, ok := a.(*array.Dictionary); ok {
		return d.Dictionary().(*array.String).Value(d.GetValueIndex(i))
	}
	return a.ValueStr(i)
}

func equalRows(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: row %d differs:\n got %s\nwant %s", what, i, got[i], want[i])
		}
	}
}

// TestSameRowsAnyWorkersAnyShards runs one experiment with 1 worker, with
// 3 workers and as two shards into one directory, and compares the
// sorted rows of both tables.
func TestSameRowsAnyWorkersAnyShards(t *testing.T) {
	exp := mustExperiment(t, testPlan)
	d1, d3, ds := t.TempDir(), t.TempDir(), t.TempDir()
	run(t, Options{Experiment: exp, Dir: d1, Workers: 1})
	run(t, Options{Experiment: exp, Dir: d3, Workers: 3})
	s0 := run(t, Options{Experiment: exp, Dir: ds, Workers: 2, Shard: 0, Shards: 2})
	if s0.DatasetComplete {
		t.Error("dataset complete after one of two shards")
	}
	s1 := run(t, Options{Experiment: exp, Dir: ds, Workers: 2, Shard: 1, Shards: 2})
	if !s1.DatasetComplete {
		t.Error("dataset not complete after both shards")
	}
	if s0.Games+s1.Games != int64(exp.Games*exp.NumCells()) || s0.Games == 0 || s1.Games == 0 {
		t.Errorf("shards played %d + %d games, want %d in all, some each", s0.Games, s1.Games, exp.Games*exp.NumCells())
	}
	for _, table := range []string{dataset.Games, dataset.Moves} {
		want := rows(t, d1, table)
		if len(want) == 0 {
			t.Fatalf("%s: no rows", table)
		}
		equalRows(t, table+" 3 workers", rows(t, d3, table), want)
		equalRows(t, table+" 2 shards", rows(t, ds, table), want)
	}
	m, err := dataset.ReadManifest(ds)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Complete || m.Games != int64(exp.Games*exp.NumCells()) || len(m.Shards) != 2 {
		t.Errorf("manifest of the 2-shard run: complete %v, %d games, %d shards", m.Complete, m.Games, len(m.Shards))
	}
	checkCounts(t, d1, exp)
}

// checkCounts checks that every cell has exactly Games games with ids
// c×Games+i, each once, and that moves and games agree on plies.
func checkCounts(t *testing.T, dir string, exp dataset.Experiment) {
	t.Helper()
	ids := make(map[int64]int64) // game_id → plies
	files, err := dataset.Files(dir, dataset.Games)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		tbl, err := dataset.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		rr := array.NewTableReader(tbl, -1)
		for rr.Next() {
			rec := rr.RecordBatch()
			id := rec.Column(rec.Schema().FieldIndices("game_id")[0]).(*array.Int64)
			plies := rec.Column(rec.Schema().FieldIndices("plies")[0]).(*array.Int32)
			for i := 0; i < id.Len(); i++ {
				if _, dup := ids[id.Value(i)]; dup {
					t.Fatalf("game_id %d twice", id.Value(i))
				}
				ids[id.Value(i)] = int64(plies.Value(i))
			}
		}
		rr.Release()
		tbl.Release()
	}
	if len(ids) != exp.Games*exp.NumCells() {
		t.Fatalf("%d games, want %d", len(ids), exp.Games*exp.NumCells())
	}
	for id := range ids {
		if id < 0 || id >= int64(exp.Games*exp.NumCells()) {
			t.Fatalf("game_id %d out of range", id)
		}
	}
	if !exp.Moves {
		return
	}
	seen := make(map[int64]int64)
	for _, r := range rows(t, dir, dataset.Moves) {
		var id int64
		fmt.Sscanf(r, "game_id=%d", &id)
		seen[id]++
	}
	for id, p := range ids {
		if seen[id] != p {
			t.Fatalf("game %d: %d move rows, games says %d plies", id, seen[id], p)
		}
	}
}

// TestRowsMatchReplay replays games independently of the worker (same
// seeds, fresh engine states and agents) and checks each logged column.
func TestRowsMatchReplay(t *testing.T) {
	exp := mustExperiment(t, testPlan)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 2})
	checkReplay(t, exp, dir)
}

// checkReplay replays games 0, 17 and the last of every cell with fresh
// agents (and the random opening) and compares every row.
func checkReplay(t *testing.T, exp dataset.Experiment, dir string) {
	games := map[int64]string{}
	for _, r := range rows(t, dir, dataset.Games) {
		var id int64
		fmt.Sscanf(r, "game_id=%d", &id)
		games[id] = r
	}
	moves := map[string]bool{}
	for _, r := range rows(t, dir, dataset.Moves) {
		moves[r] = true
	}
	for c := range exp.NumCells() {
		cell := exp.Cell(c)
		g := engine.MustParse(cell.Ruleset)
		sp, np, err := agent.ParsePair(cell.Agents)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, min(17, exp.Games-1), exp.Games - 1} {
			id := exp.GameID(c, i)
			seed := dataset.GameSeed(dataset.CellKey(exp.Seed, cell.Ruleset, cell.Agents), i)
			ag := [2]agent.Agent{sp.New(g), np.New(g)}
			ag[0].Reset(dataset.AgentSeed(seed, engine.South))
			ag[1].Reset(dataset.AgentSeed(seed, engine.North))
			s := g.NewState()
			first := s.Player()
			var captures, captured, reservations int32
			var maxLaps int64
			orng := rand.New(rand.NewPCG(dataset.OpeningSeed(exp.Seed, cell.Ruleset, i), 0))
			opening := 0
			for !s.Over() {
				ms := s.Candidates(nil)
				p, ply := s.Player(), s.Ply()
				var m engine.Move
				if opening < exp.OpeningPlies {
					m = ms[orng.IntN(len(ms))]
				} else {
					m = ag[p].Choose(s, ms)
				}
				info, err := s.Apply(m)
				if errors.Is(err, engine.ErrNeverEnding) {
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				if opening < exp.OpeningPlies {
					opening++
				}
				captures += info.Captures
				captured += info.Captured
				if info.Reserved {
					reservations++
				}
				maxLaps = max(maxLaps, info.Laps)
				row := fmt.Sprintf("game_id=%d experiment_id=%s ruleset=%s ply=%d player=%s move=%d legal_moves=%d laps=%d sown=%d captured=%d material_south=%d material_north=%d hash=%d reserved=%v ",
					id, exp.ID(), cell.Ruleset, ply, p, m, len(ms), info.Laps, info.Sown, info.Captured, s.Material(engine.South), s.Material(engine.North), s.Hash(), info.Reserved)
				if !moves[row] {
					t.Fatalf("cell %d game %d: replayed move row not in the dataset:\n%s", c, i, row)
				}
			}
			fr := "null"
			if s.FirstRepeatPly() >= 0 {
				fr = fmt.Sprint(s.FirstRepeatPly())
			}
			want := fmt.Sprintf("game_id=%d experiment_id=%s ruleset=%s variant=%s agent_south=%s agent_north=%s first=%s seed=%d result=%s end_reason=%s plies=%d material_south=%d material_north=%d first_repeat_ply=%s captures=%d captured=%d max_laps=%d never_ending=%d reservations=%d opening_plies=%d ",
				id, exp.ID(), cell.Ruleset, g.Variant(), sp, np, first, seed, s.Result(), s.EndReason(), s.Ply(), s.Material(engine.South), s.Material(engine.North), fr, captures, captured, maxLaps, s.NeverEndingMet(), reservations, opening)
			if games[id] != want {
				t.Fatalf("cell %d game %d:\n got %s\nwant %s", c, i, games[id], want)
			}
		}
	}
}

// TestFilesCarryMetadata checks the footer metadata that resume relies on,
// and that the dictionary columns read back as dictionaries.
func TestFilesCarryMetadata(t *testing.T) {
	p := testPlan
	p.Rules, p.Agents = p.Rules[:1], p.Agents[:1]
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	files, err := dataset.Files(dir, dataset.Games)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != exp.NumBatches() {
		t.Fatalf("%d games files, want %d", len(files), exp.NumBatches())
	}
	for b, f := range files {
		info, err := dataset.CheckFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := exp.BatchRange(b)
		if info.Rows != int64(hi-lo) || info.Meta[dataset.MetaExperiment] != exp.ID() || info.Int(dataset.MetaBatch) != int64(b) || info.Int(dataset.MetaGames) != int64(hi-lo) {
			t.Errorf("%s: rows %d meta %v", f.Path, info.Rows, info.Meta)
		}
		if f.Ruleset != "kingulu" {
			t.Errorf("%s: ruleset %q", f.Path, f.Ruleset)
		}
	}
	tbl, err := dataset.ReadFile(files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	got := tbl.Schema().Fields()
	if len(got) != len(dataset.GamesColumns) {
		t.Fatalf("%d columns read back, want %d", len(got), len(dataset.GamesColumns))
	}
	for i, c := range dataset.GamesColumns {
		if got[i].Name != c.Field.Name || !arrow.TypeEqual(got[i].Type, c.Field.Type) || got[i].Nullable != c.Field.Nullable {
			t.Errorf("column %d read back as %v, want %v", i, got[i], c.Field)
		}
	}
}

func TestRefusesOtherExperiment(t *testing.T) {
	p := testPlan
	p.Rules, p.Agents, p.Games = p.Rules[:1], p.Agents[:1], 20
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir})
	p.Games = 30
	other := mustExperiment(t, p)
	_, err := Run(context.Background(), Options{Experiment: other, Dir: dir})
	if !errors.Is(err, ErrOtherExperiment) || !strings.Contains(err.Error(), "games 20 → 30") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("other experiment: %v", err)
	}
	if got := rows(t, dir, dataset.Games); len(got) != 20 {
		t.Fatalf("refused run changed the dataset: %d games", len(got))
	}
	// A report of the old experiment (baolab analyze's default place)
	// goes with it; another directory named report without a summary.json
	// is not baolab's and stays.
	report := filepath.Join(dir, ReportDir)
	os.MkdirAll(report, 0o777)
	os.WriteFile(filepath.Join(report, "summary.json"), []byte("{}"), 0o666)
	s := run(t, Options{Experiment: other, Dir: dir, Force: true})
	if _, err := os.Stat(report); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--force left the old report: %v", err)
	}
	if s.Games != 30 {
		t.Errorf("--force run played %d games", s.Games)
	}
	if got := rows(t, dir, dataset.Games); len(got) != 30 {
		t.Fatalf("after --force: %d games, want 30", len(got))
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil || !m.Experiment.Equal(other) || m.Games != 30 {
		t.Fatalf("manifest after --force: %+v, %v", m.Experiment, err)
	}

	// Data without a manifest is refused too.
	bare := t.TempDir()
	os.MkdirAll(filepath.Join(bare, "games", "ruleset=x"), 0o777)
	os.WriteFile(filepath.Join(bare, "games", "ruleset=x", "part.parquet"), []byte("x"), 0o666)
	if _, err := Run(context.Background(), Options{Experiment: exp, Dir: bare}); !errors.Is(err, ErrOtherExperiment) {
		t.Fatalf("data without manifest: %v", err)
	}
}

func TestSameShardTwiceIsRefused(t *testing.T) {
	exp := mustExperiment(t, testPlan)
	dir := t.TempDir()
	st, err := openStore(dir, exp, 0, 2, false, dataset.Run{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.close()
	_, err = Run(context.Background(), Options{Experiment: exp, Dir: dir, Shard: 0, Shards: 2})
	if !errors.Is(err, ErrShardBusy) {
		t.Fatalf("second process on shard 0/2: %v", err)
	}
	run(t, Options{Experiment: exp, Dir: dir, Shard: 1, Shards: 2})
}

func TestResumeSkipsFinishedBatches(t *testing.T) {
	exp := mustExperiment(t, testPlan)
	dir := t.TempDir()
	full := run(t, Options{Experiment: exp, Dir: dir, Workers: 2})
	want := rows(t, dir, dataset.Moves)
	// Break one batch: delete a games file (the batch's commit mark),
	// truncate a moves file, and leave a stale temporary file.
	gfiles, _ := dataset.Files(dir, dataset.Games)
	mfiles, _ := dataset.Files(dir, dataset.Moves)
	os.Remove(gfiles[3].Path)
	os.Truncate(mfiles[7].Path, 100)
	stale := filepath.Join(dataset.PartitionDir(dir, dataset.Moves, exp.Rules[0]), dataset.TempName(0, 0, "99-0123456789abcdef"))
	os.WriteFile(stale, []byte("half a file"), 0o666)
	s := run(t, Options{Experiment: exp, Dir: dir, Workers: 2})
	if s.Games != 2*int64(exp.Batch) || s.Skipped != full.Games-s.Games {
		t.Errorf("resume played %d games and skipped %d; want %d and %d", s.Games, s.Skipped, 2*exp.Batch, full.Games-2*int64(exp.Batch))
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file left: %v", err)
	}
	equalRows(t, "moves after resume", rows(t, dir, dataset.Moves), want)
	checkCounts(t, dir, exp)
}

func TestInterruptKeepsFinishedWork(t *testing.T) {
	p := testPlan
	p.Rules, p.Games, p.Batch = p.Rules[:1], 400, 10
	exp := mustExperiment(t, p)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	obs := &cancelAfter{n: 3, cancel: cancel}
	s, err := Run(ctx, Options{Experiment: exp, Dir: dir, Workers: 2, Observer: obs})
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("cancelled run: %v", err)
	}
	if s.Games == 0 || s.Games >= int64(exp.Games*exp.NumCells()) {
		t.Fatalf("cancelled run played %d games", s.Games)
	}
	assertOnlyCompleteFiles(t, dir)
	m, _ := dataset.ReadManifest(dir)
	if got := m.Shards[0].Runs[0].Status; got != "interrupted" {
		t.Errorf("run status %q", got)
	}
	run(t, Options{Experiment: exp, Dir: dir, Workers: 1})
	checkCounts(t, dir, exp)
	// The cancel stopped games in play (before their next move); the
	// resumed dataset has the rows of an uninterrupted run.
	ref := t.TempDir()
	run(t, Options{Experiment: exp, Dir: ref, Workers: 2})
	for _, table := range []string{dataset.Games, dataset.Moves} {
		equalRows(t, table+" after cancel and resume", rows(t, dir, table), rows(t, ref, table))
	}
}

type cancelAfter struct {
	nopObserver
	n      int
	cancel func()
}

func (c *cancelAfter) Batch(Batch) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
}

// assertOnlyCompleteFiles fails if dir holds a temporary file or a
// Parquet file with a broken footer.
func assertOnlyCompleteFiles(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.Contains(d.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", path)
		}
		if strings.HasSuffix(path, ".parquet") {
			if _, err := dataset.CheckFile(path); err != nil {
				t.Error(err)
			}
		}
		return nil
	})
}

func TestPlayDoesNotAllocate(t *testing.T) {
	for _, c := range []struct{ rules, agents string }{
		{"kingulu", "random"},
		{"kimasai-four-rows", "random"},
		{"kimasai-two-rows:lap_limit=2000", "random"},
		{"kingulu", "greedy"},
	} {
		exp := mustExperiment(t, Plan{Rules: []string{c.rules}, Agents: []string{c.agents}, Games: 1000, Batch: 1000, Moves: true})
		w := newWorker(exp, t.TempDir(), nil, nil)
		cs, err := w.cell(0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 200 { // grow every buffer
			w.play(cs, i)
		}
		i := 0
		allocs := testing.AllocsPerRun(100, func() {
			w.g.Reset()
			w.m.Reset()
			if err := w.play(cs, i%50); err != nil {
				t.Fatal(err)
			}
			i++
		})
		if allocs != 0 {
			t.Errorf("%s %s: %.1f allocations per game", c.rules, c.agents, allocs)
		}
	}
}

func TestPlanExpandsGrids(t *testing.T) {
	e, err := Plan{Rules: []string{"kimasai-four-rows", "kingulu:penultimate=*,min_lift=1..2"}, Agents: []string{"random"}, Games: 1}.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"kimasai-four-rows", "kingulu", "kingulu:min_lift=2", "kingulu:penultimate=origin",
		"kingulu:min_lift=2,penultimate=origin", "kingulu:penultimate=never", "kingulu:min_lift=2,penultimate=never"}
	if strings.Join(e.Rules, " | ") != strings.Join(want, " | ") {
		t.Errorf("rules %q, want %q", e.Rules, want)
	}
}

func TestPlanErrors(t *testing.T) {
	for i, c := range []struct {
		p     Plan
		field string
		index int
		msg   string
	}{
		{Plan{Agents: []string{"random"}, Games: 1}, "rules", 0, "no ruleset"},
		{Plan{Rules: []string{"kingulu"}, Games: 1}, "agents", 0, "no agent pair"},
		{Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}}, "games", 0, "at least 1"},
		{Plan{Rules: []string{"kingulu", "chess"}, Agents: []string{"random"}, Games: 1}, "rules", 1, "unknown variant"},
		{Plan{Rules: []string{"kingulu", "kingulu:seeds=4"}, Agents: []string{"random"}, Games: 1}, "rules", 1, "again"},
		{Plan{Rules: []string{"kingulu:seeds=99"}, Agents: []string{"random"}, Games: 1}, "rules", 0, "seeds"},
		{Plan{Rules: []string{"kingulu", "kingulu:penultimate=*"}, Agents: []string{"random"}, Games: 1}, "rules", 1, `grid "kingulu:penultimate=*" includes kingulu, which "kingulu" gives already`},
		{Plan{Rules: []string{"kingulu:holes=5..13"}, Agents: []string{"random"}, Games: 1}, "rules", 0, `option "holes": range "5..13"`},
		{Plan{Rules: []string{"kingulu"}, Agents: []string{"random", "mcts:depth=3"}, Games: 1}, "agents", 1, "depth"},
		{Plan{Rules: []string{"kingulu"}, Agents: []string{"random", "random/random"}, Games: 1}, "agents", 1, "again"},
		{Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 1, Batch: -1}, "batch", 0, "at least 1"},
	} {
		_, err := c.p.Experiment()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field || fe.Index != c.index || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("case %d: %v (%+v), want %s[%d] %q", i, err, fe, c.field, c.index, c.msg)
		}
	}
}

// TestLadderWithOpenings: a ladder adds every ordered pair of its agents,
// the manifest marks them, every game starts with the random opening, and
// the two seat orders of a pair (indeed every pair) play the same
// openings in game i.
func TestLadderWithOpenings(t *testing.T) {
	p := Plan{Rules: []string{"kingulu", "kimasai-four-rows:holes=6"}, Agents: []string{"mcts:iters=5/random", "greedy/random"},
		Ladder: []string{"random", "greedy", "alphabeta:depth=2"}, Games: 12, Seed: 9, Batch: 5, Moves: true, OpeningPlies: 3}
	exp := mustExperiment(t, p)
	if len(exp.Agents) != 1+9 || exp.Agents[2] != "random/random" || exp.Agents[9] != "alphabeta:depth=2/alphabeta:depth=2" {
		t.Fatalf("agent pairs %v", exp.Agents)
	}
	dir := t.TempDir()
	run(t, Options{Experiment: exp, Dir: dir, Workers: 2})
	checkReplay(t, exp, dir)
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	ladder := 0
	for _, c := range m.Cells {
		if c.Ladder {
			ladder++
		}
		if c.Ladder != (c.Agents != "mcts:iters=5,c=1.4/random") {
			t.Errorf("cell %d (%s): ladder %v", c.Index, c.Agents, c.Ladder)
		}
	}
	if ladder != 2*9 || m.Experiment.OpeningPlies != 3 {
		t.Errorf("%d ladder cells, opening plies %d", ladder, m.Experiment.OpeningPlies)
	}
	// The first three moves of game i, by ruleset and game index.
	openings := map[string]string{}
	for _, r := range rows(t, dir, dataset.Moves) {
		var id int64
		var ply int
		fmt.Sscanf(r, "game_id=%d", &id)
		i := strings.Index(r, "ply=")
		fmt.Sscanf(r[i:], "ply=%d", &ply)
		if ply >= 3 {
			continue
		}
		c := exp.Cell(int(id) / exp.Games)
		key := fmt.Sprintf("%s game %d ply %d", c.Ruleset, int(id)%exp.Games, ply)
		mv := r[strings.Index(r, "move="):]
		mv = mv[:strings.Index(mv, " ")]
		if prev, ok := openings[key]; ok && prev != mv {
			t.Fatalf("%s: %s in one cell, %s in another (%s)", key, prev, mv, c.Agents)
		}
		openings[key] = mv
	}
	if len(openings) != 2*12*3 {
		t.Errorf("%d opening moves, want %d", len(openings), 2*12*3)
	}
	for _, r := range rows(t, dir, dataset.Games) {
		if !strings.Contains(r, "opening_plies=3 ") {
			t.Fatalf("game row without its opening: %s", r)
		}
	}
}
