// Package endgame builds and reads endgame databases: the exact value
// (package solve) of every position with at most K seeds in play of a Bao
// Kingulu ruleset (package kingulu), or with at most K stones on the board
// of a Bao la Kimasai four-rows ruleset (package kimasai4), even of one
// whose board is far too big to solve whole (the default boards among
// them). One DB type, Build, Write, Read and Lookup serve both games; what
// differs is each game's canonical positions and how a position of a real
// game is looked up through one (kingulu.go, fourrows.go).
//
// # Kingulu: why the values hold
//
// The seeds in play are those in unreserved holes. What a move does depends
// only on them, on which holes are reserved (the rules never read a
// reserved hole's count, and the owner of a reserved hole is the player
// across from it), on the player to move and, with max_reserved, on how many
// holes each player holds reserved, which the reserved holes tell. The banks
// and the frozen counts of reserved holes only add to the players' scores
// (State.Material), and seeds never come back into play (captures, seeds
// falling into reserved holes and kuweka mtoto take them out). So the
// positions with at most K seeds in play are closed under moves, and two
// positions that differ only in their banks and reserved holes' counts have
// the same games from them; every game ends by score (the ruleset must not
// have infinite=draw, whose drawn games are worth 0 whatever the material),
// and the end's margin is the material margin now plus what the game adds.
// So their values (south_can_force and north_can_force) differ by the
// difference of their material margins (Material(South) − Material(North)).
//
// # The kingulu database
//
// For each set of reserved holes the rules allow (with max_reserved=r, at
// most r per player), each distribution of at most K seeds over the other
// holes and each player to move, the canonical position has these holes,
// 0 seeds in its reserved holes, no seed in North's bank and K minus the
// seeds in play in South's bank: a position with K seeds in all, whose key
// (engine.Encoder) takes 4*holes+2+K bits, so K is at most 60-4*holes (36
// on the default board). solve.SolveAll solves every position reachable
// from the canonical ones, and the database keeps the canonical positions'
// values. Lookup answers for any state of the ruleset with at most K seeds
// in play: the value of its canonical position shifted by the difference of
// the two material margins (None stays None).
//
// # Four-rows: why the values hold
//
// A kimasai-four-rows position is the two players' stones (at most one a
// hole) and the player to move, and stones only ever leave the board (by
// capture). So the positions with at most K stones on the board in all
// are closed under moves: the database holds every one of them, each
// player to move, and is its own canonical form (no shift: a finished
// game's margin is +1 or -1 whatever the material). K counts the stones
// of both players together, not each player's (both sets are closed under
// moves): the count the game goes down by, and far fewer positions for
// the same K (for K=4 on the default board 213,052 placements against
// 12,951² = 167,728,401 with at most 4 a side). A position where a player has
// no stones is in the database too (a finished game: the other player has
// won); the empty board is not a position (kimasai4.NewStateAt).
//
// The values are exactly those solve gives the same positions: the
// database is solve.SolveAll's table from them. solve values a position,
// not a game: it never reads a game's history, so the repetition rule
// (repetition=first, third or none) cannot enter its values. In four-rows
// this loses nothing: no position can ever repeat, from any position (the
// theorem in package kimasai4's doc), so the graph of moves has no cycle
// (Result.Cyclic is false, which the tests check), every value is exact
// (South's equals North's: +1, -1; a draw cannot happen) and a position's
// value never depends on the game's history. The database of each
// repetition option is therefore the same table under its own ruleset
// (the ruleset, repetition included, must match the game's). Keys take
// 4*holes+1 bits, so holes=16 (65 bits) is refused; K is 1..4*holes.
//
// # On disk
//
// Write stores a database in a directory: solved.parquet (solve.WriteTable,
// the canonical positions only) and endgame.json (its format, the ruleset,
// K — as "seeds" for kingulu, "stones" for four-rows — and the number of
// positions); Read checks them against each other.
package endgame

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/google/renameio/v2"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// MetaFile is the name of a database's metadata file in its directory.
const MetaFile = "endgame.json"

// ErrBadDB is wrapped by the errors of Read for a directory that does not
// hold a complete, consistent endgame database.
var ErrBadDB = errors.New("not an endgame database")

// ErrCannot is wrapped by the error of Build for a game that cannot have
// a database: not kingulu or kimasai-four-rows, kingulu with
// infinite=draw, four-rows keys too long for the solver, or K out of
// range.
var ErrCannot = errors.New("no endgame database")

// variant is what a database needs to know of its game: its canonical
// positions, how a state maps to one, and the names it is stored under.
type variant interface {
	// format is MetaFile's format string; count names K there ("seeds",
	// "stones").
	format() string
	count() string
	// check says why the game cannot have a database for k, or is nil.
	check(k int) error
	// keyBits is the length of the canonical positions' keys for k.
	keyBits(k int) int
	// positions is the number of canonical positions for k, or -1 when
	// Read does not check it (kingulu: its keys' length tells K).
	positions(k int) int
	// canonical yields the canonical positions for k, one state changed
	// each time.
	canonical(k int) iter.Seq[engine.State]
	// newScratch returns a state of the game that canonicalOf may change.
	newScratch(k int) engine.State
	// canonicalOf returns the canonical position of s for k (scratch
	// changed, or s itself) and the shift of its values to s's; false
	// when the database for k does not hold s (s has more than k).
	canonicalOf(s, scratch engine.State, k int) (c engine.State, shift int, ok bool)
}

// newVariant returns the variant of g, or an error wrapping ErrCannot
// when g is of neither game.
func newVariant(g engine.Game) (variant, error) {
	switch g := g.(type) {
	case *kingulu.Game:
		return kinguluDB{g}, nil
	case *kimasai4.Game:
		return fourRowsDB{g}, nil
	}
	return nil, fmt.Errorf("endgame: %w: %s is not a kingulu or kimasai-four-rows ruleset", ErrCannot, g.Ruleset())
}

// checked returns g's variant when g can have a database for k.
func checked(g engine.Game, k int) (variant, error) {
	v, err := newVariant(g)
	if err != nil {
		return nil, err
	}
	if err := v.check(k); err != nil {
		return nil, err
	}
	return v, nil
}

// outOfRange is the error of a K outside 0..maxK (or min..maxK).
func outOfRange(g engine.Game, what string, k, min, max int) error {
	return fmt.Errorf("endgame: %w: %s: %s %d out of range %d..%d", ErrCannot, g.Ruleset(), what, k, min, max)
}

// DB is the endgame database of one ruleset for positions with at most
// K() seeds in play (kingulu) or stones on the board (four-rows). Its
// methods are safe for concurrent use.
type DB struct {
	v       variant
	ruleset string
	k       int
	table   *solve.Table
	scratch sync.Pool // *scratch
}

// scratch is what one Lookup works with, pooled so that lookups do not
// allocate.
type scratch struct {
	coder *solve.Coder
	state engine.State // where the canonical position is made
}

// meta is the content of MetaFile. Seeds is kingulu's K, Stones
// four-rows' (the other is left out).
type meta struct {
	Format    string `json:"format"`
	Ruleset   string `json:"ruleset"`
	Seeds     *int   `json:"seeds,omitempty"`  // K: most seeds in play (kingulu)
	Stones    *int   `json:"stones,omitempty"` // K: most stones on the board (four-rows)
	Positions int    `json:"positions"`
}

// Build solves the database of g (a kingulu or kimasai-four-rows game)
// for positions with at most k seeds in play (kingulu) or stones on the
// board (four-rows), with solve.SolveAll and opt (CountOnly is ignored).
// It returns the database and the solve's result (positions reached,
// time, bytes, whether the graph has a cycle; its Table is dropped).
func Build(g engine.Game, k int, opt solve.Options) (*DB, *solve.Result, error) {
	v, err := checked(g, k)
	if err != nil {
		return nil, nil, err
	}
	opt.CountOnly = false
	res, err := solve.SolveAll(v.canonical(k), opt)
	if err != nil {
		return nil, nil, err
	}
	t, err := canonicalTable(v, k, res.Table)
	if err != nil {
		return nil, nil, err
	}
	res.Table = nil // the whole table is no longer needed
	return newDB(v, g.Ruleset(), k, t), res, nil
}

// canonicalTable returns the rows of whole (a solve of every position
// reachable from v's canonical positions for k) that are canonical
// positions.
func canonicalTable(v variant, k int, whole *solve.Table) (*solve.Table, error) {
	c, err := solve.NewCoder(v.newScratch(k))
	if err != nil {
		return nil, err
	}
	var keys []uint64
	for s := range v.canonical(k) {
		key, _, _ := c.Key(s)
		keys = append(keys, key&^(solve.FlagTerminal|solve.FlagInfinite))
	}
	slices.Sort(keys)
	t := &solve.Table{Ruleset: whole.Ruleset, KeyBytes: whole.KeyBytes, Keys: keys, South: make([]int8, len(keys)), North: make([]int8, len(keys))}
	for i, key := range keys {
		j, ok := slices.BinarySearch(whole.Keys, key)
		if !ok {
			return nil, fmt.Errorf("endgame: %s: canonical position %#x not solved", whole.Ruleset, key)
		}
		t.South[i], t.North[i] = whole.South[j], whole.North[j]
	}
	return t, nil
}

func newDB(v variant, ruleset string, k int, t *solve.Table) *DB {
	d := &DB{v: v, ruleset: ruleset, k: k, table: t}
	d.scratch.New = func() any {
		s := v.newScratch(k)
		c, err := solve.NewCoder(s)
		if err != nil {
			panic("endgame: " + err.Error()) // checked by Build and Read
		}
		return &scratch{coder: c, state: s}
	}
	return d
}

// Lookup returns the value of s's position, and false when the database
// does not hold it: s is not a state of the database's ruleset, or has
// more than K() seeds in play (kingulu) or stones on the board
// (four-rows). s's ply and history are ignored, as the solver ignores
// them (max_plies and, in four-rows, the repetition rule included: see
// the package doc).
func (d *DB) Lookup(s engine.State) (solve.Value, bool) {
	none := solve.Value{South: solve.None, North: solve.None}
	if s.Game().Ruleset() != d.ruleset {
		return none, false
	}
	sc := d.scratch.Get().(*scratch)
	c, shift, ok := d.v.canonicalOf(s, sc.state, d.k)
	var key uint64
	if ok {
		key, _, _ = sc.coder.Key(c)
	}
	d.scratch.Put(sc)
	if !ok {
		return none, false
	}
	v, ok := d.table.Lookup(key &^ (solve.FlagTerminal | solve.FlagInfinite))
	if !ok {
		return v, false
	}
	if v.South != solve.None {
		v.South += solve.Force(shift)
	}
	if v.North != solve.None {
		v.North += solve.Force(shift)
	}
	return v, true
}

func margin(s engine.State) int { return s.Material(engine.South) - s.Material(engine.North) }

// Ruleset returns the canonical ruleset the database serves.
func (d *DB) Ruleset() string { return d.ruleset }

// K returns the most seeds in play (kingulu) or stones on the board
// (four-rows) of a position in the database.
func (d *DB) K() int { return d.k }

// Seeds returns K (kingulu's name for it: the most seeds in play).
func (d *DB) Seeds() int { return d.k }

// Len returns the number of canonical positions held.
func (d *DB) Len() int { return d.table.Len() }

// Write writes d to dir (created if needed): solved.parquet, then
// endgame.json, each through a file synced and renamed at the end.
func Write(dir string, d *DB) error {
	if err := solve.WriteTable(dir, d.table); err != nil {
		return err
	}
	m := meta{Format: d.v.format(), Ruleset: d.ruleset, Positions: d.Len()}
	k := d.k
	mine, _ := kFields(d.v, &m)
	*mine = &k
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return renameio.WriteFile(filepath.Join(dir, MetaFile), append(b, '\n'), 0o644)
}

// Read reads a database written by Write. A missing, corrupt or
// inconsistent directory (metadata that does not match the table, a
// format of another game than the ruleset's, a ruleset that cannot have
// a database, keys of another length than the ruleset and K give) is an
// error of one line wrapping ErrBadDB.
func Read(dir string) (*DB, error) {
	path := filepath.Join(dir, MetaFile)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrBadDB, fmt.Sprintf(format, args...))
	}
	m, err := readMeta(path)
	if err != nil {
		return nil, bad("%v", err)
	}
	v, k, err := metaVariant(m)
	if err != nil {
		return nil, bad("%v", err)
	}
	t, err := solve.ReadTable(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadDB, err)
	}
	if err := consistent(m, v, k, t); err != nil {
		return nil, bad("%v", err)
	}
	return newDB(v, m.Ruleset, k, t), nil
}

// readMeta reads and decodes MetaFile at path.
func readMeta(path string) (*meta, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, errors.Unwrap(err)
	}
	var m meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// formats are the formats Read knows.
var formats = []string{Format, FormatFourRows}

// metaVariant returns the variant and K of m, checking that its format is
// known and of its ruleset's game, that K is given under the game's name
// and that the game can have a database for it.
func metaVariant(m *meta) (variant, int, error) {
	if !slices.Contains(formats, m.Format) {
		return nil, 0, fmt.Errorf("format %q, want %q or %q", m.Format, Format, FormatFourRows)
	}
	g, err := engine.Parse(m.Ruleset)
	if err != nil {
		return nil, 0, err
	}
	v, err := newVariant(g)
	if err != nil {
		return nil, 0, err
	}
	if v.format() != m.Format {
		return nil, 0, fmt.Errorf("format %q is not that of %s (%q)", m.Format, g.Ruleset(), v.format())
	}
	mine, other := kFields(v, m)
	k := *mine
	if k == nil || *other != nil {
		return nil, 0, fmt.Errorf("K must be given as %q alone", v.count())
	}
	if err := v.check(*k); err != nil {
		return nil, 0, err
	}
	return v, *k, nil
}

// kFields returns the field of m that holds K for v's game (Seeds or
// Stones, as v.count names it) and the other one.
func kFields(v variant, m *meta) (mine, other **int) {
	if v.count() == "stones" {
		return &m.Stones, &m.Seeds
	}
	return &m.Seeds, &m.Stones
}

// consistent checks the table t against its metadata m (variant v, K k).
func consistent(m *meta, v variant, k int, t *solve.Table) error {
	want := engine.KeyBytes(v.keyBits(k))
	switch {
	case t.Ruleset != m.Ruleset:
		return fmt.Errorf("the table solves %s, the metadata says %s", t.Ruleset, m.Ruleset)
	case t.Len() != m.Positions:
		return fmt.Errorf("the table holds %d positions, the metadata says %d", t.Len(), m.Positions)
	case v.positions(k) >= 0 && t.Len() != v.positions(k):
		return fmt.Errorf("the table holds %d positions, %d %s in %s make %d", t.Len(), k, v.count(), m.Ruleset, v.positions(k))
	case t.KeyBytes != want:
		return fmt.Errorf("the table's keys have %d bytes, %d %s in %s take %d", t.KeyBytes, k, v.count(), m.Ruleset, want)
	}
	if i := slices.IndexFunc(t.Keys, func(k uint64) bool { return k&(solve.FlagTerminal|solve.FlagInfinite) != 0 }); i >= 0 {
		return fmt.Errorf("row %d is a terminal node, not a canonical position", i)
	}
	return nil
}

// ReadFor reads the database in dir as Read does and checks that it
// serves g's ruleset: a database of another ruleset is an error wrapping
// ErrBadDB.
func ReadFor(dir string, g engine.Game) (*DB, error) {
	d, err := Read(dir)
	if err != nil {
		return nil, err
	}
	if d.Ruleset() != g.Ruleset() {
		return nil, fmt.Errorf("%s: %w: it serves %s, not %s", filepath.Join(dir, MetaFile), ErrBadDB, d.Ruleset(), g.Ruleset())
	}
	return d, nil
}
