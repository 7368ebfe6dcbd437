package solve_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"unsafe"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// solvedBytes is a solved layer as SolveLayers' solved file and
// layers/<layer>.solved hold it: the number of keys, the keys, South's
// values, North's values, in this machine's byte order.
func solvedBytes(keys []uint64, south, north []int8) []byte {
	var b bytes.Buffer
	order := binary.NativeEndian
	binary.Write(&b, order, uint64(len(keys)))
	binary.Write(&b, order, keys)
	b.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(south))), len(south)))
	b.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(north))), len(north)))
	return b.Bytes()
}

// TestDistributedMatchesSolveLayers enumerates boards with several waves
// and cyclic layers into a directory, solves their waves in reverse task
// order, two tasks per wave, each task its share of the wave, and
// checks (a layer solved again also removes a killed task's temporary
// file): every layer's file is byte for byte the layer SolveLayers
// solves in one process; FinishLayers gives SolveLayers' Result (counts,
// moves, cyclicity, root and first moves); no layer depends on a layer of
// its own wave or a later one. Solving wave 1 before wave 0 is refused
// naming a layer of wave 0 (ErrLayerMissing), and so is finishing before
// the last wave. (Checked: writing the layer's values with South's and
// North's swapped fails the byte comparison; taking wave w+1 as max over
// refs without the +1 puts a layer in the wave of one it leads to.)
func TestDistributedMatchesSolveLayers(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=5,seeds=1,first_lap_rule=off", "kingulu:holes=3,seeds=2,first_lap_rule=off"} {
		g := engine.MustParse(rs)
		lay := g.(engine.Layered)
		want := map[uint64][]byte{}
		one, err := solve.SolveLayersEach(g.NewState(), solve.Options{Workers: 2, TempDir: t.TempDir()}, func(l uint64, keys []uint64, south, north []int8) {
			want[l] = solvedBytes(keys, south, north)
		})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		opt := solve.Options{Workers: 2, LayerDir: dir}
		waves, err := solve.EnumerateLayers(g.NewState(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if waves.Layers() != one.Layers || len(waves.Waves) < 3 {
			t.Fatalf("%s: %d layers in %d waves; SolveLayers has %d layers (want 3 waves or more)", rs, waves.Layers(), len(waves.Waves), one.Layers)
		}
		waveOf := map[uint64]int{}
		for w, wv := range waves.Waves {
			for _, x := range wv {
				waveOf[x.Layer] = w
			}
		}
		for w, wv := range waves.Waves {
			for _, x := range wv {
				for _, r := range x.Refs {
					if waveOf[r] >= w {
						t.Errorf("%s: layer %s of wave %d leads to layer %s of wave %d", rs, x.Name, w, lay.LayerString(r), waveOf[r])
					}
				}
			}
		}
		if _, err := solve.FinishLayers(g.NewState(), opt); !errors.Is(err, solve.ErrLayerMissing) {
			t.Errorf("%s: finishing before any layer is solved: %v, want ErrLayerMissing", rs, err)
		}
		if len(waves.Waves[1]) > 0 {
			l := waves.Waves[1][0]
			_, err := solve.SolveLayerTask(g.NewState(), opt, []uint64{l.Layer})
			if !errors.Is(err, solve.ErrLayerMissing) || !bytes.Contains([]byte(err.Error()), []byte("wave 0")) {
				t.Errorf("%s: solving layer %s of wave 1 first: %v, want ErrLayerMissing naming a layer of wave 0", rs, l.Name, err)
			}
		}
		tasks := 2
		for _, wv := range waves.Waves {
			for task := tasks - 1; task >= 0; task-- {
				var ls []uint64
				for i, x := range wv {
					if i%tasks == task {
						ls = append(ls, x.Layer)
					}
				}
				if _, err := solve.SolveLayerTask(g.NewState(), opt, ls); err != nil {
					t.Fatal(err)
				}
			}
		}
		for l, b := range want {
			got, err := os.ReadFile(filepath.Join(dir, "layers", strconv.FormatUint(l, 16)+".solved"))
			if err != nil || !bytes.Equal(got, b) {
				t.Errorf("%s: layer %s: %d bytes (%v), SolveLayers' %d bytes differ", rs, lay.LayerString(l), len(got), err, len(b))
			}
		}
		res, err := solve.FinishLayers(g.NewState(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if res.Positions != one.Positions || res.Terminal != one.Terminal || res.Edges != one.Edges || res.Cyclic != one.Cyclic ||
			res.Layers != one.Layers || res.LargestLayer != one.LargestLayer || res.Root != one.Root || fmt.Sprint(res.Moves) != fmt.Sprint(one.Moves) {
			t.Errorf("%s: distributed %d positions, %d terminal, %d edges, cyclic %v, %d layers, root %v, moves %v;\none process %d, %d, %d, %v, %d, %v, %v",
				rs, res.Positions, res.Terminal, res.Edges, res.Cyclic, res.Layers, res.Root, res.Moves,
				one.Positions, one.Terminal, one.Edges, one.Cyclic, one.Layers, one.Root, one.Moves)
		}
		if !one.Cyclic {
			t.Errorf("%s: not cyclic; the test wants cyclic layers", rs)
		}
		// A task run again skips the layers solved; a layer solved again
		// after its file is removed (a kill before the rename) is the same.
		l := waves.Waves[0][0].Layer
		path := filepath.Join(dir, "layers", strconv.FormatUint(l, 16)+".solved")
		os.Remove(path)
		left := filepath.Join(dir, "layers", "."+strconv.FormatUint(l, 16)+".solved123456")
		if err := os.WriteFile(left, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
		task, err := solve.SolveLayerTask(g.NewState(), opt, []uint64{l, waves.Waves[0][len(waves.Waves[0])-1].Layer})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(task.Solved, []uint64{l}) || len(task.Skipped) != 1 && len(waves.Waves[0]) > 1 {
			t.Errorf("%s: run again, the task solved %x and skipped %x; want %x solved", rs, task.Solved, task.Skipped, l)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, want[l]) {
			t.Errorf("%s: layer %s solved again differs", rs, lay.LayerString(l))
		}
		if _, err := os.Stat(left); err == nil {
			t.Errorf("%s: the temporary file a killed task left, %s, is still there", rs, left)
		}
		// The one-process solve refuses the directory.
		if _, err := solve.SolveLayers(g.NewState(), opt); !errors.Is(err, solve.ErrBadCount) {
			t.Errorf("%s: SolveLayers in a distributed solve's directory: %v, want ErrBadCount", rs, err)
		}
		t.Logf("%s: %d positions, %d layers in %d waves", rs, res.Positions, res.Layers, len(waves.Waves))
	}
}
