package solve

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/gofrs/flock"
	"github.com/google/renameio/v2"

	"github.com/baolab/baolab/engine"
)

// LayerSize is the number of positions of one layer (CountLayers).
type LayerSize struct {
	Layer     uint64 `json:"layer"`     // the engine's layer number
	Name      string `json:"name"`      // engine.Layered.LayerString of Layer
	Positions int64  `json:"positions"` // reachable positions of the layer, terminal ones included
	Terminal  int64  `json:"terminal"`  // terminal positions (dead ends included)
}

// LayerCount sums up a CountLayers run.
type LayerCount struct {
	Ruleset   string
	Layers    int
	Positions int64 // reachable positions, terminal ones included
	Terminal  int64
	Largest   LayerSize
	// Bytes is the peak of the tables of one layer plus the keys waiting
	// for later layers; Elapsed the wall time.
	Bytes   int64
	Elapsed time.Duration
	// Resumed is how many of the layers, holding ResumedPositions
	// positions, an earlier run had counted (Options.LayerDir).
	Resumed          int
	ResumedPositions int64
}

// add counts one more layer in.
func (r *LayerCount) add(s LayerSize) {
	r.Layers++
	r.Positions += s.Positions
	r.Terminal += s.Terminal
	if s.Positions > r.Largest.Positions {
		r.Largest = s
	}
}

// CountLayers counts the positions reachable from start layer by layer,
// for a game whose positions fall into layers that no move goes back to
// (engine.Layered; in kingulu a layer is the banks and the reserved
// holes). Layers are enumerated one at a time in increasing order, as
// Solve enumerates a board, from the positions that moves of earlier
// layers lead to. Only the layer being enumerated and the keys waiting
// for later layers are in memory, and Options.MaxPositions bounds the two
// together; when more than an eighth of it wait, the longest lists go to
// files in Options.TempDir, removed at the end. With Options.LayerMem a
// layer whose tables would take more memory is enumerated out of core, as
// SolveLayers enumerates it (sorted files in Options.TempDir; the same
// counts), and the keys waiting go to files sooner. With Options.LayerDir the
// count is kept there instead, checkpointed, and a run given the same
// LayerDir again continues from the last checkpoint: each is first called
// with the layers finished before it, then with the rest. Keys are the engine's
// keys within a layer, so a board whose whole keys are too long for Solve
// (the default kingulu board) can be counted. each is called with every layer as soon as it is complete, in
// increasing layer order: a run stopped by the limit has reported every
// layer it finished. The layers' positions add up to the positions Solve
// counts (a terminal position is a node of its own, with the layer of its
// position).
func CountLayers(start engine.State, opt Options, each func(LayerSize) error) (*LayerCount, error) {
	return countLayers(start, opt, false, func(s LayerSize, _ []uint64) error { return each(s) }, nil)
}

// countLayers is CountLayers; with refs, each is also given the later
// layers the layer's moves lead to (nil for the layers read back from
// LayerDir). When each returns errStopCount, stopped is called with the
// keys waiting for each later layer (repeats included) and countLayers
// returns errStopCount.
func countLayers(start engine.State, opt Options, refs bool, each func(LayerSize, []uint64) error, stopped func(map[uint64]int64)) (*LayerCount, error) {
	t0 := time.Now()
	opt = opt.withDefaults()
	ruleset := start.Game().Ruleset()
	lay, err := layered(start, MaxKeyBits, "the solver packs")
	if err != nil {
		return nil, err
	}
	gcBegin()
	defer gcEnd()
	sv, ls := newCountSolver(start, lay, opt, ruleset, refs)
	defer ls.close()
	layer, key := lay.LayerKey(start)
	res := &LayerCount{Ruleset: ruleset}
	st := &layerState{Ruleset: ruleset, Start: strconv.FormatUint(layer, 16) + ":" + strconv.FormatUint(key, 16)}
	fresh, err := ls.resumeCount(st, res, each)
	if err != nil {
		return nil, err
	}
	if fresh {
		ls.wait[layer] = &waitList{keys: []uint64{key}} // the start is a non-terminal node, even if over (as in Solve)
		ls.n = 1
	}
	every := opt.checkpointEvery()
	saved := time.Now()
	p := opt.Progress
	p.Stage("layers", -1)
	mem := new(tableMem)
	non, term := newKeyTable(3, false, mem), newKeyTable(0, false, mem) // emptied for each layer
	for len(ls.wait) > 0 {
		if ls.state != "" && time.Since(saved) >= every {
			if err := ls.checkpoint(st); err != nil {
				return nil, err
			}
			saved = time.Now()
		}
		deadM, sl, err := ls.exploreNext(sv, non, term, mem, p, func(k uint64, _ int8) child {
			return child{key: k, layer: ls.cur}
		})
		if err != nil {
			return nil, err
		}
		size := LayerSize{Layer: ls.cur, Name: lay.LayerString(ls.cur), Positions: int64(non.n + term.n), Terminal: int64(term.n + len(deadM))}
		if sl != nil { // enumerated out of core (Options.LayerMem): counted in its files
			size.Positions, size.Terminal = sl.size(deadM)
			sl.close()
		}
		res.add(size)
		st.Done = append(st.Done, size)
		if err := each(size, ls.takeRefs()); err != nil {
			if errors.Is(err, errStopCount) && stopped != nil {
				stopped(ls.waitingSizes())
			}
			return nil, err
		}
	}
	if ls.state != "" {
		if err := ls.checkpoint(st); err != nil {
			return nil, err
		}
	}
	p.Done()
	res.Bytes, res.Elapsed = sv.peak, time.Since(t0)
	return res, nil
}

// newCountSolver makes the solver and layering a layer count works with:
// one layer expander per worker, the wait lists spilled to disk past
// opt.waitingInMemory, a layer larger than opt.LayerMem enumerated out of
// core, and with refs the set of later layers each
// layer's positions point into.
func newCountSolver(start engine.State, lay engine.Layered, opt Options, ruleset string, refs bool) (*solver, *layering) {
	ls := &layering{lay: lay, wait: map[uint64]*waitList{}, spillAt: opt.waitingInMemory(), tempDir: opt.TempDir, state: opt.LayerDir, stateName: countFile, dirty: map[uint64]bool{},
		layerMem: opt.LayerMem, spillDir: opt.TempDir}
	if refs {
		ls.refs = map[uint64]bool{}
	}
	sv := &solver{opt: opt, ruleset: ruleset, layers: ls}
	for range opt.Workers {
		sv.ex = append(sv.ex, newLayerExpander(start, lay))
	}
	return sv, ls
}

// resumeCount reads the count in progress in ls's state directory, if
// there is one: each layer it finished is added to res and st.Done and
// given to each again (with no refs). fresh reports that there was none,
// so the count begins at the start position.
func (ls *layering) resumeCount(st *layerState, res *LayerCount, each func(LayerSize, []uint64) error) (fresh bool, err error) {
	if ls.state == "" {
		return true, nil
	}
	old, err := ls.open(st)
	if err != nil {
		return false, err
	}
	if old == nil {
		return true, nil
	}
	for _, s := range old.Done {
		res.add(s)
		res.Resumed++
		res.ResumedPositions += s.Positions
		if err := each(s, nil); err != nil {
			return false, err
		}
	}
	st.Done = old.Done
	return false, nil
}

// takeRefs returns the layers the last layer's positions pointed into, in
// order, and empties the set for the next layer (nil when not asked for).
func (ls *layering) takeRefs() []uint64 {
	if ls.refs == nil {
		return nil
	}
	rs := slices.Sorted(maps.Keys(ls.refs))
	clear(ls.refs)
	return rs
}

// waitingSizes gives the positions waiting for each layer not yet
// explored, in memory and spilled to disk.
func (ls *layering) waitingSizes() map[uint64]int64 {
	waiting := map[uint64]int64{}
	for l, wl := range ls.wait {
		waiting[l] = int64(wl.size()) + wl.onDisk
	}
	return waiting
}

// exploreNext makes the lowest waiting layer the current one and
// enumerates it into non and term (emptied first) from the keys waiting for
// it, each made a node by node; p counts the waiting keys. It returns the
// layer's dead ends. CountLayers and SolveLayers enumerate so. A layer
// that outgrows the memory a layer may take (layering.layerMem: its
// waiting keys, or its tables as it is explored) goes on out of core:
// exploreNext then returns it in files (spilledLayer), and non and term
// are left empty.
func (ls *layering) exploreNext(sv *solver, non, term *keyTable, mem *tableMem, p Progress, node func(k uint64, margin int8) child) (map[uint64]int8, *spilledLayer, error) {
	ls.cur = slices.Min(keysOf(ls.wait))
	wl := ls.wait[ls.cur]
	delete(ls.wait, ls.cur)
	ls.n -= int64(wl.size())
	ls.nTerm -= int64(len(wl.term))
	non.clear()
	term.clear()
	for _, x := range sv.ex {
		x.layer = ls.cur
	}
	deadM := map[uint64]int8{}
	if ls.overBudget(int64(wl.size()) + wl.onDisk) {
		sl, err := ls.outOfCore(sv, non, term, deadM, func(sl *spilledLayer) error {
			return ls.roots(wl, func(k uint64, m int8) error { return sl.add(node(k, m)) })
		})
		return deadM, sl, err
	}
	err := ls.roots(wl, func(k uint64, m int8) error { return sv.addNode(non, term, node(k, m)) })
	if err != nil {
		return nil, nil, err
	}
	p.Add(int64(non.n + term.n))
	err = sv.explore(non, term, deadM, mem)
	if errors.Is(err, errOverBudget) {
		sl, err := ls.outOfCore(sv, non, term, deadM, func(*spilledLayer) error { return nil })
		return deadM, sl, err
	}
	if err != nil {
		return nil, nil, err
	}
	return deadM, nil, nil
}

// outOfCore goes on with the current layer out of core (see spill.go):
// from the nodes of the tables, and those seed adds.
func (ls *layering) outOfCore(sv *solver, non, term *keyTable, deadM map[uint64]int8, seed func(*spilledLayer) error) (*spilledLayer, error) {
	sl, err := newSpilledLayer(ls.spillDir, ls.layerMem, ls.spillHook)
	if err != nil {
		return nil, err
	}
	sl.noMargins = !ls.margins
	err = seed(sl)
	if err == nil {
		err = sl.seedTables(non, term)
	}
	if err == nil {
		err = sv.exploreOutOfCore(sl, deadM)
	}
	if err != nil {
		sl.close()
		return nil, err
	}
	return sl, nil
}

// layered returns start's game as an engine.Layered, or why its board
// cannot be taken layer by layer: it has no layers (ErrNoLayers), or its
// layer keys are longer than maxBits, which the packer (what) holds
// (ErrTooBig).
func layered(start engine.State, maxBits int, what string) (engine.Layered, error) {
	ruleset := start.Game().Ruleset()
	lay, ok := start.Game().(engine.Layered)
	if !ok {
		return nil, fmt.Errorf("%w: %s: the game's positions have no layers (engine.Layered)", ErrNoLayers, ruleset)
	}
	if bits := lay.LayerKeyBits(start); bits > maxBits {
		return nil, fmt.Errorf("%w: %s: a layer key takes %d bits, %s at most %d", ErrTooBig, ruleset, bits, what, maxBits)
	}
	return lay, nil
}

// ErrNoLayers is wrapped by CountLayers' error for a game without layers.
var ErrNoLayers = errors.New("no layers")

// ErrBadCount is wrapped by CountLayers' and SolveLayers' error when
// Options.LayerDir holds something else than a run of the same board that
// it can continue: a count or solve of another ruleset, a count where a
// solve is asked for (or the other way round), or files that disagree
// with the state file.
var ErrBadCount = errors.New("cannot continue")

// ErrCountBusy is wrapped by CountLayers' and SolveLayers' error when
// another run is counting or solving in the same Options.LayerDir.
var ErrCountBusy = errors.New("count in use")

// The state files of a count and of a solve in Options.LayerDir.
const (
	countFile = "count.json"
	solveFile = "solve.json"
)

// checkpointEvery is the time between two checkpoints in Options.LayerDir.
func (o Options) checkpointEvery() time.Duration {
	if o.Checkpoint == 0 {
		return time.Minute
	}
	return o.Checkpoint
}

// layerState is the content of count.json (or solve.json): what a count
// (or a solve) had done at its last checkpoint.
type layerState struct {
	Ruleset string           `json:"ruleset"`
	Start   string           `json:"start"`   // the start's layer and key, hexadecimal
	Done    []LayerSize      `json:"done"`    // the layers finished (a solve: enumerated), in order
	Waiting map[string]int64 `json:"waiting"` // keys in wait/<layer>.keys, by layer (hexadecimal)
	Solve   *solveState      `json:"solve,omitempty"`
}

// layering holds the keys that moves of the layer being enumerated (cur)
// lead to in later layers, by layer, until their layer's turn. When more
// than spillAt keys wait in memory, the lists are sorted, freed of
// repeats and appended to a file per layer in dir (made in tempDir at the
// first spill, or state/wait with a state directory).
type layering struct {
	lay     engine.Layered
	cur     uint64
	wait    map[uint64]*waitList
	n       int64 // keys waiting in memory
	nTerm   int64 // of them, terminal nodes waiting with their margins
	spillAt int64
	tempDir string
	tmp     *tempDir // the directory of the waiting files without a state directory, once made
	dir     string
	state   string // Options.LayerDir, or ""
	// stateName is the state file in state: countFile or solveFile.
	stateName string
	dirty     map[uint64]bool // layers whose files grew since the last checkpoint
	used      []uint64        // layers read from their files since the last checkpoint, whose files it removes
	lock      *flock.Flock
	rbuf      []uint64 // roots' buffer
	// For SolveLayers: a terminal node's key waits with its margin beside
	// it (waitList.term), and refs gathers the later layers the moves of
	// cur lead to.
	margins bool
	refs    map[uint64]bool
	// For SolveLayers with Options.LayerMem: the memory a layer may take
	// before it goes on out of core, in files made in spillDir
	// (Options.TempDir), and a function called at the end of each
	// generation there (tests).
	layerMem  int64
	spillDir  string
	spillHook func(stage string) error
}

// open locks the state directory and reads the run in it, if any (nil for
// a new one) and the keys waiting, whose files it cuts back to their
// length at the checkpoint. Files of layers the checkpoint does not list
// (written after it, or read and done) are removed.
func (ls *layering) open(st *layerState) (*layerState, error) {
	ls.dir = filepath.Join(ls.state, "wait")
	if err := os.MkdirAll(ls.dir, 0o755); err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	ls.lock = flock.New(filepath.Join(ls.state, "lock"))
	if ok, err := ls.lock.TryLock(); err != nil {
		return nil, fmt.Errorf("solve: layers: locking %s: %w", ls.state, err)
	} else if !ok {
		return nil, fmt.Errorf("%w: another run is using %s", ErrCountBusy, ls.state)
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w in %s: %s", ErrBadCount, ls.state, fmt.Sprintf(format, a...))
	}
	other := map[string]string{countFile: solveFile, solveFile: countFile}[ls.stateName]
	if _, err := os.Stat(filepath.Join(ls.state, other)); err == nil {
		what := map[string]string{countFile: "a count (--layers)", solveFile: "a solve (--method layers)"}
		return nil, bad("it holds %s, not %s", what[other], what[ls.stateName])
	}
	old := &layerState{}
	b, err := os.ReadFile(filepath.Join(ls.state, ls.stateName))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old.Waiting = map[string]int64{} // a new run: no file is kept
	case err != nil:
		return nil, fmt.Errorf("solve: layers: %w", err)
	default:
		if err := json.Unmarshal(b, old); err != nil {
			return nil, bad("%s: %v", ls.stateName, err)
		}
		if old.Ruleset != st.Ruleset || old.Start != st.Start {
			return nil, bad("it holds a count of %s from %s, not of %s from %s", old.Ruleset, old.Start, st.Ruleset, st.Start)
		}
		if old.Done == nil {
			old.Done = []LayerSize{}
		}
	}
	files, err := os.ReadDir(ls.dir)
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".keys")
		n, kept := old.Waiting[name]
		if !ok || !kept {
			if err := os.Remove(filepath.Join(ls.dir, f.Name())); err != nil {
				return nil, fmt.Errorf("solve: layers: %w", err)
			}
			continue
		}
		info, err := f.Info()
		if err != nil {
			return nil, fmt.Errorf("solve: layers: %w", err)
		}
		if info.Size() < 8*n {
			return nil, bad("wait/%s holds %d bytes, %s counts %d keys", f.Name(), info.Size(), ls.stateName, n)
		}
		if err := os.Truncate(filepath.Join(ls.dir, f.Name()), 8*n); err != nil {
			return nil, fmt.Errorf("solve: layers: %w", err)
		}
	}
	for name, n := range old.Waiting {
		l, err := strconv.ParseUint(name, 16, 64)
		if err != nil || n <= 0 || name != strconv.FormatUint(l, 16) {
			return nil, bad("%s: waiting %q: %d", ls.stateName, name, n)
		}
		if _, err := os.Stat(ls.file(l)); err != nil {
			return nil, bad("%v", err)
		}
		ls.wait[l] = &waitList{onDisk: n}
	}
	if old.Done == nil {
		return nil, nil
	}
	return old, nil
}

// checkpoint writes every key waiting in memory to its file, syncs the
// files that grew, writes the state file (count.json or solve.json) with
// st, and then removes the files of the layers read since the last
// checkpoint.
func (ls *layering) checkpoint(st *layerState) error {
	if err := ls.spill(0); err != nil {
		return err
	}
	if len(ls.dirty) > 0 {
		names := make([]string, 0, len(ls.dirty))
		for l := range ls.dirty {
			names = append(names, filepath.Base(ls.file(l)))
		}
		if err := syncFiles(ls.dir, names); err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
	}
	clear(ls.dirty)
	st.Waiting = map[string]int64{}
	for l, wl := range ls.wait {
		if wl.onDisk > 0 {
			st.Waiting[strconv.FormatUint(l, 16)] = wl.onDisk
		}
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("solve: layers: %w", err)
	}
	if err := renameio.WriteFile(filepath.Join(ls.state, ls.stateName), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("solve: layers: saving the count: %w", err)
	}
	for _, l := range ls.used {
		if err := os.Remove(ls.file(l)); err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
	}
	ls.used = ls.used[:0]
	return nil
}

// waitList is the keys waiting for one layer (with repeats; the first
// sorted, repeat-free ones are clean), and how many more words are in its
// file. With layering.margins the terminal nodes wait in term instead,
// each with its margin beside its key, so that a key may take every bit
// below the flags (engine keys of up to MaxKeyBits bits); in the file a
// terminal node is two words, its key (with its flag) and its margin.
type waitList struct {
	keys      []uint64
	clean     int
	term      []termKey
	termClean int
	onDisk    int64
}

// termKey is a terminal node waiting for its layer, and its margin (a
// word, so that a list of them is a list of words: see termWords).
type termKey struct {
	key    uint64
	margin uint64 // uint64(uint8(margin))
}

// termWords returns the memory of a list of terminal nodes as words, two
// a node.
func termWords(t []termKey) []uint64 {
	if len(t) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&t[0])), 2*len(t))
}

// size is the number of keys waiting in memory.
func (wl *waitList) size() int { return len(wl.keys) + len(wl.term) }

// file returns the path of the file of layer l's waiting keys.
func (ls *layering) file(l uint64) string {
	return filepath.Join(ls.dir, strconv.FormatUint(l, 16)+".keys")
}

// spill appends the longest waiting lists to their layers' files, until
// at most target keys wait in memory.
func (ls *layering) spill(target int64) error {
	if ls.dir == "" {
		tmp, err := makeTempDir(ls.tempDir, "baolab-layers-")
		if err != nil {
			return err
		}
		ls.tmp, ls.dir = tmp, tmp.path
	}
	var order []uint64 // layers, longest list first
	for l, wl := range ls.wait {
		if wl.size() > 0 {
			order = append(order, l)
		}
	}
	slices.SortFunc(order, func(a, b uint64) int { return ls.wait[b].size() - ls.wait[a].size() })
	for _, l := range order {
		if ls.n <= target {
			break
		}
		wl := ls.wait[l]
		ls.compact(wl)
		f, err := os.OpenFile(ls.file(l), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err == nil {
			_, err = f.Write(bytesOf(wl.keys)) // in this machine's byte order, as roots reads them
			if err == nil {
				_, err = f.Write(bytesOf(termWords(wl.term)))
			}
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fmt.Errorf("solve: layers: keeping the keys of later layers: %w", err)
		}
		ls.n -= int64(wl.size())
		ls.nTerm -= int64(len(wl.term))
		wl.onDisk += int64(len(wl.keys) + 2*len(wl.term))
		wl.keys, wl.clean, wl.term, wl.termClean = nil, 0, nil, 0
		ls.dirty[l] = true
	}
	return nil
}

// roots calls add with every key waiting for the layer of wl (and, with
// margins, a terminal node's margin; 0 otherwise), from its file first,
// and removes the file (with a state directory, at the next checkpoint).
func (ls *layering) roots(wl *waitList, add func(key uint64, margin int8) error) error {
	if wl.onDisk > 0 {
		name := ls.file(ls.cur)
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
		if ls.rbuf == nil {
			ls.rbuf = make([]uint64, 1<<16)
		}
		var term uint64 // a terminal key whose margin is the next word
		for left := wl.onDisk; left > 0; {
			b := ls.rbuf[:min(left, int64(len(ls.rbuf)))]
			if _, err := io.ReadFull(f, bytesOf(b)); err != nil {
				f.Close()
				return fmt.Errorf("solve: layers: reading %s: %w", name, err)
			}
			for _, k := range b {
				var err error
				switch {
				case term != 0:
					err, term = add(term, int8(k)), 0
				case ls.margins && k&(FlagTerminal|FlagInfinite) != 0:
					term = k
				default:
					err = add(k, 0)
				}
				if err != nil {
					f.Close()
					return err
				}
			}
			left -= int64(len(b))
		}
		f.Close()
		if term != 0 {
			return fmt.Errorf("solve: layers: %s ends within a terminal node", name)
		}
		delete(ls.dirty, ls.cur)
		if ls.state != "" {
			ls.used = append(ls.used, ls.cur)
		} else if err := os.Remove(name); err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
	}
	for _, k := range wl.keys {
		if err := add(k, 0); err != nil {
			return err
		}
	}
	for _, t := range wl.term {
		if err := add(t.key, int8(t.margin)); err != nil {
			return err
		}
	}
	return nil
}

// compact sorts wl's keys in memory and drops their repeats (a terminal
// node has one margin, so its repeats are the same pair).
func (ls *layering) compact(wl *waitList) {
	slices.Sort(wl.keys)
	k := slices.Compact(wl.keys)
	ls.n -= int64(len(wl.keys) - len(k))
	wl.keys, wl.clean = k, len(k)
	slices.SortFunc(wl.term, func(a, b termKey) int { return cmp.Compare(a.key, b.key) })
	t := slices.Compact(wl.term)
	ls.n -= int64(len(wl.term) - len(t))
	ls.nTerm -= int64(len(wl.term) - len(t))
	wl.term, wl.termClean = t, len(t)
}

// close removes the files of the keys waiting, if any, unless they are
// in a state directory, which it unlocks.
func (ls *layering) close() {
	switch {
	case ls.state != "":
		if ls.lock != nil {
			ls.lock.Unlock()
		}
	case ls.tmp != nil:
		ls.tmp.remove()
	}
}

func keysOf(m map[uint64]*waitList) []uint64 {
	ks := make([]uint64, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// waiting returns the number of keys waiting (0 when not counting layers).
func (ls *layering) waiting() int64 {
	if ls == nil {
		return 0
	}
	return ls.n
}

// bytes returns the memory of the waiting keys: a word each, and one
// more for a terminal node's margin.
func (ls *layering) bytes() int64 {
	if ls == nil {
		return 0
	}
	return 8 * (ls.n + ls.nTerm)
}

func (ls *layering) name() string { return ls.lay.LayerString(ls.cur) }

// hold keeps the node a move leads to in a later layer for that layer,
// if there is room. A list twice as long as its repeat-free part is
// sorted and its repeats dropped.
func (ls *layering) hold(c child, room bool, sv *solver) error {
	if c.layer < ls.cur {
		return fmt.Errorf("solve: %s: a move leads from layer %s back to layer %s", sv.ruleset, ls.name(), ls.lay.LayerString(c.layer))
	}
	wl := ls.wait[c.layer]
	if wl == nil {
		wl = &waitList{}
		ls.wait[c.layer] = wl
	}
	if len(wl.keys) >= 1024 && len(wl.keys) >= 2*wl.clean || len(wl.term) >= 1024 && len(wl.term) >= 2*wl.termClean {
		ls.compact(wl)
	}
	if !room {
		return sv.tooMany()
	}
	if ls.refs != nil {
		ls.refs[c.layer] = true
	}
	if ls.margins && c.key&(FlagTerminal|FlagInfinite) != 0 {
		wl.term = append(wl.term, termKey{key: c.key, margin: uint64(uint8(c.margin))})
		ls.nTerm++
	} else {
		wl.keys = append(wl.keys, c.key)
	}
	if ls.n++; ls.n > ls.spillAt {
		return ls.spill(ls.spillAt / 2)
	}
	return nil
}
