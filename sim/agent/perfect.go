package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// Perfect is the spec of the agent that plays exactly optimally from a
// solved table (package solve). Its canonical form is "perfect"
// (the agent solves the board itself) or "perfect:table=DIR" (it loads
// DIR/solved.parquet written by baolab solve --out DIR).
type Perfect struct {
	Table string // directory of a solved table; "" to solve the board
}

// String returns "perfect" or "perfect:table=DIR".
func (s Perfect) String() string {
	if s.Table == "" {
		return "perfect"
	}
	return "perfect:table=" + s.Table
}

// ErrPrepare is wrapped by the error of an agent that cannot play a game:
// a board too big to solve, a table that is missing, corrupt or of
// another ruleset.
var ErrPrepare = errors.New("agent cannot play this game")

// Preparer is implemented by specs that need work before the first game
// of a ruleset: perfect solves the board or loads its table. A simulation
// calls Prepare for every ruleset before it plays any game, so that a
// board the agent cannot play is an error at the start.
type Preparer interface {
	Prepare(g engine.Game) error
}

// solved caches the tables of the process: one solve (or load) per
// ruleset and table directory, shared by every worker.
var solved perProcess[*solve.Table]

// ContextPreparer is a Preparer whose work stops when a context is done
// (perfect's solve of a large board takes minutes): a simulation stopped
// by SIGTERM while it prepares stops at once.
type ContextPreparer interface {
	PrepareContext(ctx context.Context, g engine.Game) error
}

// Prepare solves g's board, or loads the table, once per process; later
// calls return the same result.
func (s Perfect) Prepare(g engine.Game) error { return s.PrepareContext(context.Background(), g) }

// PrepareContext is Prepare stopping when ctx is done: it then returns
// ctx's cause (not ErrPrepare), and the next call solves again.
func (s Perfect) PrepareContext(ctx context.Context, g engine.Game) error {
	_, err := s.tableContext(ctx, g)
	return err
}

func (s Perfect) table(g engine.Game) (*solve.Table, error) {
	return s.tableContext(context.Background(), g)
}

func (s Perfect) tableContext(ctx context.Context, g engine.Game) (*solve.Table, error) {
	key := g.Ruleset() + "\x00" + s.Table
	t, err := solved.get(key, func() (*solve.Table, error) { return s.build(ctx, g) })
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
		solved.forget(key) // a stopped solve is not the board's answer
	}
	return t, err
}

// build solves g's board or loads the table.
func (s Perfect) build(ctx context.Context, g engine.Game) (*solve.Table, error) {
	if s.Table == "" {
		r, err := solve.Solve(g.NewState(), solve.Options{Context: ctx})
		switch {
		case ctx.Err() != nil && errors.Is(err, context.Cause(ctx)):
			return nil, fmt.Errorf("perfect: solving %s: %w", g.Ruleset(), err)
		case errors.Is(err, solve.ErrTooBig):
			return nil, fmt.Errorf("%w: perfect: %s has more than %d positions, more than perfect solves before a run (%w); solve it apart with baolab solve --rules %s --out DIR --max-positions N (N above its positions) and play perfect:table=DIR",
				ErrPrepare, g.Ruleset(), solve.DefaultMaxPositions, solve.ErrTooBig, g.Ruleset())
		case err != nil:
			return nil, fmt.Errorf("%w: perfect: %w", ErrPrepare, err)
		}
		return r.Table, nil
	}
	t, err := solve.ReadTable(s.Table)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: perfect: %w", ErrPrepare, err)
	case t.Ruleset != g.Ruleset():
		return nil, fmt.Errorf("%w: perfect: %s solves %s, not %s", ErrPrepare, s.Table, t.Ruleset, g.Ruleset())
	}
	return t, nil
}

// New returns a perfect agent for g. It panics if the board cannot be
// solved or the table loaded: call Prepare first (a simulation does).
func (s Perfect) New(g engine.Game) Agent {
	t, err := s.table(g)
	if err == nil && t.KeyBytes != keyBytes(g) {
		err = fmt.Errorf("%w: perfect: the table's keys have %d bytes, the game's %d", ErrPrepare, t.KeyBytes, keyBytes(g))
	}
	if err != nil {
		panic("agent: " + s.String() + ": " + err.Error())
	}
	c, err := solve.NewCoder(g.NewState())
	if err != nil {
		panic("agent: " + s.String() + ": " + err.Error())
	}
	a := &perfectAgent{table: t, coder: c, spare: g.NewState()}
	a.init(streamPerfect)
	return a
}

func keyBytes(g engine.Game) int {
	enc, ok := g.(engine.Encoder)
	if !ok {
		return 0
	}
	return engine.KeyBytes(enc.KeyBits(g.NewState()))
}

// perfectKind declares the perfect agent and its one key.
var perfectKind = declare("perfect", "plays exactly optimally from the solved table of the board",
	engine.Table[Perfect]{
		bind(engine.Option{Key: "table", Optional: true, Check: directory, Kind: "a directory",
			Help: "a solved table written by baolab solve --out DIR; left out: the agent solves the board"},
			setText(func(s *Perfect) *string { return &s.Table })),
	}, nil)

type perfectAgent struct {
	seeded
	table *solve.Table
	coder *solve.Coder
	spare engine.State
}

// Choose plays each move on a spare state and returns the best by
// perfectRating, ties at random.
func (a *perfectAgent) Choose(s engine.State, moves []engine.Move) engine.Move {
	me := s.Player()
	best, ties := [4]int{}, 0
	choice := moves[0]
	for _, m := range moves {
		if !applyOn(a.spare, s, m) {
			continue // never-ending with infinite=illegal: not a legal move
		}
		k, _, _ := a.coder.Key(a.spare)
		v, d, ok := a.table.LookupPlies(k)
		x := perfectRating(me, v, d, ok)
		switch c := slices.Compare(x[:], best[:]); {
		case ties == 0 || c > 0:
			best, ties, choice = x, 1, m
		case c == 0:
			ties++
			if a.rng.IntN(ties) == 0 {
				choice = m
			}
		}
	}
	if ties == 0 {
		// Every move is never-ending: the caller's Apply rejects it and the
		// state ends the game when none is left.
		return moves[a.rng.IntN(len(moves))]
	}
	return choice
}

// perfectRating rates the position a move of player me leads to, with
// value v and distances d (ok: the table holds it), for the perfect
// agent: ratings compare lexicographically, larger better. With own =
// v.For(me) and opp = v.For(me.Other()) (each side's value from its own
// side; none is math.MinInt):
//
//   - a win for me (own >= 1): {3, own, -my distance}: the largest margin
//     I can force, then my shortest forced win;
//   - neither side wins (a draw by the values, or one side can keep the
//     game going for ever): {2, own, 0}; a position whose value is none
//     for me but where the opponent cannot force a win either ranks here,
//     above every loss;
//   - a win for the opponent (opp >= 1): {1, -opp, the opponent's
//     distance}: the least margin the winner can force, then the longest
//     resistance to it;
//   - a position the table does not hold: {0, 0, 0}.
//
// Without distances (a table of format 1) the distances are all NoPlies
// and the value alone decides. On a board without cycles (exact values,
// never none) the order by value is the order by own, as before
// distances.
func perfectRating(me engine.Player, v solve.Value, d solve.Plies, ok bool) [4]int {
	if !ok {
		return [4]int{}
	}
	own, opp := v.For(me), v.For(me.Other())
	switch {
	case own >= 1:
		return [4]int{3, own, -d.For(me)}
	case opp >= 1:
		return [4]int{1, -opp, d.For(me.Other())}
	}
	return [4]int{2, own, 0}
}

// bestValued plays each move of s on child and returns one whose position
// has the best value that value gives for the mover, ranked as perfect
// ranks values (perfectRating, without distances): the mover's forced
// wins first, by margin; then the positions neither side can force a win
// from (a draw, or endless play: none); then the opponent's forced wins,
// the smallest margin first; a position value does not know is worst.
// Ties are broken at random with r's stream. Alphabeta's endgame play
// chooses so.
func bestValued(r *seeded, s engine.State, moves []engine.Move, child engine.State, value func(engine.State) (solve.Value, bool)) engine.Move {
	me := s.Player()
	best, ties := [4]int{}, 0
	choice := moves[0]
	for _, m := range moves {
		if !applyOn(child, s, m) {
			continue // never-ending with infinite=illegal: not a legal move
		}
		v, ok := value(child)
		x := perfectRating(me, v, solve.Plies{}, ok)
		switch c := slices.Compare(x[:], best[:]); {
		case ties == 0 || c > 0:
			best, ties, choice = x, 1, m
		case c == 0:
			ties++
			if r.rng.IntN(ties) == 0 {
				choice = m
			}
		}
	}
	if ties == 0 {
		// Every move is never-ending: the caller's Apply rejects it and the
		// state ends the game when none is left.
		return moves[r.rng.IntN(len(moves))]
	}
	return choice
}
