package solve

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/google/renameio/v2"

	"github.com/baolab/baolab/engine"
)

// A distributed layered solve runs SolveLayers' steps in several
// processes sharing one directory (Options.LayerDir), so that the layers
// of one wave can be solved at the same time on several machines:
//
//   - EnumerateLayers enumerates every layer, as SolveLayers does, into
//     the directory (checkpointed and continued as SolveLayers is), and
//     writes waves.json: the layers grouped into waves, wave 0 the layers
//     whose moves lead to no other layer, wave w+1 those whose moves lead
//     only to layers of waves up to w. No layer depends on another of its
//     own wave.
//   - SolveLayerTask solves chosen layers, each once every layer its moves
//     lead to is solved, into layers/<layer>.solved (the layer's keys and
//     values, as in SolveLayers' solved file) beside layers/<layer>.json
//     (its moves, cycles and memory). Each file is written to a temporary
//     name, synced and renamed, so a task killed at any point leaves a
//     layer either solved or not; run again, it solves again, from the
//     layer's enumeration, exactly the layers not solved.
//   - FinishLayers checks that every layer is solved and looks the start
//     position and its moves up, giving SolveLayers' Result.
//
// Nothing but layers/ is written after EnumerateLayers: any number of
// tasks may run at once, each on layers of its own.

// The files of a distributed solve in Options.LayerDir, beside
// SolveLayers' own.
const (
	wavesFile     = "waves.json"
	layersDirName = "layers"
)

// LayerWaves is the content of waves.json: the layers of a board in
// waves, wave 0 first (solved first).
type LayerWaves struct {
	Ruleset string        `json:"ruleset"`
	Start   string        `json:"start"`
	Waves   [][]WaveLayer `json:"waves"`
}

// WaveLayer is one layer of a wave: its size and the later layers its
// moves lead to.
type WaveLayer struct {
	LayerSize
	Refs []uint64 `json:"refs"`
}

// Layers returns the number of layers of all waves.
func (w *LayerWaves) Layers() int {
	n := 0
	for _, wv := range w.Waves {
		n += len(wv)
	}
	return n
}

// ErrLayerMissing is wrapped by the error of SolveLayerTask for a layer
// whose moves lead to a layer not solved yet, and by FinishLayers' for a
// layer not solved: the message names the layer.
var ErrLayerMissing = errors.New("layer not solved")

// ErrNotEnumerated is wrapped by the errors of SolveLayerTask and
// FinishLayers when Options.LayerDir holds no finished EnumerateLayers.
var ErrNotEnumerated = errors.New("not enumerated")

// wavesOf groups layers (with the later layers each one's moves lead to)
// into waves: a layer whose moves lead to no other layer is in wave 0,
// any other one wave after the latest of those it leads to. Layers are
// listed in increasing order within a wave.
func wavesOf(sizes []LayerSize, refs map[uint64][]uint64) [][]WaveLayer {
	wave := map[uint64]int{}
	byLayer := slices.Clone(sizes)
	slices.SortFunc(byLayer, func(a, b LayerSize) int { return cmpUint(a.Layer, b.Layer) })
	var waves [][]WaveLayer
	for _, s := range slices.Backward(byLayer) { // moves lead to larger layers only
		w := 0
		for _, r := range refs[s.Layer] {
			w = max(w, wave[r]+1)
		}
		wave[s.Layer] = w
		for len(waves) <= w {
			waves = append(waves, nil)
		}
		rs := refs[s.Layer]
		if rs == nil {
			rs = []uint64{}
		}
		waves[w] = append(waves[w], WaveLayer{LayerSize: s, Refs: rs})
	}
	for _, wv := range waves {
		slices.SortFunc(wv, func(a, b WaveLayer) int { return cmpUint(a.Layer, b.Layer) })
	}
	return waves
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// EnumerateLayers enumerates start's board layer by layer into
// Options.LayerDir (required), as SolveLayers does before it solves, and
// writes and returns its waves (see above). Run again with the same
// directory, it continues from its last checkpoint; a finished
// enumeration only reads its waves back. A directory in which
// SolveLayers has begun to solve layers is refused (ErrBadCount).
func EnumerateLayers(start engine.State, opt Options) (*LayerWaves, error) {
	if opt.LayerDir == "" {
		return nil, errors.New("solve: EnumerateLayers needs Options.LayerDir")
	}
	r, err := openLayerRun(start, opt, layerHooks{}, true)
	if err != nil {
		return nil, err
	}
	defer r.close()
	if len(r.order) != len(r.st.Done) {
		return nil, fmt.Errorf("%w in %s: a one-process solve has solved %d of its layers there", ErrBadCount, r.dir, len(r.st.Done)-len(r.order))
	}
	if err := r.enumerate(); err != nil {
		return nil, err
	}
	w := &LayerWaves{Ruleset: r.ruleset, Start: r.st.Start, Waves: wavesOf(r.st.Done, r.lf.refs)}
	if err := os.MkdirAll(filepath.Join(r.dir, layersDirName), 0o755); err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	if err := writeJSON(filepath.Join(r.dir, wavesFile), w); err != nil {
		return nil, err
	}
	return w, nil
}

// writeJSON writes v as indented JSON to path, through a temporary file
// synced and renamed.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("solve: layers: %w", err)
	}
	if err := renameio.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("solve: layers: %w", err)
	}
	return nil
}

// distributed is a finished EnumerateLayers' directory, read without a
// lock (nothing there changes but layers/).
type distributed struct {
	dir    string
	st     *layerState
	waves  *LayerWaves
	byID   map[uint64]WaveLayer
	waveOf map[uint64]int
	lay    engine.Layered
}

// ReadLayerWaves reads the waves of a finished EnumerateLayers in dir.
func ReadLayerWaves(dir string) (*LayerWaves, error) {
	w := &LayerWaves{}
	b, err := os.ReadFile(filepath.Join(dir, wavesFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s has no %s: enumerate the board there first (baolab solve --layers --dir %s --enumerate)", ErrNotEnumerated, dir, wavesFile, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	if err := json.Unmarshal(b, w); err != nil {
		return nil, fmt.Errorf("%w in %s: %s: %v", ErrBadCount, dir, wavesFile, err)
	}
	return w, nil
}

// openDistributed reads dir's state and waves and checks they are of
// start's board.
func openDistributed(start engine.State, dir string) (*distributed, error) {
	lay, err := layered(start, MaxKeyBits, "the solver packs")
	if err != nil {
		return nil, err
	}
	d := &distributed{dir: dir, lay: lay, st: &layerState{}, byID: map[uint64]WaveLayer{}, waveOf: map[uint64]int{}}
	if d.waves, err = ReadLayerWaves(dir); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, solveFile))
	if err != nil {
		return nil, fmt.Errorf("%w in %s: %v", ErrBadCount, dir, err)
	}
	if err := json.Unmarshal(b, d.st); err != nil || d.st.Solve == nil {
		return nil, fmt.Errorf("%w in %s: %s: %v", ErrBadCount, dir, solveFile, err)
	}
	l, k := lay.LayerKey(start)
	ruleset := start.Game().Ruleset()
	if d.st.Ruleset != ruleset || d.st.Start != startString(l, k) || d.waves.Ruleset != ruleset {
		return nil, fmt.Errorf("%w in %s: it holds a solve of %s from %s, not of %s from %s", ErrBadCount, dir, d.st.Ruleset, d.st.Start, ruleset, startString(l, k))
	}
	for w, wv := range d.waves.Waves {
		for _, x := range wv {
			d.byID[x.Layer] = x
			d.waveOf[x.Layer] = w
		}
	}
	return d, nil
}

// solvedPath and statsPath are the files of layer l once solved.
func (d *distributed) solvedPath(l uint64) string {
	return filepath.Join(d.dir, layersDirName, strconv.FormatUint(l, 16)+".solved")
}

func (d *distributed) statsPath(l uint64) string {
	return filepath.Join(d.dir, layersDirName, strconv.FormatUint(l, 16)+".json")
}

// removeTemporary removes the temporary files of layer l's files that a
// task killed before their rename left (named .<file><random>, as
// renameio names them).
func (d *distributed) removeTemporary(l uint64) {
	for _, p := range []string{d.solvedPath(l), d.statsPath(l)} {
		left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+"*"))
		for _, f := range left {
			os.Remove(f)
		}
	}
}

// solved tells whether layer l is solved.
func (d *distributed) solved(l uint64) bool {
	_, err := os.Stat(d.solvedPath(l))
	return err == nil
}

// missing is the error for layer l, needed and not solved.
func (d *distributed) missing(l uint64, by string) error {
	return fmt.Errorf("%w: layer %s (%#x, wave %d) is not solved in %s%s", ErrLayerMissing, d.lay.LayerString(l), l, d.waveOf[l], d.dir, by)
}

// layerStats is layers/<layer>.json: what solving the layer took.
type layerStats struct {
	Edges   int64         `json:"edges"`
	Cyclic  bool          `json:"cyclic"`
	Bytes   int64         `json:"bytes"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// LayerTask is what SolveLayerTask did: the layers it solved, and those it
// found solved before (by an earlier run of the task).
type LayerTask struct {
	Solved, Skipped []uint64
	Positions       int64 // of the layers it solved
	Elapsed         time.Duration
}

// SolveLayerTask solves the given layers of the finished EnumerateLayers
// in Options.LayerDir (see above), skipping those solved already. A layer
// whose moves lead to a layer not solved is refused (ErrLayerMissing,
// naming that layer) before anything is solved; so is a layer that is
// not one of the board's.
func SolveLayerTask(start engine.State, opt Options, layers []uint64) (*LayerTask, error) {
	t0 := time.Now()
	opt = opt.withDefaults()
	d, err := openDistributed(start, opt.LayerDir)
	if err != nil {
		return nil, err
	}
	task := &LayerTask{}
	var todo []uint64
	for _, l := range layers {
		x, ok := d.byID[l]
		if !ok {
			return nil, fmt.Errorf("%w in %s: %#x is not a layer of %s", ErrBadCount, d.dir, l, d.st.Ruleset)
		}
		if d.solved(l) {
			task.Skipped = append(task.Skipped, l)
			continue
		}
		for _, r := range x.Refs {
			if !d.solved(r) {
				return nil, d.missing(r, fmt.Sprintf(", which layer %s (wave %d) leads to: solve wave %d first", d.lay.LayerString(l), d.waveOf[l], d.waveOf[r]))
			}
		}
		todo = append(todo, l)
	}
	if len(todo) == 0 {
		task.Elapsed = time.Since(t0)
		return task, nil
	}
	gcBegin()
	defer gcEnd()
	nodes, err := os.Open(filepath.Join(d.dir, "nodes"))
	if err != nil {
		return nil, fmt.Errorf("%w in %s: %v", ErrNotEnumerated, d.dir, err)
	}
	lf := &layerFiles{nodes: nodes, keep: true, nodesAt: map[uint64]int64{}, open: map[uint64]*solvedLayer{}}
	defer nodes.Close()
	for _, n := range d.st.Solve.Nodes {
		lf.nodesAt[n.Layer] = n.At
	}
	ex := make([]*expander, opt.Workers)
	for w := range ex {
		ex[w] = newLayerExpander(start, d.lay)
	}
	r := &layerRun{opt: opt, ruleset: d.st.Ruleset, ex: ex}
	xt := &external{}
	for _, l := range todo {
		d.removeTemporary(l)
		t1 := time.Now()
		if _, ok := lf.nodesAt[l]; !ok {
			return nil, fmt.Errorf("%w in %s: layer %#x is not in %s", ErrBadCount, d.dir, l, solveFile)
		}
		lsv := r.layerSolver(xt)
		lf.nodesEnd = d.st.Solve.NodesEnd // readNodes cuts it back to the layer read
		n, err := d.solveTaskLayer(lf, l, lsv, xt, opt, func(write func(io.Writer) error) error {
			stats := layerStats{Edges: lsv.nEdges, Cyclic: lsv.cyclic, Bytes: lsv.peak, Elapsed: time.Since(t1)}
			if err := writeJSON(d.statsPath(l), stats); err != nil {
				return err
			}
			return writeFileAtomically(d.solvedPath(l), write) // last: a layer is solved once this file is there
		})
		if err != nil {
			return nil, err
		}
		task.Solved = append(task.Solved, l)
		task.Positions += int64(n)
		opt.Progress.Add(int64(n))
	}
	task.Elapsed = time.Since(t0)
	return task, nil
}

// solveTaskLayer solves layer l of the nodes file (lf), in memory or
// out of core as Options.LayerMem says, the later layers its moves lead
// to mapped into xt, and gives save the function that writes its solved
// file (its statistics are then in lsv). It returns its positions.
func (d *distributed) solveTaskLayer(lf *layerFiles, l uint64, lsv *solver, xt *external, opt Options, save func(write func(io.Writer) error) error) (int, error) {
	head, err := lf.nodesHead(lf.nodesAt[l])
	if err != nil {
		return 0, err
	}
	closeRefs, err := d.openRefs(d.byID[l].Refs, xt)
	if err != nil {
		return 0, err
	}
	defer closeRefs()
	if opt.solveOutOfCore(head[0]) {
		err := solveLayerOutOfCore(lf, l, lsv, opt.TempDir, nil, func(keys []uint64, word []uint32) error {
			return save(func(w io.Writer) error { return writeSolvedWords(w, keys, word) })
		})
		return int(head[0]), err
	}
	if err := lf.readNodes(l, lsv); err != nil {
		return 0, err
	}
	if err := solveLayer(lsv, l); err != nil {
		return 0, err
	}
	n := len(lsv.keys)
	return n, save(func(w io.Writer) error { return writeSolvedValues(w, lsv.keys, lsv.valS[:n], lsv.valN[:n]) })
}

// openRefs maps the solved files of the layers refs into xt and returns
// the function that unmaps them.
func (d *distributed) openRefs(refs []uint64, xt *external) (func(), error) {
	xt.solved = map[uint64]*solvedLayer{}
	var files []*os.File
	done := func() {
		for _, sl := range xt.solved {
			sl.close()
		}
		for _, f := range files {
			f.Close()
		}
		xt.solved = nil
	}
	for _, r := range refs {
		f, err := os.Open(d.solvedPath(r))
		if err != nil {
			done()
			return nil, fmt.Errorf("solve: layers: %w", err)
		}
		files = append(files, f)
		info, err := f.Stat()
		if err != nil {
			done()
			return nil, fmt.Errorf("solve: layers: %w", err)
		}
		sl, err := solvedPart(f, r, 0, info.Size())
		if err != nil {
			done()
			return nil, err
		}
		xt.solved[r] = sl
	}
	return done, nil
}

// writeSolvedValues writes a solved layer as SolveLayers' solved file
// holds one (writeSolved) to w.
func writeSolvedValues(w io.Writer, keys []uint64, south, north []int8) error {
	for _, b := range [][]byte{bytesOf([]uint64{uint64(len(keys))}), bytesOf(keys), bytesOf(south), bytesOf(north)} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomically writes path with write, through a temporary file
// synced and renamed.
func writeFileAtomically(path string, write func(io.Writer) error) error {
	f, err := renameio.NewPendingFile(path, renameio.WithPermissions(0o644))
	if err != nil {
		return fmt.Errorf("solve: layers: %w", err)
	}
	defer f.Cleanup()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := write(bw); err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", path, err)
	}
	if err := f.CloseAtomicallyReplace(); err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", path, err)
	}
	return nil
}

// FinishLayers returns the Result of the distributed solve in
// Options.LayerDir, as SolveLayers returns it: every layer must be solved
// (ErrLayerMissing names the first, in wave order, that is not). Its
// Elapsed is the layers' solve times added up (the wall time of each
// layer's solve, not the enumeration's) and its own; Bytes the largest
// layer's solve or the enumeration's peak.
func FinishLayers(start engine.State, opt Options) (*Result, error) {
	t0 := time.Now()
	opt = opt.withDefaults()
	d, err := openDistributed(start, opt.LayerDir)
	if err != nil {
		return nil, err
	}
	res := &Result{Ruleset: d.st.Ruleset}
	for _, wv := range d.waves.Waves {
		for _, x := range wv {
			b, err := os.ReadFile(d.statsPath(x.Layer))
			if err != nil || !d.solved(x.Layer) {
				return nil, d.missing(x.Layer, "")
			}
			var s layerStats
			if err := json.Unmarshal(b, &s); err != nil {
				return nil, fmt.Errorf("%w in %s: %s: %v", ErrBadCount, d.dir, d.statsPath(x.Layer), err)
			}
			res.Positions += x.Positions
			res.Terminal += x.Terminal
			res.Layers++
			res.LargestLayer = max(res.LargestLayer, x.Positions)
			res.Edges += s.Edges
			res.Cyclic = res.Cyclic || s.Cyclic
			res.Bytes = max(res.Bytes, s.Bytes)
			res.Elapsed += s.Elapsed
		}
	}
	res.EnumerationBytes = d.st.Solve.EnumerationBytes
	res.Bytes = max(res.Bytes, res.EnumerationBytes)
	l, k := d.lay.LayerKey(start)
	r := &layerRun{ruleset: d.st.Ruleset, ex: []*expander{newLayerExpander(start, d.lay)}, rootLayer: l, rootKey: k, res: res}
	xt := &external{}
	var refs []uint64
	for _, x := range []uint64{l} {
		refs = append(refs, x)
	}
	kids, _, _, err := func() ([]child, bool, int8, error) {
		x := r.ex[0]
		x.layer = l
		return x.expand(k, nil)
	}()
	if err != nil {
		return nil, err
	}
	for _, c := range kids {
		if !slices.Contains(refs, c.layer) { // a terminal position too is in its layer's keys
			refs = append(refs, c.layer)
		}
	}
	closeRefs, err := d.openRefs(refs, xt)
	if err != nil {
		return nil, err
	}
	defer closeRefs()
	lookup := func(l, key uint64, ruleset string) (Value, error) {
		sl := xt.solved[l]
		i, ok := slices.BinarySearch(sl.keys, key)
		if !ok {
			return Value{}, fmt.Errorf("solve: %s: node %#x not enumerated in its layer", ruleset, key)
		}
		return Value{South: force(sl.south[i]), North: force(sl.north[i])}, nil
	}
	if err := r.lookUpStart(lookup); err != nil {
		return nil, err
	}
	res.Elapsed += time.Since(t0)
	return res, nil
}
