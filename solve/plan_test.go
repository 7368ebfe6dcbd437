package solve_test

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// TestPlanMatchesSolve: the plan of boards small enough to solve has
// exactly the layers the full layered solve enumerates, with their
// positions and terminal positions, in the waves EnumerateLayers groups
// them into; the costs follow the rates (a layer of n positions costs
// n/rate CPU seconds and n·ram bytes); a budget stops the count with the
// layers counted so far exact and the layers reached after them listed
// as estimated. (Checked: counting a layer's terminal positions into its
// positions in the plan fails the comparison; dropping the +1 of wavesOf
// puts every layer in wave 0 and fails the waves.)
func TestPlanMatchesSolve(t *testing.T) {
	rates := solve.PlanRates{RAMPerPosition: 20, PositionsPerCPUSecond: 1000}
	for _, rs := range []string{"kingulu:holes=4,seeds=3", "kingulu:holes=3,seeds=2,first_lap_rule=off"} {
		g := engine.MustParse(rs)
		want := map[uint64]solve.LayerSize{}
		res, err := solve.SolveLayersStop(g.NewState(), solve.Options{Workers: 2, TempDir: t.TempDir()}, func(s solve.LayerSize) error {
			want[s.Layer] = s
			return nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := solve.PlanLayers(g.NewState(), solve.Options{Workers: 2, TempDir: t.TempDir()}, rates, 0)
		if err != nil {
			t.Fatal(err)
		}
		waves, err := solve.EnumerateLayers(g.NewState(), solve.Options{Workers: 2, LayerDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if !plan.Complete || plan.Positions != res.Positions || plan.Terminal != res.Terminal || len(plan.Waves) != len(waves.Waves) {
			t.Fatalf("%s: plan complete=%v, %d positions, %d terminal, %d waves; the solve has %d, %d, EnumerateLayers %d waves",
				rs, plan.Complete, plan.Positions, plan.Terminal, len(plan.Waves), res.Positions, res.Terminal, len(waves.Waves))
		}
		n := 0
		for w, wv := range plan.Waves {
			if len(wv) != len(waves.Waves[w]) {
				t.Errorf("%s: wave %d: %d layers planned, %d enumerated", rs, w, len(wv), len(waves.Waves[w]))
				continue
			}
			for i, l := range wv {
				n++
				s, ok := want[l.Layer]
				if !ok || l.Positions != s.Positions || l.Terminal != s.Terminal || l.Method != "counted" || l.Wave != w ||
					waves.Waves[w][i].Layer != l.Layer || l.Refs != len(waves.Waves[w][i].Refs) {
					t.Errorf("%s: planned %+v; solved %+v (found %v), enumerated %+v", rs, l, s, ok, waves.Waves[w][i])
				}
				if l.CPU != float64(l.Positions)/1000 || l.RAMBytes != 20*l.Positions {
					t.Errorf("%s: layer %s: %g CPU s and %d bytes for %d positions at 1000/s and 20 bytes", rs, l.Name, l.CPU, l.RAMBytes, l.Positions)
				}
			}
		}
		if n != res.Layers {
			t.Errorf("%s: %d layers planned, %d solved", rs, n, res.Layers)
		}
		c := plan.Reckon(2, 2, 1)
		if want := float64(res.Positions) / 1000; c.CPU < want*0.999999 || c.CPU > want*1.000001 || !c.Fits || c.Wall <= 0 || c.Wall > c.CPU {
			t.Errorf("%s: reckoned %+v, want %g CPU s, fitting, wall within the CPU", rs, c, want)
		}

		part, err := solve.PlanLayers(g.NewState(), solve.Options{Workers: 2, TempDir: t.TempDir()}, rates, res.Positions/3)
		if err != nil {
			t.Fatal(err)
		}
		var counted int64
		for _, l := range part.Waves[0] {
			if s := want[l.Layer]; l.Positions != s.Positions || l.Method != "counted" {
				t.Errorf("%s: budget: layer %s planned %d positions (%s), solved %d", rs, l.Name, l.Positions, l.Method, s.Positions)
			}
			counted += l.Positions
		}
		if part.Complete || counted <= res.Positions/3 || counted >= res.Positions || len(part.Estimated) == 0 {
			t.Errorf("%s: a budget of %d: complete=%v, %d positions counted of %d, %d layers estimated", rs, res.Positions/3, part.Complete, counted, res.Positions, len(part.Estimated))
		}
		for _, l := range part.Estimated {
			if l.Method != "waiting-keys" || l.Positions < 1 {
				t.Errorf("%s: estimated layer %+v", rs, l)
			}
		}
	}
}

// TestReckonHandWorked: two waves, of two layers of 3 CPU seconds and of
// one of 6, on 2 nodes of 1 core and 1 GiB: the enumeration is a third of
// the 12 CPU seconds on one node, 4 s; wave 0 solves its two layers (2 s
// each, two thirds of 3) side by side, 2 s; wave 1 its one layer, 4 s;
// 10 s in all. A layer of 1 GiB + 1 byte does not fit.
func TestReckonHandWorked(t *testing.T) {
	p := &solve.LayerPlan{Waves: [][]solve.PlannedLayer{
		{{CPU: 3, RAMBytes: 10, Disk: 1}, {CPU: 3, RAMBytes: 20, Disk: 2}},
		{{CPU: 6, RAMBytes: 1 << 30, Disk: 4}},
	}}
	c := p.Reckon(2, 1, 1)
	if c.CPU != 12 || c.EnumerateWall != 4 || c.WavesWall != 6 || c.Wall != 10 || c.LargestRAM != 1<<30 || !c.Fits || c.Disk != 7 {
		t.Errorf("reckoned %+v; want 12 CPU s, 4 s enumerating, 6 s of waves, 10 s, 1 GiB largest, fitting, 7 bytes of disk", c)
	}
	if c := p.Reckon(1, 2, 1); c.EnumerateWall != 2 || c.WavesWall != 4 {
		t.Errorf("one node of 2 cores: %+v; want 2 s enumerating and 2+2 s of waves", c)
	}
	p.Waves[1][0].RAMBytes++
	if c := p.Reckon(2, 1, 1); c.Fits {
		t.Errorf("a layer of 1 GiB + 1 byte fits 1 GiB: %+v", c)
	}
}
