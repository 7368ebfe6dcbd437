package enginetest

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

// Conformance runs on g every check that the engine API promises of any
// variant, so that a new variant is tested as soon as it is registered
// (engine/all runs it on every registered variant):
//   - the ruleset: Variant is a registered name, Ruleset and Options
//     parse back to the same canonical ruleset, MaxPlies is the max_plies
//     option, the start's material adds up to TotalMaterial, and every
//     option's binding reaches the Game's typed Rules (each value other
//     than the default changes them, no two alike);
//   - random games (RandomGames: invariants, legal moves, undo by
//     CopyFrom) and a Clone that does not share its position;
//   - keys (KeyRoundTrip), when g implements engine.Encoder, and layer
//     keys (LayerRoundTrip, without the variant's own rule for which
//     moves change the layer) when it implements engine.Layered;
//   - child keys (ChildKeys), when g implements engine.ChildKeys;
//   - the board description (engine.Drawer) that renderers draw from:
//     every hole once, material equal to the counters each player owns
//     on the board and in stores (checkBoard);
//   - perft: Perft equals PerftByApply from the start and from positions
//     of random games, and the start with first=north has the perft
//     counts of the start with first=south (the two starts are mirror
//     images), while their hashes differ;
//   - bad input: a move number out of range, a move that is not a
//     candidate and a move after the end are refused with the shared
//     wording (engine.MoveErrors) and leave the state unchanged; option
//     values made by hand that ParseValues would refuse are refused by
//     the variant's New with ParseValues' error; a ruleset of another
//     variant is refused by engine.ParseAs.
func Conformance(t *testing.T, g engine.Game) {
	t.Run("ruleset", func(t *testing.T) {
		checkRuleset(t, g)
		checkBindings(t, g)
	})
	t.Run("games", func(t *testing.T) {
		RandomGames(t, g, 20, 1)
		checkClone(t, g, 2)
	})
	t.Run("board", func(t *testing.T) { checkBoards(t, g, 6) })
	if _, ok := g.(engine.Encoder); ok {
		t.Run("keys", func(t *testing.T) { KeyRoundTrip(t, g, 10, 3) })
	}
	if _, ok := g.(engine.ChildKeys); ok {
		t.Run("child keys", func(t *testing.T) { ChildKeys(t, g, 10, 8) })
	}
	if _, ok := g.(engine.Layered); ok {
		anyMove := func(before, after engine.State) bool { return true }
		t.Run("layers", func(t *testing.T) { LayerRoundTrip(t, g, 10, 7, anyMove) })
	}
	t.Run("perft", func(t *testing.T) { checkPerft(t, g, 4) })
	t.Run("bad input", func(t *testing.T) {
		checkBadMoves(t, g, 5)
		checkBadValues(t, g)
	})
}

// withOptions returns the ruleset of g with the options of set changed,
// written from g.Options().
func withOptions(g engine.Game, set map[string]string) string {
	opts := g.Options()
	maps.Copy(opts, set)
	var items []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		items = append(items, k+"="+opts[k])
	}
	return g.Variant() + ":" + strings.Join(items, ",")
}

func checkRuleset(t *testing.T, g engine.Game) {
	v, err := engine.Lookup(g.Variant())
	if err != nil {
		t.Fatalf("%s: Variant %q: %v", g.Ruleset(), g.Variant(), err)
	}
	if again, err := engine.Parse(g.Ruleset()); err != nil || again.Ruleset() != g.Ruleset() {
		t.Errorf("%s: the canonical ruleset parses to %v (%v)", g.Ruleset(), again, err)
	}
	full := withOptions(g, nil)
	if again, err := engine.Parse(full); err != nil || again.Ruleset() != g.Ruleset() {
		t.Errorf("%s: the ruleset written from Options, %s, parses to %v (%v)", g.Ruleset(), full, again, err)
	}
	opts := g.Options()
	for _, o := range v.Options {
		if _, ok := opts[o.Key]; !ok && !o.Ignored {
			t.Errorf("%s: Options lacks option %q", g.Ruleset(), o.Key)
		}
	}
	if fmt.Sprint(g.MaxPlies()) != opts["max_plies"] {
		t.Errorf("%s: MaxPlies %d, option max_plies %s", g.Ruleset(), g.MaxPlies(), opts["max_plies"])
	}
	s := g.NewState()
	if m := s.Material(engine.South) + s.Material(engine.North); m != g.TotalMaterial() {
		t.Errorf("%s: the start's material adds up to %d, TotalMaterial %d", g.Ruleset(), m, g.TotalMaterial())
	}
	if s.Ply() != 0 || s.Over() {
		t.Errorf("%s: the start is at ply %d, over %v", g.Ruleset(), s.Ply(), s.Over())
	}
	if f := opts["first"]; (f == "north") != (s.Player() == engine.North) {
		t.Errorf("%s: first=%s but %v moves first", g.Ruleset(), f, s.Player())
	}
}

// checkClone plays random games and checks at every ply that a move
// applied to a Clone changes neither the original's position, hash and
// ply nor its moves.
func checkClone(t *testing.T, g engine.Game, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x636c6f6e65))
	for game := 0; game < 5; game++ {
		s := g.NewState()
		for !s.Over() {
			cands := s.Candidates(nil)
			text, hash, ply := s.String(), s.Hash(), s.Ply()
			c := s.Clone()
			if c.Hash() != hash || c.String() != text || c.Ply() != ply {
				t.Fatalf("%s game %d ply %d: the clone differs:\n%s\n%s", g.Ruleset(), game, ply, c, s)
			}
			for _, m := range cands {
				c.CopyFrom(s)
				c.Apply(m)
			}
			if s.Hash() != hash || s.String() != text || s.Ply() != ply || !slices.Equal(s.Candidates(nil), cands) {
				t.Fatalf("%s game %d ply %d: moves on a clone changed the original:\n%s", g.Ruleset(), game, ply, s)
			}
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s game %d ply %d: %v", g.Ruleset(), game, ply, err)
			}
		}
	}
}

// checkPerft compares Perft with PerftByApply to depth 3 from the start
// and to depth 2 from the positions of random games at plies below 40,
// and the starts with either player first with each other.
func checkPerft(t *testing.T, g engine.Game, seed uint64) {
	first := map[string]string{"first": "south"}
	south := engine.MustParse(withOptions(g, first))
	first["first"] = "north"
	north := engine.MustParse(withOptions(g, first))
	s, n := south.NewState(), north.NewState()
	if s.Hash() == n.Hash() {
		t.Errorf("%s: the starts with south and with north to move have one hash %#x", g.Ruleset(), s.Hash())
	}
	for d := 0; d <= 3; d++ {
		ps, pn, ref := south.Perft(s, d), north.Perft(n, d), PerftByApply(s, d)
		if ps != pn || ps != ref {
			t.Errorf("%s: perft(%d) from the start: %d with south first, %d with north first, %d by Apply", g.Ruleset(), d, ps, pn, ref)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x7065726674))
	for game := 0; game < 10; game++ {
		s := g.NewState()
		for !s.Over() && s.Ply() < 40 && s.Ply() < g.MaxPlies()-2 {
			if got, want := g.Perft(s, 2), PerftByApply(s, 2); got != want {
				t.Fatalf("%s game %d ply %d: perft(2) %d, by Apply %d\n%s", g.Ruleset(), game, s.Ply(), got, want, s)
			}
			cands := s.Candidates(nil)
			s.Apply(cands[rng.IntN(len(cands))])
		}
	}
}

// checkBadMoves applies, in random games, moves that are out of range,
// not candidates, or played after the end, and checks their errors and
// that the state is unchanged.
func checkBadMoves(t *testing.T, g engine.Game, seed uint64) {
	name, n := g.Variant(), g.NumMoves()
	rng := rand.New(rand.NewPCG(seed, 0x626164))
	for game := 0; game < 5; game++ {
		s := g.NewState()
		for {
			if s.Over() {
				refuse(t, s, 0, engine.ErrGameOver, name+": game is over")
				break
			}
			refuse(t, s, engine.Move(n), engine.ErrIllegalMove, fmt.Sprintf("%s: move %d: illegal move (moves are 0..%d)", name, n, n-1))
			cands := s.Candidates(nil)
			for m := range engine.Move(n) {
				if !slices.Contains(cands, m) && !rejectedAtPly(s, m) {
					refuse(t, s, m, engine.ErrIllegalMove, fmt.Sprintf("%s: move %d: illegal move (", name, m))
				}
			}
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s ply %d: %v", g.Ruleset(), s.Ply(), err)
			}
		}
	}
}

// rejectedAtPly reports whether m was found never-ending at this ply (it
// is then left out of the candidates but refused with ErrNeverEnding).
func rejectedAtPly(s engine.State, m engine.Move) bool {
	c := s.Clone()
	_, err := c.Apply(m)
	return errors.Is(err, engine.ErrNeverEnding)
}

// refuse applies m to s and checks that it fails with an error wrapping
// want whose text starts with prefix, and leaves s as it was.
func refuse(t *testing.T, s engine.State, m engine.Move, want error, prefix string) {
	t.Helper()
	text, hash, ply, over := s.String(), s.Hash(), s.Ply(), s.Over()
	_, err := s.Apply(m)
	if !errors.Is(err, want) || !strings.HasPrefix(err.Error(), prefix) {
		t.Fatalf("%s ply %d: move %d: error %v, want %q... wrapping %v", s.Game().Ruleset(), ply, m, err, prefix, want)
	}
	if s.String() != text || s.Hash() != hash || s.Ply() != ply || s.Over() != over {
		t.Fatalf("%s ply %d: the refused move %d changed the state:\n%s", s.Game().Ruleset(), ply, m, s)
	}
}

// checkBadValues gives the variant's New, for every option, a value that
// ParseValues refuses, and expects ParseValues' error; and checks that
// ParseAs refuses the ruleset of another variant.
func checkBadValues(t *testing.T, g engine.Game) {
	v, err := engine.Lookup(g.Variant())
	if err != nil {
		t.Fatal(err)
	}
	good, err := engine.ParseValues(v.Name, v.Options, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range v.Options {
		for _, bad := range []string{"x", "-1", "100000"} {
			_, want := engine.ParseValues(v.Name, v.Options, o.Key+"="+bad)
			if want == nil {
				continue
			}
			vals := maps.Clone(good)
			vals[o.Key] = bad
			if _, err := v.New(vals); err == nil || err.Error() != want.Error() {
				t.Errorf("%s: New with %s=%s: error %v, want %v", v.Name, o.Key, bad, err, want)
			}
		}
	}
	for _, other := range engine.Variants() {
		if other.Name == v.Name {
			continue
		}
		if _, err := engine.ParseAs[engine.Game](v.Name, other.Name); err == nil {
			t.Errorf("%s: ParseAs accepts the ruleset %q", v.Name, other.Name)
		}
	}
}

// checkBindings checks, through the Game's Rules method (every variant
// has one), that every option's table binding reaches the typed rules:
// each allowed word and the least number of each option other than its
// default gives rules unlike the default's, and no two such changes give
// the same rules (a binding that sets nothing, or the field of another
// option, fails).
func checkBindings(t *testing.T, g engine.Game) {
	v, err := engine.Lookup(g.Variant())
	if err != nil {
		t.Fatal(err)
	}
	rulesOf := func(rs string) any {
		m := reflect.ValueOf(engine.MustParse(rs)).MethodByName("Rules")
		if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 {
			t.Fatalf("%s: the Game has no method Rules() R", rs)
		}
		return m.Call(nil)[0].Interface()
	}
	base := rulesOf(v.Name)
	seen := map[any]string{}
	for _, o := range v.Options {
		vals := slices.Clone(o.Values)
		if o.Numeric {
			vals = append(vals, strconv.Itoa(o.Min))
		}
		for _, val := range vals {
			if val == o.Default {
				continue
			}
			item := o.Key + "=" + val
			r := rulesOf(v.Name + ":" + item)
			if r == base {
				t.Errorf("%s: %s gives the default rules %+v", v.Name, item, r)
			} else if prev, ok := seen[r]; ok {
				t.Errorf("%s: %s and %s give the same rules %+v", v.Name, item, prev, r)
			}
			seen[r] = item
		}
	}
}

// checkBoards plays random games and checks at every ply that the State
// describes its board (engine.Drawer): every hole of each player appears
// once, numbered 0..NumMoves-1, in rows of its owner, North's rows above
// South's; no count is negative (nor above 1 on a board of stones); each
// player's material is the counters they own on the board (their holes,
// less those reserved by the opponent, plus those they reserved) and in
// their stores; and a Clone, and the state rebuilt from the key when the
// Game is an Encoder, describe the same board.
func checkBoards(t *testing.T, g engine.Game, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x626f617264))
	enc, isEnc := g.(engine.Encoder)
	for game := 0; game < 5; game++ {
		s := g.NewState()
		for {
			b := boardOf(t, s)
			if err := checkBoard(b, s); err != nil {
				t.Fatalf("%s game %d ply %d: board: %v\n%s", g.Ruleset(), game, s.Ply(), err, s)
			}
			if !reflect.DeepEqual(boardOf(t, s.Clone()), b) {
				t.Fatalf("%s game %d ply %d: a clone describes another board", g.Ruleset(), game, s.Ply())
			}
			if isEnc {
				k, err := enc.StateFromKey(enc.AppendKey(nil, s))
				if err != nil || !reflect.DeepEqual(boardOf(t, k), b) {
					t.Fatalf("%s game %d ply %d: the state from the key describes another board (%v)", g.Ruleset(), game, s.Ply(), err)
				}
			}
			if s.Over() {
				break
			}
			cands := s.Candidates(nil)
			if _, err := s.Apply(cands[rng.IntN(len(cands))]); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("%s game %d ply %d: %v", g.Ruleset(), game, s.Ply(), err)
			}
		}
	}
}

func boardOf(t *testing.T, s engine.State) engine.Board {
	d, ok := s.(engine.Drawer)
	if !ok {
		t.Fatalf("%s: the State does not describe its board (engine.Drawer)", s.Game().Ruleset())
	}
	return d.Board()
}

// checkBoard checks one board description against its state.
func checkBoard(b engine.Board, s engine.State) error {
	var seen [2][]int
	var owned [2]int
	lastNorth := -1
	for i, r := range b.Rows {
		if r.Player == engine.North {
			if i != lastNorth+1 {
				return fmt.Errorf("row %d (%s) of North below a row of South", i, r.Name)
			}
			lastNorth = i
		}
		for _, c := range r.Cells {
			if c.Player != r.Player || c.Count < 0 || (b.Stones && c.Count > 1) {
				return fmt.Errorf("row %s: cell %+v", r.Name, c)
			}
			if c.Reserved && c.ReservedBy == c.Player {
				return fmt.Errorf("row %s: hole %d reserved by its own player", r.Name, c.Number)
			}
			seen[c.Player] = append(seen[c.Player], c.Number)
			owned[c.Owner()] += c.Count
		}
	}
	for _, st := range b.Stores {
		owned[st.Player] += st.Count
	}
	n := s.Game().NumMoves()
	for p := range 2 {
		slices.Sort(seen[p])
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		if !slices.Equal(seen[p], want) {
			return fmt.Errorf("%v's holes are %v, want 0..%d once each", engine.Player(p), seen[p], n-1)
		}
		if m := s.Material(engine.Player(p)); owned[p] != m {
			return fmt.Errorf("%v owns %d counters on the board and in stores, material %d", engine.Player(p), owned[p], m)
		}
	}
	return nil
}
