package solve

import (
	"cmp"
	"fmt"
	"maps"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/baolab/baolab/engine"
)

// SolveLayers solves every position reachable from start as Solve does,
// with the same values, for a game whose positions fall into layers that
// no move goes back to (engine.Layered; ErrNoLayers otherwise), holding
// one layer at a time instead of the whole board (see the package doc,
// Layers). The layers are enumerated in increasing order as CountLayers
// does, each appended to a file in a directory made in Options.TempDir
// and removed at the end; then solved in decreasing order, each as Solve
// solves a board with predecessor lists, a move into a later layer
// standing for a terminal node whose margin is the value of the position
// it leads to in that (solved) layer: South's value in South's pass,
// North's in North's, never released when None. The solved layers go to
// a second file, memory-mapped while an earlier layer's moves lead there
// and searched by binary search (a lookup costs a few cache misses, and no
// index of the later layers need be held; the kernel keeps the pages
// read, and may drop them). They are unmapped once that layer is solved.
//
// The Result has Positions, Terminal, Edges, Cyclic, Root and Moves as
// Solve's, Layers and LargestLayer, but no Table (nil): its keys are keys
// within layers. Bytes is the peak of one layer's arrays (the enumeration's
// tables with the keys waiting for later layers, or the solve of one layer
// with its predecessor lists, about 25 bytes per position of the layer),
// not counting the pages of the mapped files. Options.MaxPositions bounds
// one layer with the keys waiting, as in CountLayers; Options.Sweep and
// CountOnly are not used. With Options.LayerMem a layer larger than that
// spills to disk (see the package doc, Layers larger than memory): the
// files are the same, and MaxPositions bounds what is held in memory.
// Progress sees two stages, "enumerate layers" and "solve layers".
//
// With Options.LayerDir the solve is kept there instead of in a
// directory of its own, as CountLayers keeps a count: solve.json (the
// layers enumerated, where each is in the two files, the later layers its
// moves lead to, the sums of the layers solved), wait/ and the two files,
// nodes and solved. A checkpoint is made between two layers once
// Options.Checkpoint has passed since the last, at the end of the
// enumeration and at the end; run again with the same LayerDir, a solve
// stopped in any way continues from its last checkpoint (the files cut
// back to their lengths then), and a finished one only looks up the
// start's values. The nodes of a layer solved are cut off the file at the
// next checkpoint, not at once. The files stay when the solve ends.
//
// A solved layer that no layer left to solve leads to, and that the
// start's values are not looked up in, is dropped: its part of the
// solved file freed (a hole punched, on Linux), at once or, with
// LayerDir, at the next checkpoint. So the solved file holds the layers
// still needed, and at the end only those of the start and its moves.
func SolveLayers(start engine.State, opt Options) (*Result, error) {
	return solveLayers(start, opt, layerHooks{})
}

// layerHooks are called, when not nil, with every layer enumerated and
// every layer solved (its keys within the layer and their values); an
// error stops the solve (tests).
type layerHooks struct {
	enumerated func(LayerSize) error
	solved     func(layer uint64, keys []uint64, south, north []int8) error
	// spill is called within a layer taken out of core (Options.LayerMem):
	// with "generation" at the end of each generation of its
	// enumeration, "read" once its solve has read it, "solved" once it
	// is solved, before it is written.
	spill func(stage string) error
}

// solveLayers is SolveLayers, calling the hooks.
func solveLayers(start engine.State, opt Options, hooks layerHooks) (*Result, error) {
	r, err := openLayerRun(start, opt, hooks, false)
	if err != nil {
		return nil, err
	}
	defer r.close()
	if err := r.enumerate(); err != nil {
		return nil, err
	}
	if err := r.solveAll(); err != nil {
		return nil, err
	}
	if err := r.lookUpStart(r.lf.lookup); err != nil {
		return nil, err
	}
	r.res.Elapsed = time.Since(r.t0)
	return r.res, nil
}

// layerRun is one run of a layered solve: its directory, its state
// (what the last checkpoint holds, or a new solve's), its two files of
// layers and the sums of its Result so far. solveLayers is its steps in
// turn: openLayerRun, enumerate, solveAll, lookUpStart; a distributed
// solve (EnumerateLayers, SolveLayerTask) runs the first two in one
// process and solves the layers with solveLayer in others.
type layerRun struct {
	t0                 time.Time
	opt                Options
	ruleset            string
	lay                engine.Layered
	hooks              layerHooks
	keep               bool   // the solve is kept in opt.LayerDir
	dist               bool   // an EnumerateLayers run
	dir                string // opt.LayerDir, or a temporary directory
	tmp                *tempDir
	ls                 *layering
	lf                 *layerFiles
	ex                 []*expander
	rootLayer, rootKey uint64
	res                *Result
	st                 *layerState
	order              []uint64 // the layers enumerated and not solved, in increasing order
	every              time.Duration
	saved              time.Time
}

// openLayerRun checks that start's board can be solved layer by layer,
// makes or opens its directory and takes back the checkpoint there, if
// any (openState, resume). A directory of a distributed solve (see
// EnumerateLayers) is refused unless dist is set.
func openLayerRun(start engine.State, opt Options, hooks layerHooks, dist bool) (*layerRun, error) {
	r := &layerRun{t0: time.Now(), opt: opt.withDefaults(), ruleset: start.Game().Ruleset(), hooks: hooks, keep: opt.LayerDir != "", dir: opt.LayerDir, dist: dist}
	var err error
	if r.lay, err = layered(start, MaxKeyBits, "the solver packs"); err != nil {
		return nil, err
	}
	gcBegin()
	ok := false
	defer func() {
		if !ok {
			r.close()
		}
	}()
	if !r.keep {
		if r.tmp, err = makeTempDir(r.opt.TempDir, "baolab-solve-layers-"); err != nil {
			return nil, err
		}
		r.dir = r.tmp.path
	}
	r.ls = &layering{lay: r.lay, wait: map[uint64]*waitList{}, spillAt: r.opt.waitingInMemory(), tempDir: r.dir, dirty: map[uint64]bool{},
		state: r.opt.LayerDir, stateName: solveFile, margins: true, refs: map[uint64]bool{},
		layerMem: r.opt.LayerMem, spillDir: r.opt.TempDir, spillHook: hooks.spill}
	for range r.opt.Workers {
		r.ex = append(r.ex, newLayerExpander(start, r.lay))
	}
	r.rootLayer, r.rootKey = r.lay.LayerKey(start)
	r.res = &Result{Ruleset: r.ruleset}
	r.st = &layerState{Ruleset: r.ruleset, Start: startString(r.rootLayer, r.rootKey), Done: []LayerSize{}, Solve: &solveState{Format: solveFormat}}
	old, err := r.openState()
	if err != nil {
		return nil, err
	}
	if err := r.resume(old); err != nil {
		return nil, err
	}
	r.every, r.saved = r.opt.checkpointEvery(), time.Now()
	ok = true
	return r, nil
}

// startString is the start's layer and key as the state file holds them.
func startString(layer, key uint64) string {
	return strconv.FormatUint(layer, 16) + ":" + strconv.FormatUint(key, 16)
}

// openState locks the directory and reads its checkpoint (nil for a new
// solve), refusing one that is not a solve of this format, and opens the
// two files of layers.
func (r *layerRun) openState() (*layerState, error) {
	var old *layerState
	if r.keep && !r.dist {
		if _, err := os.Stat(filepath.Join(r.dir, wavesFile)); err == nil {
			return nil, fmt.Errorf("%w in %s: it holds a distributed solve (%s): solve its layers with --wave or --layer, then --finish", ErrBadCount, r.dir, wavesFile)
		}
	}
	if r.keep {
		var err error
		if old, err = r.ls.open(r.st); err != nil {
			return nil, err
		}
	}
	lf, err := newLayerFiles(r.dir, r.keep)
	if err != nil {
		return nil, err
	}
	r.lf = lf
	if old == nil {
		return nil, nil
	}
	switch {
	case old.Solve == nil:
		return nil, fmt.Errorf("%w in %s: %s has no solve", ErrBadCount, r.dir, solveFile)
	case old.Solve.Format != solveFormat:
		return nil, fmt.Errorf("%w in %s: its files are of format %d, written by another version of baolab (this one reads format %d)", ErrBadCount, r.dir, old.Solve.Format, solveFormat)
	}
	return old, nil
}

// resume cuts the files back to the checkpoint old (a new solve: empties
// them) and takes back its sums and the layers left to solve; a new solve
// starts with the start's key waiting.
func (r *layerRun) resume(old *layerState) error {
	if old != nil {
		r.st = old
	}
	if err := r.lf.restore(r.st.Solve); err != nil {
		return fmt.Errorf("%w in %s: %v", ErrBadCount, r.dir, err)
	}
	if old == nil {
		r.ls.wait[r.rootLayer] = &waitList{keys: []uint64{r.rootKey}} // the start is a non-terminal node, even if over (as in Solve)
		r.ls.n = 1
		return nil
	}
	res, st := r.res, r.st
	for _, s := range st.Done {
		res.Positions += s.Positions
		res.Terminal += s.Terminal
		res.LargestLayer = max(res.LargestLayer, s.Positions)
	}
	res.Layers, res.ResumedLayers, res.ResumedSolved = len(st.Done), len(st.Done), len(st.Done)-len(st.Solve.Nodes)
	res.Edges, res.Cyclic, res.Bytes, res.EnumerationBytes = st.Solve.Edges, st.Solve.Cyclic, st.Solve.Bytes, st.Solve.EnumerationBytes
	for _, n := range st.Solve.Nodes {
		r.order = append(r.order, n.Layer)
	}
	return nil
}

// close lets the directory go (a temporary one is removed).
func (r *layerRun) close() {
	if r.lf != nil {
		r.lf.close()
	}
	if r.ls != nil {
		r.ls.close()
	}
	if r.tmp != nil {
		r.tmp.remove()
	}
	gcEnd()
}

// save makes a checkpoint in LayerDir: the files of layers synced, then
// the state file written, then the nodes of the layers solved since the
// last checkpoint cut off.
func (r *layerRun) save() error {
	if !r.keep {
		return nil
	}
	if err := r.lf.sync(); err != nil {
		return err
	}
	r.lf.fill(r.st.Solve)
	ss, res := r.st.Solve, r.res
	ss.Edges, ss.Cyclic, ss.Bytes, ss.EnumerationBytes = res.Edges, res.Cyclic, res.Bytes, res.EnumerationBytes
	if err := r.ls.checkpoint(r.st); err != nil {
		return err
	}
	r.saved = time.Now()
	return r.lf.free()
}

// due makes a checkpoint when Options.Checkpoint has passed since the last.
func (r *layerRun) due() error {
	if r.keep && time.Since(r.saved) >= r.every {
		return r.save()
	}
	return nil
}

// enumerate enumerates the layers waiting in increasing order, each into
// the nodes file, and checkpoints at the end.
func (r *layerRun) enumerate() error {
	p := r.opt.Progress
	p.Stage("enumerate layers", -1)
	sv := &solver{opt: r.opt, ruleset: r.ruleset, layers: r.ls, ex: r.ex}
	mem := new(tableMem)
	non, term := newKeyTable(3, false, mem), newKeyTable(0, true, mem) // cleared for each layer
	for len(r.ls.wait) > 0 {
		if err := r.due(); err != nil {
			return err
		}
		if err := r.enumerateNext(sv, non, term, mem); err != nil {
			return err
		}
	}
	p.Done()
	return r.save()
}

// enumerateNext enumerates the lowest layer waiting and appends it to the
// nodes file with the later layers its moves lead to.
func (r *layerRun) enumerateNext(sv *solver, non, term *keyTable, mem *tableMem) error {
	ls := r.ls
	deadM, sl, err := ls.exploreNext(sv, non, term, mem, r.opt.Progress, func(k uint64, margin int8) child {
		return child{key: k, layer: ls.cur, margin: margin} // a terminal key waits with its margin
	})
	if err != nil {
		return err
	}
	refs := slices.Sorted(maps.Keys(ls.refs))
	clear(ls.refs)
	var size LayerSize
	if sl != nil {
		err = r.lf.writeSpilledNodes(ls.cur, sl, deadM, refs)
		sl.close()
		size.Positions, size.Terminal = sl.size(deadM)
	} else {
		sv.collect(non, term, deadM, mem, true)
		err = r.lf.writeNodes(ls.cur, sv, refs)
		size = LayerSize{Positions: int64(len(sv.keys)), Terminal: int64(len(sv.keys)-sv.nNon) + int64(len(sv.dead))}
	}
	if err != nil {
		return err
	}
	size.Layer, size.Name = ls.cur, r.lay.LayerString(ls.cur)
	r.st.Done = append(r.st.Done, size)
	if r.hooks.enumerated != nil {
		if err := r.hooks.enumerated(size); err != nil {
			return err
		}
	}
	res := r.res
	res.Positions += size.Positions
	res.Terminal += size.Terminal
	res.Layers++
	res.LargestLayer = max(res.LargestLayer, size.Positions)
	res.EnumerationBytes = max(res.EnumerationBytes, sv.peak)
	res.Bytes = max(res.Bytes, sv.peak)
	r.order = append(r.order, ls.cur)
	sv.keys, sv.termM, sv.margin, sv.dead = nil, nil, nil, nil
	return nil
}

// solveAll solves the layers enumerated in decreasing order, each with
// the later layers its moves lead to mapped from the solved file, and
// checkpoints at the end.
func (r *layerRun) solveAll() error {
	p := r.opt.Progress
	p.Stage("solve layers", r.res.Positions)
	for _, s := range r.st.Done {
		if _, unsolved := r.lf.nodesAt[s.Layer]; !unsolved {
			p.Add(s.Positions)
		}
	}
	r.lf.countUsers(r.rootLayer)
	xt := &external{}
	for _, l := range slices.Backward(r.order) {
		if err := r.due(); err != nil {
			return err
		}
		n, err := r.solveNext(l, xt)
		if err != nil {
			return err
		}
		p.Add(int64(n))
	}
	r.order = nil
	p.Done()
	return r.save()
}

// solveNext solves layer l, the last in the nodes file, into the solved
// file: in memory, or out of core when Options.LayerMem says so. It
// returns the layer's positions.
func (r *layerRun) solveNext(l uint64, xt *external) (int, error) {
	head, err := r.lf.nodesHead(r.lf.nodesAt[l])
	if err != nil {
		return 0, err
	}
	lsv := r.layerSolver(xt)
	if err := r.lf.openRefs(l, xt); err != nil {
		return 0, err
	}
	if r.opt.solveOutOfCore(head[0]) {
		err = solveLayerOutOfCore(r.lf, l, lsv, r.opt.TempDir, r.hooks.spill, func(keys []uint64, word []uint32) error {
			return r.lf.writeSolvedWordsAt(l, keys, word)
		})
	} else {
		err = r.lf.readNodes(l, lsv)
		if err == nil {
			err = solveLayer(lsv, l)
		}
		if n := len(lsv.keys); err == nil {
			err = r.lf.writeSolved(l, lsv.keys, lsv.valS[:n], lsv.valN[:n])
		}
	}
	if err != nil {
		return 0, err
	}
	r.add(lsv)
	r.lf.release(l)
	if r.hooks.solved != nil { // after the release: the layers dropped are as a kill would leave them
		if err := r.callSolved(l); err != nil {
			return 0, err
		}
	}
	return int(head[0]), nil
}

// callSolved calls hooks.solved with layer l's keys and values, read
// back from the solved file.
func (r *layerRun) callSolved(l uint64) error {
	at := r.lf.solvedAt[l]
	sl, err := solvedPart(r.lf.solved, l, at[0], at[1])
	if err != nil {
		return err
	}
	defer sl.close()
	return r.hooks.solved(l, sl.keys, sl.south, sl.north)
}

// layerSolver returns a solver of one layer, whose moves into later
// layers xt looks up, without progress of its own.
func (r *layerRun) layerSolver(xt *external) *solver {
	inner := r.opt
	inner.Progress = nopProgress{}
	return &solver{opt: inner, ruleset: r.ruleset, ex: r.ex, ext: xt}
}

// add counts a solved layer's moves, cycles and memory in.
func (r *layerRun) add(lsv *solver) {
	r.res.Edges += lsv.nEdges
	r.res.Cyclic = r.res.Cyclic || lsv.cyclic
	r.res.Bytes = max(r.res.Bytes, lsv.peak)
}

// solveLayer solves layer l, whose enumeration lsv holds (readNodes) and
// the values of the later layers its moves lead to lsv.ext (openRefs), as
// Solve solves a board with predecessor lists.
func solveLayer(lsv *solver, l uint64) error {
	lsv.buildBuckets()
	for _, x := range lsv.ex {
		x.layer = l
	}
	lsv.ext.layer = l
	if err := lsv.edges(); err != nil {
		return err
	}
	lsv.retrograde()
	lsv.cycles()
	return nil
}

// lookUpStart looks the start position and its moves up in their layers
// (lookup finds a position's values).
func (r *layerRun) lookUpStart(lookup func(l, key uint64, ruleset string) (Value, error)) error {
	x := r.ex[0]
	x.layer = r.rootLayer
	kids, _, _, err := x.expand(r.rootKey, nil)
	if err != nil {
		return err
	}
	res := r.res
	if res.Root, err = lookup(r.rootLayer, r.rootKey, r.ruleset); err != nil {
		return err
	}
	res.RootPlies = Plies{NoPlies, NoPlies} // the layered solve keeps no distances
	res.Moves = res.Moves[:0]
	for _, k := range kids {
		v, err := lookup(k.layer, k.key, r.ruleset)
		if err != nil {
			return err
		}
		res.Moves = append(res.Moves, MoveValue{Move: k.move, Value: v})
	}
	return nil
}

// external numbers the nodes that stand, in the solve of one layer, for
// the positions its moves lead to in later layers: one node per pair of
// values (South's, North's) met, numbered in increasing pair order after
// the layer's keys. count and id are indexed by pair.
type external struct {
	layer  uint64                  // the layer being solved
	solved map[uint64]*solvedLayer // the later layers its moves lead to
	count  []uint32                // moves into each pair (edges' first pass)
	seen   []uint64                // bit p: count[p] > 0
	id     []int32                 // node of each pair, after the layer's keys
	pairs  []uint16                // the pairs of the nodes
}

// add counts a move into pair (called by the workers at once).
func (xt *external) add(pair uint16) {
	if atomic.AddUint32(&xt.count[pair], 1) == 1 {
		atomic.OrUint64(&xt.seen[pair>>6], 1<<(pair&63))
	}
}

func pairOf(s, n int8) uint16 { return uint16(uint8(s))<<8 | uint16(uint8(n)) }
func pairSouth(p uint16) int8 { return int8(p >> 8) }
func pairNorth(p uint16) int8 { return int8(p) }
func (xt *external) reset() {
	if xt == nil {
		return
	}
	if xt.count == nil {
		xt.count, xt.id, xt.seen = make([]uint32, 1<<16), make([]int32, 1<<16), make([]uint64, 1<<10)
	}
	for _, p := range xt.pairs {
		xt.count[p], xt.id[p] = 0, 0
	}
	clear(xt.seen)
	xt.pairs = xt.pairs[:0]
}

// pair returns the pair of values of the position a move into a later
// layer leads to: a terminal node's margin twice, otherwise its values in
// its layer's file.
func (xt *external) pair(c child, sv *solver) (uint16, error) {
	if c.layer < xt.layer {
		return 0, fmt.Errorf("solve: %s: a move leads from layer %s back to layer %s", sv.ruleset,
			sv.ex[0].lay.LayerString(xt.layer), sv.ex[0].lay.LayerString(c.layer))
	}
	if c.key&(FlagTerminal|FlagInfinite) != 0 {
		return pairOf(c.margin, c.margin), nil
	}
	sl := xt.solved[c.layer]
	if sl == nil {
		return 0, sv.notEnumerated(c.key)
	}
	i, ok := slices.BinarySearch(sl.keys, c.key)
	if !ok {
		return 0, sv.notEnumerated(c.key)
	}
	return pairOf(sl.south[i], sl.north[i]), nil
}

// number gives a node to every pair with moves into it, in increasing
// pair order, and returns their predecessor counts (to append to off).
func (xt *external) number() []uint32 {
	for w, set := range xt.seen {
		for ; set != 0; set &= set - 1 {
			p := w<<6 | bits.TrailingZeros64(set)
			xt.id[p] = int32(len(xt.pairs))
			xt.pairs = append(xt.pairs, uint16(p))
		}
	}
	cnt := make([]uint32, len(xt.pairs))
	for id, p := range xt.pairs {
		cnt[id] = xt.count[p]
	}
	return cnt
}

// layerFiles is the directory of SolveLayers: two files (one per layer
// would cost an open per layer, slow on some file systems with thousands
// of layers). nodes holds the layers enumerated, appended in increasing
// order and read back in decreasing order, the file cut back as they are
// (kept in Options.LayerDir: at the next checkpoint); solved the layers
// solved, each at an offset that is a multiple of the page size so that
// it can be mapped alone. refs lists the later layers each layer's moves
// lead to.
type layerFiles struct {
	nodes, solved *os.File
	keep          bool // the files are in Options.LayerDir
	nodesAt       map[uint64]int64
	nodesEnd      int64
	solvedAt      map[uint64][2]int64 // offset and length
	solvedEnd     int64
	open          map[uint64]*solvedLayer
	refs          map[uint64][]uint64
	// While solving: how many unsolved layers lead to each layer, the
	// layers the start's values are looked up in (never dropped), and the
	// parts of the solved file dropped, to be freed at the next
	// checkpoint (with keep).
	users  map[uint64]int
	needed map[uint64]bool
	punch  [][2]int64
}

// solveState is what a SolveLayers run in Options.LayerDir had done at
// its last checkpoint, beside the layers it enumerated and the keys
// waiting (layerState): where the layers are in its two files, the later
// layers each unsolved one leads to, and the sums of the layers solved.
type solveState struct {
	Format           int           `json:"format"`     // solveFormat
	NodesEnd         int64         `json:"nodes_end"`  // the length of the file nodes
	Nodes            []layerNodes  `json:"nodes"`      // the layers enumerated, not solved, in increasing order
	SolvedEnd        int64         `json:"solved_end"` // the length of the file solved
	Solved           []layerSolved `json:"solved"`     // the layers solved, in the order of the file
	Edges            int64         `json:"edges"`
	Cyclic           bool          `json:"cyclic"`
	Bytes            int64         `json:"bytes"`
	EnumerationBytes int64         `json:"enumeration_bytes"`
}

// solveFormat is the format of the files of a layered solve kept in
// Options.LayerDir: a solve of another format is not continued.
const solveFormat = 3 // 3: a terminal node waits for its layer as two words, its key and its margin

type layerNodes struct {
	Layer uint64 `json:"layer"`
	At    int64  `json:"at"`
}

type layerSolved struct {
	Layer uint64 `json:"layer"`
	At    int64  `json:"at"`
	Len   int64  `json:"len"`
}

// newLayerFiles opens the two files in dir as they are (restore cuts
// them to a checkpoint's lengths, or empties them).
func newLayerFiles(dir string, keep bool) (*layerFiles, error) {
	lf := &layerFiles{keep: keep, nodesAt: map[uint64]int64{}, solvedAt: map[uint64][2]int64{}, open: map[uint64]*solvedLayer{},
		refs: map[uint64][]uint64{}}
	flag := os.O_RDWR | os.O_CREATE
	var err error
	if lf.nodes, err = os.OpenFile(filepath.Join(dir, "nodes"), flag, 0o644); err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	if lf.solved, err = os.OpenFile(filepath.Join(dir, "solved"), flag, 0o644); err != nil {
		lf.nodes.Close()
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	return lf, nil
}

// restore takes the layers of a checkpoint back, cutting the files to
// their lengths then.
func (lf *layerFiles) restore(ss *solveState) error {
	for _, f := range []struct {
		file *os.File
		end  int64
	}{{lf.nodes, ss.NodesEnd}, {lf.solved, ss.SolvedEnd}} {
		info, err := f.file.Stat()
		if err != nil {
			return err
		}
		if info.Size() < f.end {
			return fmt.Errorf("%s holds %d bytes, %s says %d", filepath.Base(f.file.Name()), info.Size(), solveFile, f.end)
		}
		if err := f.file.Truncate(f.end); err != nil {
			return err
		}
	}
	lf.nodesEnd, lf.solvedEnd = ss.NodesEnd, ss.SolvedEnd
	for _, n := range ss.Nodes {
		if n.At < 0 || n.At >= ss.NodesEnd {
			return fmt.Errorf("%s: layer %#x at %d in nodes of %d bytes", solveFile, n.Layer, n.At, ss.NodesEnd)
		}
		lf.nodesAt[n.Layer] = n.At
		head, err := lf.nodesHead(n.At)
		if err != nil {
			return err
		}
		refs := make([]uint64, head[3])
		if _, err := lf.nodes.ReadAt(bytesOf(refs), n.At+recordLen(head)-8*int64(len(refs))); err != nil {
			return fmt.Errorf("reading the layers layer %#x leads to: %w", n.Layer, err)
		}
		lf.refs[n.Layer] = refs
	}
	for _, s := range ss.Solved {
		if s.At < 0 || s.Len < 8 || s.At+s.Len > ss.SolvedEnd {
			return fmt.Errorf("%s: layer %#x at %d (%d bytes) in solved of %d bytes", solveFile, s.Layer, s.At, s.Len, ss.SolvedEnd)
		}
		lf.solvedAt[s.Layer] = [2]int64{s.At, s.Len}
	}
	return nil
}

// fill writes where the layers are into ss.
func (lf *layerFiles) fill(ss *solveState) {
	ss.NodesEnd, ss.SolvedEnd = lf.nodesEnd, lf.solvedEnd
	ss.Nodes, ss.Solved = ss.Nodes[:0], ss.Solved[:0]
	for l, at := range lf.nodesAt {
		ss.Nodes = append(ss.Nodes, layerNodes{Layer: l, At: at})
	}
	slices.SortFunc(ss.Nodes, func(a, b layerNodes) int { return cmp.Compare(a.Layer, b.Layer) })
	for l, at := range lf.solvedAt {
		ss.Solved = append(ss.Solved, layerSolved{Layer: l, At: at[0], Len: at[1]})
	}
	slices.SortFunc(ss.Solved, func(a, b layerSolved) int { return cmp.Compare(a.At, b.At) })
}

// sync flushes both files to the disk.
func (lf *layerFiles) sync() error {
	for _, f := range []*os.File{lf.nodes, lf.solved} {
		if err := f.Sync(); err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
	}
	return nil
}

// free cuts the nodes file after the layers not solved yet and frees the
// solved parts dropped, once a checkpoint no longer needs them (with
// keep).
func (lf *layerFiles) free() error {
	if err := lf.nodes.Truncate(lf.nodesEnd); err != nil {
		return fmt.Errorf("solve: layers: %w", err)
	}
	for _, at := range lf.punch {
		punchHole(lf.solved, at[0], at[1])
	}
	lf.punch = lf.punch[:0]
	return nil
}

// countUsers counts, for every layer, the unsolved layers that lead to
// it, before the layers are solved; root's layer and those it leads to
// are needed at the end.
func (lf *layerFiles) countUsers(root uint64) {
	lf.users = map[uint64]int{}
	for l := range lf.nodesAt {
		for _, r := range lf.refs[l] {
			lf.users[r]++
		}
	}
	lf.needed = map[uint64]bool{root: true}
	for _, r := range lf.refs[root] {
		lf.needed[r] = true
	}
}

// drop forgets layer l's solved part, which no layer left to solve leads
// to, and frees its disk space (a hole punched in the file, where the
// system can): at once, or with keep at the next checkpoint, when the
// state file no longer lists it.
func (lf *layerFiles) drop(l uint64) {
	at, ok := lf.solvedAt[l]
	if !ok {
		return
	}
	delete(lf.solvedAt, l)
	if lf.keep {
		lf.punch = append(lf.punch, at)
		return
	}
	punchHole(lf.solved, at[0], at[1])
}

// close unmaps the solved parts and closes the files.
func (lf *layerFiles) close() {
	for l, sl := range lf.open {
		sl.close()
		delete(lf.open, l)
	}
	lf.nodes.Close()
	lf.solved.Close()
}

// openRefs maps the solved parts of the layers that l's moves lead to.
func (lf *layerFiles) openRefs(l uint64, xt *external) error {
	xt.solved = map[uint64]*solvedLayer{}
	for _, r := range lf.refs[l] {
		sl, err := lf.get(r)
		if err != nil {
			return err
		}
		xt.solved[r] = sl
	}
	return nil
}

// release unmaps the solved parts that l's moves lead to. Keeping them
// mapped until the last layer that needs them is solved held 1,384 layers
// and 153 MB mapped at once on kingulu:holes=5,seeds=2 (61% of its solved
// file), and 238 MB of peak RSS against 148 MB, for no less CPU.
//
// Then, l being solved, the layers it leads to that no layer left to
// solve leads to, and that the start's values do not need, are dropped.
func (lf *layerFiles) release(l uint64) {
	for _, r := range lf.refs[l] {
		if sl := lf.open[r]; sl != nil {
			sl.close()
			delete(lf.open, r)
		}
		if lf.users[r]--; lf.users[r] == 0 && !lf.needed[r] {
			lf.drop(r)
		}
	}
	delete(lf.refs, l)
}

// get returns layer l's solved part, mapping it if it is not.
func (lf *layerFiles) get(l uint64) (*solvedLayer, error) {
	if sl := lf.open[l]; sl != nil {
		return sl, nil
	}
	at, ok := lf.solvedAt[l]
	if !ok {
		return nil, fmt.Errorf("solve: layers: layer %#x not solved", l)
	}
	sl, err := solvedPart(lf.solved, l, at[0], at[1])
	if err != nil {
		return nil, err
	}
	lf.open[l] = sl
	return sl, nil
}

// solvedPart reads or maps layer l's solved part, size bytes at offset at
// of f.
func solvedPart(f *os.File, l uint64, at, size int64) (*solvedLayer, error) {
	if size < 8 {
		return nil, fmt.Errorf("solve: layers: layer %#x of %s: %d bytes, not a solved layer", l, f.Name(), size)
	}
	var data []byte
	var err error
	if size < mapAtLeast {
		data = bytesOf(make([]uint64, (size+7)/8))[:size]
		_, err = f.ReadAt(data, at)
	} else {
		data, err = mapFile(f, at, int(size))
	}
	if err != nil {
		return nil, fmt.Errorf("solve: layers: mapping %s: %w", f.Name(), err)
	}
	n := int(*(*uint64)(unsafe.Pointer(&data[0])))
	if len(data) != 8+10*n {
		(&solvedLayer{data: data}).close()
		return nil, fmt.Errorf("solve: layers: layer %#x of %s: %d bytes for %d positions", l, f.Name(), len(data), n)
	}
	sl := &solvedLayer{
		data:  data,
		keys:  unsafe.Slice((*uint64)(unsafe.Pointer(&data[8])), n),
		south: unsafe.Slice((*int8)(unsafe.Pointer(&data[8+8*n])), n),
		north: unsafe.Slice((*int8)(unsafe.Pointer(&data[8+9*n])), n),
	}
	return sl, nil
}

// lookup returns the value of the position key of layer l.
func (lf *layerFiles) lookup(l, key uint64, ruleset string) (Value, error) {
	sl, err := lf.get(l)
	if err != nil {
		return Value{}, err
	}
	i, ok := slices.BinarySearch(sl.keys, key)
	if !ok {
		return Value{}, fmt.Errorf("solve: %s: node %#x not enumerated in its layer", ruleset, key)
	}
	return Value{South: force(sl.south[i]), North: force(sl.north[i])}, nil
}

// writeNodes appends the layer sv has collected: the number of keys, of
// non-terminal keys, of dead ends and of the later layers its moves lead
// to (refs, sorted), the keys (sorted, as collect leaves them), the
// terminal nodes' margins, the dead ends and their margins, and refs.
func (lf *layerFiles) writeNodes(l uint64, sv *solver, refs []uint64) error {
	dm := make([]int8, len(sv.dead))
	for i, d := range sv.dead {
		dm[i] = sv.margin[d]
	}
	end := lf.nodesEnd
	lf.nodesAt[l] = end
	lf.refs[l] = refs
	head := [nodesHeadWords]uint64{uint64(len(sv.keys)), uint64(sv.nNon), uint64(len(sv.dead)), uint64(len(refs))}
	lf.nodesEnd = end + recordLen(head)
	return writeParts(lf.nodes, end, bytesOf(head[:]), bytesOf(sv.keys), bytesOf(sv.termM), bytesOf(sv.dead), bytesOf(dm), bytesOf(refs))
}

// nodesHeadWords is the length of a layer's head in the nodes file: its
// numbers of keys, of non-terminal keys, of dead ends and of later layers
// its moves lead to.
const nodesHeadWords = 4

// recordLen is the length in the nodes file of the layer with head h.
func recordLen(h [nodesHeadWords]uint64) int64 {
	n, nNon, nDead, nRefs := int64(h[0]), int64(h[1]), int64(h[2]), int64(h[3])
	return 8*nodesHeadWords + 8*n + (n - nNon) + 4*nDead + nDead + 8*nRefs
}

// nodesHead reads the head of the layer at offset at of the nodes file.
func (lf *layerFiles) nodesHead(at int64) ([nodesHeadWords]uint64, error) {
	var h [nodesHeadWords]uint64
	if _, err := lf.nodes.ReadAt(bytesOf(h[:]), at); err != nil {
		return h, fmt.Errorf("solve: layers: reading %s: %w", lf.nodes.Name(), err)
	}
	if h[1] > h[0] || at+recordLen(h) > lf.nodesEnd {
		return h, fmt.Errorf("solve: layers: %s: a layer at %d of %d, %d positions, runs past the end at %d", lf.nodes.Name(), at, recordLen(h), h[0], lf.nodesEnd)
	}
	return h, nil
}

// readNodes reads layer l's enumeration into sv, the last in the file,
// and cuts the file before it (with keep, at the next checkpoint).
func (lf *layerFiles) readNodes(l uint64, sv *solver) error {
	at := lf.nodesAt[l]
	bad := func(err error) error { return fmt.Errorf("solve: layers: reading %s: %w", lf.nodes.Name(), err) }
	head, err := lf.nodesHead(at)
	if err != nil {
		return err
	}
	n, nNon, nDead := int(head[0]), int(head[1]), int(head[2])
	sv.keys, sv.nNon, sv.termM, sv.dead = make([]uint64, n), nNon, make([]int8, n-nNon), make([]uint32, nDead)
	dm := make([]int8, nDead)
	off := at + 8*nodesHeadWords
	for _, b := range [][]byte{bytesOf(sv.keys), bytesOf(sv.termM), bytesOf(sv.dead), bytesOf(dm)} {
		if _, err := lf.nodes.ReadAt(b, off); err != nil {
			return bad(err)
		}
		off += int64(len(b))
	}
	sv.margin = make(map[uint32]int8, nDead)
	for i, d := range sv.dead {
		sv.margin[d] = dm[i]
	}
	return lf.cutNodes(l, at)
}

// cutNodes forgets layer l, read from offset at of the nodes file, and
// cuts the file there (with keep, at the next checkpoint).
func (lf *layerFiles) cutNodes(l uint64, at int64) error {
	delete(lf.nodesAt, l)
	lf.nodesEnd = at
	if lf.keep {
		return nil
	}
	if err := lf.nodes.Truncate(at); err != nil {
		return fmt.Errorf("solve: layers: reading %s: %w", lf.nodes.Name(), err)
	}
	return nil
}

// writeSolved writes layer l's keys and values at the next multiple of
// the page size in the solved file: their number, the keys, South's
// values, North's values.
func (lf *layerFiles) writeSolved(l uint64, keys []uint64, south, north []int8) error {
	at := lf.placeSolved(l, len(keys))
	return writeParts(lf.solved, at, bytesOf([]uint64{uint64(len(keys))}), bytesOf(keys), bytesOf(south), bytesOf(north))
}

// placeSolved gives layer l, of n positions, its place in the solved file:
// at the next multiple of the page size. It returns the offset.
func (lf *layerFiles) placeSolved(l uint64, n int) int64 {
	page := int64(os.Getpagesize())
	at := (lf.solvedEnd + page - 1) / page * page
	size := 8 + 10*int64(n)
	lf.solvedAt[l] = [2]int64{at, size}
	lf.solvedEnd = at + size
	return at
}

// solvedLayer is a solved layer's part of the solved file, mapped.
type solvedLayer struct {
	data         []byte
	keys         []uint64
	south, north []int8
}

// close unmaps the layer's part (if it is mapped: see mapAtLeast).
func (sl *solvedLayer) close() {
	if len(sl.data) >= mapAtLeast {
		unmapFile(sl.data)
	}
}

// mapAtLeast is the size of the smallest solved part that is mapped; a
// smaller one is read into memory (mapping and unmapping a few pages cost
// more than reading them: on kingulu:holes=4,seeds=4,penultimate=never,
// 3,922 layers, munmap took a sixth of the time).
const mapAtLeast = 1 << 16

// writeParts writes the parts one after the other into f from offset at.
// The files are read back by the process that wrote them, in its byte
// order.
func writeParts(f *os.File, at int64, parts ...[]byte) error {
	for _, b := range parts {
		if _, err := f.WriteAt(b, at); err != nil {
			return fmt.Errorf("solve: layers: writing %s: %w", f.Name(), err)
		}
		at += int64(len(b))
	}
	return nil
}

// bytesOf returns the memory of a slice of fixed-size numbers as bytes.
func bytesOf[T uint64 | uint32 | int8](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}
