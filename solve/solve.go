package solve

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baolab/baolab/engine"
)

// DefaultMaxPositions is the position limit when Options.MaxPositions is
// zero: about 2.5 GB of solver arrays with the predecessor lists, 1.5 GB
// with the sweep method.
const DefaultMaxPositions = 100_000_000

// Options tune Solve.
type Options struct {
	// MaxPositions bounds the positions (terminal ones included); a board
	// with more fails with an error wrapping ErrTooBig before memory runs
	// out. Zero means DefaultMaxPositions.
	MaxPositions int64
	// Workers is the number of goroutines generating moves; zero means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when set, is told about each stage.
	Progress Progress
	// Context, when set, stops Solve soon after it is done (between two
	// batches of the enumeration, within 100 ms in the later passes):
	// Solve then returns its error (context.Cause).
	Context context.Context
	// CountOnly stops after the enumeration: the Result has Positions,
	// Terminal (games over after a move, plus dead ends) and Elapsed only.
	CountOnly bool
	// Sweep solves without move lists (see the package doc): about 14.5
	// bytes per position at the peak instead of about 25, for more move
	// generation. Same values, but no distances under them (the Table's
	// SouthPlies and NorthPlies are nil; see the package doc).
	Sweep bool
	// Method chooses between the depth-first method and the others (see
	// Method and the package doc); the zero value chooses by the game.
	// The depth-first method runs on one goroutine, whatever Workers.
	Method Method
	// TempDir is where CountLayers writes the keys waiting for later
	// layers once they outgrow an eighth of MaxPositions (in a directory
	// of its own, removed at the end, or, when the run is killed, by the
	// next run given the same TempDir: a run locks its directory), and
	// SolveLayers those and its
	// layers; "" means os.TempDir().
	TempDir string
	// LayerDir, when not "", is where CountLayers keeps its count so that
	// a run stopped in any way (kill -9 included) continues from its last
	// checkpoint when it is run again with the same LayerDir: count.json
	// holds the layers finished and how many keys wait for each later
	// layer, wait/<layer>.keys the keys. A checkpoint is made at the end of
	// a layer once Checkpoint (zero: a minute) has passed since the last
	// one, and at the end of the count; it writes every waiting key to its
	// file. TempDir is then not used. SolveLayers keeps its solve there the
	// same way (solve.json, wait/, and its two files of layers, which stay
	// when it ends, holding the layers the start's values are looked up
	// in).
	LayerDir   string
	Checkpoint time.Duration
	// LayerMem, when more than 0, is the memory in bytes SolveLayers (and
	// EnumerateLayers, SolveLayerTask) may give one layer before it
	// takes the layer out of core (see the package doc, Layers larger
	// than memory): a layer whose key tables outgrow it is enumerated
	// breadth first through sorted files of keys in TempDir, and a layer
	// whose predecessor lists would (listsBytesPerPosition per position)
	// is solved by the sweep method with its keys and words in files
	// mapped into memory. The files of layers are the same. Zero: every
	// layer in memory.
	LayerMem int64
}

// Progress follows the stages of Solve: enumerate (total unknown, -1;
// Add counts the positions found, as --max-positions does), count moves,
// fill moves, south pass, north pass, cycles. Done ends a stage that
// finished (a stage that fails ends with Solve's error instead). Its
// methods are called from one goroutine.
type Progress interface {
	Stage(name string, total int64)
	Add(n int64)
	Done()
}

// MoveValue is the value of the position after one legal move.
type MoveValue struct {
	Move  engine.Move
	Value Value
}

// Result is a solved board.
type Result struct {
	Ruleset   string
	Positions int64 // reachable positions, terminal ones included
	Terminal  int64 // terminal positions (dead ends included)
	Edges     int64 // moves from non-terminal positions
	Cyclic    bool  // some position can recur
	Root      Value // the start position
	// RootPlies is the distance under Root's values (NoPlies without
	// distances: Options.Sweep, SolveLayers)
	RootPlies Plies
	Moves     []MoveValue
	Table     *Table // nil from SolveLayers
	// Bytes is the peak size of the solver's arrays in memory (keys,
	// hash table, predecessor lists or sweep words, counters, values,
	// work lists; SolveLayers: of one layer); Elapsed the wall time.
	Bytes   int64
	Elapsed time.Duration
	// EnumerationBytes is the peak of the arrays while enumerating (the
	// key tables, and the key array they are copied into).
	EnumerationBytes int64
	// Sweeps is the number of sweeps over the positions (Options.Sweep).
	Sweeps int
	// DepthFirst tells that the board was solved depth first (see Method).
	DepthFirst bool
	// Layers is the number of layers and LargestLayer the positions of
	// the largest (SolveLayers).
	Layers       int
	LargestLayer int64
	// ResumedLayers and ResumedSolved are the layers an earlier run in
	// Options.LayerDir had enumerated and solved (SolveLayers).
	ResumedLayers, ResumedSolved int
}

// Solve solves every position reachable from start (start's ply and
// history are ignored: only its position counts).
func Solve(start engine.State, opt Options) (*Result, error) {
	t0 := time.Now()
	res, sv, err := solveAll(slices.Values([]engine.State{start}), opt)
	if err != nil || opt.CountOnly {
		return res, err
	}
	rootKey, _, _ := sv.ex[0].c.Key(start)
	rootKey &^= FlagTerminal | FlagInfinite // the start position is a position, even if start is over
	res.Root, res.RootPlies, _ = res.Table.LookupPlies(rootKey)
	st, err := sv.ex[0].c.State(rootKey)
	if err != nil {
		return nil, err
	}
	kids, _, _, err := sv.ex[0].expandState(st, nil)
	if err != nil {
		return nil, err
	}
	for _, k := range kids {
		v, _ := res.Table.Lookup(k.key)
		res.Moves = append(res.Moves, MoveValue{Move: k.move, Value: v})
	}
	res.Elapsed = time.Since(t0)
	return res, nil
}

// SolveAll solves every position reachable from any of the start
// positions starts yields, as Solve does from one (their plies and
// histories are ignored; a state is read only while it is yielded, so
// starts may yield one state changed each time). The starts must be
// positions of one ruleset whose keys have the same length (for kingulu,
// with the same number of seeds). Result.Root and Result.Moves are left
// empty: look the starts up in Result.Table.
func SolveAll(starts iter.Seq[engine.State], opt Options) (*Result, error) {
	res, _, err := solveAll(starts, opt)
	return res, err
}

// solveAll is Solve and SolveAll without the start's own value and moves.
func solveAll(starts iter.Seq[engine.State], opt Options) (*Result, *solver, error) {
	t0 := time.Now()
	opt = opt.withDefaults()
	if opt.Sweep && opt.Method == MethodDFS {
		return nil, nil, errors.New("solve: the sweep method and the depth-first method are two methods: choose one")
	}
	// The arrays are most of the heap and the garbage (one state per
	// position expanded) is short-lived: sv.note keeps the GC target a
	// little above the arrays' size (see gcHeadroom).
	gcBegin()
	defer gcEnd()
	sv := &solver{opt: opt}
	var roots []uint64
	var err error
	for s := range starts {
		if len(sv.ex) == 0 {
			sv.ruleset = s.Game().Ruleset()
			sv.acyclic = declaresAcyclic(s.Game())
			for range opt.Workers {
				x, err1 := newExpander(s)
				if err1 != nil {
					return nil, nil, err1
				}
				sv.ex = append(sv.ex, x)
			}
		}
		c := sv.ex[0].c
		if s.Game().Ruleset() != sv.ruleset {
			err = fmt.Errorf("solve: start %d is a position of %s, start 0 of %s", len(roots), s.Game().Ruleset(), sv.ruleset)
			break
		}
		if n := engine.KeyBytes(c.enc.KeyBits(s)); n != c.nbytes {
			err = fmt.Errorf("solve: start %d has %d-byte keys, start 0 %d-byte keys", len(roots), n, c.nbytes)
			break
		}
		k, _, _ := c.Key(s)
		roots = append(roots, k&^(FlagTerminal|FlagInfinite)) // a start position is a position, even if it is over
	}
	switch {
	case err != nil:
		return nil, nil, err
	case len(roots) == 0:
		return nil, nil, errors.New("solve: no start position")
	}
	if sv.depthFirst() {
		err := sv.dfsSolve(roots)
		if err == nil {
			return sv.result(t0), sv, nil
		}
		if opt.Method == MethodDFS || !errors.Is(err, ErrCyclic) && !errors.Is(err, ErrMargin) {
			return nil, nil, err
		}
		sv.opt.Progress.Done() // MethodAuto: solve by predecessor lists
	}
	if err := sv.enumerate(roots...); err != nil {
		return nil, nil, err
	}
	sv.enumPeak = sv.peak
	if opt.CountOnly {
		return &Result{Ruleset: sv.ruleset, Positions: int64(len(sv.keys)), Terminal: int64(len(sv.keys)-sv.nNon) + int64(len(sv.dead)),
			Bytes: sv.peak, EnumerationBytes: sv.enumPeak, Elapsed: time.Since(t0)}, sv, nil
	}
	sv.buildBuckets()
	if opt.Sweep {
		if err := sv.sweepSolve(); err != nil {
			return nil, nil, err
		}
	} else {
		if err := sv.edges(); err != nil {
			return nil, nil, err
		}
		sv.retrograde()
		sv.plies()
		sv.cycles()
	}
	return sv.result(t0), sv, nil
}

// result is the Result of a solve begun at t0.
func (sv *solver) result(t0 time.Time) *Result {
	return &Result{
		Ruleset: sv.ruleset, Positions: int64(len(sv.keys)), Terminal: int64(len(sv.keys)-sv.nNon) + int64(len(sv.dead)),
		Edges: sv.nEdges, Cyclic: sv.cyclic, Bytes: sv.peak, EnumerationBytes: sv.enumPeak, Sweeps: sv.sweeps,
		DepthFirst: sv.depthFirstDone,
		Table: &Table{Ruleset: sv.ruleset, KeyBytes: sv.ex[0].c.nbytes, Keys: sv.keys, South: sv.valS, North: sv.valN,
			SouthPlies: sv.pliesS, NorthPlies: sv.pliesN},
		Elapsed: time.Since(t0),
	}
}

// withDefaults returns opt with its zero fields set to their defaults and
// MaxPositions within what a node number (uint32, below 2^31) holds.
func (opt Options) withDefaults() Options {
	if opt.MaxPositions <= 0 {
		opt.MaxPositions = DefaultMaxPositions
	}
	if opt.MaxPositions >= 1<<31 {
		opt.MaxPositions = 1<<31 - 1
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Progress == nil {
		opt.Progress = nopProgress{}
	}
	return opt
}

type nopProgress struct{}

func (nopProgress) Stage(string, int64) {}
func (nopProgress) Add(int64)           {}
func (nopProgress) Done()               {}

// solver holds the arrays of one solve. Nodes 0..nNon-1 are the
// non-terminal keys, sorted; nodes nNon.. the terminal ones (their flag
// bits make them sort after), sorted.
type solver struct {
	opt     Options
	ruleset string
	ex      []*expander

	keys   []uint64
	nNon   int
	margin map[uint32]int8 // dead ends among the non-terminal nodes
	dead   []uint32        // the dead ends
	termM  []int8          // margin of terminal node nNon+i
	// non-terminal keys k with (k-bucketBase)>>bucketShift == b are
	// keys[bucket[b]:bucket[b+1]]
	bucket      []uint32
	bucketBase  uint64
	bucketShift uint
	guessShift  uint // bucketShift-32 when positive (see index)

	outdeg []uint8
	off    []uint32 // predecessors of node j: pred[off[j]:off[j+1]]
	pred   []uint32
	nEdges int64

	valS, valN []int8
	// pliesS, pliesN: the distance under each side's value (plies.go);
	// nil from the sweep method
	pliesS, pliesN []uint16
	cyclic         bool
	peak           int64
	enumPeak       int64 // peak while enumerating
	sweeps         int   // sweeps of the sweep method
	acyclic        bool  // the game declares that no position recurs
	depthFirstDone bool  // solved by the depth-first method

	layers *layering // when counting layers (CountLayers)
	ext    *external // when solving one layer (SolveLayers)
	// peeledList is the length of the sweep method's list of peeled nodes
	// (0: a quarter of the non-terminal nodes; see solvePeeled), and
	// mapped tells that its keys and words are mapped files (a layer
	// solved out of core), not counted in peak.
	peeledList int
	mapped     bool
}

// nodes returns the number of nodes: the keys, and the nodes standing for
// children in later layers when solving one layer (see external).
func (sv *solver) nodes() int {
	if sv.ext == nil {
		return len(sv.keys)
	}
	return len(sv.keys) + len(sv.ext.pairs)
}

// tooMany is the error of a board over Options.MaxPositions.
func (sv *solver) tooMany() error {
	if sv.layers != nil {
		return fmt.Errorf("%w: %s: more than %d positions held at once in layer %s (raise --max-positions)", ErrTooBig, sv.ruleset, sv.opt.MaxPositions, sv.layers.name())
	}
	return fmt.Errorf("%w: %s: more than %d positions (raise --max-positions)", ErrTooBig, sv.ruleset, sv.opt.MaxPositions)
}

const noneVal = int8(-128)

// note records the size of the arrays at some point (plus the buckets),
// for the peak, and sets the garbage collector's target from it.
// stopped returns the cause of the end of the solve's context, nil while
// it goes on (or without one).
func (sv *solver) stopped() error {
	if c := sv.opt.Context; c != nil && c.Err() != nil {
		return context.Cause(c)
	}
	return nil
}

func (sv *solver) note(bytes int64) {
	bytes += 4 * int64(len(sv.bucket))
	sv.peak = max(sv.peak, bytes)
	gcSet(int(min(50, max(5, 100*gcHeadroom/max(bytes, 1)))))
}

// gcTuning is the garbage collector's target while solves run: the first
// solve to start saves the process's, the last to end puts it back, and
// only a solve running alone changes it (concurrent solves would undo
// each other's settings and could leave the process with a stranger's).
var gcTuning struct {
	sync.Mutex
	active     int
	saved, cur int
}

func gcBegin() {
	gcTuning.Lock()
	defer gcTuning.Unlock()
	if gcTuning.active == 0 {
		gcTuning.saved = debug.SetGCPercent(50)
		gcTuning.cur = 50
	}
	gcTuning.active++
}

func gcEnd() {
	gcTuning.Lock()
	defer gcTuning.Unlock()
	if gcTuning.active--; gcTuning.active == 0 {
		debug.SetGCPercent(gcTuning.saved)
	}
}

func gcSet(pct int) {
	gcTuning.Lock()
	defer gcTuning.Unlock()
	if gcTuning.active == 1 && pct != gcTuning.cur {
		debug.SetGCPercent(pct)
		gcTuning.cur = pct
	}
}

// gcHeadroom is how far beyond the arrays the heap grows before a
// collection, within 5% to 50% of the arrays: the garbage (an engine
// state per position expanded) dies young, so collecting a small heap
// every megabyte costs a quarter of the CPU for nothing, and a large
// heap (at 10^9 positions, 14 GB) need not hold a quarter more.
const gcHeadroom = 8 << 20

// enumerate finds every node reachable from the roots. The non-terminal nodes
// and the terminal ones are kept in two keyTables (see keyset.go), which
// are also the queue: a batch of nodes not yet expanded is taken from the
// table, the workers expand it, then its children are inserted in order,
// so the result does not depend on the number of workers. At the end the
// tables are copied into one array, a part at a time (given back to the
// system every 32nd of the way), and each half is sorted in place.
func (sv *solver) enumerate(roots ...uint64) error {
	p := sv.opt.Progress
	p.Stage("enumerate", -1)
	mem := new(tableMem)
	non := newKeyTable(3, false, mem) // tags: tagOpen, tagExpanded
	term := newKeyTable(0, true, mem) // tags: 1 FlagTerminal, 2 FlagInfinite
	for _, root := range roots {
		if int64(non.n) >= sv.opt.MaxPositions {
			return sv.tooMany()
		}
		non.add(mix62(root)<<2|tagOpen, 0, true)
	}
	p.Add(int64(non.n))
	deadM := map[uint64]int8{}
	if err := sv.explore(non, term, deadM, mem); err != nil {
		return err
	}
	p.Done()
	sv.collect(non, term, deadM, mem, false)
	return nil
}

// explore expands the open nodes of non, and those they lead to, until
// none is left, adding every node found to non or term (and the dead
// ends' margins to deadM). The progress is told of the nodes found. When
// solving layers with Options.LayerMem, it stops with errOverBudget at
// the start of a batch once the tables outgrow it (the nodes not yet
// expanded are then the ones still open).
func (sv *solver) explore(non, term *keyTable, deadM map[uint64]int8, mem *tableMem) error {
	p := sv.opt.Progress
	outs := make([]expansion, len(sv.ex))
	batch := 2048 * len(sv.ex)
	keys := make([]uint64, 0, batch)
	cur, found := 0, non.n+term.n
	for {
		if err := sv.stopped(); err != nil {
			return err
		}
		if sv.layers.overBudget(int64(non.n + term.n)) {
			return errOverBudget
		}
		keys = non.takeOpen(keys[:0], batch, &cur)
		if len(keys) == 0 {
			break
		}
		if err := sv.expandBatch(keys, outs); err != nil {
			return err
		}
		for w := range outs {
			o := &outs[w]
			for i, k := range o.dead {
				deadM[k] = o.dm[i]
			}
			for _, c := range o.kids {
				if err := sv.addNode(non, term, c); err != nil {
					return err
				}
			}
		}
		p.Add(int64(non.n + term.n - found))
		found = non.n + term.n
		sv.note(mem.peak + sv.layers.bytes())
	}
	return nil
}

// expansion is one worker's share of a batch expanded: the children of
// its keys in order, and its dead ends with their margins.
type expansion struct {
	kids []child
	dead []uint64
	dm   []int8
	err  error
}

// expandBatch expands the non-terminal keys with the workers, each a
// share of them in order, into outs (one per worker, emptied first), and
// returns the first error.
func (sv *solver) expandBatch(keys []uint64, outs []expansion) error {
	var wg sync.WaitGroup
	per := (len(keys) + len(sv.ex) - 1) / len(sv.ex)
	for w := range sv.ex {
		part := keys[min(len(keys), w*per):min(len(keys), (w+1)*per)]
		o := &outs[w]
		o.kids, o.dead, o.dm, o.err = o.kids[:0], o.dead[:0], o.dm[:0], nil
		if len(part) == 0 {
			continue
		}
		wg.Add(1)
		go func(x *expander, part []uint64) {
			defer wg.Done()
			for _, k := range part {
				var dead bool
				var m int8
				if o.kids, dead, m, o.err = x.expand(k, o.kids); o.err != nil {
					return
				}
				if dead {
					o.dead, o.dm = append(o.dead, k), append(o.dm, m)
				}
			}
		}(sv.ex[w], part)
	}
	wg.Wait()
	for w := range outs {
		if err := outs[w].err; err != nil {
			return err
		}
	}
	return nil
}

// collect copies the keys of non and term into one array (non-terminal
// then terminal keys, each half sorted), freeing the tables as it goes
// unless keep is set (the tables are then cleared and used again).
func (sv *solver) collect(non, term *keyTable, deadM map[uint64]int8, mem *tableMem, keep bool) {
	sv.nNon = non.n
	all, termM := make([]uint64, non.n+term.n), make([]int8, term.n)
	k, freed := 0, int64(0)
	chunk := mem.cur / 32
	for _, t := range []*keyTable{non, term} {
		for j := range t.parts {
			pt := &t.parts[j]
			for i, w := range pt.slots {
				if w == 0 {
					continue
				}
				key := unmix62(w >> 2)
				if t == term {
					termM[k-sv.nNon] = pt.m[i]
					key |= []uint64{0, FlagTerminal, FlagInfinite}[w&3]
				}
				all[k] = key
				k++
			}
			if keep {
				sv.note(mem.cur + 8*int64(k) + int64(len(termM)))
				continue
			}
			b := t.slotBytes(len(pt.slots))
			pt.slots, pt.m = nil, nil
			mem.cur -= b
			freed += b
			// The array fills as the parts are emptied, and the parts are
			// given back to the system every 32nd of the way.
			sv.note(mem.cur + freed + 8*int64(k) + int64(len(termM)))
			if freed >= chunk {
				debug.FreeOSMemory()
				freed = 0
			}
		}
	}
	slices.Sort(all[:sv.nNon])
	sort.Sort(keysMargins{all[sv.nNon:], termM})
	sv.keys = all
	sv.termM = termM
	sv.margin = make(map[uint32]int8, len(deadM))
	for k, m := range deadM {
		i, _ := slices.BinarySearch(sv.keys[:sv.nNon], k)
		sv.margin[uint32(i)] = m
		sv.dead = append(sv.dead, uint32(i))
	}
	slices.Sort(sv.dead)
}

// addNode adds the node a move leads to, unless it is there, and checks
// that a terminal node is always reached with the same margin and that
// the nodes are at most Options.MaxPositions.
func (sv *solver) addNode(non, term *keyTable, c child) error {
	room := int64(non.n+term.n)+sv.layers.waiting() < sv.opt.MaxPositions
	if sv.layers != nil && c.layer != sv.layers.cur {
		return sv.layers.hold(c, room, sv)
	}
	w := mix62(c.key&mask62) << 2
	t := non
	switch {
	case c.key&FlagTerminal != 0:
		t, w = term, w|1
	case c.key&FlagInfinite != 0:
		t, w = term, w|2
	default:
		w |= tagOpen
	}
	found, m := t.add(w, c.margin, room)
	if !found && !room {
		return sv.tooMany()
	}
	if found && t == term && m != c.margin && t.margins { // (CountLayers keeps no margins)
		return fmt.Errorf("solve: %s: terminal node %#x reached with margins %d and %d", sv.ruleset, c.key, m, c.margin)
	}
	return nil
}

// keysMargins sorts terminal keys with their margins.
type keysMargins struct {
	k []uint64
	m []int8
}

func (x keysMargins) Len() int           { return len(x.k) }
func (x keysMargins) Less(i, j int) bool { return x.k[i] < x.k[j] }
func (x keysMargins) Swap(i, j int) {
	x.k[i], x.k[j] = x.k[j], x.k[i]
	x.m[i], x.m[j] = x.m[j], x.m[i]
}

// buildBuckets indexes the non-terminal keys by their top bits: about one
// bucket per 8 keys (half a byte per position), so that a lookup reads
// the bucket's start and searches a few keys instead of the whole array
// (see index).
func (sv *solver) buildBuckets() {
	keys := sv.keys[:sv.nNon]
	if len(keys) < 2 {
		return
	}
	sv.bucketBase = keys[0]
	nb := 1
	for 2*nb <= len(keys)/8 {
		nb *= 2
	}
	span := keys[len(keys)-1] - keys[0]
	sv.bucketShift = 0
	for span>>sv.bucketShift >= uint64(nb) {
		sv.bucketShift++
	}
	sv.guessShift = sv.bucketShift - min(sv.bucketShift, 32)
	nb = int(span>>sv.bucketShift) + 1
	sv.bucket = make([]uint32, nb+1)
	b := 0
	for i, k := range keys {
		for kb := int((k - sv.bucketBase) >> sv.bucketShift); b <= kb; b++ {
			sv.bucket[b] = uint32(i)
		}
	}
	for ; b <= nb; b++ {
		sv.bucket[b] = uint32(len(keys))
	}
}

// index returns the node of key, or -1.
//
// A non-terminal key is looked for in its bucket, whose keys (the keys
// are packed positions, far from uniform) average 8 but are seen by a
// lookup at about 70: instead of a binary search over them, which reads
// a new cache line at each of its first steps, the key's place is guessed
// by interpolation between the bucket's ends (keys in a bucket are spread
// evenly enough that the guess is mostly within a few cache lines), then
// found by stepping at most guessSteps keys from the guess, and by binary
// search between the guess and the bucket's end when that is not enough.
func (sv *solver) index(key uint64) int {
	if key&(FlagTerminal|FlagInfinite) != 0 {
		return search(sv.keys, sv.nNon, len(sv.keys), key)
	}
	if sv.bucket == nil {
		return search(sv.keys, 0, sv.nNon, key)
	}
	if key < sv.bucketBase {
		return -1
	}
	b := (key - sv.bucketBase) >> sv.bucketShift
	if b+1 >= uint64(len(sv.bucket)) {
		return -1
	}
	lo, hi := int(sv.bucket[b]), int(sv.bucket[b+1])
	if lo == hi {
		return -1
	}
	// The key's offset in the bucket's range of 2^bucketShift keys, cut
	// to 32 bits so that its product with the bucket's size (< 2^31)
	// fits 64.
	off := (key - sv.bucketBase) & (1<<sv.bucketShift - 1) >> sv.guessShift
	g := lo + int(off*uint64(hi-lo)>>(sv.bucketShift-sv.guessShift))
	keys := sv.keys
	if keys[g] < key { // the first key >= key is after g
		lo = g + 1
		for range guessSteps {
			if lo == hi || keys[lo] >= key {
				return found(keys, lo, key)
			}
			lo++
		}
	} else { // at g or before
		hi = g
		for range guessSteps {
			if hi == lo || keys[hi-1] < key {
				return found(keys, hi, key)
			}
			hi--
		}
	}
	return search(keys, lo, hi, key)
}

// guessSteps is how far index steps from its guess before searching: on
// kingulu:holes=6,seeds=1 (BenchmarkIndex) 16 and 32 take 15% less time
// than 4, 64 no less than 32.
const guessSteps = 16

// search returns the index of key in keys[lo:hi], or -1.
func search(keys []uint64, lo, hi int, key uint64) int {
	i, _ := slices.BinarySearch(keys[lo:hi], key)
	return found(keys, lo+i, key)
}

// found returns i when keys[i] is key, else -1.
func found(keys []uint64, i int, key uint64) int {
	if i < len(keys) && keys[i] == key {
		return i
	}
	return -1
}

// forNodes runs f on every non-terminal node, in chunks shared out to the
// workers, and returns the first error.
func (sv *solver) forNodes(f func(x *expander, i int, kids []child) error) error {
	return sv.forEach(visit{n: sv.nNon}, func(_ int, x *expander, i int, kids []child) error { return f(x, i, kids) })
}

// forList runs f on the nodes of list; f learns the worker's number.
func (sv *solver) forList(list []uint32, f func(w int, x *expander, i int, kids []child) error) error {
	return sv.forEach(visit{n: len(list), list: list}, f)
}

// visit is the nodes a forEach runs on: list[0], ..., list[n-1], or
// without a list the nodes 0..n-1 (n-1 down to 0 when reverse); when word
// is set, only the nodes i with word[i]&mask == val. The test is made in
// forEach's loop, not by a function call per node: the sweeps and the
// levels of the peeled nodes pass over every node to run on few.
type visit struct {
	n         int
	list      []uint32
	reverse   bool
	word      []uint32
	mask, val uint32
}

// forEach runs f on the nodes of v, with the node's children, in chunks
// shared out to the workers, reporting the nodes done as progress; it
// returns the first error. f is told the number of the worker running it.
func (sv *solver) forEach(v visit, f func(w int, x *expander, i int, kids []child) error) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	var done atomic.Int64
	errs := make([]error, len(sv.ex))
	const chunk = 1024
	n := v.n
	for w := range sv.ex {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			x := sv.ex[w]
			var kids []child
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				did := 0
				for k := lo; k < min(lo+chunk, n); k++ {
					i := k
					if v.list != nil {
						i = int(v.list[k])
					} else if v.reverse {
						i = n - 1 - k
					}
					if v.word != nil && atomic.LoadUint32(&v.word[i])&v.mask != v.val {
						continue
					}
					did++
					var err error
					if kids, _, _, err = x.expand(sv.keys[i], kids[:0]); err == nil {
						err = f(w, x, i, kids)
					}
					if err != nil {
						errs[w] = err
						next.Store(int64(n))
						return
					}
				}
				done.Add(int64(did))
			}
		}(w)
	}
	// Report progress from this goroutine while the workers run.
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	var reported int64
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			sv.opt.Progress.Add(done.Load() - reported)
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			return nil
		case <-tick.C:
			d := done.Load()
			sv.opt.Progress.Add(d - reported)
			reported = d
			if err := sv.stopped(); err != nil {
				next.Store(int64(n)) // the workers take no more chunks
				<-finished
				return err
			}
		}
	}
}

// edges builds the predecessor lists: one pass counts each node's
// predecessors and successors, a second fills the lists.
func (sv *solver) edges() error {
	n := len(sv.keys)
	sv.outdeg = make([]uint8, n)
	sv.off = make([]uint32, n+1)
	sv.ext.reset()
	p := sv.opt.Progress
	p.Stage("count moves", int64(sv.nNon))
	var total atomic.Int64
	err := sv.forNodes(func(x *expander, i int, kids []child) error {
		if len(kids) > 255 {
			return fmt.Errorf("solve: %d moves from one position", len(kids))
		}
		sv.outdeg[i] = uint8(len(kids))
		for _, c := range kids {
			if sv.ext != nil && c.layer != sv.ext.layer {
				pair, err := sv.ext.pair(c, sv)
				if err != nil {
					return err
				}
				sv.ext.add(pair)
				continue
			}
			j := sv.index(c.key)
			if j < 0 {
				return sv.notEnumerated(c.key)
			}
			atomic.AddUint32(&sv.off[j+1], 1)
		}
		total.Add(int64(len(kids)))
		return nil
	})
	p.Done()
	if err != nil {
		return err
	}
	sv.nEdges = total.Load()
	if sv.nEdges >= 1<<32 {
		return fmt.Errorf("%w: %s: %d moves, at most 2^32 fit", ErrTooBig, sv.ruleset, sv.nEdges)
	}
	if sv.ext != nil {
		// the nodes standing for the children in later layers follow
		sv.off = append(sv.off, sv.ext.number()...)
		sv.outdeg = append(sv.outdeg, make([]uint8, len(sv.ext.pairs))...)
		n = sv.nodes()
	}
	// off[j+1] held node j's predecessor count; prefix sums make it the end
	// of node j's list, and the shift below puts that end in off[j].
	for j := 1; j <= n; j++ {
		sv.off[j] += sv.off[j-1]
	}
	copy(sv.off, sv.off[1:]) // the fill counts off[j] down to the start of node j's list
	sv.pred = make([]uint32, sv.nEdges)
	sv.note(int64(8*len(sv.keys) + 4*len(sv.off) + 4*len(sv.pred) + len(sv.outdeg)))
	p.Stage("fill moves", int64(sv.nNon))
	err = sv.forNodes(func(x *expander, i int, kids []child) error {
		for _, c := range kids {
			var j int
			if sv.ext != nil && c.layer != sv.ext.layer {
				pair, err := sv.ext.pair(c, sv)
				if err != nil {
					return err
				}
				j = len(sv.keys) + int(sv.ext.id[pair])
			} else {
				j = sv.index(c.key)
			}
			slot := atomic.AddUint32(&sv.off[j], ^uint32(0))
			sv.pred[slot] = uint32(i)
		}
		return nil
	})
	p.Done()
	sv.off[n] = uint32(sv.nEdges)
	return err
}

func (sv *solver) preds(j uint32) []uint32 { return sv.pred[sv.off[j]:sv.off[j+1]] }

// releases returns the terminal nodes and dead ends grouped by margin,
// in increasing margin order, for side's pass: when solving one layer, the
// nodes standing for children in later layers too, by side's value of
// them (never released when None).
func (sv *solver) releases(side engine.Player) [][]uint32 {
	byM := make([][]uint32, 256)
	if sv.ext != nil {
		for id, pair := range sv.ext.pairs {
			m := pairSouth(pair)
			if side == engine.North {
				m = pairNorth(pair)
			}
			if m != noneVal {
				byM[int(m)+128] = append(byM[int(m)+128], uint32(len(sv.keys)+id))
			}
		}
	}
	for i, m := range sv.termM {
		byM[int(m)+128] = append(byM[int(m)+128], uint32(sv.nNon+i))
	}
	for _, i := range sv.dead {
		m := sv.margin[i]
		byM[int(m)+128] = append(byM[int(m)+128], i)
	}
	return byM
}

// retrograde runs the two attractor passes.
func (sv *solver) retrograde() {
	sv.valS = sv.attract(engine.South, sv.releases(engine.South))
	sv.valN = sv.attract(engine.North, sv.releases(engine.North))
}

// attract computes side's value of every node: terminals are released
// best margin first for side; a node of side's joins the attractor with
// its first successor in it, a node of the opponent's with its last. The
// attractor of each margin grows round by round (nextRound); which nodes
// join it does not depend on the order they are taken in.
func (sv *solver) attract(side engine.Player, byM [][]uint32) []int8 {
	p := sv.opt.Progress
	p.Stage(side.String()+" pass", int64(len(sv.keys)))
	defer p.Done()
	val := make([]int8, sv.nodes())
	for i := range val {
		val[i] = noneVal
	}
	cnt := sv.sideCounts(side)
	var cur, next []uint32
	for r := range 256 {
		mi := 255 - r // South: best (largest) margin first
		if side == engine.North {
			mi = r
		}
		if len(byM[mi]) == 0 {
			continue
		}
		t := int8(mi - 128)
		cur, next = sortNodes(append(cur[:0], byM[mi]...), next, sv.nodes())
		for _, i := range cur {
			val[i] = t
		}
		for len(cur) > 0 {
			p.Add(int64(len(cur)))
			cur, next = sv.nextRound(cur, next, cnt)
			for _, q := range cur {
				val[q] = t
			}
		}
	}
	sv.note(int64(8*len(sv.keys)+4*len(sv.off)+4*len(sv.pred)+3*len(sv.outdeg)) + int64(4*(cap(cur)+cap(next))))
	return val
}

// nextRound returns, sorted, the nodes that join an attractor once the
// nodes of cur (its last round) are in it: each predecessor of a node of
// cur counts down (cnt, see sideCounts), and joins when its count
// reaches 0. The nodes of a round are taken in node order, so the
// predecessor lists and the counts are read front to back rather than at
// random: on a large board that is most of the attractor passes' time.
// The new round is built in next's memory and sorted with cur's as the
// second buffer: nextRound also returns the buffer left over, for the
// round after (cur's contents are lost).
func (sv *solver) nextRound(cur, next []uint32, cnt []uint8) (round, spare []uint32) {
	next = next[:0]
	for _, x := range cur {
		for _, q := range sv.preds(x) {
			if cnt[q] == 0 { // in the attractor already
				continue
			}
			if cnt[q]--; cnt[q] > 0 {
				continue
			}
			next = append(next, q)
		}
	}
	return sortNodes(next, cur, sv.nodes())
}

// sideCounts returns, for every node, how many of its successors must be
// in side's attractor for it to join: 1 for a node of side's with a move
// (its first successor in the attractor brings it in), all of them
// (outdeg) for a node of the opponent's. A node with no move (terminal,
// dead end, a node standing for children in later layers) gets 0; such a
// node is no node's successor, so in the attractor passes a count of 0
// means "in the attractor already" for every node that is a predecessor.
// Counting down this way, the passes never look up a node's player (a
// random read of its 8-byte key per move).
func (sv *solver) sideCounts(side engine.Player) []uint8 {
	cnt := slices.Clone(sv.outdeg)
	for i, k := range sv.keys[:sv.nNon] {
		if cnt[i] > 0 && KeyPlayer(k) == side {
			cnt[i] = 1
		}
	}
	return cnt
}

// cycles tells whether the graph has a cycle: it peels off nodes all of
// whose successors are peeled (a topological sort, round by round as the
// attractors grow: nextRound); a node left over lies on or above a cycle.
func (sv *solver) cycles() {
	p := sv.opt.Progress
	p.Stage("cycles", int64(len(sv.keys)))
	defer p.Done()
	cnt := slices.Clone(sv.outdeg)
	var cur, next []uint32
	for i, d := range cnt {
		if d == 0 {
			cur = append(cur, uint32(i))
		}
	}
	peeled := 0
	for len(cur) > 0 {
		peeled += len(cur)
		p.Add(int64(len(cur)))
		cur, next = sv.nextRound(cur, next, cnt)
	}
	sv.cyclic = peeled < len(cnt)
}
