package solve

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime/debug"
	"slices"
	"unsafe"

	"github.com/baolab/baolab/engine"
)

// The depth-first method (Options.Method; see the package doc) solves a
// board whose positions never recur: a search from the start solves each
// position once, from its successors' values and distances, when its last
// move is looked at. Its only array is one open-addressing hash table of
// dfsSlots (linear probing, a power of two slots, doubled when three
// quarters full), keyed by the node key, holding each node's value and
// three distances:
//
//   - win: the node's rank in the attractor of the side that wins it (for
//     a node South wins, in W_S(+1); North wins, in W_N(-1)). The mover
//     that wins: 1 + the least win of the successors it wins; the mover
//     that loses: 1 + the largest win of its successors.
//   - south: its rank in W_S(-1), which holds every node (South to move:
//     1 + the least south of its successors; North: 1 + the largest).
//   - north: its rank in W_N(+1), which holds every node (North to move:
//     1 + the least; South: 1 + the largest).
//
// South's distance is win when South wins, else south; North's is win when
// North wins, else north. A terminal node or a dead end has value its
// margin and distances 0. That holds only when every margin is +1 or -1
// (a game won or lost, as kimasai-four-rows'): with a draw or a score the
// ranks of more thresholds would be needed, and the search stops with
// ErrMargin. A node met again while it is on the search path is a cycle:
// the search stops with ErrCyclic (Options.Method says whether Solve then
// falls back to predecessor lists).
//
// At the end the slots are sorted by key in the table's memory and copied
// into the Table's arrays, the table's memory given back as it is read
// (see toTable).

// Method chooses how Solve and SolveAll solve a board once it is found.
type Method int

const (
	// MethodAuto (the zero Method) solves depth first when the game
	// declares that no position can recur (engine.Acyclic) and neither
	// Options.Sweep nor Options.CountOnly is set, falling back to the
	// predecessor lists if the search meets a cycle or a margin other
	// than +1 or -1; else it uses predecessor lists (or the sweep method).
	MethodAuto Method = iota
	// MethodLists is the predecessor-list method (or the sweep method when
	// Options.Sweep is set), whatever the game declares.
	MethodLists
	// MethodDFS solves depth first, whatever the game declares: an error
	// wrapping ErrCyclic when a position recurs, ErrMargin when a margin
	// is not +1 or -1.
	MethodDFS
)

// ErrCyclic is wrapped by the error of a depth-first solve (MethodDFS)
// that met a position on its own search path.
var ErrCyclic = errors.New("a position recurs: the board has a cycle, and the depth-first method needs none")

// ErrMargin is wrapped by the error of a depth-first solve (MethodDFS)
// that met a margin other than +1 or -1 (a draw, a score).
var ErrMargin = errors.New("the depth-first method takes only margins +1 and -1")

// declaresAcyclic reports whether g declares that no position of it can
// recur (engine.Acyclic).
func declaresAcyclic(g engine.Game) bool {
	a, ok := g.(engine.Acyclic)
	return ok && a.Acyclic()
}

// depthFirst reports whether the solve is to be depth first: Options.Method
// MethodDFS, or MethodAuto for a game declared acyclic, solved neither by
// the sweep method nor only counted.
func (sv *solver) depthFirst() bool {
	switch {
	case sv.opt.CountOnly || sv.opt.Sweep:
		return false
	case sv.opt.Method == MethodDFS:
		return true
	}
	return sv.opt.Method == MethodAuto && sv.acyclic
}

// dfsSlot is one node of the depth-first table: 16 bytes.
type dfsSlot struct {
	key               uint64
	win, south, north uint16 // the three distances (see above)
	val               int8   // the node's value, +1 or -1 (both sides')
	state             uint8  // slotEmpty, slotOnPath or slotDone
}

const (
	slotEmpty  = iota // no node
	slotOnPath        // on the search path, not solved yet
	slotDone          // solved
)

// dfsRanks is a solved node: its value and three distances.
type dfsRanks struct {
	val               int8
	win, south, north uint16
}

// dfsTable is the depth-first method's hash table.
type dfsTable struct {
	slots []dfsSlot
	used  int
	shift uint // home(key) is the top bits of key times a constant
	grows int  // how many times the table doubled
}

const (
	dfsMinSlots = 1 << 16
	dfsHashMul  = 0x9e3779b97f4a7c15
)

// home returns the slot a key is first looked for at.
func (t *dfsTable) home(key uint64) int { return int((key * dfsHashMul) >> t.shift) }

// find returns the slot of key, or the empty slot where it goes.
func (t *dfsTable) find(key uint64) int {
	mask := len(t.slots) - 1
	i := t.home(key)
	for t.slots[i].state != slotEmpty && t.slots[i].key != key {
		i = (i + 1) & mask
	}
	return i
}

// touch reads the home slot of each child's key and returns a sum of
// what it read (for a field, so that the reads are made): the reads do
// not wait for each other, so the children's cache misses overlap, and
// the lookups that follow find the slots in the cache. Go has no prefetch
// instruction; four.c prefetches the same slots.
func (t *dfsTable) touch(kids []child) uint64 {
	var sum uint64
	for _, c := range kids {
		sum += t.slots[t.home(c.key)].key
	}
	return sum
}

// grow doubles the table (or makes its first one). It moves the nodes in
// the order of their slots: a node's home in the new table is twice its
// home in the old one, or one more, so the new table is written from its
// start to its end as the old one is read, and the old one goes back to
// the system a block at a time as it is read (release): the process holds
// about the new table, not both.
func (t *dfsTable) grow() {
	old := t.slots
	n := max(2*len(old), dfsMinSlots)
	t.slots = make([]dfsSlot, n)
	t.shift = uint(64 - bits.TrailingZeros(uint(n)))
	for lo := 0; lo < len(old); lo += releaseBlock {
		block := old[lo:min(lo+releaseBlock, len(old))]
		for _, s := range block {
			if s.state != slotEmpty {
				t.slots[t.find(s.key)] = s
			}
		}
		release(block)
	}
	t.grows++
	releaseBig(16 * len(old))
}

// releaseBig gives the memory of an array of that many bytes, just
// dropped, back to the system when it is large and release does not:
// otherwise the process holds it until the collector frees it and the
// next arrays, larger, are taken beside it.
func releaseBig(bytes int) {
	if !releases && bytes >= 16<<20 {
		debug.FreeOSMemory()
	}
}

// full reports whether one more node would fill the table beyond three
// quarters.
func (t *dfsTable) full() bool { return 4*(t.used+1) > 3*len(t.slots) }

// dfsSearch is the state of one depth-first solve.
type dfsSearch struct {
	sv     *solver
	x      *expander
	t      dfsTable
	kids   [][]child // the children of the node at each depth of the path
	nTerm  int       // terminal nodes
	dead   []uint64  // the dead ends' keys
	deadM  []int8    // and margins
	nEdges int64
	tick   int    // nodes solved since the last progress report
	sink   uint64 // what touch read
}

// dfsSolve solves the board from the roots depth first and sets the
// solver's keys, values and distances as the predecessor lists would.
func (sv *solver) dfsSolve(roots []uint64) error {
	p := sv.opt.Progress
	p.Stage("depth first", -1)
	d := &dfsSearch{sv: sv, x: sv.ex[0]}
	d.t.grow()
	d.note()
	for _, root := range roots {
		i := d.t.find(root)
		if d.t.slots[i].state != slotEmpty {
			continue // reached from an earlier root
		}
		if _, err := d.visit(i, root, 0); err != nil {
			return err
		}
	}
	p.Add(int64(d.tick))
	p.Done()
	sv.nEdges = d.nEdges
	d.toTable()
	sv.depthFirstDone = true
	return nil
}

// note records the table's bytes (a doubling holds the old table too,
// unless it is given back as it is read).
func (d *dfsSearch) note() {
	n := int64(len(d.t.slots))
	if releases {
		d.sv.note(16 * n)
	} else {
		d.sv.note(16*n + 16*n/2)
	}
}

// insert puts key, not in the table (i is find(key)), into it with state,
// growing the table first when it is full, and returns its slot.
func (d *dfsSearch) insert(i int, key uint64, state uint8) (int, error) {
	if int64(d.t.used) >= d.sv.opt.MaxPositions {
		return 0, d.sv.tooMany()
	}
	if d.t.full() {
		d.t.grow()
		d.note()
		i = d.t.find(key)
	}
	d.t.slots[i] = dfsSlot{key: key, state: state}
	d.t.used++
	return i, nil
}

// visit inserts the non-terminal node key (i is find(key)) on the search
// path at depth, solves it, stores its ranks and returns them.
func (d *dfsSearch) visit(i int, key uint64, depth int) (dfsRanks, error) {
	i, err := d.insert(i, key, slotOnPath)
	if err != nil {
		return dfsRanks{}, err
	}
	grows := d.t.grows
	r, err := d.solveNode(key, depth)
	if err != nil {
		return r, err
	}
	if d.t.grows != grows {
		i = d.t.find(key)
	}
	d.t.slots[i] = dfsSlot{key: key, win: r.win, south: r.south, north: r.north, val: r.val, state: slotDone}
	if d.tick++; d.tick == 1<<14 {
		if err := d.sv.stopped(); err != nil {
			return r, err
		}
		d.sv.opt.Progress.Add(int64(d.tick))
		d.tick = 0
	}
	return r, nil
}

// solveNode solves the non-terminal node key, on the path at depth, from
// its children.
func (d *dfsSearch) solveNode(key uint64, depth int) (dfsRanks, error) {
	if depth == len(d.kids) {
		d.kids = append(d.kids, make([]child, 0, 8))
	}
	kids, dead, m, err := d.x.expand(key, d.kids[depth][:0])
	d.kids[depth] = kids
	if err != nil {
		return dfsRanks{}, err
	}
	if dead {
		d.dead, d.deadM = append(d.dead, key), append(d.deadM, m)
		return d.endRanks(key, m)
	}
	d.nEdges += int64(len(kids))
	d.sink += d.t.touch(kids)
	acc := newRankAcc(KeyPlayer(key))
	for _, c := range kids {
		r, err := d.childRanks(c, depth)
		if err != nil {
			return r, err
		}
		acc.add(r)
	}
	return acc.ranks(), nil
}

// childRanks returns the ranks of the node a move from the node at depth
// leads to, solving it first if it is new.
func (d *dfsSearch) childRanks(c child, depth int) (dfsRanks, error) {
	i := d.t.find(c.key)
	switch s := &d.t.slots[i]; s.state {
	case slotDone:
		return dfsRanks{val: s.val, win: s.win, south: s.south, north: s.north}, nil
	case slotOnPath:
		return dfsRanks{}, fmt.Errorf("solve: %s: node %#x: %w", d.sv.ruleset, c.key, ErrCyclic)
	}
	if c.key&(FlagTerminal|FlagInfinite) == 0 {
		return d.visit(i, c.key, depth+1)
	}
	r, err := d.endRanks(c.key, c.margin)
	if err != nil {
		return r, err
	}
	if i, err = d.insert(i, c.key, slotDone); err != nil {
		return r, err
	}
	d.t.slots[i].val = r.val
	d.nTerm++
	return r, nil
}

// endRanks returns the ranks of a terminal node or dead end of margin m.
func (d *dfsSearch) endRanks(key uint64, m int8) (dfsRanks, error) {
	if m != 1 && m != -1 {
		return dfsRanks{}, fmt.Errorf("solve: %s: node %#x has margin %d: %w", d.sv.ruleset, key, m, ErrMargin)
	}
	return dfsRanks{val: m}, nil
}

// rankAcc gathers the ranks of a node's children, for the mover.
type rankAcc struct {
	mover              engine.Player
	wins               bool   // some child is won by the mover
	winMin, winMax     uint16 // least win of the children the mover wins; largest win of all
	southMin, southMax uint16
	northMin, northMax uint16
}

func newRankAcc(mover engine.Player) rankAcc {
	return rankAcc{mover: mover, winMin: MaxPlies, southMin: MaxPlies, northMin: MaxPlies}
}

// add takes one child's ranks into account.
func (a *rankAcc) add(r dfsRanks) {
	if (r.val > 0) == (a.mover == engine.South) {
		a.wins = true
		a.winMin = min(a.winMin, r.win)
	}
	a.winMax = max(a.winMax, r.win)
	a.southMin, a.southMax = min(a.southMin, r.south), max(a.southMax, r.south)
	a.northMin, a.northMax = min(a.northMin, r.north), max(a.northMax, r.north)
}

// ranks returns the node's ranks from its children's.
func (a *rankAcc) ranks() dfsRanks {
	var r dfsRanks
	if a.wins {
		r.win = a.winMin
	} else {
		r.win = a.winMax
	}
	r.val = 1
	if a.wins != (a.mover == engine.South) {
		r.val = -1
	}
	if a.mover == engine.South {
		r.south, r.north = a.southMin, a.northMax
	} else {
		r.south, r.north = a.southMax, a.northMin
	}
	r.win, r.south, r.north = plyAfter(r.win), plyAfter(r.south), plyAfter(r.north)
	return r
}

// plyAfter is one ply more than d, at most MaxPlies.
func plyAfter(d uint16) uint16 { return min(d+1, MaxPlies) }

// toTable sorts the nodes by key into the solver's arrays: keys, values
// (South's and North's, the same) and both distances. It works in the
// table's memory, giving back what it has read for the last time
// (release): the nodes moved to the table's front, sorted in place, the
// values and distances taken out, the keys written over the front half
// and copied into the keys array a block at a time. The process holds at
// most the nodes and the values and distances (22 bytes a node) beside
// the table's pages already given back.
func (d *dfsSearch) toTable() {
	sv := d.sv
	p := sv.opt.Progress
	n := d.t.used
	p.Stage("sort", int64(n))
	nodes := compactSlots(d.t.slots)
	slots := len(d.t.slots)
	d.t.slots = nil
	sortSlots(nodes)
	sv.valS, sv.valN = make([]int8, n), make([]int8, n)
	sv.pliesS, sv.pliesN = make([]uint16, n), make([]uint16, n)
	if releases {
		sv.note(22 * int64(n))
	} else {
		sv.note(16*int64(slots) + 14*int64(n))
	}
	sv.nNon = n - d.nTerm
	for i, s := range nodes {
		sv.valS[i], sv.valN[i] = s.val, s.val
		sv.pliesS[i], sv.pliesN[i] = s.south, s.north
		if s.val > 0 {
			sv.pliesS[i] = s.win
		} else {
			sv.pliesN[i] = s.win
		}
	}
	keys := slotKeys(nodes)
	sv.keys = make([]uint64, n)
	for lo := 0; lo < n; lo += releaseBlock {
		hi := min(lo+releaseBlock, n)
		copy(sv.keys[lo:hi], keys[lo:hi])
		release(keys[lo:hi])
	}
	releaseBig(16 * slots)
	sv.margin = make(map[uint32]int8, len(d.dead))
	for j, k := range d.dead {
		i, _ := slices.BinarySearch(sv.keys[:sv.nNon], k)
		sv.dead = append(sv.dead, uint32(i))
		sv.margin[uint32(i)] = d.deadM[j]
	}
	slices.Sort(sv.dead)
	p.Add(int64(n))
	p.Done()
}

// compactSlots moves the nodes of the table slots to its front, in the
// order of their slots, gives the rest of its memory back (release) and
// returns them.
func compactSlots(slots []dfsSlot) []dfsSlot {
	n := 0
	for _, s := range slots {
		if s.state != slotEmpty {
			slots[n] = s
			n++
		}
	}
	release(slots[n:])
	return slots[:n]
}

// slotKeys writes the keys of nodes, in order, over the first half of
// their memory, gives the second half back (release) and returns the
// keys (key i overwrites half of node i/2, read already).
func slotKeys(nodes []dfsSlot) []uint64 {
	if len(nodes) == 0 {
		return nil
	}
	w := unsafe.Slice((*uint64)(unsafe.Pointer(&nodes[0])), 2*len(nodes))
	for i := range nodes {
		w[i] = nodes[i].key
	}
	release(w[len(nodes):])
	return w[:len(nodes)]
}

const (
	slotSortBits  = 11      // the widest digit of sortSlots' radix sorts
	slotSortSmall = 16      // sortSlots sorts fewer nodes than this by insertion
	slotSortRun   = 1 << 16 // and at most this many through a buffer of their size
)

// sortSlots sorts nodes by key (an increasing uint64, so the flagged
// terminal keys last) in place, by the keys with their flag bits moved
// down next to the highest key bit (sortKey; the keys are turned into
// theirs first and back at the end): a radix sort, most significant digit
// first, exchanging the nodes within the array (American flag sort), until
// the runs of nodes alike in the digits sorted are short; then each run
// by a radix sort, least significant digit first, through a buffer of its
// size (at most slotSortRun nodes), or by insertion below slotSortSmall.
func sortSlots(nodes []dfsSlot) {
	var top uint64
	for _, s := range nodes {
		top |= s.key & mask62
	}
	kb := uint(bits.Len64(top))
	for i := range nodes {
		nodes[i].key = sortKey(nodes[i].key, kb)
	}
	new(slotSorter).sort(nodes, kb+2, 0)
	for i := range nodes {
		nodes[i].key = fromSortKey(nodes[i].key, kb)
	}
}

// slotSorter is sortSlots' sort of nodes whose keys are sort keys: count
// holds the digits' ends and next places for each depth of the recursion
// (made once, not cleared in full for each run of nodes), and buf and
// runCount are the short runs' buffer and digit counts.
type slotSorter struct {
	count    [][]int
	buf      []dfsSlot
	runCount []int
}

// sortKey is the key k with its flag bits moved down to bits kb and kb+1,
// above every key's other bits: the sort keys of sortSlots, in the order
// of the keys.
func sortKey(k uint64, kb uint) uint64 { return k&mask62 | k>>62<<kb }

// fromSortKey is the key whose sort key is k.
func fromSortKey(k uint64, kb uint) uint64 { return k&(1<<kb-1) | k>>kb<<62 }

// sort sorts nodes, whose sort keys agree from bit width up, by their
// bits below width: by a digit of the highest of them (wide enough for
// about one digit value per 8 nodes, at most slotSortBits), then each run
// of one digit by the bits below it (at depth+1).
func (ss *slotSorter) sort(nodes []dfsSlot, width uint, depth int) {
	switch {
	case len(nodes) < slotSortSmall:
		insertionSortSlots(nodes)
		return
	case width == 0:
		return // all keys alike
	case len(nodes) <= slotSortRun:
		ss.lsd(nodes, width)
		return
	}
	wide := min(uint(bits.Len(uint(len(nodes))))-3, slotSortBits, width)
	at := width - wide
	digit := func(s dfsSlot) int { return int(s.key >> at & (1<<wide - 1)) }
	if depth == len(ss.count) {
		ss.count = append(ss.count, make([]int, 2<<slotSortBits))
	}
	end, next := ss.count[depth][:1<<wide], ss.count[depth][1<<wide:2<<wide]
	clear(end)
	for _, s := range nodes {
		end[digit(s)]++
	}
	sum := 0
	for dg, c := range end {
		next[dg] = sum
		sum += c
		end[dg] = sum
	}
	for dg := range next {
		for next[dg] < end[dg] {
			s := nodes[next[dg]]
			for e := digit(s); e != dg; e = digit(s) {
				s, nodes[next[e]] = nodes[next[e]], s
				next[e]++
			}
			nodes[next[dg]] = s
			next[dg]++
		}
	}
	lo := 0
	for _, hi := range end {
		ss.sort(nodes[lo:hi], at, depth+1)
		lo = hi
	}
}

// lsd sorts nodes (at most slotSortRun), whose sort keys agree from bit
// width up, by their bits below width: a radix sort, least significant
// digit first, between nodes and ss.buf, in as few digits of at most
// slotSortBits as width takes.
func (ss *slotSorter) lsd(nodes []dfsSlot, width uint) {
	digits := (width + slotSortBits - 1) / slotSortBits
	wide := (width + digits - 1) / digits
	if ss.buf == nil {
		ss.buf, ss.runCount = make([]dfsSlot, slotSortRun), make([]int, 1<<slotSortBits)
	}
	count := ss.runCount[:1<<wide]
	src, dst := nodes, ss.buf[:len(nodes)]
	for at := uint(0); at < width; at += wide {
		clear(count)
		for _, s := range src {
			count[s.key>>at&(1<<wide-1)]++
		}
		sum := 0
		for dg, c := range count {
			count[dg] = sum
			sum += c
		}
		for _, s := range src {
			dg := s.key >> at & (1<<wide - 1)
			dst[count[dg]] = s
			count[dg]++
		}
		src, dst = dst, src
	}
	if digits%2 == 1 {
		copy(nodes, src)
	}
}

// insertionSortSlots sorts a few nodes by key.
func insertionSortSlots(nodes []dfsSlot) {
	for i := 1; i < len(nodes); i++ {
		s := nodes[i]
		j := i
		for ; j > 0 && nodes[j-1].key > s.key; j-- {
			nodes[j] = nodes[j-1]
		}
		nodes[j] = s
	}
}
