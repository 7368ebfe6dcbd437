package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// distOptions are the flags of a planned or distributed layered solve
// (solve --layers --plan, --dir DIR with --enumerate, --layer, --wave or
// --finish).
type distOptions struct {
	plan, estimate, enumerate, finish bool
	dir, layer                        string
	wave, task, tasks                 int
	budget                            int64
	nodes, cores                      int
	memGiB                            float64
	rates                             solve.PlanRates
}

// distLong is the part of solve's help about plans and distributed solves.
const distLong = `

--layers --plan prints, before any solve, what a layered solve of the board
will take: the board is counted layer by layer (as --layers counts it, no
solve), and each layer is printed in its wave, in the order the waves are
solved (wave 0 first: layers whose moves lead to no other layer; a layer is
in the wave after the latest of the layers it leads to, so the layers of one
wave can be solved at the same time):

  plan <ruleset>: layers=<n> waves=<n> positions=<n> terminal=<n> complete=<yes|no>
  rates: ram_per_position=<bytes> positions_per_cpu_second=<n> [layer_mem=<bytes>] from <source>
  wave=<w> layer=<hex> positions=<n> terminal=<n> method=counted refs=<n> ram=<bytes> disk=<bytes> cpu_s=<s> name=<layer name>
  wave=<w> layers=<n> positions=<n> cpu_s=<s> largest_ram=<bytes>
  total layers=<n> positions=<n> cpu_s=<s> largest_ram=<bytes> disk=<bytes>
  cluster nodes=<N> cores=<M> mem_gib=<G> enumerate_s=<s> waves_s=<s> wall_s=<s> fits=<yes|no>

Positions are exact (method=counted). With --estimate nothing is counted:
every layer the rules allow (kingulu: banks and reserved holes whose seeds
fit the board) is listed with bound=<n>, the positions its layer can hold,
and positions=<n> method=estimated, a share of the bound fitted on boards
counted here (the "estimate:" line; docs/solving.md gives its error); the
waves follow the layers a move can lead to, a superset (so a layer's wave
is never earlier than when counted); the plan line says estimated=yes and
the wave and total lines give the bounds summed. With --estimate
--plan-budget N the board is counted until N positions are counted: the
layers counted are exact (method=counted), and so are those below the
first layer not counted, which no position reaches (positions=0). The
count stops only between layers: kingulu's default board takes
--plan-budget 150, and a budget of 155 or more counts its layer
south_bank=0 north_bank=3 reserved=- of over 1.2e9 positions. A board
counted to the end gives the counted plan.

Without --estimate, with --plan-budget N the count stops
once N positions are counted: the layers counted are listed in wave 0 (their
waves are not known yet), and the layers their moves lead to, not counted,
with method=waiting-keys: the keys waiting for them (repeats included), a
rough estimate. RAM is positions × --ram-per-position (with --layer-mem B
at most B: a larger layer spills to disk, so fits=no only when the
budget itself does not fit --mem), CPU positions ÷
--rate (defaults measured under load on a shared machine: re-measure with
"baolab solve --rules R --method layers --stats" on a quiet one, and give
--rate and --ram-per-position); disk is the layer's enumeration and solved
file, from their formats. The cluster line reckons --nodes N machines of
--cores M cores and --mem G GiB: the enumeration on one node at a third of
the CPU, then the waves one after the other, a task per layer on M cores.

--layers --dir DIR runs a layered solve in steps that may run on several
machines sharing DIR (baolab slurm --solve writes them as Slurm jobs):
  --enumerate            enumerates every layer into DIR (checkpointed every
                         --checkpoint, continued when run again) and writes
                         DIR/waves.json; prints "enumerated layers=<n> waves=<n> positions=<n>"
  --wave W --task T --tasks N
                         solves the layers of wave W whose index within the
                         wave is T modulo N (one task of N)
  --layer L              solves layer L (its number as in waves.json, or its name)
  --finish               checks every layer is solved and prints the usual
                         positions= ... outcome= ... plies= lines, the same as
                         --method layers in one process
A layer whose moves lead to a layer not solved yet is refused with one line
naming that layer, exit status 2. A layer solved is kept (its file written
and renamed at once): a task killed and run again solves only the layers it
had not finished, each again from its enumeration.`

// checkDist refuses flags of plans and distributed solves that do not go
// together.
func (o *solveOptions) checkDist(changed func(string) bool) error {
	d := &o.dist
	modes := 0
	for _, on := range []bool{d.plan, d.enumerate, d.finish, d.layer != "", changed("wave")} {
		if on {
			modes++
		}
	}
	if modes == 0 {
		for _, f := range []string{"dir", "task", "tasks", "nodes", "cores", "mem", "plan-budget", "estimate", "rate", "ram-per-position"} {
			if changed(f) {
				return fmt.Errorf("--%s goes with --layers --plan, or --layers --dir DIR with --enumerate, --wave, --layer or --finish", f)
			}
		}
		return nil
	}
	if modes > 1 {
		return errors.New("give one of --plan, --enumerate, --wave, --layer and --finish")
	}
	if !o.layers {
		return errors.New("--plan, --enumerate, --wave, --layer and --finish go with --layers")
	}
	if o.out != "" {
		return errors.New("--out does not go with --plan or a distributed solve (give --dir DIR)")
	}
	if d.plan {
		if d.dir != "" {
			return errors.New("--plan counts in $TMPDIR: it does not take --dir")
		}
		if d.nodes < 1 || d.cores < 1 || d.memGiB <= 0 || d.budget < 0 || d.rates.RAMPerPosition <= 0 || d.rates.PositionsPerCPUSecond <= 0 {
			return fmt.Errorf("--nodes and --cores must be 1 or more, --mem, --rate and --ram-per-position more than 0, --plan-budget 0 or more (got %d, %d, %g, %g, %g, %d)",
				d.nodes, d.cores, d.memGiB, d.rates.PositionsPerCPUSecond, d.rates.RAMPerPosition, d.budget)
		}
		return nil
	}
	if d.estimate {
		return errors.New("--estimate goes with --layers --plan")
	}
	if d.dir == "" {
		return errors.New("--enumerate, --wave, --layer and --finish need --dir DIR")
	}
	if changed("wave") {
		if d.wave < 0 || d.tasks < 1 || d.task < 0 || d.task >= d.tasks {
			return fmt.Errorf("--wave W --task T --tasks N wants W >= 0, N >= 1 and 0 <= T < N (got %d, %d, %d)", d.wave, d.task, d.tasks)
		}
	} else if changed("task") || changed("tasks") {
		return errors.New("--task and --tasks go with --wave")
	}
	return nil
}

// runDist runs --plan or a step of a distributed solve.
func (o *solveOptions) runDist(p solvePrinter, out, log io.Writer, g engine.Game, opt solve.Options) error {
	d := &o.dist
	opt.LayerDir, opt.Checkpoint = d.dir, o.checkpoint
	switch {
	case d.plan:
		opt.Progress = nopProgress{}
		d.rates.LayerMem = o.layerMem
		var plan *solve.LayerPlan
		var err error
		if !d.estimate || d.budget > 0 {
			plan, err = solve.PlanLayers(g.NewState(), opt, d.rates, d.budget)
		}
		if d.estimate && (d.budget == 0 || err == nil && !plan.Complete) {
			plan, err = solve.EstimatePlan(g.NewState(), solve.DefaultShareModel, d.rates, plan)
		}
		if err != nil {
			return solveError(err)
		}
		c := plan.Reckon(d.nodes, d.cores, d.memGiB)
		if o.json {
			return newJSONEncoder(out).Encode(planJSON{plan, c})
		}
		return printPlan(out, plan, c)
	case d.enumerate:
		w, err := solve.EnumerateLayers(g.NewState(), opt)
		if err != nil {
			return solveError(err)
		}
		var n int64
		for _, wv := range w.Waves {
			for _, x := range wv {
				n += x.Positions
			}
		}
		_, err = fmt.Fprintf(out, "enumerated layers=%d waves=%d positions=%d\n", w.Layers(), len(w.Waves), n)
		return err
	case d.finish:
		res, err := solve.FinishLayers(g.NewState(), opt)
		if err != nil {
			return solveError(err)
		}
		if err := p.solved(res); err != nil {
			return err
		}
		if o.stats {
			printSolveStats(log, res, false, true)
		}
		return nil
	}
	waves, err := solve.ReadLayerWaves(d.dir)
	if err != nil {
		return solveError(err)
	}
	var layers []uint64
	what := ""
	if d.layer != "" {
		l, err := findLayer(waves, d.layer)
		if err != nil {
			return badInput(err)
		}
		layers, what = []uint64{l}, "layer "+d.layer
	} else {
		what = fmt.Sprintf("wave %d task %d/%d", d.wave, d.task, d.tasks)
		if d.wave >= len(waves.Waves) {
			return badInput(fmt.Errorf("--wave %d: %s has waves 0 to %d", d.wave, d.dir, len(waves.Waves)-1))
		}
		for i, x := range waves.Waves[d.wave] {
			if i%d.tasks == d.task {
				layers = append(layers, x.Layer)
			}
		}
	}
	task, err := solve.SolveLayerTask(g.NewState(), opt, layers)
	if err != nil {
		return solveError(err)
	}
	_, err = fmt.Fprintf(out, "%s: solved=%d skipped=%d positions=%d\n", what, len(task.Solved), len(task.Skipped), task.Positions)
	return err
}

// findLayer returns the layer s names: its number (hexadecimal, as in
// waves.json's "layer" written in hex, with or without 0x) or its name.
func findLayer(w *solve.LayerWaves, s string) (uint64, error) {
	n, numErr := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	for _, wv := range w.Waves {
		for _, x := range wv {
			if x.Name == s || numErr == nil && x.Layer == n {
				return x.Layer, nil
			}
		}
	}
	return 0, fmt.Errorf("--layer %q: no such layer of %s (give its number in hexadecimal or its name, as in waves.json)", s, w.Ruleset)
}

// printPlan writes the plan's lines (see distLong).
func printPlan(w io.Writer, p *solve.LayerPlan, c solve.Cluster) error {
	yes := map[bool]string{true: "yes", false: "no"}
	layers := 0
	for _, wv := range p.Waves {
		layers += len(wv)
	}
	var b strings.Builder
	est := ""
	if p.Model != nil {
		est = fmt.Sprintf(" estimated=yes bound=%.4g", p.Bound)
	}
	fmt.Fprintf(&b, "plan %s: layers=%d waves=%d positions=%d terminal=%d complete=%s%s\n", p.Ruleset, layers+len(p.Estimated), len(p.Waves), p.Positions, p.Terminal, yes[p.Complete], est)
	layerMem := ""
	if p.Rates.LayerMem > 0 {
		layerMem = fmt.Sprintf(" layer_mem=%d", p.Rates.LayerMem)
	}
	fmt.Fprintf(&b, "rates: ram_per_position=%g positions_per_cpu_second=%g%s from %s\n", p.Rates.RAMPerPosition, p.Rates.PositionsPerCPUSecond, layerMem, p.Rates.Source)
	if m := p.Model; m != nil {
		fmt.Fprintf(&b, "estimate: share=min(1,exp(%.4g%+.4g*reserved%+.4g*seeds_per_hole)) of each layer's bound, terminal_share=%.4g, fitted on %s (docs/solving.md)\n",
			m.Intercept, m.PerReserved, m.PerSeed, m.TerminalShare, strings.Join(m.Boards, " "))
	}
	line := func(l solve.PlannedLayer) {
		wave := strconv.Itoa(l.Wave)
		if l.Wave < 0 {
			wave = "?"
		}
		bound := ""
		if l.Bound > 0 {
			bound = fmt.Sprintf(" bound=%.0f", l.Bound)
		}
		fmt.Fprintf(&b, "wave=%s layer=%x positions=%d terminal=%d method=%s%s refs=%d ram=%d disk=%d cpu_s=%.3g name=%s\n",
			wave, l.Layer, l.Positions, l.Terminal, l.Method, bound, l.Refs, l.RAMBytes, l.Disk, l.CPU, l.Name)
	}
	var cpu float64
	for w, wv := range p.Waves {
		var n int64
		var wcpu float64
		var ram int64
		var bound float64
		for _, l := range wv {
			line(l)
			n += l.Positions
			wcpu += l.CPU
			ram = max(ram, l.RAMBytes)
			bound += l.Bound
		}
		cpu += wcpu
		wb := ""
		if p.Model != nil {
			wb = fmt.Sprintf(" bound=%.4g", bound)
		}
		fmt.Fprintf(&b, "wave=%d layers=%d positions=%d cpu_s=%.3g largest_ram=%d%s\n", w, len(wv), n, wcpu, ram, wb)
	}
	for _, l := range p.Estimated {
		line(l)
	}
	fmt.Fprintf(&b, "total layers=%d positions=%d cpu_s=%.3g largest_ram=%d disk=%d%s\n", layers+len(p.Estimated), p.Positions, c.CPU, c.LargestRAM, c.Disk, est)
	fmt.Fprintf(&b, "cluster nodes=%d cores=%d mem_gib=%g enumerate_s=%.3g waves_s=%.3g wall_s=%.3g fits=%s\n", c.Nodes, c.Cores, c.MemGiB, c.EnumerateWall, c.WavesWall, c.Wall, yes[c.Fits])
	_, err := io.WriteString(w, b.String())
	return err
}

// planJSON is solve --layers --plan --json: the plan and its reckoning.
type planJSON struct {
	*solve.LayerPlan
	Cluster solve.Cluster
}

// nopProgress shows nothing.
type nopProgress struct{}

func (nopProgress) Stage(string, int64) {}
func (nopProgress) Add(int64)           {}
func (nopProgress) Done()               {}
