package agent

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baolab/baolab/engine"
)

// Defaults and ranges of the spec keys.
const (
	DefaultDepth = 4   // alphabeta depth
	MaxDepth     = 32  // largest alphabeta depth
	DefaultIters = 400 // mcts iterations per move
	MaxIters     = 10_000_000
	DefaultC     = 1.4 // mcts exploration constant
	MaxC         = 100.0
	MaxNodes     = 1_000_000_000 // largest alphabeta node budget per move
	MaxTTMB      = 4096          // largest alphabeta transposition table, MiB
)

// Rollout policies of mcts.
const (
	RolloutRandom = "random" // uniformly random candidates (the default)
	RolloutGreedy = "greedy" // the greedy agent's move, ties at random
)

// Random is the spec of the agent that plays a uniformly random candidate.
// Its canonical form is "random".
type Random struct{}

// Greedy is the spec of the agent that plays the move leaving the best
// material difference (see the package doc). Its canonical form is
// "greedy".
type Greedy struct{}

// AlphaBeta is the spec of the alpha-beta searcher. Its canonical form is
// "alphabeta:depth=N" (fixed depth), "alphabeta:nodes=N" (as deep as N
// nodes allow) or "alphabeta:depth=D,nodes=N" (both limits), followed by
// ",tt=MB" with a transposition table of MB MiB and ",endgame=DIR" with
// an endgame database. A zero Depth means DefaultDepth without a node
// budget and MaxDepth with one; a zero Nodes means no budget; a zero TT
// means the table of 2^TTBits entries.
type AlphaBeta struct {
	Depth   int    // plies searched, 1..MaxDepth
	Nodes   int    // moves played per search, 1..MaxNodes; 0: no budget
	TT      int    // transposition table size in MiB, 1..MaxTTMB; 0: 2^TTBits entries
	Endgame string // directory of a kingulu or kimasai-four-rows endgame database (baolab endgame --out); "" for none
	Eval    string // EvalMaterial or EvalFitted; "" means EvalMaterial
}

// MCTS is the spec of the UCT Monte Carlo tree searcher. Its canonical form
// is "mcts:iters=N,c=C", followed by ",rollout=greedy", ",solver=true" and
// ",endgame=DIR" when used. A zero Iters means DefaultIters; a zero C is a
// valid exploration constant (no exploration) and is kept. Parse fills in
// DefaultC when c is omitted.
type MCTS struct {
	Iters   int     // iterations (tree descents, each ending in one rollout) per move, 1..MaxIters
	C       float64 // exploration constant c of UCB1, 0..MaxC
	Rollout string  // RolloutRandom or RolloutGreedy; "" means RolloutRandom
	Solver  bool    // MCTS-Solver: back up proven outcomes (solver=true)
	Endgame string  // directory of a kingulu or kimasai-four-rows endgame database (baolab endgame --out); "" for none
}

// String returns "random".
func (Random) String() string { return "random" }

// String returns "greedy".
func (Greedy) String() string { return "greedy" }

// String returns "alphabeta:depth=N", "alphabeta:nodes=N" or
// "alphabeta:depth=D,nodes=N", followed by ",tt=MB" when TT is set and
// ",endgame=DIR" when Endgame is set.
func (s AlphaBeta) String() string {
	eg := ""
	if s.TT != 0 {
		eg = ",tt=" + strconv.Itoa(s.TT)
	}
	if s.Endgame != "" {
		eg += ",endgame=" + s.Endgame
	}
	if s.Eval != "" && s.Eval != EvalMaterial {
		eg += ",eval=" + s.Eval
	}
	switch {
	case s.Nodes == 0:
		return "alphabeta:depth=" + strconv.Itoa(s.depth()) + eg
	case s.Depth == 0:
		return "alphabeta:nodes=" + strconv.Itoa(s.Nodes) + eg
	}
	return "alphabeta:depth=" + strconv.Itoa(s.Depth) + ",nodes=" + strconv.Itoa(s.Nodes) + eg
}

// String returns "mcts:iters=N,c=C", C in the shortest form that reads back
// exactly, followed by ",rollout=greedy" for greedy rollouts,
// ",solver=true" for MCTS-Solver and ",endgame=DIR" with an endgame
// database (the defaults, random rollouts, no solver and no database, are
// not written, so older specs keep their canonical form).
func (s MCTS) String() string {
	out := "mcts:iters=" + strconv.Itoa(s.iters()) + ",c=" + strconv.FormatFloat(s.C, 'g', -1, 64)
	if s.rollout() != RolloutRandom {
		out += ",rollout=" + s.rollout()
	}
	if s.Solver {
		out += ",solver=true"
	}
	if s.Endgame != "" {
		out += ",endgame=" + s.Endgame
	}
	return out
}

func (s AlphaBeta) depth() int {
	switch {
	case s.Depth != 0:
		return s.Depth
	case s.Nodes != 0:
		return MaxDepth
	}
	return DefaultDepth
}

func (s MCTS) rollout() string {
	if s.Rollout == "" {
		return RolloutRandom
	}
	return s.Rollout
}

func (s MCTS) iters() int {
	if s.Iters == 0 {
		return DefaultIters
	}
	return s.Iters
}

// New returns a random agent for g.
func (Random) New(g engine.Game) Agent { return newRandom() }

// New returns a greedy agent for g.
func (Greedy) New(g engine.Game) Agent { return newGreedy(g) }

// New returns an alpha-beta agent for g. It panics if a key is out of
// range (Parse never returns such a spec).
func (s AlphaBeta) New(g engine.Game) Agent {
	mustBeValid(s)
	a := newAlphaBeta(g, s.depth(), int64(s.Nodes), ttBitsFor(s.TT))
	if s.Endgame != "" {
		db, err := loadEndgame("alphabeta", s.Endgame, g)
		if err != nil {
			panic("agent: " + s.String() + ": " + err.Error())
		}
		a.db = db
	}
	if s.Eval == EvalFitted {
		m, err := loadEval(g)
		if err != nil {
			panic("agent: " + s.String() + ": " + err.Error())
		}
		a.eval = m
	}
	return a
}

// Prepare loads the endgame database (when Endgame is set) once per
// process and checks that it serves g's ruleset; later calls return the
// same result. The error wraps ErrPrepare.
func (s AlphaBeta) Prepare(g engine.Game) error {
	if s.Eval == EvalFitted {
		if _, err := loadEval(g); err != nil {
			return err
		}
	}
	if s.Endgame == "" {
		return nil
	}
	_, err := loadEndgame("alphabeta", s.Endgame, g)
	return err
}

// New returns an MCTS agent for g. It panics if Iters, C or Rollout is
// out of range (Parse never returns such a spec), or if the endgame
// database cannot be loaded (call Prepare first: a simulation does).
func (s MCTS) New(g engine.Game) Agent {
	mustBeValid(s)
	a := newMCTS(g, s.iters(), s.C, s.rollout() == RolloutGreedy, s.Solver)
	if s.Endgame != "" {
		db, err := loadEndgame("mcts", s.Endgame, g)
		if err != nil {
			panic("agent: " + s.String() + ": " + err.Error())
		}
		a.db = db
	}
	return a
}

// Prepare loads the endgame database (when Endgame is set) once per
// process and checks that it serves g's ruleset; later calls return the
// same result. The error wraps ErrPrepare.
func (s MCTS) Prepare(g engine.Game) error {
	if s.Endgame == "" {
		return nil
	}
	_, err := loadEndgame("mcts", s.Endgame, g)
	return err
}

// The agents of this file, each declared once: name, doc and keys (key,
// default, allowed values, help, the field it sets).
var (
	randomKind = declare("random", "plays a candidate drawn uniformly", engine.Table[Random]{}, nil)
	greedyKind = declare("greedy", "plays the candidate of best material for the mover after the move, ties at random", engine.Table[Greedy]{}, nil)

	alphabetaKind = declare("alphabeta", "negamax with alpha-beta pruning, deepening iteratively to a depth or within a node budget",
		engine.Table[AlphaBeta]{
			bind(engine.Option{Key: "depth", Optional: true, Numeric: true, Min: 1, Max: MaxDepth,
				Help: "plies searched; left out: " + strconv.Itoa(DefaultDepth) + ", or as deep as nodes allows (up to " + strconv.Itoa(MaxDepth) + ") when nodes is given"},
				engine.Int(func(s *AlphaBeta) *int { return &s.Depth })),
			bind(engine.Option{Key: "nodes", Optional: true, Numeric: true, Min: 1, Max: MaxNodes,
				Help: "moves played per search, the root's included; left out: no budget"},
				engine.Int(func(s *AlphaBeta) *int { return &s.Nodes })),
			bind(engine.Option{Key: "tt", Optional: true, Numeric: true, Min: 1, Max: MaxTTMB,
				Help: "transposition table size in MiB; left out: 2^" + strconv.Itoa(TTBits) + " entries"},
				engine.Int(func(s *AlphaBeta) *int { return &s.TT })),
			bind(endgameOption, setText(func(s *AlphaBeta) *string { return &s.Endgame })),
			bind(engine.Option{Key: "eval", Default: EvalMaterial, Values: []string{EvalMaterial, EvalFitted},
				Help: "the evaluation of positions at the depth limit: material, or fitted (the per-variant fitted evaluation, package sim/evaluate)"},
				func(s *AlphaBeta, val string, _ int) {
					if val != EvalMaterial {
						s.Eval = val // material is "", so older specs keep their canonical form
					}
				}),
		},
		func(s AlphaBeta) AlphaBeta {
			if s.Depth == 0 && s.Nodes == 0 {
				s.Depth = DefaultDepth // no budget: the fixed default depth
			}
			return s
		})

	mctsKind = declare("mcts", "UCT Monte Carlo tree search, one rollout per iteration",
		engine.Table[MCTS]{
			bind(engine.Option{Key: "iters", Default: strconv.Itoa(DefaultIters), Numeric: true, Min: 1, Max: MaxIters,
				Help: "iterations (tree descents, each ending in one rollout) per move"},
				engine.Int(func(s *MCTS) *int { return &s.Iters })),
			bind(engine.Option{Key: "c", Default: strconv.FormatFloat(DefaultC, 'g', -1, 64), Check: decimal(0, MaxC),
				Kind: "a number 0.." + strconv.FormatFloat(MaxC, 'g', -1, 64), Help: "exploration constant c of UCB1"},
				setFloat(func(s *MCTS) *float64 { return &s.C })),
			bind(engine.Option{Key: "rollout", Default: RolloutRandom, Values: []string{RolloutRandom, RolloutGreedy},
				Help: "random: uniformly random candidates; greedy: the greedy agent's move, ties at random"},
				func(s *MCTS, val string, _ int) {
					if val != RolloutRandom {
						s.Rollout = val // random is "", so older specs keep their canonical form
					}
				}),
			bind(engine.Option{Key: "solver", Default: "false", Values: []string{"false", "true"},
				Help: "true: MCTS-Solver, backing up proven outcomes"},
				engine.Flag(func(s *MCTS) *bool { return &s.Solver }, "true")),
			bind(endgameOption, setText(func(s *MCTS) *string { return &s.Endgame })),
		}, nil)
)

// ParsePair parses "SOUTH/NORTH", two agent specs for the two seats, such
// as "mcts:iters=400,c=1.4/greedy". A single spec (no "/") means the same
// agent on both sides. Errors name the seat whose spec is bad.
//
// A perfect:table=DIR, alphabeta:...,endgame=DIR or mcts:...,endgame=DIR
// spec may hold '/' in DIR: then the pair is split at the first '/' that
// leaves a valid spec on both sides, and if none does the whole string is
// one spec for both seats.
func ParsePair(s string) (south, north Spec, err error) {
	parts := strings.Split(s, "/")
	if len(parts) > 2 || (len(parts) == 2 && (strings.Contains(s, "table=") || strings.Contains(s, "endgame="))) {
		for i := range len(s) {
			if s[i] != '/' {
				continue
			}
			sp, err1 := Parse(s[:i])
			np, err2 := Parse(s[i+1:])
			if err1 == nil && err2 == nil {
				return sp, np, nil
			}
		}
		if sp, err := Parse(s); err == nil {
			return sp, sp, nil
		}
	}
	switch len(parts) {
	case 1:
		sp, err := Parse(parts[0])
		if err != nil {
			return nil, nil, err
		}
		return sp, sp, nil
	case 2:
		south, err = Parse(parts[0])
		if err != nil {
			return nil, nil, fmt.Errorf("south: %w", err)
		}
		north, err = Parse(parts[1])
		if err != nil {
			return nil, nil, fmt.Errorf("north: %w", err)
		}
		return south, north, nil
	default:
		return nil, nil, fmt.Errorf("agent pair %q: want SOUTH/NORTH or one spec for both seats, got %d parts", s, len(parts))
	}
}

// PairString returns the canonical pair string "SOUTH/NORTH", both specs
// in canonical form. Both seats are always written, even when they play
// the same agent, so a log line names each seat's agent.
func PairString(south, north Spec) string {
	return south.String() + "/" + north.String()
}
