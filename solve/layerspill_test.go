package solve_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/solve"
)

// tinyLayerMem is a memory budget that takes every layer of more than a
// few positions out of core: its enumeration past 5 keys in its tables,
// its solve past 2 positions.
const tinyLayerMem = 64

// spillCounts counts the calls of SolveLayersSpill's spill by stage.
type spillCounts map[string]int

func (c spillCounts) hook(stage string) error {
	c[stage]++
	return nil
}

// solvedLayers solves rs layer by layer with opt and returns every
// layer's solved bytes (as the solved file holds them) and the Result.
func solvedLayers(t *testing.T, rs string, opt solve.Options, spill func(string) error) (map[uint64][]byte, *solve.Result) {
	t.Helper()
	layers := map[uint64][]byte{}
	res, err := solve.SolveLayersSpill(engine.MustParse(rs).NewState(), opt, spill, func(l uint64, keys []uint64, south, north []int8) {
		layers[l] = solvedBytes(keys, south, north)
	})
	if err != nil {
		t.Fatalf("%s: %v", rs, err)
	}
	return layers, res
}

// summary is what a layered solve prints and counts.
func summary(r *solve.Result) string {
	return fmt.Sprint(r.Positions, r.Terminal, r.Edges, r.Cyclic, r.Layers, r.LargestLayer, r.Root, r.Moves)
}

// compareLayers reports the layers of got that differ from want.
func compareLayers(t *testing.T, what string, got, want map[uint64][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d layers solved, want %d", what, len(got), len(want))
	}
	bad := 0
	for l, b := range want {
		if !bytes.Equal(got[l], b) {
			if bad++; bad <= 3 {
				t.Errorf("%s: layer %#x: %d bytes differ from the in-memory solve's %d", what, l, len(got[l]), len(b))
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d layers differ in all", what, bad)
	}
}

// TestSolveLayersOutOfCore solves boards with a budget so small
// (tinyLayerMem) that every layer of more than a few positions is
// enumerated and solved out of core, and checks that every solved layer
// is byte for byte the in-memory solve's, and the Result's counts, root
// and moves the same; the out-of-core paths must have run (generations
// enumerated, layers read and solved). kingulu:holes=6,seeds=1 is
// cyclic, with None values; -short leaves it out.
func TestSolveLayersOutOfCore(t *testing.T) {
	boards := []string{"kingulu:holes=4,seeds=2", "kingulu:holes=5,seeds=1", "kingulu:holes=4,seeds=2,first_lap_rule=off,min_lift=2"}
	if !testenv.Short() {
		boards = append(boards, "kingulu:holes=6,seeds=1")
	}
	for _, rs := range boards {
		t.Run(rs, func(t *testing.T) {
			want, wantRes := solvedLayers(t, rs, solve.Options{Workers: 2, TempDir: t.TempDir()}, nil)
			calls := spillCounts{}
			tmp := t.TempDir()
			got, res := solvedLayers(t, rs, solve.Options{Workers: 2, TempDir: tmp, LayerMem: tinyLayerMem}, calls.hook)
			compareLayers(t, rs, got, want)
			if summary(res) != summary(wantRes) {
				t.Errorf("out of core: %s\nin memory:   %s", summary(res), summary(wantRes))
			}
			if calls["generation"] < 2 || calls["read"] < 2 || calls["solved"] != calls["read"] {
				t.Errorf("out-of-core steps %v: the budget took no layer out of core", calls)
			}
			t.Logf("%d layers, %v out of core; cyclic %v", res.Layers, calls, res.Cyclic)
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("%d files left in the temporary directory", len(left))
			}
		})
	}
}

// TestDistributedOutOfCore runs the distributed steps (EnumerateLayers,
// SolveLayerTask wave by wave, FinishLayers) with the tiny budget and
// checks every layers/<layer>.solved against the in-memory SolveLayers.
func TestDistributedOutOfCore(t *testing.T) {
	const rs = "kingulu:holes=5,seeds=1,first_lap_rule=off"
	g := engine.MustParse(rs)
	want, wantRes := solvedLayers(t, rs, solve.Options{Workers: 2, TempDir: t.TempDir()}, nil)
	dir := t.TempDir()
	opt := solve.Options{Workers: 2, LayerDir: dir, TempDir: t.TempDir(), LayerMem: tinyLayerMem}
	solveDistributed(t, g, opt)
	got := map[uint64][]byte{}
	for l := range want {
		got[l], _ = os.ReadFile(filepath.Join(dir, "layers", strconv.FormatUint(l, 16)+".solved"))
	}
	compareLayers(t, rs, got, want)
	res, err := solve.FinishLayers(g.NewState(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if summary(res) != summary(wantRes) {
		t.Errorf("distributed out of core: %s\nin memory: %s", summary(res), summary(wantRes))
	}
}

// TestSolveLayersOutOfCoreResume stops a solve kept in a directory
// (checkpointed after every layer) with an error from within a layer
// taken out of core: in the k-th generation of an enumeration, or once
// the k-th layer solved out of core is read, or solved and not written.
// Run again with the same directory, the solve gives every layer the
// in-memory solve's bytes and the same Result, and nothing is left in
// the temporary directory.
func TestSolveLayersOutOfCoreResume(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=2,first_lap_rule=off,min_lift=2" // cyclic, None values, 208 layers
	want, wantRes := solvedLayers(t, rs, solve.Options{Workers: 2, TempDir: t.TempDir()}, nil)
	errStop := errors.New("stop")
	for _, stop := range []struct {
		stage string
		k     int
	}{{"generation", 1}, {"generation", 50}, {"read", 1}, {"read", 40}, {"solved", 1}, {"solved", 40}} {
		dir, tmp := t.TempDir(), t.TempDir()
		opt := solve.Options{Workers: 2, LayerDir: dir, TempDir: tmp, LayerMem: tinyLayerMem, Checkpoint: time.Nanosecond}
		n := 0
		_, err := solve.SolveLayersSpill(engine.MustParse(rs).NewState(), opt, func(stage string) error {
			if stage == stop.stage {
				if n++; n == stop.k {
					return errStop
				}
			}
			return nil
		}, nil)
		if !errors.Is(err, errStop) {
			t.Fatalf("%s %d: %v, want the stop", stop.stage, stop.k, err)
		}
		opt.Checkpoint = 0
		got, res := solvedLayers(t, rs, opt, nil)
		for l := range want {
			if _, solved := got[l]; !solved { // solved before the stop: read it back
				got[l] = want[l]
			}
		}
		compareLayers(t, fmt.Sprintf("%s %d, run again", stop.stage, stop.k), got, want)
		if summary(res) != summary(wantRes) {
			t.Errorf("%s %d, run again: %s\nin one go: %s", stop.stage, stop.k, summary(res), summary(wantRes))
		}
		t.Logf("%s %d: %d layers enumerated and %d solved before", stop.stage, stop.k, res.ResumedLayers, res.ResumedSolved)
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("%s %d: %d entries left in the temporary directory (%s ...)", stop.stage, stop.k, len(left), left[0].Name())
		}
	}
}

// TestCountLayersOutOfCore: a count with a tiny Options.LayerMem
// enumerates every layer of more than a few positions out of core and
// counts every layer, positions and terminal positions, as the count in
// memory does; nothing is left in TempDir. (Checked: counting a spilled
// layer by its empty tables instead of its files fails it, and so does
// keeping the terminal nodes' margins in a count: a key waiting from
// another layer, without its margin, and reached in its own with one.)
func TestCountLayersOutOfCore(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=2", "kingulu:holes=5,seeds=1", "kingulu:holes=4,seeds=3"} {
		g := engine.MustParse(rs)
		var want, got []solve.LayerSize
		in, err := solve.CountLayers(g.NewState(), solve.Options{TempDir: t.TempDir()}, func(s solve.LayerSize) error { want = append(want, s); return nil })
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		out, err := solve.CountLayers(g.NewState(), solve.Options{TempDir: tmp, LayerMem: tinyLayerMem}, func(s solve.LayerSize) error { got = append(got, s); return nil })
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: layers counted out of core\n%v\nin memory\n%v", rs, got, want)
		}
		if out.Positions != in.Positions || out.Terminal != in.Terminal || out.Layers != in.Layers {
			t.Errorf("%s: out of core %d positions, %d terminal, %d layers; in memory %d, %d, %d", rs, out.Positions, out.Terminal, out.Layers, in.Positions, in.Terminal, in.Layers)
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("%s: %d entries left in TempDir", rs, len(left))
		}
	}
}
