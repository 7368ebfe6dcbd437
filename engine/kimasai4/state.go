package kimasai4

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// NewStateAt returns a state for the hand-built position p with toMove to
// move, at ply 0 (p counts as the initial position of the game's history).
// It refuses a position with a stone outside the board or with no stones
// at all. If exactly one player has no stones the game is already over
// (the other player wins, all-captured); if the player to move has no
// legal move, they have lost (no-moves).
func NewStateAt(g engine.Game, p Position, toMove engine.Player) (*State, error) {
	kg, ok := g.(*Game)
	if !ok {
		return nil, fmt.Errorf("%s: NewStateAt: game %s is of variant %s", Name, g.Ruleset(), g.Variant())
	}
	s := &State{}
	if err := kg.setPosition(s, &p, toMove); err != nil {
		return nil, err
	}
	return s, nil
}

// SetPosition makes s a state of its game at the hand-made position p with
// toMove to move, at ply 0, as NewStateAt builds one, without allocating
// once s has grown. On an error (NewStateAt's) s is unchanged.
func (s *State) SetPosition(p Position, toMove engine.Player) error {
	return s.g.setPosition(s, &p, toMove)
}

// setPosition makes s a state of g at p with toMove to move, at ply 0, as
// NewStateAt builds it, without allocating once s has grown. On an error
// (the checks NewStateAt documents) s is unchanged.
func (g *Game) setPosition(s *State, p *Position, toMove engine.Player) error {
	if toMove > engine.North {
		return fmt.Errorf("%s: NewStateAt: bad player %d", Name, toMove)
	}
	for q, b := range p.Stones {
		if b&^g.full != 0 {
			return fmt.Errorf("%s: NewStateAt: %v hole %d is beyond the board (holes 0..%d)", Name, engine.Player(q), bits.TrailingZeros32(b&^g.full), g.size-1)
		}
	}
	if p.Stones[0] == 0 && p.Stones[1] == 0 {
		return fmt.Errorf("%s: NewStateAt: no stones on the board", Name)
	}
	g.reset(s, *p, toMove)
	return nil
}

func (g *Game) newState(p Position, toMove engine.Player) *State {
	s := &State{}
	g.reset(s, p, toMove)
	return s
}

// reset makes s a state of g at p with toMove to move, at ply 0 with an
// empty history.
func (g *Game) reset(s *State, p Position, toMove engine.Player) {
	t := s.Track
	*s = State{g: g, pos: p, toMove: toMove, Track: t}
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
	if s.Track.Result() != engine.Ongoing {
		return engine.MoveInfo{}, moveErrors.GameOver()
	}
	if m >= 32 || s.cand&(1<<m) == 0 { // cand has no bit at or above 2n
		return engine.MoveInfo{}, s.refusal(m)
	}
	g := s.g
	me, op := s.toMove, s.toMove^1
	st := &g.moves[m&31]
	s.pos.Stones[me] ^= st.flip
	h := s.hash ^ st.zMove[me]
	var taken int32
	opp := s.pos.Stones[op]
	if opp&st.face != 0 {
		h ^= st.zFace[op]
		taken = 1
		if opp&st.back != 0 {
			h ^= st.zBack[op]
			taken = 2
		}
		opp &^= st.face | st.back
		s.pos.Stones[op] = opp
		s.lost[op] += taken
	}
	s.toMove = op
	s.hash = h
	s.cand = g.candidates(opp)
	// A capture is irreversible (stones only leave the board); so is every
	// step, by the theorem in the package doc, unless trackAll is set.
	irreversible := taken != 0 || !g.trackAll
	seen := 1
	if !irreversible || !s.Track.TryRecordIrreversible(h) {
		seen = s.Track.Record(h, irreversible)
	}
	if s.cand == 0 {
		if opp == 0 {
			s.Track.End(engine.Win(me), engine.AllCaptured)
		} else {
			s.Track.End(engine.Win(me), engine.NoMoves)
		}
	} else if seen >= g.repeatAt {
		s.Track.End(engine.Draw, engine.Repetition)
		s.cand = 0
	} else if s.Track.Ply() >= g.rules.Common.MaxPlies {
		s.Track.End(engine.Unfinished, engine.MaxPlies)
		s.cand = 0
	}
	// Captures is 1 when the step took 1 or 2 stones.
	return engine.MoveInfo{Laps: 1, Sown: 1, Captures: (taken + 1) / 2, Captured: taken}, nil
}

// refusal returns the error of m, a move that is not a candidate.
func (s *State) refusal(m engine.Move) error {
	if int(m) >= int(s.g.size) {
		return moveErrors.OutOfRange(m, int(s.g.size))
	}
	return moveErrors.Illegal(m)
}

// moveErrors are Apply's errors, made once so that Apply does not
// allocate.
var moveErrors = engine.NewMoveErrors(Name, "an empty hole, or the next hole is taken")

// Material returns the number of stones p has on the board.
func (s *State) Material(p engine.Player) int { return bits.OnesCount32(s.pos.Stones[p&1]) }

// Hash returns the Zobrist hash of the stones and the player to move.
func (s *State) Hash() uint64 { return s.hash }

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
			return fmt.Errorf("%s: %v has stones outside holes 0..%d: %#x", Name, p, g.size-1, b)
		}
		if n := int32(bits.OnesCount32(b)); n+s.lost[q] != s.startStones[q] || s.lost[q] < 0 {
			return fmt.Errorf("%s: conservation: %v has %d stones and lost %d, started with %d", Name, p, n, s.lost[q], s.startStones[q])
		}
	}
	if h := g.fullHash(s.pos, s.toMove); h != s.hash {
		return fmt.Errorf("%s: hash %#x, recomputed %#x", Name, s.hash, h)
	}
	if s.toMove > engine.North {
		return fmt.Errorf("%s: bad player to move %d", Name, s.toMove)
	}
	if s.Track.Over() {
		if s.cand != 0 {
			return errors.New(Name + ": candidates left after the end")
		}
		return nil
	}
	if c := g.candidates(s.pos.Stones[s.toMove]); c != s.cand {
		return fmt.Errorf("%s: candidates %#x, recomputed %#x", Name, s.cand, c)
	}
	if s.cand == 0 || s.pos.Stones[0] == 0 || s.pos.Stones[1] == 0 {
		return errors.New(Name + ": game not over in a final position")
	}
	return nil
}

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
