package solve

import (
	"errors"
	"math"
	"slices"
	"time"

	"github.com/baolab/baolab/engine"
)

// errStopCount stops a count from its callback (PlanLayers' budget).
var errStopCount = errors.New("count stopped")

// LayerPlan is what a layered solve of a board will take, before it is
// run (PlanLayers): its layers in waves, as EnumerateLayers groups them,
// each with its positions and its costs at Rates.
type LayerPlan struct {
	Ruleset string
	// Waves are the layers counted, wave 0 first (solved first). A
	// layer's positions are exact: counted by CountLayers.
	Waves [][]PlannedLayer
	// Complete is false when the count stopped at the budget: Waves then
	// holds the layers counted (each in wave 0: the waves of the others
	// are not known), and Estimated the layers left, known to be reached.
	Complete  bool
	Estimated []PlannedLayer
	Positions int64 // of Waves, and Estimated's lower bounds
	Terminal  int64
	Rates     PlanRates
	Elapsed   time.Duration // of the count
	// Model is the share model of a plan estimated without counting
	// (EstimatePlan), nil for a counted plan; Bound is then the sum of
	// the layers' bounds, and Positions and Terminal are estimates.
	Model *ShareModel
	Bound float64
}

// PlannedLayer is one layer of a plan and its costs.
type PlannedLayer struct {
	Layer     uint64
	Name      string
	Wave      int
	Positions int64
	Terminal  int64
	// Method says where Positions comes from: "counted" (exact),
	// "waiting-keys" (a layer the count did not reach: at least the
	// positions its earlier layers' moves lead to, counted with repeats
	// across spills, so an estimate, not a bound), or "estimated" (not
	// counted: the share of Bound a ShareModel expects, EstimatePlan).
	Method   string
	Bound    float64 // of an estimated layer: the positions its layer can hold (engine.LayerSpace.LayerBound)
	Refs     int     // the later layers its moves lead to
	RAMBytes int64   // solving it: Positions × Rates.RAMPerPosition, at most Rates.LayerMem
	Disk     int64   // its enumeration and its solved file (see DiskBytes)
	CPU      float64 // CPU seconds: Positions / Rates.PositionsPerCPUSecond
}

// PlanRates are the measured figures a plan's costs are reckoned at.
type PlanRates struct {
	RAMPerPosition        float64 // bytes of memory per position of the layer being solved
	PositionsPerCPUSecond float64 // of a layered solve, enumeration included
	Source                string  // where the figures come from
	// LayerMem, when more than 0, is the memory a layer may take
	// (Options.LayerMem): a layer needing more is reckoned at LayerMem,
	// taken out of core.
	LayerMem int64
}

// DefaultPlanRates are baolab's measured figures: 26.4 bytes per position
// of the largest layer and 1.9e6 positions in 3.6-5.1 CPU seconds (4.4e5
// per second) for solve --method layers of kingulu:holes=6,seeds=1
// (docs/solving.md, measured under load: re-measure on a quiet machine
// with solve --method layers --stats).
var DefaultPlanRates = PlanRates{
	RAMPerPosition:        26.4,
	PositionsPerCPUSecond: 4.4e5,
	Source:                "solve --method layers --stats of kingulu:holes=6,seeds=1 (docs/solving.md)",
}

// DiskBytes is the disk a layer of n positions, t of them terminal,
// leading to refs later layers, takes in a distributed solve's directory
// (EnumerateLayers, SolveLayerTask): its record in the nodes file (at
// most 32+8n+5t+8·refs bytes: a dead end takes 5 bytes, another terminal
// position 1) and its solved file (8+10n bytes) and statistics (under a
// kilobyte, not counted).
func DiskBytes(n, t int64, refs int) int64 {
	return 32 + 8*n + 5*t + 8*int64(refs) + 8 + 10*n
}

// PlanLayers counts start's board layer by layer (CountLayers, in
// Options.TempDir; Options.LayerDir is not used) and returns its plan at
// rates. With budget > 0 the count stops after the first layer that takes
// the positions counted beyond budget, and the plan is not Complete.
func PlanLayers(start engine.State, opt Options, rates PlanRates, budget int64) (*LayerPlan, error) {
	opt.LayerDir = ""
	plan := &LayerPlan{Ruleset: start.Game().Ruleset(), Rates: rates, Complete: true}
	var sizes []LayerSize
	refs := map[uint64][]uint64{}
	var counted int64
	var waiting map[uint64]int64
	lay, _ := start.Game().(engine.Layered)
	res, err := countLayers(start, opt, true, func(s LayerSize, rs []uint64) error {
		sizes = append(sizes, s)
		refs[s.Layer] = rs
		if counted += s.Positions; budget > 0 && counted > budget {
			return errStopCount
		}
		return nil
	}, func(w map[uint64]int64) { waiting = w })
	if err != nil && !errors.Is(err, errStopCount) {
		return nil, err
	}
	cost := plan.cost
	if err == nil {
		plan.Elapsed = res.Elapsed
		for w, wv := range wavesOf(sizes, refs) {
			var pw []PlannedLayer
			for _, x := range wv {
				p := PlannedLayer{Layer: x.Layer, Name: x.Name, Wave: w, Positions: x.Positions, Terminal: x.Terminal, Method: "counted", Refs: len(x.Refs)}
				cost(&p)
				pw = append(pw, p)
			}
			plan.Waves = append(plan.Waves, pw)
		}
		return plan, nil
	}
	plan.Complete = false
	var pw []PlannedLayer
	for _, s := range sizes {
		p := PlannedLayer{Layer: s.Layer, Name: s.Name, Positions: s.Positions, Terminal: s.Terminal, Method: "counted", Refs: len(refs[s.Layer])}
		cost(&p)
		pw = append(pw, p)
	}
	plan.Waves = [][]PlannedLayer{pw}
	for _, l := range slices.Sorted(func(yield func(uint64) bool) {
		for l := range waiting {
			if !yield(l) {
				return
			}
		}
	}) {
		p := PlannedLayer{Layer: l, Name: lay.LayerString(l), Positions: waiting[l], Method: "waiting-keys", Wave: -1}
		cost(&p)
		plan.Estimated = append(plan.Estimated, p)
	}
	return plan, nil
}

// cost sets p's costs at the plan's rates and adds its positions to the
// plan's.
func (plan *LayerPlan) cost(p *PlannedLayer) {
	p.RAMBytes = int64(math.Ceil(float64(p.Positions) * plan.Rates.RAMPerPosition))
	if plan.Rates.LayerMem > 0 {
		p.RAMBytes = min(p.RAMBytes, plan.Rates.LayerMem)
	}
	p.Disk = DiskBytes(p.Positions, p.Terminal, p.Refs)
	p.CPU = float64(p.Positions) / plan.Rates.PositionsPerCPUSecond
	plan.Positions += p.Positions
	plan.Terminal += p.Terminal
}

// Cluster is what a plan takes on a cluster of Nodes nodes of Cores
// cores and MemGiB GiB each (Reckon).
type Cluster struct {
	Nodes, Cores int
	MemGiB       float64
	// EnumerateWall is the enumeration on one node (a third of the CPU,
	// at Cores workers), WavesWall the waves one after the other, each
	// a task per layer on Cores cores, Nodes at a time (a wave takes at
	// least its largest layer, and at least its CPU over every core).
	EnumerateWall, WavesWall, Wall float64 // seconds
	CPU                            float64 // seconds, in all
	LargestRAM                     int64   // bytes, the largest layer's
	Fits                           bool    // LargestRAM fits MemGiB
	Disk                           int64   // bytes, every layer's
}

// Reckon reckons the plan on a cluster. It assumes a layer solved on c
// cores takes its CPU over c (the solver's workers share one layer's
// moves; measure the speed-up with --workers on a quiet machine), and a
// third of the CPU in the enumeration (as solve --count takes about a
// third of a solve).
func (p *LayerPlan) Reckon(nodes, cores int, memGiB float64) Cluster {
	c := Cluster{Nodes: nodes, Cores: cores, MemGiB: memGiB}
	all := slices.Concat(append(slices.Clone(p.Waves), p.Estimated)...)
	for _, l := range all {
		c.CPU += l.CPU
		c.LargestRAM = max(c.LargestRAM, l.RAMBytes)
		c.Disk += l.Disk
	}
	c.EnumerateWall = c.CPU / 3 / float64(cores)
	for _, wv := range append(slices.Clone(p.Waves), p.Estimated) {
		var cpu, largest float64
		for _, l := range wv {
			cpu += l.CPU * 2 / 3
			largest = max(largest, l.CPU*2/3)
		}
		c.WavesWall += max(largest/float64(cores), cpu/float64(cores*nodes))
	}
	c.Wall = c.EnumerateWall + c.WavesWall
	c.Fits = float64(c.LargestRAM) <= memGiB*(1<<30)
	return c
}
