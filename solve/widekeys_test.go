package solve_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// wideBoards are kingulu boards whose layer keys are longer than 54 bits,
// the most the layered solve packed when a terminal node waited for its
// layer with its margin in the key's bits 54 to 61: kingulu:holes=3,seeds=8
// (55 bits; its whole keys take 62, so Solve solves it too) and
// kingulu:holes=3,seeds=9 (61 bits, as many as the default board's; its
// whole keys take 68, too long for Solve).
var wideBoards = []struct {
	rules string
	bits  int
}{{"kingulu:holes=3,seeds=8", 55}, {"kingulu:holes=3,seeds=9", 61}}

// refValues solves start with the value iteration of ref_test.go and
// returns every node's two values by its layer and key within the layer
// (with its flag, as the layered solve keys a terminal node).
func refValues(t *testing.T, start engine.State) map[[2]uint64]solve.Value {
	lay := start.Game().(engine.Layered)
	g := buildRef(start)
	south, north, _, _ := g.solveRef()
	values := map[[2]uint64]solve.Value{}
	for i, s := range g.states {
		l, k := lay.LayerKey(s)
		if s.Over() && s.Result() != engine.Unfinished { // a dead end is a position, not a terminal node
			k |= solve.FlagTerminal
			if s.EndReason() == engine.InfiniteMove {
				k ^= solve.FlagTerminal | solve.FlagInfinite
			}
		}
		if _, dup := values[[2]uint64{l, k}]; dup {
			t.Fatalf("%s: two reference nodes at layer %#x key %#x", start.Game().Ruleset(), l, k)
		}
		values[[2]uint64{l, k}] = solve.Value{South: refForce(south[i]), North: refForce(north[i])}
	}
	return values
}

// TestSolveLayersWideKeys solves the wideBoards by layers, in memory and
// with the keys waiting for later layers spilled to files (MaxPositions
// 200: a spill past 25 keys waiting, so terminal nodes are read back from
// the files with their margins), and checks every position's two values
// against the value iteration of ref_test.go, which shares nothing with
// the solver, and, on the 55-bit board, against Solve's whole-board table
// (the same counts, edges, root and first moves too). (Checked: with the
// old code both boards are refused, "a layer key takes 55 bits, the
// layered solve packs at most 54"; writing a terminal node's margin word
// as 0 on a spill makes both spilled runs differ from the reference.)
func TestSolveLayersWideKeys(t *testing.T) {
	for _, b := range wideBoards {
		g := engine.MustParse(b.rules)
		if bits := g.(engine.Layered).LayerKeyBits(g.NewState()); bits != b.bits {
			t.Fatalf("%s: layer keys of %d bits, want %d", b.rules, bits, b.bits)
		}
		ref := refValues(t, g.NewState())
		var whole *solve.Result
		if b.bits <= 55 {
			var err error
			if whole, err = solve.Solve(g.NewState(), solve.Options{Workers: 2}); err != nil {
				t.Fatal(err)
			}
		}
		for _, opt := range []solve.Options{{Workers: 2}, {Workers: 1, MaxPositions: 200}} {
			opt.TempDir = t.TempDir()
			name := fmt.Sprintf("%s, %d workers, max %d", b.rules, opt.Workers, opt.MaxPositions)
			seen := 0
			var bad []string
			res, err := solve.SolveLayersEach(g.NewState(), opt, func(l uint64, keys []uint64, south, north []int8) {
				for i, k := range keys {
					seen++
					got := solve.Value{South: force(south[i]), North: force(north[i])}
					if want, ok := ref[[2]uint64{l, k}]; !ok || got != want {
						bad = append(bad, fmt.Sprintf("layer %#x key %#x: %v, reference %v (found %v)", l, k, got, want, ok))
					}
				}
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(bad) > 0 {
				t.Errorf("%s: %d of %d positions differ from the reference, the first: %s", name, len(bad), seen, bad[0])
			}
			if seen != len(ref) || res.Positions != int64(len(ref)) {
				t.Errorf("%s: %d positions solved (%d counted), the reference has %d", name, seen, res.Positions, len(ref))
			}
			if whole != nil && (res.Positions != whole.Positions || res.Terminal != whole.Terminal || res.Edges != whole.Edges ||
				res.Cyclic != whole.Cyclic || res.Root != whole.Root || fmt.Sprint(res.Moves) != fmt.Sprint(whole.Moves)) {
				t.Errorf("%s: layers give %d positions, %d terminal, %d edges, cyclic %v, root %v, moves %v;\nthe whole board %d, %d, %d, %v, %v, %v",
					name, res.Positions, res.Terminal, res.Edges, res.Cyclic, res.Root, res.Moves,
					whole.Positions, whole.Terminal, whole.Edges, whole.Cyclic, whole.Root, whole.Moves)
			}
			if left, _ := os.ReadDir(opt.TempDir); len(left) != 0 {
				t.Errorf("%s: %d files left in TempDir", name, len(left))
			}
			t.Logf("%s: %d positions in %d layers, root %v", name, res.Positions, res.Layers, res.Root)
		}
	}
}

// TestDistributedWideKeys solves the 61-bit board of wideBoards in the
// distributed steps (EnumerateLayers with its waiting keys spilled,
// SolveLayerTask wave by wave, FinishLayers): every layer's solved file
// is byte for byte the one-process solve's, and the results agree.
// (Checked: the old code refuses EnumerateLayers, "a layer key takes 61
// bits".)
func TestDistributedWideKeys(t *testing.T) {
	b := wideBoards[len(wideBoards)-1]
	g := engine.MustParse(b.rules)
	want := map[uint64][]byte{}
	one, err := solve.SolveLayersEach(g.NewState(), solve.Options{Workers: 2, TempDir: t.TempDir()}, func(l uint64, keys []uint64, south, north []int8) {
		want[l] = solvedBytes(keys, south, north)
	})
	if err != nil {
		t.Fatal(err)
	}
	opt := solve.Options{Workers: 2, LayerDir: t.TempDir(), MaxPositions: 200}
	waves := solveDistributed(t, g, opt)
	for l, w := range want {
		got, err := os.ReadFile(filepath.Join(opt.LayerDir, "layers", strconv.FormatUint(l, 16)+".solved"))
		if err != nil || !bytes.Equal(got, w) {
			t.Errorf("layer %#x: %d bytes (%v), the one-process solve's %d bytes differ", l, len(got), err, len(w))
		}
	}
	res, err := solve.FinishLayers(g.NewState(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != one.Positions || res.Terminal != one.Terminal || res.Layers != one.Layers || res.Root != one.Root || fmt.Sprint(res.Moves) != fmt.Sprint(one.Moves) {
		t.Errorf("distributed %d positions, %d terminal, %d layers, root %v, moves %v; one process %d, %d, %d, %v, %v",
			res.Positions, res.Terminal, res.Layers, res.Root, res.Moves, one.Positions, one.Terminal, one.Layers, one.Root, one.Moves)
	}
	t.Logf("%s: %d positions, %d layers in %d waves", b.rules, res.Positions, res.Layers, len(waves.Waves))
}

// solveDistributed runs the distributed steps of g's layered solve in
// opt.LayerDir in one process: EnumerateLayers, then every wave's layers
// in one SolveLayerTask, wave by wave.
func solveDistributed(t *testing.T, g engine.Game, opt solve.Options) *solve.LayerWaves {
	t.Helper()
	waves, err := solve.EnumerateLayers(g.NewState(), opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, wv := range waves.Waves {
		var ls []uint64
		for _, x := range wv {
			ls = append(ls, x.Layer)
		}
		if _, err := solve.SolveLayerTask(g.NewState(), opt, ls); err != nil {
			t.Fatal(err)
		}
	}
	return waves
}
