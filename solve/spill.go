package solve

import (
	"bufio"
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"unsafe"
)

// A layer larger than Options.LayerMem is enumerated out of core, breadth
// first with delayed duplicate detection (Korf): the keys found are
// buffered, and each buffer, sorted and freed of repeats, becomes a run
// file; at the end of a generation the runs are merged, and the keys not
// in the visited file (every key of the layer found in earlier
// generations, sorted) are the next frontier, which is merged into the
// visited file in the same pass. The terminal nodes, which are never
// expanded, are runs of their own, merged once at the end (a key reached
// with two margins is an error, as in the tables). The files are in a
// directory of their own in Options.TempDir, removed when the layer is
// written to the nodes file, or by the next run when the run is killed
// (a layered solve starts a layer again from its waiting keys).

// errOverBudget stops explore when the layer's tables outgrow
// Options.LayerMem: the layer goes on out of core.
var errOverBudget = errors.New("layer over its memory")

// tableBytesPerKey is the memory of a key in the enumeration's tables at
// their fullest (keyset.go: 8.9 to 11.1 bytes).
const tableBytesPerKey = 11

// listsBytesPerPosition is the memory per position of a layer solved with
// predecessor lists (26.4 measured on kingulu:holes=6,seeds=1: see
// DefaultPlanRates); a layer that would take more than Options.LayerMem
// so is solved out of core.
const listsBytesPerPosition = 27

// maxFanIn is the most runs merged at once: a run set reaching it is
// merged into one run.
const maxFanIn = 64

// runBufWords is the words read or written at a time per file of keys;
// a merge shares mergeBufWords among its runs (at least minBufWords
// each), so that it holds 256 KB to 512 KB whatever its fan-in.
const (
	runBufWords   = 1 << 13
	mergeBufWords = 1 << 15
	minBufWords   = 1 << 9
)

// minRunWords is the smallest buffer of a run set, whatever the budget,
// so that a tiny budget (tests) makes many runs, not millions of files.
const minRunWords = 256

// overBudget tells whether a layer's tables holding keys keys outgrow
// the memory a layer may take (never without Options.LayerMem).
func (ls *layering) overBudget(keys int64) bool {
	return ls != nil && ls.layerMem > 0 && keys*tableBytesPerKey > ls.layerMem
}

// runSet is a set of sorted runs of records of width words (the first the
// key; width 2: a terminal key and its margin, as termKey), in files of
// dir named name-<n>: records are buffered up to max words, and each full
// buffer is sorted, freed of repeats and written as a run.
type runSet struct {
	dir, name string
	width     int
	buf       []uint64
	max       int
	paths     []string
	seq       int
}

func newRunSet(dir, name string, width int, maxWords int64) *runSet {
	n := max(int(maxWords)/width*width, minRunWords)
	return &runSet{dir: dir, name: name, width: width, max: n}
}

// add buffers a record (width words), writing a run when the buffer is
// full.
func (rs *runSet) add(rec ...uint64) error {
	rs.buf = append(rs.buf, rec...)
	if len(rs.buf) >= rs.max {
		return rs.flush()
	}
	return nil
}

// flush sorts the buffer by key (then margin), drops repeated records
// and writes it as a run; when maxFanIn runs are written, it merges them
// into one.
func (rs *runSet) flush() error {
	if len(rs.buf) == 0 {
		return nil
	}
	var words []uint64
	if rs.width == 1 {
		slices.Sort(rs.buf)
		words = slices.Compact(rs.buf)
	} else {
		t := unsafe.Slice((*termKey)(unsafe.Pointer(&rs.buf[0])), len(rs.buf)/2)
		slices.SortFunc(t, func(a, b termKey) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.margin, b.margin)) })
		words = termWords(slices.Compact(t))
	}
	w, err := rs.create()
	if err != nil {
		return err
	}
	if err := w.put(words); err != nil {
		w.close()
		return err
	}
	if err := w.close(); err != nil {
		return err
	}
	rs.buf = rs.buf[:0]
	if len(rs.paths) < maxFanIn {
		return nil
	}
	w, err = rs.create()
	if err != nil {
		return err
	}
	paths := rs.paths[:len(rs.paths)-1]
	rs.paths = rs.paths[len(rs.paths)-1:]
	if err := mergeRuns(paths, rs.width, w.put); err != nil {
		w.close()
		return err
	}
	return w.close()
}

// create opens a new run, added to the set.
func (rs *runSet) create() (*runWriter, error) {
	path := filepath.Join(rs.dir, rs.name+"-"+strconv.Itoa(rs.seq))
	rs.seq++
	w, err := createRun(path)
	if err == nil {
		rs.paths = append(rs.paths, path)
	}
	return w, err
}

// merge writes out the buffer and calls emit with every record of the
// runs once, in key order (then margin), and removes the runs.
func (rs *runSet) merge(emit func(rec []uint64) error) error {
	if err := rs.flush(); err != nil {
		return err
	}
	paths := rs.paths
	rs.paths = nil
	return mergeRuns(paths, rs.width, emit)
}

// mergeRuns calls emit with every record of the runs (files of sorted
// records of width words) once, in order, and removes the files.
func mergeRuns(paths []string, width int, emit func(rec []uint64) error) error {
	h := &runHeap{}
	defer func() {
		for _, r := range h.rs {
			r.f.Close()
		}
		for _, p := range paths {
			os.Remove(p)
		}
	}()
	for _, p := range paths {
		r, err := openRun(p, width, max(minBufWords, min(runBufWords, mergeBufWords/len(paths))))
		if err != nil {
			return err
		}
		ok, err := r.next()
		if err != nil {
			r.f.Close()
			return err
		}
		if ok {
			h.rs = append(h.rs, r)
		} else {
			r.f.Close()
		}
	}
	heap.Init(h)
	last := make([]uint64, 0, width)
	for h.Len() > 0 {
		r := h.rs[0]
		if len(last) == 0 || !slices.Equal(r.rec, last) {
			last = append(last[:0], r.rec...)
			if err := emit(last); err != nil {
				return err
			}
		}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			r.f.Close()
			heap.Pop(h)
		}
	}
	return nil
}

// runHeap orders open runs by their current records.
type runHeap struct{ rs []*runReader }

func (h *runHeap) Len() int { return len(h.rs) }
func (h *runHeap) Less(i, j int) bool {
	return slices.Compare(h.rs[i].rec, h.rs[j].rec) < 0
}
func (h *runHeap) Swap(i, j int) { h.rs[i], h.rs[j] = h.rs[j], h.rs[i] }
func (h *runHeap) Push(x any)    { h.rs = append(h.rs, x.(*runReader)) }
func (h *runHeap) Pop() any {
	r := h.rs[len(h.rs)-1]
	h.rs = h.rs[:len(h.rs)-1]
	return r
}

// runReader reads a file of records of width words, a buffer at a time;
// rec is the current one.
type runReader struct {
	f     *os.File
	width int
	buf   []uint64
	i     int
	rec   []uint64
}

// openRun opens a file of records of width words, to read bufWords at a
// time.
func openRun(path string, width, bufWords int) (*runReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	return &runReader{f: f, width: width, buf: make([]uint64, 0, bufWords)}, nil
}

// next moves to the next record, and reports false at the end.
func (r *runReader) next() (bool, error) {
	if r.i+r.width > len(r.buf) {
		b := r.buf[:cap(r.buf)]
		n, err := io.ReadFull(r.f, bytesOf(b))
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return false, fmt.Errorf("solve: layers: reading %s: %w", r.f.Name(), err)
		}
		if n%(8*r.width) != 0 {
			return false, fmt.Errorf("solve: layers: %s ends within a record", r.f.Name())
		}
		r.buf, r.i = b[:n/8], 0
		if n == 0 {
			return false, nil
		}
	}
	r.rec = r.buf[r.i : r.i+r.width]
	r.i += r.width
	return true, nil
}

// runWriter writes words to a file through a buffer; n counts them.
type runWriter struct {
	f *os.File
	w *bufio.Writer
	n int64
}

func createRun(path string) (*runWriter, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	return &runWriter{f: f, w: bufio.NewWriterSize(f, 8*runBufWords)}, nil
}

// put appends words (in this machine's byte order, as runReader reads
// them).
func (w *runWriter) put(words []uint64) error {
	w.n += int64(len(words))
	if _, err := w.w.Write(bytesOf(words)); err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", w.f.Name(), err)
	}
	return nil
}

// close flushes and closes the file.
func (w *runWriter) close() error {
	err := w.w.Flush()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", w.f.Name(), err)
	}
	return nil
}

// spilledLayer is a layer enumerated out of core, in files of its
// directory: its non-terminal keys, sorted (visited), its terminal keys
// with their margins, sorted (term, two words each), and the run sets
// that fill them.
type spilledLayer struct {
	tmp          *tempDir
	visited      string
	nNon         int64
	term         string
	nTerm        int64
	found, terms *runSet
	seed         *runSet // the keys expanded when the layer left its tables
	// noMargins drops the margins of the terminal nodes (a count, whose
	// waiting keys keep none: layering.margins false), so that a key
	// reached from another layer and from its own is one node.
	noMargins bool
	// hook, when set, is called with "generation" at the end of every
	// generation (tests: an error stops the layer there).
	hook func(stage string) error
}

// newSpilledLayer makes the directory of a layer taken out of core, its
// buffers sharing budget bytes.
func newSpilledLayer(tempDir string, budget int64, hook func(stage string) error) (*spilledLayer, error) {
	tmp, err := makeTempDir(tempDir, "baolab-layer-spill-")
	if err != nil {
		return nil, err
	}
	words := budget / 8 / 4 // the three buffers: half the budget while the layer goes on out of core
	sl := &spilledLayer{tmp: tmp, hook: hook,
		visited: filepath.Join(tmp.path, "visited"), term: filepath.Join(tmp.path, "term")}
	sl.found = newRunSet(tmp.path, "found", 1, words)
	sl.seed = newRunSet(tmp.path, "seed", 1, words)
	sl.terms = newRunSet(tmp.path, "terms", 2, words)
	return sl, nil
}

// close removes the layer's directory.
func (sl *spilledLayer) close() { sl.tmp.remove() }

// size returns the layer's positions and terminal positions (its
// terminal nodes and its dead ends deadM), as its files hold them once
// it is enumerated.
func (sl *spilledLayer) size(deadM map[uint64]int8) (positions, terminal int64) {
	return sl.nNon + sl.nTerm, sl.nTerm + int64(len(deadM))
}

// bytes is the memory of the buffers.
func (sl *spilledLayer) bytes() int64 {
	return 8 * int64(cap(sl.found.buf)+cap(sl.seed.buf)+cap(sl.terms.buf))
}

// add takes a node of the layer found: a terminal one with its margin,
// another to be expanded unless it was.
func (sl *spilledLayer) add(c child) error {
	if c.key&(FlagTerminal|FlagInfinite) != 0 {
		if sl.noMargins {
			c.margin = 0
		}
		return sl.terms.add(c.key, uint64(uint8(c.margin)))
	}
	return sl.found.add(c.key)
}

// seedTables takes the nodes of the layer's tables (emptied after): the
// terminal ones with their margins, the expanded ones as visited, the
// open ones as found.
func (sl *spilledLayer) seedTables(non, term *keyTable) error {
	for _, t := range []*keyTable{non, term} {
		for p := range t.parts {
			pt := &t.parts[p]
			for i, w := range pt.slots {
				if w == 0 {
					continue
				}
				key := unmix62(w >> 2)
				var err error
				switch {
				case t == term:
					var m int8 // a count's table keeps no margins
					if pt.m != nil {
						m = pt.m[i]
					}
					err = sl.terms.add(key|[]uint64{0, FlagTerminal, FlagInfinite}[w&3], uint64(uint8(m)))
				case w&3 == tagOpen:
					err = sl.found.add(key)
				default:
					err = sl.seed.add(key)
				}
				if err != nil {
					return err
				}
			}
		}
	}
	non.clear()
	term.clear()
	w, err := createRun(sl.visited)
	if err != nil {
		return err
	}
	if err := sl.seed.merge(w.put); err != nil {
		w.close()
		return err
	}
	sl.seed.buf = nil
	sl.nNon = w.n
	return w.close()
}

// nextFrontier merges the keys found with the visited file: the keys not
// in it are the next frontier (written to frontier), and the visited
// file becomes the union. It returns the frontier's length.
func (sl *spilledLayer) nextFrontier(frontier string) (int64, error) {
	vr, err := openRun(sl.visited, 1, runBufWords)
	if err != nil {
		return 0, err
	}
	defer vr.f.Close()
	union := sl.visited + ".new"
	uw, err := createRun(union)
	if err != nil {
		return 0, err
	}
	fw, err := createRun(frontier)
	if err != nil {
		uw.close()
		return 0, err
	}
	more, err := vr.next()
	// copyBelow copies the visited keys below key (all of them: every) to
	// the union and tells whether key is the next visited one.
	copyBelow := func(key uint64, every bool) (bool, error) {
		for more && (every || vr.rec[0] < key) {
			if err := uw.put(vr.rec); err != nil {
				return false, err
			}
			var err error
			if more, err = vr.next(); err != nil {
				return false, err
			}
		}
		return more && vr.rec[0] == key, nil
	}
	if err == nil {
		err = sl.found.merge(func(rec []uint64) error {
			seen, err := copyBelow(rec[0], false)
			if err != nil || seen {
				return err
			}
			if err := fw.put(rec); err != nil {
				return err
			}
			return uw.put(rec)
		})
	}
	if err == nil {
		_, err = copyBelow(0, true)
	}
	err = errors.Join(err, uw.close(), fw.close())
	if err == nil {
		err = os.Rename(union, sl.visited)
	}
	if err != nil {
		return 0, fmt.Errorf("solve: layers: out of core: %w", err)
	}
	sl.nNon += fw.n
	return fw.n, nil
}

// mergeTerms merges the terminal nodes into the term file, refusing a
// key reached with two margins.
func (sl *spilledLayer) mergeTerms(ruleset string) error {
	w, err := createRun(sl.term)
	if err != nil {
		return err
	}
	var last []uint64
	err = sl.terms.merge(func(rec []uint64) error {
		if last != nil && last[0] == rec[0] {
			return fmt.Errorf("solve: %s: terminal node %#x reached with margins %d and %d", ruleset, rec[0], int8(last[1]), int8(rec[1]))
		}
		last = append(last[:0], rec...)
		return w.put(rec)
	})
	if cerr := w.close(); err == nil {
		err = cerr
	}
	sl.nTerm = w.n / 2
	return err
}

// exploreOutOfCore enumerates the rest of the current layer out of core
// from sl (seeded with its nodes so far), breadth first: each frontier
// is read in batches, expanded by the workers, and its children taken by
// sl (the layer's) or held for later layers. deadM gets the dead ends.
func (sv *solver) exploreOutOfCore(sl *spilledLayer, deadM map[uint64]int8) error {
	ls, p := sv.layers, sv.opt.Progress
	frontier := filepath.Join(sl.tmp.path, "frontier")
	outs := make([]expansion, len(sv.ex))
	batch := 2048 * len(sv.ex)
	for {
		n, err := sl.nextFrontier(frontier)
		if err != nil {
			return err
		}
		p.Add(n)
		if sl.hook != nil {
			if err := sl.hook("generation"); err != nil {
				return err
			}
		}
		if n == 0 {
			break
		}
		r, err := openRun(frontier, 1, runBufWords)
		if err != nil {
			return err
		}
		keys := make([]uint64, 0, batch)
		for {
			keys = keys[:0]
			more := true
			for more && len(keys) < batch {
				if more, err = r.next(); more {
					keys = append(keys, r.rec[0])
				}
			}
			if err == nil && len(keys) > 0 {
				err = sv.expandOutOfCore(sl, keys, outs, deadM)
			}
			if err == nil {
				err = sv.stopped()
			}
			if err != nil || !more {
				break
			}
		}
		r.f.Close()
		if err != nil {
			return err
		}
		sv.note(sl.bytes() + ls.bytes())
	}
	return sl.mergeTerms(sv.ruleset)
}

// expandOutOfCore expands a batch of a frontier: its children in the
// layer go to sl, the others wait for their layers.
func (sv *solver) expandOutOfCore(sl *spilledLayer, keys []uint64, outs []expansion, deadM map[uint64]int8) error {
	ls := sv.layers
	if err := sv.expandBatch(keys, outs); err != nil {
		return err
	}
	for w := range outs {
		o := &outs[w]
		for i, k := range o.dead {
			deadM[k] = o.dm[i]
		}
		for _, c := range o.kids {
			var err error
			if c.layer != ls.cur {
				err = ls.hold(c, ls.waiting() < sv.opt.MaxPositions, sv)
			} else {
				err = sl.add(c)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}
