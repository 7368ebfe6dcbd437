package agent

import (
	"fmt"
	"math"
	"slices"
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
	Endgame string // directory of a kingulu endgame database (baolab endgame --out); "" for none
	Eval    string // EvalMaterial or EvalFitted; "" means EvalMaterial
}

// MCTS is the spec of the UCT Monte Carlo tree searcher. Its canonical form
// is "mcts:iters=N,c=C". A zero Iters means DefaultIters; a zero C is a
// valid exploration constant (no exploration) and is kept. Parse fills in
// DefaultC when c is omitted.
type MCTS struct {
	Iters   int     // iterations (tree descents, each ending in one rollout) per move, 1..MaxIters
	C       float64 // exploration constant c of UCB1, 0..MaxC
	Rollout string  // RolloutRandom or RolloutGreedy; "" means RolloutRandom
	Solver  bool    // MCTS-Solver: back up proven outcomes (solver=true)
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
// exactly, followed by ",rollout=greedy" for greedy rollouts (random
// rollouts, the default, are not written, so older specs keep their
// canonical form).
func (s MCTS) String() string {
	out := "mcts:iters=" + strconv.Itoa(s.iters()) + ",c=" + strconv.FormatFloat(s.C, 'g', -1, 64)
	if s.rollout() != RolloutRandom {
		out += ",rollout=" + s.rollout()
	}
	if s.Solver {
		out += ",solver=true"
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

// New returns an alpha-beta agent for g. It panics if Depth is out of
// range (Parse never returns such a spec).
func (s AlphaBeta) New(g engine.Game) Agent {
	if err := checkInt(alphabetaKeys[0], s.depth()); err != nil {
		panic("agent: " + s.String() + ": " + err.Error())
	}
	if s.Nodes != 0 {
		if err := checkInt(alphabetaKeys[1], s.Nodes); err != nil {
			panic("agent: " + s.String() + ": " + err.Error())
		}
	}
	if s.TT != 0 {
		if err := checkInt(alphabetaKeys[2], s.TT); err != nil {
			panic("agent: " + s.String() + ": " + err.Error())
		}
	}
	a := newAlphaBeta(g, s.depth(), int64(s.Nodes), ttBitsFor(s.TT))
	if s.Endgame != "" {
		db, err := loadEndgame(s.Endgame, g)
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
	_, err := loadEndgame(s.Endgame, g)
	return err
}

// New returns an MCTS agent for g. It panics if Iters or C is out of range
// (Parse never returns such a spec).
func (s MCTS) New(g engine.Game) Agent {
	if err := checkInt(mctsKeys[0], s.iters()); err != nil {
		panic("agent: " + s.String() + ": " + err.Error())
	}
	if err := checkFloat(mctsKeys[1], s.C); err != nil {
		panic("agent: " + s.String() + ": " + err.Error())
	}
	if r := s.rollout(); r != RolloutRandom && r != RolloutGreedy {
		panic("agent: " + s.String() + ": unknown rollout " + r)
	}
	return newMCTS(g, s.iters(), s.C, s.rollout() == RolloutGreedy, s.Solver)
}

// key describes one spec key: its default and range.
type key struct {
	name     string
	def      string
	isFloat  bool
	min, max float64
	words    []string // the allowed values of a word key; nil for numbers
	isText   bool     // any non-empty text (a directory)
}

func (k key) allowed() string {
	if k.words != nil {
		return strings.Join(k.words, " or ")
	}
	if k.isText {
		return "a directory"
	}
	if k.isFloat {
		return fmt.Sprintf("a number %g..%g", k.min, k.max)
	}
	return fmt.Sprintf("an integer %d..%d", int(k.min), int(k.max))
}

var (
	alphabetaKeys = []key{
		{name: "depth", def: strconv.Itoa(DefaultDepth), min: 1, max: MaxDepth},
		{name: "nodes", min: 1, max: MaxNodes}, // no default: no budget
		{name: "tt", min: 1, max: MaxTTMB},     // no default: 2^TTBits entries
		{name: "endgame", isText: true},        // no default: no database
		{name: "eval", def: EvalMaterial, words: []string{EvalMaterial, EvalFitted}},
	}
	mctsKeys = []key{
		{name: "iters", def: strconv.Itoa(DefaultIters), min: 1, max: MaxIters},
		{name: "c", def: strconv.FormatFloat(DefaultC, 'g', -1, 64), isFloat: true, min: 0, max: MaxC},
		{name: "rollout", def: RolloutRandom, words: []string{RolloutRandom, RolloutGreedy}},
		{name: "solver", def: "false", words: []string{"false", "true"}},
	}
)

// agentNames lists the agents in the order errors show them.
const agentNames = "random, greedy, alphabeta, mcts, perfect, strong"

func checkInt(k key, n int) error {
	if float64(n) < k.min || float64(n) > k.max {
		return fmt.Errorf("%s=%d out of range (allowed: %s)", k.name, n, k.allowed())
	}
	return nil
}

func checkFloat(k key, x float64) error {
	if math.IsNaN(x) || x < k.min || x > k.max {
		return fmt.Errorf("%s=%g out of range (allowed: %s)", k.name, x, k.allowed())
	}
	return nil
}

// Parse parses an agent spec: "random", "greedy",
// "alphabeta:depth=N,nodes=N,tt=MB,endgame=DIR,eval=E", "mcts:iters=N,c=C,rollout=R,solver=B",
// "perfect[:table=DIR]" or "strong[:alphabeta keys]" (alphabeta with eval=fitted and
// nodes=20000 unless given). Omitted
// keys take their defaults (depth=4, or 32 when only nodes is given; no
// node budget; a table of 2^TTBits entries; iters=400, c=1.4, rollout=random); spaces around names,
// keys and values are ignored.
// An error is one line that quotes the spec and names the problem and what
// is allowed: the agents, an agent's keys, or a key's range.
func Parse(spec string) (Spec, error) {
	name, opts, hasOpts := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	hasOpts = hasOpts && strings.TrimSpace(opts) != "" // "NAME:" is "NAME"
	fail := func(format string, args ...any) (Spec, error) {
		return nil, fmt.Errorf("agent spec %q: %s", spec, fmt.Sprintf(format, args...))
	}
	var keys []key
	switch name {
	case "random", "greedy":
		if hasOpts {
			return fail("%s takes no keys", name)
		}
		if name == "random" {
			return Random{}, nil
		}
		return Greedy{}, nil
	case "perfect":
		return parsePerfect(spec, opts, hasOpts)
	case "strong":
		return parseStrong(spec, opts, hasOpts)
	case "alphabeta":
		keys = alphabetaKeys
	case "mcts":
		keys = mctsKeys
	case "":
		return fail("no agent name (agents: %s)", agentNames)
	default:
		return fail("unknown agent %q (agents: %s)", name, agentNames)
	}
	vals := make(map[string]string, len(keys))
	if hasOpts {
		for _, item := range strings.Split(opts, ",") {
			k, v, ok := strings.Cut(item, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" {
				return fail("%q is not of the form key=value (%s keys: %s)", strings.TrimSpace(item), name, keyNames(keys))
			}
			if findKey(keys, k) < 0 {
				return fail("unknown key %q for %s (%s keys: %s)", k, name, name, keyNames(keys))
			}
			if _, dup := vals[k]; dup {
				return fail("key %q given twice", k)
			}
			vals[k] = v
		}
	}
	_, depthGiven := vals["depth"]
	for _, k := range keys {
		if _, ok := vals[k.name]; !ok && k.def != "" {
			vals[k.name] = k.def
		}
	}
	ints := make(map[string]int, len(keys))
	floats := make(map[string]float64, len(keys))
	words := make(map[string]string, len(keys))
	for _, k := range keys {
		v, ok := vals[k.name]
		if !ok {
			continue
		}
		if k.isText {
			if v == "" {
				return fail("%s= needs %s", k.name, k.allowed())
			}
			words[k.name] = v
			continue
		}
		if k.words != nil {
			if !slices.Contains(k.words, v) {
				return fail("%s=%s not allowed (allowed: %s)", k.name, v, k.allowed())
			}
			words[k.name] = v
			continue
		}
		if k.isFloat {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsInf(x, 0) || math.IsNaN(x) || x < k.min || x > k.max {
				return fail("%s=%s not allowed (allowed: %s)", k.name, v, k.allowed())
			}
			floats[k.name] = x
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || float64(n) < k.min || float64(n) > k.max {
			return fail("%s=%s not allowed (allowed: %s)", k.name, v, k.allowed())
		}
		ints[k.name] = n
	}
	if name == "alphabeta" {
		ab := AlphaBeta{Depth: ints["depth"], Nodes: ints["nodes"], TT: ints["tt"], Endgame: words["endgame"]}
		if words["eval"] != EvalMaterial {
			ab.Eval = words["eval"]
		}
		if ab.Nodes != 0 && !depthGiven {
			ab.Depth = 0 // a node budget alone searches as deep as it allows
		}
		return ab, nil
	}
	m := MCTS{Iters: ints["iters"], C: floats["c"], Solver: words["solver"] == "true"}
	if words["rollout"] != RolloutRandom {
		m.Rollout = words["rollout"]
	}
	return m, nil
}

func findKey(keys []key, name string) int {
	for i, k := range keys {
		if k.name == name {
			return i
		}
	}
	return -1
}

func keyNames(keys []key) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.name
	}
	return strings.Join(names, ", ")
}

// ParsePair parses "SOUTH/NORTH", two agent specs for the two seats, such
// as "mcts:iters=400,c=1.4/greedy". A single spec (no "/") means the same
// agent on both sides. Errors name the seat whose spec is bad.
//
// A perfect:table=DIR or alphabeta:...,endgame=DIR spec may hold '/' in
// DIR: then the pair is split at the first '/' that leaves a valid spec on
// both sides, and if none does the whole string is one spec for both
// seats.
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
