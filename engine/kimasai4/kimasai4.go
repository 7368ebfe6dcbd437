package kimasai4

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/baolab/baolab/engine"
)

// Name is the variant name used in rulesets.
const Name = "kimasai-four-rows"

// Repetition is the reading of the repetition rule.
type Repetition uint8

// The readings of the repetition option.
const (
	RepeatFirst Repetition = iota // drawn as soon as a position repeats (repetition=first)
	RepeatThird                   // drawn on a position's third occurrence (repetition=third)
	RepeatNone                    // repetition never ends the game (repetition=none)
)

// Rules holds the typed option values of one kimasai-four-rows Game.
type Rules struct {
	Common     engine.Common // first, max_plies (infinite and lap_limit do not apply)
	Holes      int           // holes per row, n (4..16)
	Repetition Repetition    // reading of the repetition rule
	EmptyRight bool          // empty_start=right: front hole 0 starts empty (else hole n-1)
}

// options is the option table of the variant.
var options = append(engine.CommonOptions(false),
	engine.Option{Key: "holes", Default: "12", Numeric: true, Min: 4, Max: 16, Help: "holes per row"},
	engine.Option{Key: "repetition", Default: "first", Values: []string{"first", "third", "none"},
		Help: "draw on the first repeat of a position, on its third occurrence, or never"},
	engine.Option{Key: "empty_start", Default: "left", Values: []string{"left", "right"},
		Help: "which end of each front row starts empty (the owner's left, as the seeds say, or right)"},
)

func init() {
	engine.Register(engine.Variant{
		Name:    Name,
		Title:   "Bao la Kimasai, stepping (4 rows of 12, one stone per hole)",
		Order:   3,
		Options: options,
		New:     New,
	})
}

// New makes a Game from option values checked by engine.ParseValues.
func New(v engine.Values) (engine.Game, error) {
	r := Rules{Common: v.Common(), Holes: v.Int("holes"), EmptyRight: v["empty_start"] == "right"}
	switch v["repetition"] {
	case "third":
		r.Repetition = RepeatThird
	case "none":
		r.Repetition = RepeatNone
	}
	if r.Holes < 4 || r.Holes > 16 {
		return nil, fmt.Errorf("%s: option \"holes\": value %d not allowed (allowed: 4..16)", Name, r.Holes)
	}
	opts := make(map[string]string, len(v))
	for k, x := range v {
		opts[k] = x
	}
	g := &Game{rules: r, opts: opts, ruleset: engine.Canonical(Name, options, v)}
	g.init()
	return g, nil
}

// Game is one kimasai-four-rows rule set. It is immutable and safe for
// concurrent use.
type Game struct {
	rules   Rules
	opts    map[string]string
	ruleset string

	n, size uint32 // holes per row, holes per player (2n)
	full    uint32 // mask of the 2n bits of a player
	start   uint32 // a player's stones at the start
	zob     [2][32]uint64
	zSide   uint64 // XORed in when North is to move

	// repeatAt is the occurrence of a position that draws the game: 2
	// (repetition=first), 3 (third) or never (none).
	repeatAt int
	// trackAll records every position for the repetition rule. Off, every
	// step is passed to Track.Record as irreversible: the package doc
	// proves that no position can ever recur, so this loses nothing and
	// keeps the history at one entry. Tests turn it on to exercise the
	// repetition readings and to confirm the theorem in play.
	trackAll bool
}

func (g *Game) init() {
	g.n = uint32(g.rules.Holes)
	g.size = 2 * g.n
	g.full = uint32(1)<<g.size - 1
	empty := g.n - 1
	if g.rules.EmptyRight {
		empty = 0
	}
	g.start = g.full &^ (1 << empty)
	switch g.rules.Repetition {
	case RepeatFirst:
		g.repeatAt = 2
	case RepeatThird:
		g.repeatAt = 3
	default:
		g.repeatAt = math.MaxInt
	}
	seed := uint64(0x4b696d6173616934) // "Kimasai4"
	for p := range g.zob {
		for h := range g.zob[p] {
			g.zob[p][h] = engine.SplitMix64(&seed)
		}
	}
	g.zSide = engine.SplitMix64(&seed)
}

// Rules returns the typed option values.
func (g *Game) Rules() Rules { return g.rules }

// Variant returns "kimasai-four-rows".
func (g *Game) Variant() string { return Name }

// Ruleset returns the canonical ruleset string.
func (g *Game) Ruleset() string { return g.ruleset }

// Options returns every option value (defaults included) by key.
func (g *Game) Options() map[string]string {
	m := make(map[string]string, len(g.opts))
	for k, v := range g.opts {
		m[k] = v
	}
	return m
}

// MaxPlies returns the max_plies option.
func (g *Game) MaxPlies() int { return g.rules.Common.MaxPlies }

// NumMoves returns 2n: moves are a player's hole numbers 0..2n-1.
func (g *Game) NumMoves() int { return int(g.size) }

// TotalMaterial returns the stones at the start, 2(2n-1).
func (g *Game) TotalMaterial() int { return 2 * (int(g.size) - 1) }

// InitialPosition returns the starting position of the rule set.
func (g *Game) InitialPosition() Position {
	return Position{Stones: [2]uint32{g.start, g.start}}
}

// NewState returns the initial state.
func (g *Game) NewState() engine.State {
	return g.newState(g.InitialPosition(), g.rules.Common.First)
}

// Position is a kimasai-four-rows position without the player to move.
//
// Stones[p] is player p's bitboard (p is engine.South or engine.North):
// bit h is set when p has a stone in their own hole h, numbered in p's
// stepping order (0..n-1 front row from p's right to left, n..2n-1 back
// row from p's left to right). Bits 2n and above must be zero.
type Position struct {
	Stones [2]uint32
}

// NewStateAt returns a state for the hand-built position p with toMove to
// move, at ply 0 (p counts as the initial position of the game's history).
// It refuses a position with a stone outside the board or with no stones
// at all. If exactly one player has no stones the game is already over
// (the other player wins, all-captured); if the player to move has no
// legal move, they have lost (no-moves).
func NewStateAt(g engine.Game, p Position, toMove engine.Player) (engine.State, error) {
	kg, ok := g.(*Game)
	if !ok {
		return nil, fmt.Errorf("%s: NewStateAt: game is %s", Name, g.Variant())
	}
	if toMove > engine.North {
		return nil, fmt.Errorf("%s: NewStateAt: bad player %d", Name, toMove)
	}
	for q, b := range p.Stones {
		if b&^kg.full != 0 {
			return nil, fmt.Errorf("%s: NewStateAt: %v has stones outside holes 0..%d", Name, engine.Player(q), kg.size-1)
		}
	}
	if p.Stones[0] == 0 && p.Stones[1] == 0 {
		return nil, fmt.Errorf("%s: NewStateAt: no stones on the board", Name)
	}
	return kg.newState(p, toMove), nil
}

func (g *Game) newState(p Position, toMove engine.Player) *State {
	s := &State{g: g, pos: p, toMove: toMove}
	s.startStones = [2]int32{int32(bits.OnesCount32(p.Stones[0])), int32(bits.OnesCount32(p.Stones[1]))}
	s.hash = g.fullHash(p, toMove)
	s.cand = g.candidates(p.Stones[toMove])
	s.Track.Start(s.hash, g.rules.Repetition == RepeatThird)
	switch {
	case p.Stones[toMove] == 0:
		s.Track.End(engine.Win(toMove.Other()), engine.AllCaptured)
	case p.Stones[toMove.Other()] == 0:
		s.Track.End(engine.Win(toMove), engine.AllCaptured)
	case s.cand == 0:
		s.Track.End(engine.Win(toMove.Other()), engine.NoMoves)
	}
	if s.Track.Over() {
		s.cand = 0
	}
	return s
}

// candidates returns the stones of bitboard b whose next hole is empty.
func (g *Game) candidates(b uint32) uint32 {
	next := b>>1 | (b&1)<<(g.size-1) // bit h: stone in hole h+1 (mod 2n)
	return b &^ next
}

func (g *Game) fullHash(p Position, toMove engine.Player) uint64 {
	var h uint64
	for q := range p.Stones {
		for b := p.Stones[q]; b != 0; b &= b - 1 {
			h ^= g.zob[q][bits.TrailingZeros32(b)]
		}
	}
	if toMove == engine.North {
		h ^= g.zSide
	}
	return h
}

// State is a kimasai-four-rows game in progress. Use it through the
// engine.State interface; the zero value is not usable.
type State struct {
	engine.Track
	g           *Game
	pos         Position
	toMove      engine.Player
	cand        uint32   // candidates of the player to move (0 when over)
	hash        uint64   // Zobrist hash of pos and toMove
	startStones [2]int32 // stones of each player at ply 0
	lost        [2]int32 // stones each player has lost by capture
}

// Position returns the current position.
func (s *State) Position() Position { return s.pos }

// Game returns the rule set this state plays.
func (s *State) Game() engine.Game { return s.g }

// Player returns the player to move.
func (s *State) Player() engine.Player { return s.toMove }

// Ply returns the number of moves played.
func (s *State) Ply() int { return s.Track.Ply }

// Candidates appends the legal moves in increasing order (every candidate
// is legal: a step always ends).
func (s *State) Candidates(buf []engine.Move) []engine.Move {
	if s.Track.Over() {
		return buf
	}
	return engine.AppendMoves(buf, uint64(s.cand))
}

// Legal is the same as Candidates.
func (s *State) Legal(buf []engine.Move) []engine.Move { return s.Candidates(buf) }

// Apply steps the stone in the mover's hole m to the next hole and makes
// any capture. It returns ErrGameOver or ErrIllegalMove (wrapped) and
// leaves the state unchanged on error.
func (s *State) Apply(m engine.Move) (engine.MoveInfo, error) {
	if s.Track.Res != engine.Ongoing {
		return engine.MoveInfo{}, engine.ErrGameOver
	}
	if m >= 32 || s.cand&(1<<m) == 0 { // cand has no bit at or above 2n
		return engine.MoveInfo{}, fmt.Errorf("%w: %s: %v cannot step from hole %d", engine.ErrIllegalMove, Name, s.toMove, m)
	}
	g := s.g
	me, op := s.toMove, s.toMove^1
	from := uint32(m)
	to := from + 1
	if to == g.size {
		to = 0
	}
	s.pos.Stones[me] ^= 1<<from | 1<<to
	h := s.hash ^ g.zob[me][from] ^ g.zob[me][to] ^ g.zSide
	var taken int32
	opp := s.pos.Stones[op]
	if to < g.n {
		f := g.n - 1 - to
		if opp&(1<<f) != 0 {
			h ^= g.zob[op][f]
			taken = 1
			back := g.n + to // the opponent's back hole behind front f (2n-1-f)
			if opp&(1<<back) != 0 {
				h ^= g.zob[op][back]
				taken = 2
			}
			opp &^= 1<<f | 1<<back
			s.pos.Stones[op] = opp
			s.lost[op] += taken
		}
	}
	s.toMove = op
	s.hash = h
	s.cand = g.candidates(opp)
	// A capture is irreversible (stones only leave the board); so is every
	// step, by the theorem in the package doc, unless trackAll is set.
	seen := s.Track.Record(h, taken != 0 || !g.trackAll)
	if s.cand == 0 {
		if opp == 0 {
			s.Track.End(engine.Win(me), engine.AllCaptured)
		} else {
			s.Track.End(engine.Win(me), engine.NoMoves)
		}
	} else if seen >= g.repeatAt {
		s.Track.End(engine.Draw, engine.Repetition)
		s.cand = 0
	} else if s.Track.Ply >= g.rules.Common.MaxPlies {
		s.Track.End(engine.Unfinished, engine.MaxPlies)
		s.cand = 0
	}
	// Captures is 1 when the step took 1 or 2 stones.
	return engine.MoveInfo{Laps: 1, Sown: 1, Captures: (taken + 1) / 2, Captured: taken}, nil
}

// Result returns the result (Ongoing while the game goes on).
func (s *State) Result() engine.Result { return s.Track.Res }

// EndReason returns why the game ended (NotOver while it goes on).
func (s *State) EndReason() engine.EndReason { return s.Track.Reason }

// Material returns the number of stones p has on the board.
func (s *State) Material(p engine.Player) int { return bits.OnesCount32(s.pos.Stones[p&1]) }

// Hash returns the Zobrist hash of the stones and the player to move.
func (s *State) Hash() uint64 { return s.hash }

// FirstRepeatPly returns the first ply whose position repeats an earlier
// one, or -1.
func (s *State) FirstRepeatPly() int { return s.Track.FirstRepeat }

// NeverEndingMet returns 0: steps always end (the Track counter stays 0).
func (s *State) NeverEndingMet() int { return s.Track.NeverEnding }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s equal to src, which must be a *State of this package.
// It does not allocate once s has grown.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	t := s.Track
	*s = *o
	s.Track = t
	s.Track.CopyFrom(&o.Track)
}

// Check verifies the state's invariants: no stone outside the board,
// conservation (stones on the board plus stones lost equal the stones at
// the start), the incremental hash and the candidate set.
func (s *State) Check() error {
	g := s.g
	for q, b := range s.pos.Stones {
		p := engine.Player(q)
		if b&^g.full != 0 {
			return fmt.Errorf("%v has stones outside holes 0..%d: %#x", p, g.size-1, b)
		}
		if n := int32(bits.OnesCount32(b)); n+s.lost[q] != s.startStones[q] || s.lost[q] < 0 {
			return fmt.Errorf("conservation: %v has %d stones and lost %d, started with %d", p, n, s.lost[q], s.startStones[q])
		}
	}
	if h := g.fullHash(s.pos, s.toMove); h != s.hash {
		return fmt.Errorf("hash %#x, recomputed %#x", s.hash, h)
	}
	if s.toMove > engine.North {
		return fmt.Errorf("bad player to move %d", s.toMove)
	}
	if s.Track.Over() {
		if s.cand != 0 {
			return errors.New("candidates left after the end")
		}
		return nil
	}
	if c := g.candidates(s.pos.Stones[s.toMove]); c != s.cand {
		return fmt.Errorf("candidates %#x, recomputed %#x", s.cand, c)
	}
	if s.cand == 0 || s.pos.Stones[0] == 0 || s.pos.Stones[1] == 0 {
		return errors.New("game not over in a final position")
	}
	return nil
}

// String draws the board as South sees it: North's back and front rows on
// top, South's front and back rows below, 1 for a stone and 0 for an empty
// hole; then the stone counts, the ply and the player to move or the
// result.
func (s *State) String() string {
	g := s.g
	n := int(g.n)
	var b strings.Builder
	row := func(label string, p engine.Player, hole func(c int) int) {
		b.WriteString(label)
		for c := 0; c < n; c++ {
			b.WriteByte(' ')
			if s.pos.Stones[p]&(1<<hole(c)) != 0 {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		b.WriteByte('\n')
	}
	// Column c counts from South's left. North's front hole c and back
	// hole 2n-1-c are in column c; South's front hole n-1-c and back hole
	// n+c are.
	row("North back: ", engine.North, func(c int) int { return 2*n - 1 - c })
	row("North front:", engine.North, func(c int) int { return c })
	row("South front:", engine.South, func(c int) int { return n - 1 - c })
	row("South back: ", engine.South, func(c int) int { return n + c })
	fmt.Fprintf(&b, "stones: south %d, north %d\n", s.Material(engine.South), s.Material(engine.North))
	if s.Track.Over() {
		fmt.Fprintf(&b, "ply %d, game over: %v (%v)\n", s.Track.Ply, s.Track.Res, s.Track.Reason)
	} else {
		fmt.Fprintf(&b, "ply %d, %v to move\n", s.Track.Ply, s.toMove)
	}
	return b.String()
}

// Perft returns the number of distinct legal move sequences of length
// depth from s's position and player to move, ignoring max_plies and
// repetition. s is not changed.
func (g *Game) Perft(s engine.State, depth int) uint64 {
	st := s.(*State)
	return g.perft(st.pos.Stones[st.toMove], st.pos.Stones[st.toMove^1], depth)
}

// perft counts from a position given as the mover's and the opponent's
// bitboards (the rules are symmetric in player-relative numbering).
func (g *Game) perft(me, op uint32, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if me == 0 || op == 0 {
		return 0
	}
	cand := g.candidates(me)
	if depth == 1 {
		return uint64(bits.OnesCount32(cand))
	}
	var total uint64
	for ; cand != 0; cand &= cand - 1 {
		from := uint32(bits.TrailingZeros32(cand))
		m2, o2, _ := g.step(me, op, from)
		total += g.perft(o2, m2, depth-1)
	}
	return total
}

// ParseDiagram reads a position drawn as String draws it: four rows as
// South sees them (North back, North front, South front, South back),
// each row n tokens 1 (stone) or 0 (empty), from South's left to right.
// A label ending in ':' before a row's tokens is skipped, blank lines are
// skipped, and anything after the fourth row is ignored, so the output of
// String parses back.
func ParseDiagram(g engine.Game, text string) (Position, error) {
	kg, ok := g.(*Game)
	if !ok {
		return Position{}, fmt.Errorf("%s: ParseDiagram: game is %s", Name, g.Variant())
	}
	n := int(kg.n)
	var rows [4][]bool
	r := 0
	for _, line := range strings.Split(text, "\n") {
		if r == 4 {
			break
		}
		if i := strings.IndexByte(line, ':'); i >= 0 {
			line = line[i+1:]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != n {
			return Position{}, fmt.Errorf("%s: diagram row %d has %d holes, want %d", Name, r+1, len(f), n)
		}
		for _, t := range f {
			switch t {
			case "1":
				rows[r] = append(rows[r], true)
			case "0":
				rows[r] = append(rows[r], false)
			default:
				return Position{}, fmt.Errorf("%s: diagram row %d: %q is not 0 or 1", Name, r+1, t)
			}
		}
		r++
	}
	if r != 4 {
		return Position{}, fmt.Errorf("%s: diagram has %d rows, want 4", Name, r)
	}
	var p Position
	for c := 0; c < n; c++ {
		set := func(q engine.Player, on bool, h int) {
			if on {
				p.Stones[q] |= 1 << h
			}
		}
		set(engine.North, rows[0][c], 2*n-1-c)
		set(engine.North, rows[1][c], c)
		set(engine.South, rows[2][c], n-1-c)
		set(engine.South, rows[3][c], n+c)
	}
	return p, nil
}

// step plays the step from hole from (a candidate) on the mover's and the
// opponent's bitboards and returns them with the stones captured.
func (g *Game) step(me, op, from uint32) (me2, op2 uint32, taken int32) {
	to := from + 1
	if to == g.size {
		to = 0
	}
	me2, op2 = me^(1<<from|1<<to), op
	if to < g.n && op&(1<<(g.n-1-to)) != 0 {
		gone := op & (1<<(g.n-1-to) | 1<<(g.n+to))
		op2 = op &^ gone
		taken = int32(bits.OnesCount32(gone))
	}
	return me2, op2, taken
}
