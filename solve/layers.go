package solve

import (
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
// files in Options.TempDir, removed at the end. With Options.LayerDir the
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
	ls := &layering{lay: lay, wait: map[uint64]*waitList{}, spillAt: max(opt.MaxPositions/8, 1), tempDir: opt.TempDir, state: opt.LayerDir, stateName: countFile, dirty: map[uint64]bool{}}
	defer ls.close()
	if refs {
		ls.refs = map[uint64]bool{}
	}
	sv := &solver{opt: opt, ruleset: ruleset, layers: ls}
	for range opt.Workers {
		sv.ex = append(sv.ex, newLayerExpander(start, lay))
	}
	layer, key := lay.LayerKey(start)
	res := &LayerCount{Ruleset: ruleset}
	st := &layerState{Ruleset: ruleset, Start: strconv.FormatUint(layer, 16) + ":" + strconv.FormatUint(key, 16)}
	fresh := true
	if ls.state != "" {
		old, err := ls.open(st)
		if err != nil {
			return nil, err
		}
		fresh = old == nil
		var done []LayerSize
		if old != nil {
			done = old.Done
		}
		for _, s := range done {
			res.add(s)
			res.Resumed++
			res.ResumedPositions += s.Positions
			if err := each(s, nil); err != nil {
				return nil, err
			}
		}
		st.Done = done
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
		deadM, err := ls.exploreNext(sv, non, term, mem, p, func(k uint64) child {
			return child{key: k, layer: ls.cur}
		})
		if err != nil {
			return nil, err
		}
		size := LayerSize{Layer: ls.cur, Name: lay.LayerString(ls.cur), Positions: int64(non.n + term.n), Terminal: int64(term.n + len(deadM))}
		res.add(size)
		st.Done = append(st.Done, size)
		var rs []uint64
		if ls.refs != nil {
			rs = slices.Sorted(maps.Keys(ls.refs))
			clear(ls.refs)
		}
		if err := each(size, rs); err != nil {
			if errors.Is(err, errStopCount) && stopped != nil {
				waiting := map[uint64]int64{}
				for l, wl := range ls.wait {
					waiting[l] = int64(len(wl.keys)) + wl.onDisk
				}
				stopped(waiting)
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

// exploreNext makes the lowest waiting layer the current one and
// enumerates it into non and term (emptied first) from the keys waiting for
// it, each made a node by node; p counts the waiting keys. It returns the
// layer's dead ends. CountLayers and SolveLayers enumerate so.
func (ls *layering) exploreNext(sv *solver, non, term *keyTable, mem *tableMem, p Progress, node func(k uint64) child) (map[uint64]int8, error) {
	ls.cur = slices.Min(keysOf(ls.wait))
	wl := ls.wait[ls.cur]
	delete(ls.wait, ls.cur)
	ls.n -= int64(len(wl.keys))
	non.clear()
	term.clear()
	err := ls.roots(wl, func(k uint64) error { return sv.addNode(non, term, node(k)) })
	if err != nil {
		return nil, err
	}
	p.Add(int64(non.n + term.n))
	for _, x := range sv.ex {
		x.layer = ls.cur
	}
	deadM := map[uint64]int8{}
	if err := sv.explore(non, term, deadM, mem); err != nil {
		return nil, err
	}
	return deadM, nil
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
	// For SolveLayers: a terminal node's key waits with its margin (at
	// marginShift), and refs gathers the later layers the moves of cur
	// lead to.
	margins bool
	refs    map[uint64]bool
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
// sorted, repeat-free ones are clean), and how many more are in its file.
type waitList struct {
	keys   []uint64
	clean  int
	onDisk int64
}

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
		if len(wl.keys) > 0 {
			order = append(order, l)
		}
	}
	slices.SortFunc(order, func(a, b uint64) int { return len(ls.wait[b].keys) - len(ls.wait[a].keys) })
	for _, l := range order {
		if ls.n <= target {
			break
		}
		wl := ls.wait[l]
		ls.compact(wl)
		f, err := os.OpenFile(ls.file(l), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err == nil {
			_, err = f.Write(bytesOf(wl.keys)) // in this machine's byte order, as roots reads them
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fmt.Errorf("solve: layers: keeping the keys of later layers: %w", err)
		}
		ls.n -= int64(len(wl.keys))
		wl.onDisk += int64(len(wl.keys))
		wl.keys, wl.clean = nil, 0
		ls.dirty[l] = true
	}
	return nil
}

// roots calls add with every key waiting for the layer of wl, from its
// file first, and removes the file (with a state directory, at the next
// checkpoint).
func (ls *layering) roots(wl *waitList, add func(uint64) error) error {
	if wl.onDisk > 0 {
		name := ls.file(ls.cur)
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
		if ls.rbuf == nil {
			ls.rbuf = make([]uint64, 1<<16)
		}
		for left := wl.onDisk; left > 0; {
			b := ls.rbuf[:min(left, int64(len(ls.rbuf)))]
			if _, err := io.ReadFull(f, bytesOf(b)); err != nil {
				f.Close()
				return fmt.Errorf("solve: layers: reading %s: %w", name, err)
			}
			for _, k := range b {
				if err := add(k); err != nil {
					f.Close()
					return err
				}
			}
			left -= int64(len(b))
		}
		f.Close()
		delete(ls.dirty, ls.cur)
		if ls.state != "" {
			ls.used = append(ls.used, ls.cur)
		} else if err := os.Remove(name); err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
	}
	for _, k := range wl.keys {
		if err := add(k); err != nil {
			return err
		}
	}
	return nil
}

// compact sorts wl's keys in memory and drops their repeats.
func (ls *layering) compact(wl *waitList) {
	slices.Sort(wl.keys)
	k := slices.Compact(wl.keys)
	ls.n -= int64(len(wl.keys) - len(k))
	wl.keys, wl.clean = k, len(k)
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

// bytes returns the memory of the waiting keys.
func (ls *layering) bytes() int64 { return 8 * ls.waiting() }

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
	if len(wl.keys) >= 1024 && len(wl.keys) >= 2*wl.clean {
		ls.compact(wl)
	}
	if !room {
		return sv.tooMany()
	}
	key := c.key
	if ls.margins && key&(FlagTerminal|FlagInfinite) != 0 {
		key |= uint64(uint8(c.margin)) << marginShift
	}
	if ls.refs != nil {
		ls.refs[c.layer] = true
	}
	wl.keys = append(wl.keys, key)
	if ls.n++; ls.n > ls.spillAt {
		return ls.spill(ls.spillAt / 2)
	}
	return nil
}
