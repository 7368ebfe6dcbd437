package solve_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// TestSolveLayersMatchesSolve solves small boards layer by layer and
// checks the result against Solve's on the whole board: the same counts,
// cyclicity, root and first moves, and the same two values for every
// position (each layer key turned back into a whole key through the
// engine), with one and two workers. The positions of the layers are the
// whole board's, each once. The boards are TestCountLayersMatchesSolve's
// and one whose values are not all exact, so that South's and North's
// values of a later layer count apart. The last of TestCountLayers' boards
// has None values in later layers: releasing a None as 0 in either pass
// fails on 4 of its positions.
func TestSolveLayersMatchesSolve(t *testing.T) {
	for _, rs := range append(layeredBoards,
		"kingulu:holes=3,seeds=2,first_lap_rule=off", // cyclic, 2,151 of 30,100 values not exact (South's above North's)
	) {
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
		st := g.NewState()
		for w := 1; w <= 2; w++ {
			tmp := t.TempDir()
			seen := map[uint64]bool{}
			var bad []string
			res, err := solve.SolveLayersEach(g.NewState(), solve.Options{Workers: w, TempDir: tmp}, func(l uint64, keys []uint64, south, north []int8) {
				for i, k := range keys {
					flags := k & (solve.FlagTerminal | solve.FlagInfinite)
					if err := lay.LoadLayerKey(st, l, k&^flags); err != nil {
						t.Fatal(err)
					}
					wk, _, _ := c.Key(st)
					wk = wk&^(solve.FlagTerminal|solve.FlagInfinite) | flags
					v, ok := whole.Table.Lookup(wk)
					got := solve.Value{South: force(south[i]), North: force(north[i])}
					if !ok || got != v || seen[wk] {
						bad = append(bad, fmt.Sprintf("layer %s key %#x: %v, whole board %v (found %v, seen before %v)", lay.LayerString(l), k, got, v, ok, seen[wk]))
					}
					seen[wk] = true
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Errorf("%s, %d workers: %d positions differ, the first: %s", rs, w, len(bad), bad[0])
			}
			if len(seen) != whole.Table.Len() {
				t.Errorf("%s, %d workers: %d positions in the layers, %d on the whole board", rs, w, len(seen), whole.Table.Len())
			}
			if res.Positions != whole.Positions || res.Terminal != whole.Terminal || res.Edges != whole.Edges || res.Cyclic != whole.Cyclic ||
				res.Root != whole.Root || fmt.Sprint(res.Moves) != fmt.Sprint(whole.Moves) || res.Table != nil {
				t.Errorf("%s, %d workers: layers give %d positions, %d terminal, %d edges, cyclic %v, root %v, moves %v;\nthe whole board %d, %d, %d, %v, %v, %v",
					rs, w, res.Positions, res.Terminal, res.Edges, res.Cyclic, res.Root, res.Moves,
					whole.Positions, whole.Terminal, whole.Edges, whole.Cyclic, whole.Root, whole.Moves)
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("%s: %d files left in TempDir", rs, len(left))
			}
			if w == 1 {
				t.Logf("%s: %d positions in %d layers, the largest %d, cyclic %v; %d bytes at the peak", rs, res.Positions, res.Layers, res.LargestLayer, res.Cyclic, res.Bytes)
			}
		}
	}
}

func force(v int8) solve.Force {
	if v == -128 {
		return solve.None
	}
	return solve.Force(v)
}

// TestSolveLayersRefused: a game without layers gives ErrNoLayers, a
// layer over the limit ErrTooBig, leaving no file behind.
func TestSolveLayersRefused(t *testing.T) {
	if _, err := solve.SolveLayers(engine.MustParse("kimasai-two-rows:holes=4").NewState(), solve.Options{}); !errors.Is(err, solve.ErrNoLayers) {
		t.Errorf("kimasai-two-rows: %v, want ErrNoLayers", err)
	}
	tmp := t.TempDir()
	if _, err := solve.SolveLayers(engine.MustParse("kingulu:holes=4,seeds=3").NewState(), solve.Options{MaxPositions: 400, TempDir: tmp}); !errors.Is(err, solve.ErrTooBig) {
		t.Errorf("a limit below the largest layer: %v, want ErrTooBig", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d files left in TempDir", len(left))
	}
}

// TestSolveLayersResume stops a solve kept in LayerDir (a checkpoint
// before every layer) after k layers enumerated or k layers solved, for
// several k in both stages, leaves the directory as a kill -9 could (bytes
// appended to the files of layers and of waiting keys after the last
// checkpoint), and runs it again: the result equals a solve in one go
// (counts, moves, cyclicity, root and first moves), and every layer it
// solves has the values the solve in one go gave that layer. Run once
// more, a finished solve gives the same result without solving a layer,
// and keeps only a few solved layers (those the start's values are
// looked up in). The stop after 150 layers solved comes after the last
// layer leading to some layer was solved, which dropped it: freeing its
// part of the file before the next checkpoint, not at it, fails there
// ("18 bytes for 0 positions").
func TestSolveLayersResume(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=2,first_lap_rule=off,min_lift=2" // cyclic, None values, 208 layers
	g := engine.MustParse(rs)
	values := map[uint64]string{}
	want, err := solve.SolveLayersEach(g.NewState(), solve.Options{}, func(l uint64, keys []uint64, south, north []int8) {
		values[l] = fmt.Sprint(keys, south, north)
	})
	if err != nil {
		t.Fatal(err)
	}
	summary := func(r *solve.Result) string {
		return fmt.Sprint(r.Positions, r.Terminal, r.Edges, r.Cyclic, r.Layers, r.LargestLayer, r.Root, r.Moves)
	}
	errStop := errors.New("stop")
	stopAt := func(k int) func() error {
		n := 0
		return func() error {
			if n++; n == k {
				return errStop
			}
			return nil
		}
	}
	for _, stop := range []struct {
		stage string
		k     int
	}{{"enumerated", 1}, {"enumerated", 100}, {"enumerated", want.Layers}, {"solved", 1}, {"solved", 150}, {"solved", want.Layers}} {
		dir := t.TempDir()
		opt := solve.Options{MaxPositions: 400, LayerDir: dir, Checkpoint: time.Nanosecond}
		enumerated := func(solve.LayerSize) error { return nil }
		solved := func(uint64, []uint64, []int8, []int8) error { return nil }
		if stop.stage == "enumerated" {
			next := stopAt(stop.k)
			enumerated = func(solve.LayerSize) error { return next() }
		} else {
			next := stopAt(stop.k)
			solved = func(uint64, []uint64, []int8, []int8) error { return next() }
		}
		if _, err := solve.SolveLayersStop(g.NewState(), opt, enumerated, solved); !errors.Is(err, errStop) {
			t.Fatalf("%s %d: %v, want the stop", stop.stage, stop.k, err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "wait", "*.keys"))
		for _, name := range append(files, filepath.Join(dir, "nodes"), filepath.Join(dir, "solved")) {
			f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.Write([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\x01\x02\x03\x04\x05\x06\x07\x08"))
			f.Close()
		}
		opt.Checkpoint = 0
		for run := range 2 {
			resolved := 0
			res, err := solve.SolveLayersEach(g.NewState(), opt, func(l uint64, keys []uint64, south, north []int8) {
				resolved++
				if fmt.Sprint(keys, south, north) != values[l] {
					t.Errorf("%s %d, run %d: layer %#x solved to other values", stop.stage, stop.k, run, l)
				}
			})
			if err != nil {
				t.Fatalf("%s %d, run %d: %v", stop.stage, stop.k, run, err)
			}
			if summary(res) != summary(want) {
				t.Errorf("%s %d, run %d: %s\nin one go: %s", stop.stage, stop.k, run, summary(res), summary(want))
			}
			if resolved+res.ResumedSolved != want.Layers || (run == 1 && resolved != 0) {
				t.Errorf("%s %d, run %d: %d layers solved, %d read back, of %d", stop.stage, stop.k, run, resolved, res.ResumedSolved, want.Layers)
			}
			if run == 0 {
				t.Logf("%s %d: %d layers enumerated and %d solved before", stop.stage, stop.k, res.ResumedLayers, res.ResumedSolved)
			}
		}
		if left, _ := os.ReadDir(filepath.Join(dir, "wait")); len(left) != 0 {
			t.Errorf("%s %d: %d waiting files left", stop.stage, stop.k, len(left))
		}
		if info, err := os.Stat(filepath.Join(dir, "nodes")); err != nil || info.Size() != 0 {
			t.Errorf("%s %d: nodes left: %v %v", stop.stage, stop.k, info.Size(), err)
		}
		var state struct {
			Solve struct{ Solved []json.RawMessage }
		}
		if b, err := os.ReadFile(filepath.Join(dir, "solve.json")); err != nil || json.Unmarshal(b, &state) != nil {
			t.Fatalf("%s %d: solve.json: %v", stop.stage, stop.k, err)
		}
		if kept := len(state.Solve.Solved); kept == 0 || kept > want.Layers/4 {
			t.Errorf("%s %d: %d of %d solved layers kept at the end, want only those the start's values are looked up in", stop.stage, stop.k, kept, want.Layers)
		} else if stop.k == 1 {
			t.Logf("%s %d: %d of %d solved layers kept at the end", stop.stage, stop.k, kept, want.Layers)
		}
	}
}

// TestSolveLayersBadDir: a directory holding a count, another board's
// solve, a solve of another format, or a solve.json whose files are
// shorter than it says is refused with ErrBadCount; a count's files are
// left as they were.
func TestSolveLayersBadDir(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	counted := t.TempDir()
	if _, err := solve.CountLayers(g.NewState(), solve.Options{LayerDir: counted}, func(solve.LayerSize) error { return nil }); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(counted, "count.json"))
	if _, err := solve.SolveLayers(g.NewState(), solve.Options{LayerDir: counted}); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("a count's directory: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
	if after, _ := os.ReadFile(filepath.Join(counted, "count.json")); string(after) != string(before) {
		t.Error("the count's count.json changed")
	}
	solved := t.TempDir()
	if _, err := solve.SolveLayers(g.NewState(), solve.Options{LayerDir: solved}); err != nil {
		t.Fatal(err)
	}
	if _, err := solve.CountLayers(g.NewState(), solve.Options{LayerDir: solved}, func(solve.LayerSize) error { return nil }); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("a count in a solve's directory: %v, want ErrBadCount", err)
	}
	if _, err := solve.SolveLayers(engine.MustParse("kingulu:holes=4,seeds=2").NewState(), solve.Options{LayerDir: solved}); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("another board: %v, want ErrBadCount", err)
	}
	state := filepath.Join(solved, "solve.json")
	b, _ := os.ReadFile(state)
	os.WriteFile(state, bytes.Replace(b, []byte(`"format": 3`), []byte(`"format": 2`), 1), 0o644)
	if _, err := solve.SolveLayers(g.NewState(), solve.Options{LayerDir: solved}); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("another format: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
	os.WriteFile(state, b, 0o644)
	os.Truncate(filepath.Join(solved, "solved"), 100)
	if _, err := solve.SolveLayers(g.NewState(), solve.Options{LayerDir: solved}); !errors.Is(err, solve.ErrBadCount) {
		t.Errorf("solved cut short: %v, want ErrBadCount", err)
	} else {
		t.Log(err)
	}
}
