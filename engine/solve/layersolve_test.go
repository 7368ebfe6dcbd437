package solve_test

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/solve"
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
