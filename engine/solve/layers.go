package solve

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/baolab/baolab/engine"
)

// LayerSize is the number of positions of one layer (CountLayers).
type LayerSize struct {
	Layer     uint64 // the engine's layer number
	Name      string // engine.Layered.LayerString of Layer
	Positions int64  // reachable positions of the layer, terminal ones included
	Terminal  int64  // terminal positions (dead ends included)
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
}

// CountLayers counts the positions reachable from start layer by layer,
// for a game whose positions fall into layers that no move goes back to
// (engine.Layered; in kingulu a layer is the banks and the reserved
// holes). Layers are enumerated one at a time in increasing order, as
// Solve enumerates a board, from the positions that moves of earlier
// layers lead to. Only the layer being enumerated and the keys waiting
// for later layers are in memory, and Options.MaxPositions bounds the two
// together; when more than an eighth of it wait, the longest lists go to
// files in Options.TempDir, removed at the end. Keys are the engine's
// keys within a layer, so a board whose whole keys are too long for Solve
// (the default kingulu board) can be counted. each is called with every layer as soon as it is complete, in
// increasing layer order: a run stopped by the limit has reported every
// layer it finished. The layers' positions add up to the positions Solve
// counts (a terminal position is a node of its own, with the layer of its
// position).
func CountLayers(start engine.State, opt Options, each func(LayerSize) error) (*LayerCount, error) {
	t0 := time.Now()
	opt = opt.withDefaults()
	ruleset := start.Game().Ruleset()
	lay, ok := start.Game().(engine.Layered)
	if !ok {
		return nil, fmt.Errorf("%w: %s: the game's positions have no layers (engine.Layered)", ErrNoLayers, ruleset)
	}
	if bits := lay.LayerKeyBits(start); bits > MaxKeyBits {
		return nil, fmt.Errorf("%w: %s: a layer key takes %d bits, the solver packs at most %d", ErrTooBig, ruleset, bits, MaxKeyBits)
	}
	gcBegin()
	defer gcEnd()
	ls := &layering{lay: lay, wait: map[uint64]*waitList{}, spillAt: max(opt.MaxPositions/8, 1), tempDir: opt.TempDir}
	defer ls.removeFiles()
	sv := &solver{opt: opt, ruleset: ruleset, layers: ls}
	for range opt.Workers {
		sv.ex = append(sv.ex, newLayerExpander(start, lay))
	}
	layer, key := lay.LayerKey(start)
	ls.wait[layer] = &waitList{keys: []uint64{key}} // the start is a non-terminal node, even if over (as in Solve)
	ls.n = 1
	res := &LayerCount{Ruleset: ruleset}
	p := opt.Progress
	p.Stage("layers", -1)
	mem := new(tableMem)
	non, term := newKeyTable(3, false, mem), newKeyTable(0, false, mem) // emptied for each layer
	for len(ls.wait) > 0 {
		ls.cur = slices.Min(keysOf(ls.wait))
		wl := ls.wait[ls.cur]
		delete(ls.wait, ls.cur)
		ls.n -= int64(len(wl.keys))
		non.clear()
		term.clear()
		err := ls.roots(wl, func(k uint64) error {
			return sv.addNode(non, term, child{key: k, layer: ls.cur})
		})
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
		size := LayerSize{Layer: ls.cur, Name: lay.LayerString(ls.cur), Positions: int64(non.n + term.n), Terminal: int64(term.n + len(deadM))}
		res.Layers++
		res.Positions += size.Positions
		res.Terminal += size.Terminal
		if size.Positions > res.Largest.Positions {
			res.Largest = size
		}
		if err := each(size); err != nil {
			return nil, err
		}
	}
	p.Done()
	res.Bytes, res.Elapsed = sv.peak, time.Since(t0)
	return res, nil
}

// ErrNoLayers is wrapped by CountLayers' error for a game without layers.
var ErrNoLayers = errors.New("no layers")

// layering holds the keys that moves of the layer being enumerated (cur)
// lead to in later layers, by layer, until their layer's turn. When more
// than spillAt keys wait in memory, the lists are sorted, freed of
// repeats and appended to a file per layer in dir (made in tempDir at the
// first spill).
type layering struct {
	lay     engine.Layered
	cur     uint64
	wait    map[uint64]*waitList
	n       int64 // keys waiting in memory
	spillAt int64
	tempDir string
	dir     string
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
// at most half of spillAt keys wait in memory.
func (ls *layering) spill() error {
	if ls.dir == "" {
		dir, err := os.MkdirTemp(ls.tempDir, "baolab-layers-")
		if err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
		ls.dir = dir
	}
	var buf []byte
	var order []uint64 // layers, longest list first
	for l, wl := range ls.wait {
		if len(wl.keys) > 0 {
			order = append(order, l)
		}
	}
	slices.SortFunc(order, func(a, b uint64) int { return len(ls.wait[b].keys) - len(ls.wait[a].keys) })
	for _, l := range order {
		if ls.n <= ls.spillAt/2 {
			break
		}
		wl := ls.wait[l]
		ls.compact(wl)
		buf = buf[:0]
		for _, k := range wl.keys {
			buf = binary.LittleEndian.AppendUint64(buf, k)
		}
		f, err := os.OpenFile(ls.file(l), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err == nil {
			_, err = f.Write(buf)
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
	}
	return nil
}

// roots calls add with every key waiting for the layer of wl, from its
// file first, and removes the file.
func (ls *layering) roots(wl *waitList, add func(uint64) error) error {
	if wl.onDisk > 0 {
		name := ls.file(ls.cur)
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("solve: layers: %w", err)
		}
		r := bufio.NewReaderSize(f, 1<<20)
		var b [8]byte
		for range wl.onDisk {
			if _, err := io.ReadFull(r, b[:]); err != nil {
				f.Close()
				return fmt.Errorf("solve: layers: reading %s: %w", name, err)
			}
			if err := add(binary.LittleEndian.Uint64(b[:])); err != nil {
				f.Close()
				return err
			}
		}
		f.Close()
		if err := os.Remove(name); err != nil {
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

// removeFiles removes the files of the keys waiting, if any.
func (ls *layering) removeFiles() {
	if ls.dir != "" {
		os.RemoveAll(ls.dir)
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
	wl.keys = append(wl.keys, c.key)
	if ls.n++; ls.n > ls.spillAt {
		return ls.spill()
	}
	return nil
}
