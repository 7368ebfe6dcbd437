package solve_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/solve"
)

// layeredBoards are small kingulu boards whose layers the tests check
// against a solve of the whole board.
var layeredBoards = []string{
	"kingulu:holes=4,seeds=3",
	"kingulu:holes=4,seeds=3,infinite=draw",                 // FlagInfinite nodes
	"kingulu:holes=5,seeds=1,first_lap_rule=off",            // cyclic
	"kingulu:holes=4,seeds=4,penultimate=never",             // more reservations
	"kingulu:holes=3,seeds=4,max_reserved=1",                // relays instead
	"kingulu:holes=4,seeds=2,first_lap_rule=off,min_lift=2", // 7 of 962 positions with a None value (endless play forced)
}

// TestCountLayersMatchesSolve counts the layers of small boards and
// checks them against a whole-board enumeration: Solve's table, each
// position put in its layer by the engine, gives the same positions per
// layer, and the same totals (terminal positions too). Layers come in
// increasing order, with one and two workers alike.
func TestCountLayersMatchesSolve(t *testing.T) {
	for _, rs := range layeredBoards {
		g := engine.MustParse(rs)
		lay := g.(engine.Layered)
		whole, err := solve.Solve(g.NewState(), solve.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		c, err := solve.NewCoder(g.NewState())
		if err != nil {
			t.Fatal(err)
		}
		want := map[uint64]int64{}
		for _, k := range whole.Table.Keys {
			s, err := c.State(k)
			if err != nil {
				t.Fatal(err)
			}
			l, _ := lay.LayerKey(s)
			want[l]++
		}
		var sizes [2][]solve.LayerSize
		for w := 1; w <= 2; w++ {
			res, err := solve.CountLayers(g.NewState(), solve.Options{Workers: w}, func(s solve.LayerSize) error {
				sizes[w-1] = append(sizes[w-1], s)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Positions != whole.Positions || res.Terminal != whole.Terminal || res.Layers != len(want) {
				t.Errorf("%s, %d workers: %d layers, %d positions, %d terminal; the whole board has %d layers, %d positions, %d terminal",
					rs, w, res.Layers, res.Positions, res.Terminal, len(want), whole.Positions, whole.Terminal)
			}
		}
		if fmt.Sprint(sizes[0]) != fmt.Sprint(sizes[1]) {
			t.Errorf("%s: one and two workers count different layers", rs)
		}
		largest := int64(0)
		for i, s := range sizes[0] {
			if i > 0 && s.Layer <= sizes[0][i-1].Layer {
				t.Errorf("%s: layer %s after %s", rs, s.Name, sizes[0][i-1].Name)
			}
			if want[s.Layer] != s.Positions {
				t.Errorf("%s: layer %s has %d positions, the whole board %d", rs, s.Name, s.Positions, want[s.Layer])
			}
			largest = max(largest, s.Positions)
		}
		t.Logf("%s: %d positions in %d layers, the largest %d", rs, whole.Positions, len(want), largest)
	}
}

// TestCountLayersLimit: a limit below the largest layer (457 positions)
// stops the count with ErrTooBig, after reporting every layer finished
// before.
func TestCountLayersLimit(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	var all []solve.LayerSize
	if _, err := solve.CountLayers(g.NewState(), solve.Options{}, func(s solve.LayerSize) error { all = append(all, s); return nil }); err != nil {
		t.Fatal(err)
	}
	var got []solve.LayerSize
	_, err := solve.CountLayers(g.NewState(), solve.Options{MaxPositions: 400}, func(s solve.LayerSize) error { got = append(got, s); return nil })
	if !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("error %v, want ErrTooBig", err)
	}
	if len(got) == 0 || len(got) >= len(all) || fmt.Sprint(got) != fmt.Sprint(all[:len(got)]) {
		t.Errorf("%d layers reported before the limit (of %d), want the first ones, unchanged", len(got), len(all))
	}
	t.Log(err)
}

// TestCountLayersSpill: with a limit of 800 (the largest layer has 457
// positions) the keys waiting for later layers go to files in TempDir
// whenever more than 100 wait in memory, and the layers come out as they
// do in memory; the files are gone at the end.
func TestCountLayersSpill(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	var want, got []solve.LayerSize
	if _, err := solve.CountLayers(g.NewState(), solve.Options{}, func(s solve.LayerSize) error { want = append(want, s); return nil }); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	files := 0
	_, err := solve.CountLayers(g.NewState(), solve.Options{MaxPositions: 800, TempDir: tmp}, func(s solve.LayerSize) error {
		got = append(got, s)
		dirs, _ := os.ReadDir(tmp)
		for _, d := range dirs {
			f, _ := os.ReadDir(filepath.Join(tmp, d.Name()))
			files = max(files, len(f))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("layers counted with files differ from those counted in memory")
	}
	if files == 0 {
		t.Errorf("no key was written to a file: the test does not reach the spilling")
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d files left in TempDir", len(left))
	}
	t.Logf("up to %d files of waiting keys", files)
}

// TestCountLayersNoLayers: a game without layers is refused.
func TestCountLayersNoLayers(t *testing.T) {
	_, err := solve.CountLayers(engine.MustParse("kimasai-four-rows:holes=4").NewState(), solve.Options{}, func(solve.LayerSize) error { return nil })
	if !errors.Is(err, solve.ErrNoLayers) {
		t.Fatalf("error %v, want ErrNoLayers", err)
	}
}

// TestCountLayersDefaultBoard: the default kingulu board, whose whole keys
// (74 bits) are too long for Solve, is counted by layers. Its first layer
// (nothing banked or reserved) has 21 positions, as a breadth-first search
// over the engine's moves within the layer (a map of positions, written
// apart from this package) found. One is terminal: North to move with
// n0..n5 = 2 0 1 1 1 11 has no legal move, since every lap ends in an
// occupied hole of North's own (n0 in n2, n2 in n3, n3 in n4, n4 in n5, and
// n5's 11 seeds round the South row into n4), which rule 4 forbids. The
// limit then stops the count in a later layer.
func TestCountLayersDefaultBoard(t *testing.T) {
	g := engine.MustParse("kingulu")
	if _, err := solve.Solve(g.NewState(), solve.Options{CountOnly: true}); !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("Solve: %v, want ErrTooBig (keys too long)", err)
	}
	var got []solve.LayerSize
	_, err := solve.CountLayers(g.NewState(), solve.Options{MaxPositions: 20000}, func(s solve.LayerSize) error { got = append(got, s); return nil })
	if !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("error %v, want ErrTooBig", err)
	}
	if len(got) < 10 || got[0].Name != "south_bank=0 north_bank=0 reserved=-" || got[0].Positions != 21 || got[0].Terminal != 1 {
		t.Fatalf("%d layers, the first %+v; want 10 or more, the first south_bank=0 north_bank=0 reserved=- with 21 positions, 1 terminal", len(got), got[0])
	}
}

// TestCountLayersResume stops a count kept in a directory after its k-th
// layer, for several k, leaves the directory as a kill -9 could (keys
// appended to the waiting files after the last checkpoint, a file of a
// layer met after it), runs the count again, and checks that the layers
// reported, those read back and those counted, are a count in one go's.
// Run again once finished, it reports every layer without counting, and
// no waiting file is left.
func TestCountLayersResume(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	var want []solve.LayerSize
	if _, err := solve.CountLayers(g.NewState(), solve.Options{}, func(s solve.LayerSize) error { want = append(want, s); return nil }); err != nil {
		t.Fatal(err)
	}
	errStop := errors.New("stop")
	for _, k := range []int{1, 7, 100} {
		dir := t.TempDir()
		opt := solve.Options{MaxPositions: 800, LayerDir: dir, Checkpoint: time.Nanosecond} // a checkpoint before every layer
		n := 0
		_, err := solve.CountLayers(g.NewState(), opt, func(solve.LayerSize) error {
			if n++; n == k {
				return errStop
			}
			return nil
		})
		if !errors.Is(err, errStop) {
			t.Fatalf("k=%d: %v, want the stop", k, err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "wait", "*.keys"))
		for _, name := range files {
			f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.Write([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\x01\x02\x03\x04\x05\x06\x07\x08"))
			f.Close()
		}
		if err := os.WriteFile(filepath.Join(dir, "wait", "ffffff.keys"), make([]byte, 8), 0o644); err != nil {
			t.Fatal(err)
		}
		opt.Checkpoint = 0 // at the end only: a checkpoint per layer costs a second per run
		for run := range 2 {
			var got []solve.LayerSize
			res, err := solve.CountLayers(g.NewState(), opt, func(s solve.LayerSize) error { got = append(got, s); return nil })
			if err != nil {
				t.Fatalf("k=%d, run %d: %v", k, run, err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("k=%d, run %d: the layers differ from a count in one go", k, run)
			}
			if wantResumed := []int{k - 1, len(want)}[run]; res.Resumed != wantResumed || res.Layers != len(want) {
				t.Errorf("k=%d, run %d: %d layers read back of %d, want %d", k, run, res.Resumed, res.Layers, wantResumed)
			}
		}
		if left, _ := os.ReadDir(filepath.Join(dir, "wait")); len(left) != 0 {
			t.Errorf("k=%d: %d files left waiting", k, len(left))
		}
		t.Logf("k=%d: %d waiting files at the stop", k, len(files))
	}
}

// TestCountLayersBadDir: a directory holding another board's count, a
// count.json that does not parse or a waiting file shorter than
// count.json says is refused with ErrBadCount; a directory another run
// holds, with ErrCountBusy.
func TestCountLayersBadDir(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	count := func(dir string, rs string) error {
		_, err := solve.CountLayers(engine.MustParse(rs).NewState(), solve.Options{LayerDir: dir, Checkpoint: time.Nanosecond}, func(s solve.LayerSize) error {
			if s.Positions > 100 {
				return errors.New("stop")
			}
			return nil
		})
		return err
	}
	dir := t.TempDir()
	if err := count(dir, "kingulu:holes=4,seeds=3"); err == nil || errors.Is(err, solve.ErrBadCount) {
		t.Fatalf("first run: %v, want the stop", err)
	}
	if err := count(dir, "kingulu:holes=4,seeds=2"); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("another board: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "wait", "*.keys"))
	if len(files) == 0 {
		t.Fatal("no waiting file at the stop")
	}
	os.Truncate(files[0], 4)
	if err := count(dir, "kingulu:holes=4,seeds=3"); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("a waiting file cut short: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
	os.WriteFile(filepath.Join(dir, "count.json"), []byte(`{"ruleset": "kingulu:holes=4,se`), 0o644)
	if err := count(dir, "kingulu:holes=4,seeds=3"); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("count.json cut short: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
	busy := t.TempDir()
	lock := flock.New(filepath.Join(busy, "lock"))
	if ok, err := lock.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	defer lock.Unlock()
	if _, err := solve.CountLayers(g.NewState(), solve.Options{LayerDir: busy}, func(solve.LayerSize) error { return nil }); !errors.Is(err, solve.ErrCountBusy) {
		t.Errorf("a directory in use: %v, want ErrCountBusy", err)
	}
}

// TestTempDirsLeftBehind: a run that makes its temporary directory first
// removes those of the same name left by runs that are gone (their lock
// file held by no one), not one whose lock is held (a run going on) nor
// one without a lock file; its own is gone at the end.
func TestTempDirsLeftBehind(t *testing.T) {
	tmp := t.TempDir()
	mk := func(name string, lockFile bool) string {
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "1.keys"), make([]byte, 64), 0o644)
		if lockFile {
			os.WriteFile(filepath.Join(dir, "lock"), nil, 0o644)
		}
		return dir
	}
	gone := []string{mk("baolab-layers-1", true), mk("baolab-solve-layers-2", true)}
	stay := []string{mk("baolab-layers-3", false), mk("baolab-solve-layers-4", true), mk("other-5", true)}
	held := flock.New(filepath.Join(stay[1], "lock"))
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	defer held.Unlock()
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	if _, err := solve.CountLayers(g.NewState(), solve.Options{MaxPositions: 800, TempDir: tmp}, func(solve.LayerSize) error { return nil }); err != nil { // spills
		t.Fatal(err)
	}
	if _, err := solve.SolveLayers(g.NewState(), solve.Options{TempDir: tmp}); err != nil {
		t.Fatal(err)
	}
	for _, dir := range gone {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left behind by a run gone is still there (%v)", filepath.Base(dir), err)
		}
	}
	for _, dir := range stay {
		if _, err := os.Stat(filepath.Join(dir, "1.keys")); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(dir), err)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != len(stay) {
		t.Errorf("%d entries in TempDir, want the %d that stay", len(left), len(stay))
	}
}
