package solve

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"unsafe"
)

// writeSpilledNodes appends layer l, enumerated out of core into sl, to
// the nodes file as writeNodes appends a layer collected in memory: the
// same record, byte for byte, streamed from sl's files. deadM is the
// layer's dead ends with their margins.
func (lf *layerFiles) writeSpilledNodes(l uint64, sl *spilledLayer, deadM map[uint64]int8, refs []uint64) error {
	dead := slices.Sorted(maps.Keys(deadM))
	n := sl.nNon + sl.nTerm
	if n >= 1<<31 {
		return fmt.Errorf("%w: layer %#x has %d positions, at most 2^31-1 fit a node number", ErrTooBig, l, n)
	}
	head := [nodesHeadWords]uint64{uint64(n), uint64(sl.nNon), uint64(len(dead)), uint64(len(refs))}
	end := lf.nodesEnd
	bw := bufio.NewWriterSize(io.NewOffsetWriter(lf.nodes, end), 1<<16)
	bad := func(err error) error { return fmt.Errorf("solve: layers: writing %s: %w", lf.nodes.Name(), err) }
	if _, err := bw.Write(bytesOf(head[:])); err != nil {
		return bad(err)
	}
	deadAt, err := copyKeysFindingDead(bw, sl.visited, dead)
	if err != nil {
		return err
	}
	if len(deadAt) != len(dead) {
		return fmt.Errorf("solve: layers: layer %#x: %d dead ends, %d of them among its keys", l, len(dead), len(deadAt))
	}
	for _, word := range []int{0, 1} { // the terminal keys, then their margins (a byte each)
		err := forRecords(sl.term, 2, func(rec []uint64) error {
			if word == 0 {
				_, err := bw.Write(bytesOf(rec[:1]))
				return err
			}
			return bw.WriteByte(byte(rec[1]))
		})
		if err != nil {
			return bad(err)
		}
	}
	dm := make([]int8, len(dead))
	for i, k := range dead {
		dm[i] = deadM[k]
	}
	for _, b := range [][]byte{bytesOf(deadAt), bytesOf(dm), bytesOf(refs)} {
		if _, err := bw.Write(b); err != nil {
			return bad(err)
		}
	}
	if err := bw.Flush(); err != nil {
		return bad(err)
	}
	lf.nodesAt[l] = end
	lf.refs[l] = refs
	lf.nodesEnd = end + recordLen(head)
	return nil
}

// copyKeysFindingDead copies the sorted keys of the file path to w and
// returns the indices of the keys of dead (sorted) among them.
func copyKeysFindingDead(w io.Writer, path string, dead []uint64) ([]uint32, error) {
	var at []uint32
	i := uint32(0)
	err := forRecords(path, 1, func(rec []uint64) error {
		for len(at) < len(dead) && dead[len(at)] == rec[0] {
			at = append(at, i)
		}
		i++
		_, err := w.Write(bytesOf(rec))
		return err
	})
	return at, err
}

// forRecords calls f with every record of width words of the file path.
func forRecords(path string, width int, f func(rec []uint64) error) error {
	r, err := openRun(path, width, runBufWords)
	if err != nil {
		return err
	}
	defer r.f.Close()
	for {
		ok, err := r.next()
		if err != nil || !ok {
			return err
		}
		if err := f(r.rec); err != nil {
			return err
		}
	}
}

// waitingInMemory is how many keys waiting for later layers a layered
// solve holds in memory before it writes the longest lists to their
// files: an eighth of Options.MaxPositions, and with Options.LayerMem
// at most half of it (at 8 bytes a key), but never fewer than
// minWaitingKeys.
func (opt Options) waitingInMemory() int64 {
	n := max(opt.MaxPositions/8, 1)
	if opt.LayerMem > 0 {
		n = min(n, max(opt.LayerMem/16, minWaitingKeys))
	}
	return n
}

// minWaitingKeys is the fewest keys waiting in memory a budget leaves
// (512 KB): fewer would append to the files of the waiting lists every
// few moves.
const minWaitingKeys = 1 << 16

// solveOutOfCore tells whether a layer of n positions is solved out of
// core: with predecessor lists it would take more than Options.LayerMem.
func (opt Options) solveOutOfCore(n uint64) bool {
	return opt.LayerMem > 0 && int64(n)*listsBytesPerPosition > opt.LayerMem
}

// scratch is the directory of a layer solved out of core: its keys, its
// terminal nodes' margins and the sweep's words, in files mapped into
// memory. The kernel reads and writes their pages as it needs, so the
// layer takes disk, and of memory what the kernel can spare.
type scratch struct {
	tmp   *tempDir
	files []*os.File
	maps  [][]byte
}

func newScratch(tempDir string) (*scratch, error) {
	tmp, err := makeTempDir(tempDir, "baolab-layer-sweep-")
	if err != nil {
		return nil, err
	}
	return &scratch{tmp: tmp}, nil
}

// mapNew makes the file name of size bytes (zeros) and maps it for
// reading and writing (nil when size is 0).
func (s *scratch) mapNew(name string, size int64) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	f, err := os.Create(filepath.Join(s.tmp.path, name))
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	s.files = append(s.files, f)
	if err := f.Truncate(size); err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%w: %s: %d bytes do not map on this system", ErrTooBig, f.Name(), size)
	}
	b, err := mapFileRW(f, int(size))
	if err != nil {
		return nil, fmt.Errorf("solve: layers: mapping %s: %w", f.Name(), err)
	}
	s.maps = append(s.maps, b)
	return b, nil
}

// mapCopy is mapNew filled with size bytes of src from offset at.
func (s *scratch) mapCopy(name string, src *os.File, at, size int64) ([]byte, error) {
	b, err := s.mapNew(name, size)
	if err != nil {
		return nil, err
	}
	const chunk = 1 << 20
	for off := int64(0); off < size; off += chunk {
		part := b[off:min(off+chunk, size)]
		if _, err := src.ReadAt(part, at+off); err != nil {
			return nil, fmt.Errorf("solve: layers: reading %s: %w", src.Name(), err)
		}
	}
	return b, nil
}

// close unmaps and removes the files.
func (s *scratch) close() {
	for _, b := range s.maps {
		unmapFile(b)
	}
	for _, f := range s.files {
		f.Close()
	}
	s.tmp.remove()
}

// mapNodes gives sv layer l's enumeration as readNodes does, but its keys
// and its terminal nodes' margins copied into files of s and mapped, and
// cuts the nodes file before the layer as readNodes does. The dead ends
// are read into memory.
func (lf *layerFiles) mapNodes(l uint64, sv *solver, s *scratch) error {
	at := lf.nodesAt[l]
	head, err := lf.nodesHead(at)
	if err != nil {
		return err
	}
	n, nNon, nDead := int64(head[0]), int64(head[1]), int(head[2])
	off := at + 8*nodesHeadWords
	kb, err := s.mapCopy("keys", lf.nodes, off, 8*n)
	if err != nil {
		return err
	}
	off += 8 * n
	tb, err := s.mapCopy("term", lf.nodes, off, n-nNon)
	if err != nil {
		return err
	}
	off += n - nNon
	sv.keys, sv.nNon = wordsOf[uint64](kb), int(nNon)
	sv.termM = wordsOf[int8](tb)
	sv.dead, sv.margin = make([]uint32, nDead), make(map[uint32]int8, nDead)
	dm := make([]int8, nDead)
	for _, b := range [][]byte{bytesOf(sv.dead), bytesOf(dm)} {
		if _, err := lf.nodes.ReadAt(b, off); err != nil {
			return fmt.Errorf("solve: layers: reading %s: %w", lf.nodes.Name(), err)
		}
		off += int64(len(b))
	}
	for i, d := range sv.dead {
		sv.margin[d] = dm[i]
	}
	return lf.cutNodes(l, at)
}

// wordsOf returns memory (mapped, aligned for T) as a slice of T.
func wordsOf[T uint64 | uint32 | int8](b []byte) []T {
	if len(b) == 0 {
		return nil
	}
	var t T
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/int(unsafe.Sizeof(t)))
}

// solveLayerOutOfCore solves layer l of lf's nodes file by the sweep
// method, its keys, margins and words in files of a directory made in
// tempDir (removed at the end), the later layers its moves lead to in
// lsv.ext, and writes its keys and values with write. hook, when set, is
// called with "read" once the layer is read and "solved" once it is
// solved (tests: an error stops the solve there).
func solveLayerOutOfCore(lf *layerFiles, l uint64, lsv *solver, tempDir string, hook func(stage string) error, write func(keys []uint64, word []uint32) error) error {
	if hook == nil {
		hook = func(string) error { return nil }
	}
	s, err := newScratch(tempDir)
	if err != nil {
		return err
	}
	defer s.close()
	if err := lf.mapNodes(l, lsv, s); err != nil {
		return err
	}
	if err := hook("read"); err != nil {
		return err
	}
	wb, err := s.mapNew("words", 4*int64(len(lsv.keys)))
	if err != nil {
		return err
	}
	for _, x := range lsv.ex {
		x.layer = l
	}
	lsv.ext.layer = l
	lsv.peeledList = int(min(int64(lsv.nNon/4), max(lsv.opt.LayerMem/16, minPeeledList)))
	lsv.mapped = true
	word := wordsOf[uint32](wb)
	if err := lsv.sweepWords(word); err != nil {
		return err
	}
	if err := hook("solved"); err != nil {
		return err
	}
	return write(lsv.keys, word)
}

// minPeeledList is the shortest list of peeled nodes of an out-of-core
// sweep (256 KB), whatever the budget: a level longer than the list takes
// a pass over every node of its own, and a tiny budget (tests) would make
// that one pass per level.
const minPeeledList = 1 << 16

// writeSolvedWords writes a solved layer as writeSolved does (the number
// of keys, the keys, South's values, North's values) to w, its values
// taken from the sweep's words a chunk at a time.
func writeSolvedWords(w io.Writer, keys []uint64, word []uint32) error {
	if _, err := w.Write(bytesOf([]uint64{uint64(len(keys))})); err != nil {
		return err
	}
	if _, err := w.Write(bytesOf(keys)); err != nil {
		return err
	}
	const chunk = 1 << 16
	south, north := make([]int8, chunk), make([]int8, chunk)
	for _, side := range [][]int8{south, north} {
		for lo := 0; lo < len(word); lo += chunk {
			hi := min(lo+chunk, len(word))
			wordValues(word[lo:hi], south, north)
			if _, err := w.Write(bytesOf(side[:hi-lo])); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeSolvedWordsAt is writeSolvedWords into the solved file, at the
// place writeSolved would write layer l.
func (lf *layerFiles) writeSolvedWordsAt(l uint64, keys []uint64, word []uint32) error {
	at := lf.placeSolved(l, len(keys))
	bw := bufio.NewWriterSize(io.NewOffsetWriter(lf.solved, at), 1<<16)
	err := writeSolvedWords(bw, keys, word)
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("solve: layers: writing %s: %w", lf.solved.Name(), err)
	}
	return nil
}
