// Package endgame builds and reads endgame databases of Bao Kingulu
// (package kingulu): the exact value (package solve) of every position
// with at most K seeds in play of a ruleset, even of one whose board is
// far too big to solve whole (the default board among them).
//
// # Why the values hold
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
// # The database
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
// Write stores a database in a directory: solved.parquet (solve.WriteTable,
// the canonical positions only) and endgame.json (the ruleset, K and the
// number of positions); Read checks them against each other.
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
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
)

// MetaFile is the name of a database's metadata file in its directory.
const MetaFile = "endgame.json"

// Format names the layout of MetaFile.
const Format = "baolab-kingulu-endgame/1"

// ErrBadDB is wrapped by the errors of Read for a directory that does not
// hold a complete, consistent endgame database.
var ErrBadDB = errors.New("not an endgame database")

// ErrCannot is wrapped by the error of Build for a game that cannot have
// a database: not kingulu, infinite=draw, or K out of range.
var ErrCannot = errors.New("no endgame database")

// DB is the endgame database of one kingulu ruleset for positions with at
// most Seeds() seeds in play. Its methods are safe for concurrent use.
type DB struct {
	game    *kingulu.Game
	k       int
	table   *solve.Table
	scratch sync.Pool // *scratch
}

// scratch is what one Lookup works with, pooled so that lookups do not
// allocate.
type scratch struct {
	coder *solve.Coder
	state *kingulu.State // the canonical position
}

// meta is the content of MetaFile.
type meta struct {
	Format    string `json:"format"`
	Ruleset   string `json:"ruleset"`
	Seeds     int    `json:"seeds"` // K: most seeds in play
	Positions int    `json:"positions"`
}

// MaxSeeds returns the largest K a database of g can have: the keys of
// its positions (K seeds in all) must fit the solver's 62 bits.
func MaxSeeds(g *kingulu.Game) int { return solve.MaxKeyBits - 2 - 4*g.Rules().Holes }

// check says why g cannot have a database for k seeds, or returns g as a
// kingulu game.
func check(g engine.Game, k int) (*kingulu.Game, error) {
	kg, ok := g.(*kingulu.Game)
	if !ok {
		return nil, fmt.Errorf("endgame: %w: %s is not a kingulu ruleset", ErrCannot, g.Ruleset())
	}
	if kg.Rules().InfiniteDraw {
		return nil, fmt.Errorf("endgame: %w: %s: with infinite=draw a game drawn by a never-ending move is worth 0 whatever the material, so values do not shift with it", ErrCannot, g.Ruleset())
	}
	if k < 0 || k > MaxSeeds(kg) {
		return nil, fmt.Errorf("endgame: %w: %s: seeds in play %d out of range 0..%d", ErrCannot, g.Ruleset(), k, MaxSeeds(kg))
	}
	return kg, nil
}

// Build solves the database of g (a kingulu game) for positions with at
// most k seeds in play, with solve.SolveAll and opt (CountOnly is
// ignored). It returns the database and the solve's result (positions
// reached, time, bytes; its Table is dropped).
func Build(g engine.Game, k int, opt solve.Options) (*DB, *solve.Result, error) {
	kg, err := check(g, k)
	if err != nil {
		return nil, nil, err
	}
	opt.CountOnly = false
	res, err := solve.SolveAll(Canonical(kg, k), opt)
	if err != nil {
		return nil, nil, err
	}
	c, err := solve.NewCoder(canonicalState(kg, k, kingulu.Position{}, engine.South))
	if err != nil {
		return nil, nil, err
	}
	var keys []uint64
	for s := range Canonical(kg, k) {
		key, _, _ := c.Key(s)
		keys = append(keys, key&^(solve.FlagTerminal|solve.FlagInfinite))
	}
	slices.Sort(keys)
	t := &solve.Table{Ruleset: res.Ruleset, KeyBytes: res.Table.KeyBytes, Keys: keys, South: make([]int8, len(keys)), North: make([]int8, len(keys))}
	for i, key := range keys {
		j, ok := slices.BinarySearch(res.Table.Keys, key)
		if !ok {
			return nil, nil, fmt.Errorf("endgame: %s: canonical position %#x not solved", g.Ruleset(), key)
		}
		t.South[i], t.North[i] = res.Table.South[j], res.Table.North[j]
	}
	res.Table = nil // the whole table is no longer needed
	return newDB(kg, k, t), res, nil
}

func newDB(g *kingulu.Game, k int, t *solve.Table) *DB {
	d := &DB{game: g, k: k, table: t}
	d.scratch.New = func() any {
		s := canonicalState(g, k, kingulu.Position{}, engine.South)
		c, err := solve.NewCoder(s)
		if err != nil {
			panic("endgame: " + err.Error()) // checked by Build and Read
		}
		return &scratch{coder: c, state: s}
	}
	return d
}

// Canonical yields the canonical positions of g for at most k seeds in
// play (see the package doc), one state changed each time: every set of
// reserved holes the rules allow, every distribution of at most k seeds
// over the unreserved holes, South then North to move.
func Canonical(g *kingulu.Game, k int) iter.Seq[engine.State] {
	return func(yield func(engine.State) bool) {
		r := g.Rules()
		n := r.Holes
		for mask := uint32(0); mask < 1<<(2*n); mask++ {
			south, north := mask&(1<<n-1), mask>>n // South's row reserved by North, North's by South
			if popcount(south) > r.MaxReserved || popcount(north) > r.MaxReserved {
				continue
			}
			var p kingulu.Position
			var free [][2]int // unreserved holes: player, hole
			for h := range 2 * n {
				pl, i := h/n, h%n
				if mask&(1<<h) != 0 {
					p.Reserved[pl][i] = true
				} else {
					free = append(free, [2]int{pl, i})
				}
			}
			if !distribute(g, k, &p, free, 0, 0, yield) {
				return
			}
		}
	}
}

// distribute puts 0..k-used seeds in free[j] and on, yielding each
// complete position with both players to move; false when yield stopped.
func distribute(g *kingulu.Game, k int, p *kingulu.Position, free [][2]int, j, used int, yield func(engine.State) bool) bool {
	if j == len(free) {
		for _, pl := range []engine.Player{engine.South, engine.North} {
			if !yield(canonicalState(g, k, *p, pl)) {
				return false
			}
		}
		return true
	}
	h := free[j]
	for c := 0; used+c <= k; c++ {
		p.Seeds[h[0]][h[1]] = c
		if !distribute(g, k, p, free, j+1, used+c, yield) {
			p.Seeds[h[0]][h[1]] = 0
			return false
		}
	}
	p.Seeds[h[0]][h[1]] = 0
	return true
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// canonicalState returns the canonical position of p for k seeds: p's
// reserved holes emptied, North's bank 0 and South's bank k minus the
// seeds in play, toMove to move.
func canonicalState(g *kingulu.Game, k int, p kingulu.Position, toMove engine.Player) *kingulu.State {
	canonicalize(k, &p)
	s, err := kingulu.NewStateAt(g, p, toMove)
	if err != nil {
		panic("endgame: " + err.Error()) // counts are small and non-negative
	}
	return s
}

// canonicalize makes p its canonical position for k seeds: its reserved
// holes emptied, North's bank 0 and South's bank k minus its seeds in
// play.
func canonicalize(k int, p *kingulu.Position) {
	inPlay := 0
	for pl := range 2 {
		for i := range kingulu.MaxHoles {
			if p.Reserved[pl][i] {
				p.Seeds[pl][i] = 0
			}
			inPlay += p.Seeds[pl][i]
		}
	}
	p.Bank = [2]int{k - inPlay, 0}
}

// InPlay returns the seed count of the unreserved holes of a kingulu state.
func InPlay(s *kingulu.State) int {
	p := s.Position()
	n := 0
	for pl := range 2 {
		for i := range kingulu.MaxHoles {
			if !p.Reserved[pl][i] {
				n += p.Seeds[pl][i]
			}
		}
	}
	return n
}

// Lookup returns the value of s's position, and false when the database
// does not hold it: s is not a state of the database's ruleset, or has
// more than Seeds() seeds in play. s's ply and history are ignored, as
// the solver ignores them (max_plies included).
func (d *DB) Lookup(s engine.State) (solve.Value, bool) {
	ks, ok := s.(*kingulu.State)
	if !ok || s.Game().Ruleset() != d.Ruleset() || InPlay(ks) > d.k {
		return solve.Value{South: solve.None, North: solve.None}, false
	}
	sc := d.scratch.Get().(*scratch)
	p := ks.Position()
	canonicalize(d.k, &p)
	if err := sc.state.SetPosition(p, s.Player()); err != nil {
		panic("endgame: " + err.Error()) // counts are small and non-negative
	}
	key, _, _ := sc.coder.Key(sc.state)
	shift := margin(s) - margin(sc.state)
	d.scratch.Put(sc)
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
func (d *DB) Ruleset() string { return d.game.Ruleset() }

// Seeds returns K, the most seeds in play of a position in the database.
func (d *DB) Seeds() int { return d.k }

// Len returns the number of canonical positions held.
func (d *DB) Len() int { return d.table.Len() }

// Write writes d to dir (created if needed): solved.parquet, then
// endgame.json, each through a file synced and renamed at the end.
func Write(dir string, d *DB) error {
	if err := solve.WriteTable(dir, d.table); err != nil {
		return err
	}
	b, err := json.MarshalIndent(meta{Format: Format, Ruleset: d.Ruleset(), Seeds: d.k, Positions: d.Len()}, "", "  ")
	if err != nil {
		return err
	}
	return renameio.WriteFile(filepath.Join(dir, MetaFile), append(b, '\n'), 0o644)
}

// Read reads a database written by Write. A missing, corrupt or
// inconsistent directory (metadata that does not match the table, a
// ruleset that is not kingulu or has infinite=draw, keys of another
// length than the ruleset and K give) is an error of one line wrapping
// ErrBadDB.
func Read(dir string) (*DB, error) {
	path := filepath.Join(dir, MetaFile)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrBadDB, fmt.Sprintf(format, args...))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, bad("%v", errors.Unwrap(err))
	}
	var m meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, bad("%v", err)
	}
	if m.Format != Format {
		return nil, bad("format %q, want %q", m.Format, Format)
	}
	g, err := engine.Parse(m.Ruleset)
	if err != nil {
		return nil, bad("%v", err)
	}
	kg, err := check(g, m.Seeds)
	if err != nil {
		return nil, bad("%v", err)
	}
	t, err := solve.ReadTable(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadDB, err)
	}
	want := engine.KeyBytes(4*kg.Rules().Holes + 2 + m.Seeds)
	switch {
	case t.Ruleset != g.Ruleset():
		return nil, bad("the table solves %s, the metadata says %s", t.Ruleset, g.Ruleset())
	case t.Len() != m.Positions:
		return nil, bad("the table holds %d positions, the metadata says %d", t.Len(), m.Positions)
	case t.KeyBytes != want:
		return nil, bad("the table's keys have %d bytes, %d seeds in %s take %d", t.KeyBytes, m.Seeds, g.Ruleset(), want)
	}
	if i := slices.IndexFunc(t.Keys, func(k uint64) bool { return k&(solve.FlagTerminal|solve.FlagInfinite) != 0 }); i >= 0 {
		return nil, bad("row %d is a terminal node, not a canonical position", i)
	}
	return newDB(kg, m.Seeds, t), nil
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
