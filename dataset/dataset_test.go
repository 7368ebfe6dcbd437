package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var exp = Experiment{Rules: []string{"kingulu", "kimasai-four-rows"}, Agents: []string{"random/random", "greedy/random", "random/greedy"}, Games: 1000, Seed: 9, Batch: 300, Moves: true}

func TestExperimentGeometry(t *testing.T) {
	if exp.NumCells() != 6 || exp.NumBatches() != 4 {
		t.Fatalf("cells %d batches %d", exp.NumCells(), exp.NumBatches())
	}
	if c := exp.Cell(4); c.Ruleset != "kimasai-four-rows" || c.Agents != "greedy/random" || c.Index != 4 {
		t.Errorf("cell 4 = %+v", c)
	}
	if lo, hi := exp.BatchRange(3); lo != 900 || hi != 1000 {
		t.Errorf("last batch [%d,%d)", lo, hi)
	}
	if exp.GameID(4, 7) != 4007 {
		t.Errorf("game id %d", exp.GameID(4, 7))
	}
	for i, c := range []struct{ games, want int }{{1, 1}, {100, 100}, {1000, 256}, {10000, 625}, {1 << 20, 16384}, {1 << 30, 16384}} {
		if got := DefaultBatch(c.games); got != c.want {
			t.Errorf("case %d: DefaultBatch(%d) = %d, want %d", i, c.games, got, c.want)
		}
	}
	seen := make(map[int]int)
	for b := range 10 {
		seen[ShardOf(b, 3)]++
	}
	if seen[0] != 4 || seen[1] != 3 || seen[2] != 3 {
		t.Errorf("shards of 10 batches: %v", seen)
	}
}

func TestExperimentCheckAndDiff(t *testing.T) {
	if err := exp.Check(); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		mod  func(*Experiment)
		want string
	}{
		{func(e *Experiment) { e.Rules = nil }, "no ruleset"},
		{func(e *Experiment) { e.Agents = []string{"a", "a"} }, `agent pair "a" given twice`},
		{func(e *Experiment) { e.Games = 0 }, "at least 1"},
		{func(e *Experiment) { e.Batch = 0 }, "batch size"},
		{func(e *Experiment) { e.Games = 1 << 62 }, "overflow"},
		// One cell of exactly 2^62 games: game_id 0..2^62-1 fits, so the
		// overflow check lets it through to the file count's.
		{func(e *Experiment) { e.Rules, e.Agents, e.Games = e.Rules[:1], e.Agents[:1], 1<<62 }, "files per table"},
	} {
		e := exp
		c.mod(&e)
		if err := e.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: %v, want %q", i, err, c.want)
		}
	}
	e := exp
	e.Games, e.Moves = 2000, false
	if d := exp.Diff(e); d != "games 1000 → 2000; moves true → false" {
		t.Errorf("Diff = %q", d)
	}
	if exp.Equal(e) || !exp.Equal(exp) || exp.ID() == e.ID() || exp.ID() != exp.ID() {
		t.Error("Equal or ID wrong")
	}
}

// TestSeedsArePinned guards reproducibility across versions: changing the
// seed derivation changes every game of every dataset.
func TestSeedsArePinned(t *testing.T) {
	k := CellKey(1, "kingulu", "random/random")
	got := fmt.Sprintf("%016x %016x %016x", k, GameSeed(k, 0), GameSeed(k, 999999))
	if want := "e5981e7b76f5e286 4cc45e0592912c74 e311b2d60d9282c0"; got != want {
		t.Errorf("seeds changed: %s, want %s", got, want)
	}
	keys := map[uint64]string{}
	for _, c := range []struct {
		seed      uint64
		rs, pairs string
	}{{1, "kingulu", "random/random"}, {2, "kingulu", "random/random"}, {1, "kingulu:seeds=5", "random/random"}, {1, "kingulu", "greedy/random"}, {1, "kingulu", "random/greedy"}} {
		k := CellKey(c.seed, c.rs, c.pairs)
		if prev, dup := keys[k]; dup {
			t.Errorf("%v has the key of %s", c, prev)
		}
		keys[k] = fmt.Sprint(c)
	}
	seen := map[uint64]bool{}
	for i := range 100000 {
		s := GameSeed(k, i)
		if seen[s] {
			t.Fatalf("game %d repeats a seed", i)
		}
		seen[s] = true
	}
}

func TestMerge(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	t1, t2 := t0.Add(time.Hour), t0.Add(2*time.Hour)
	b := Build{Version: "v1", GoVersion: "go1.26"}
	all := func(k, n int) []BatchRecord {
		var out []BatchRecord
		for c := range exp.NumCells() {
			for bi := range exp.NumBatches() {
				if ShardOf(bi, n) == k {
					lo, hi := exp.BatchRange(bi)
					out = append(out, BatchRecord{Cell: c, Batch: bi, Games: hi - lo, Plies: int64(10 * (hi - lo))})
				}
			}
		}
		return out
	}
	s0 := ShardManifest{Experiment: exp, Shard: 0, Shards: 2, Runs: []Run{{Build: b, Start: t1, End: &t2, Status: "done"}}, Batches: all(0, 2)}
	s1 := ShardManifest{Experiment: exp, Shard: 1, Shards: 2, Runs: []Run{{Build: b, Start: t0, Status: "running"}}, Batches: all(1, 2)[:3]}
	// No shard yet (a run that has not finished a batch): nothing done,
	// in this version's format.
	m, err := Merge(exp, nil)
	if err != nil || m.Format != Format || m.BatchesDone != 0 || m.Batches != 24 || m.Complete {
		t.Errorf("merge of no shards: %+v, %v", m, err)
	}
	m, err = Merge(exp, []ShardManifest{s0, s1})
	if err != nil {
		t.Fatal(err)
	}
	if m.Complete || m.End != nil || m.BatchesDone != 12+3 || m.Batches != 24 || !m.Start.Equal(t0) || len(m.Builds) != 1 {
		t.Errorf("partial merge: %+v", m)
	}
	// The rest of shard 1 done by a later 1-shard run that redid everything.
	s2 := ShardManifest{Experiment: exp, Shard: 0, Shards: 1, Runs: []Run{{Build: Build{Version: "v2"}, Start: t1, End: &t2, Status: "done"}}, Batches: all(0, 1)}
	m, err = Merge(exp, []ShardManifest{s0, s1, s2})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Complete || m.Games != 6000 || m.Plies != 60000 || m.End == nil || !m.End.Equal(t2) || len(m.Builds) != 2 {
		t.Errorf("complete merge: complete %v games %d plies %d end %v builds %v", m.Complete, m.Games, m.Plies, m.End, m.Builds)
	}
	if c := m.Cells[5]; c.GamesDone != 1000 || c.BatchesDone != exp.NumBatches() || c.PliesDone != 10000 || c.FirstGameID != 5000 || c.SeedKey != CellKey(9, "kimasai-four-rows", "random/greedy") {
		t.Errorf("cell 5: %+v", c)
	}
	other := s0
	other.Experiment.Seed = 10
	if _, err := Merge(exp, []ShardManifest{other}); err == nil || !strings.Contains(err.Error(), "seed 9 → 10") {
		t.Errorf("foreign shard: %v", err)
	}
	// Batches just outside the experiment, on every side.
	for _, r := range []BatchRecord{{Cell: 6}, {Cell: -1}, {Batch: exp.NumBatches()}, {Batch: -1}} {
		bad := s0
		bad.Batches = []BatchRecord{r}
		if _, err := Merge(exp, []ShardManifest{bad}); err == nil || !strings.Contains(err.Error(), "outside the experiment") {
			t.Errorf("cell %d batch %d (of %d cells, %d batches): %v; want outside the experiment", r.Cell, r.Batch, exp.NumCells(), exp.NumBatches(), err)
		}
	}
}

func TestReadManifestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "not a baolab dataset") {
		t.Errorf("empty dir: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, ShardDir), 0o777)
	os.WriteFile(filepath.Join(dir, ShardDir, ShardManifestName(0, 1)), []byte("{"), 0o666)
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "shard-0000-of-0001.json") {
		t.Errorf("broken shard manifest: %v", err)
	}
}

func TestCheckFileRejectsBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"empty": "", "text": "not parquet at all", "magic only": "PAR1PAR1"} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		os.WriteFile(p, []byte(data), 0o666)
		if _, err := CheckFile(p); err == nil || !strings.Contains(err.Error(), "not a complete parquet file") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := CheckFile(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file accepted")
	}
}

func TestFilesSkipsTemporaryAndForeign(t *testing.T) {
	dir := t.TempDir()
	p := PartitionDir(dir, Games, "kingulu:seeds=5")
	os.MkdirAll(p, 0o777)
	os.MkdirAll(filepath.Join(dir, Games, "other"), 0o777)
	for _, n := range []string{FileName(1, 0), FileName(0, 2), TempName(0, 3, "1-ab"), "notes.txt"} {
		os.WriteFile(filepath.Join(p, n), nil, 0o666)
	}
	files, err := Files(dir, Games)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || filepath.Base(files[0].Path) != FileName(0, 2) || files[0].Ruleset != "kingulu:seeds=5" {
		t.Errorf("files %+v", files)
	}
	if _, err := Files(dir, Moves); err == nil {
		t.Error("missing table accepted")
	}
}

// TestColumnsDocumented checks that sim/README.md and
// docs/simulate.md carry the current column tables (regenerate them with
// ColumnsMarkdown).
func TestColumnsDocumented(t *testing.T) {
	for _, readme := range []string{"../sim/README.md", "../docs/simulate.md"} {
		b, err := os.ReadFile(readme)
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range [][]Column{GamesColumns, MovesColumns} {
			if md := ColumnsMarkdown(cols); !strings.Contains(string(b), md) {
				t.Errorf("%s lacks the current table:\n%s", readme, md)
			}
		}
	}
}

func ExampleGameSeed() {
	k := CellKey(1, "kingulu", "random/random")
	fmt.Printf("%016x\n", GameSeed(k, 0))
	// Output: 4cc45e0592912c74
}

func TestInLadder(t *testing.T) {
	e := Experiment{Ladder: []string{"random", "perfect:table=/t/k", "greedy"}}
	for agents, want := range map[string]bool{
		"random/greedy":                    true,
		"greedy/greedy":                    true,
		"perfect:table=/t/k/random":        true,
		"random/perfect:table=/t/k":        true,
		"random/mcts:iters=5,c=1.4":        false,
		"alphabeta:depth=2/random":         false,
		"random":                           false,
		"perfect:table=/t/k/perfect:table": false,
	} {
		if got := e.InLadder(agents); got != want {
			t.Errorf("InLadder(%q) = %v, want %v", agents, got, want)
		}
	}
}
