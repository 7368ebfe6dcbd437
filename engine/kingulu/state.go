package kingulu

import (
	"errors"
	"fmt"

	"github.com/baolab/baolab/engine"
)

// Position is a kingulu position written out by player, for building
// states by hand (NewStateAt) and for reading them (State.Position).
// Holes use the player-relative numbering of the package doc: Seeds[p][i] is hole
// i of player p, 0..holes-1 from p's left to right; entries at holes and
// beyond must be zero.
type Position struct {
	// Seeds[p][i] is the number of seeds in hole i of player p, reserved
	// holes included.
	Seeds [2][MaxHoles]int
	// Reserved[p][i] says that hole i of player p is reserved. Only the
	// opponent of p can have reserved it, so the owner of the reserved hole
	// is p.Other().
	Reserved [2][MaxHoles]bool
	// Bank[p] is the number of seeds in p's bank.
	Bank [2]int
}

// State is a kingulu game state. It implements engine.State.
type State struct {
	g     *Game
	p     pos
	total int32 // seeds in play, conserved
	engine.Track
}

var _ engine.State = (*State)(nil)

// NewStateAt returns a state of game g (a kingulu Game) at the hand-made
// position p with toMove to move, at ply 0. The total number of seeds may
// differ from the ruleset's; it is then conserved from p on. If toMove has
// no candidate move the game is over at once (by score).
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
// toMove to move, at ply 0, as NewStateAt builds one, without allocating.
// On an error (NewStateAt's) s is unchanged.
func (s *State) SetPosition(p Position, toMove engine.Player) error {
	return s.g.setPosition(s, &p, toMove)
}

// setPosition makes s a state of g at the position p with toMove to move,
// at ply 0, as NewStateAt builds it, without allocating once s has grown.
// On an error (the checks NewStateAt documents) s is unchanged.
func (g *Game) setPosition(s *State, p *Position, toMove engine.Player) error {
	if toMove > engine.North {
		return fmt.Errorf("%s: NewStateAt: bad player %d", Name, toMove)
	}
	total := 0
	for pl := 0; pl < 2; pl++ {
		if p.Bank[pl] < 0 {
			return fmt.Errorf("%s: NewStateAt: %v bank %d is negative", Name, engine.Player(pl), p.Bank[pl])
		}
		total += p.Bank[pl]
		for i := 0; i < MaxHoles; i++ {
			c := p.Seeds[pl][i]
			if c < 0 {
				return fmt.Errorf("%s: NewStateAt: %v hole %d count %d is negative", Name, engine.Player(pl), i, c)
			}
			if i >= g.rules.Holes && (c != 0 || p.Reserved[pl][i]) {
				return fmt.Errorf("%s: NewStateAt: %v hole %d is beyond the board (holes 0..%d)", Name, engine.Player(pl), i, g.rules.Holes-1)
			}
			total += c
		}
	}
	if total > maxTotal {
		return fmt.Errorf("%s: NewStateAt: %d seeds, at most %d allowed", Name, total, maxTotal)
	}
	g.reset(s, g.fromPosition(p, toMove))
	return nil
}

func (g *Game) fromPosition(p *Position, toMove engine.Player) pos {
	var q pos
	var res uint32
	hs := g.rules.Holes
	for pl := 0; pl < 2; pl++ {
		q.bank[pl] = int32(p.Bank[pl])
		for i := 0; i < hs; i++ {
			h := pl*hs + i
			q.add(h, p.Seeds[pl][i])
			if p.Reserved[pl][i] {
				res |= 1 << h
			}
		}
	}
	g.setReserved(&q, res)
	q.toMove = toMove
	return g.completed(q)
}

// completed returns q with its hash and candidates computed from its
// board, banks, reservations and player to move.
func (g *Game) completed(q pos) pos {
	q.lin = g.hash(&q)
	q.cand = g.candidates(&q)
	return q
}

func (g *Game) newState(p pos) *State {
	s := &State{}
	g.reset(s, p)
	return s
}

// reset makes s a state of g at p, at ply 0 with an empty history.
func (g *Game) reset(s *State, p pos) {
	s.g, s.p, s.total = g, p, int32(g.boardSeeds(&p))+p.bank[0]+p.bank[1]
	s.Track.Start(s.Hash(), false)
	if p.cand == 0 {
		s.endByScore()
	}
}

// Position returns the current position.
func (s *State) Position() Position {
	var p Position
	hs := s.g.rules.Holes
	res := s.p.reserved()
	for pl := 0; pl < 2; pl++ {
		p.Bank[pl] = int(s.p.bank[pl])
		for i := 0; i < hs; i++ {
			h := pl*hs + i
			p.Seeds[pl][i] = s.p.get(h)
			p.Reserved[pl][i] = res&(1<<h) != 0
		}
	}
	return p
}

// Game returns the rule set.
func (s *State) Game() engine.Game { return s.g }

// Player returns the player to move.
func (s *State) Player() engine.Player { return s.p.toMove }

// Material returns p's score: seeds in p's unreserved holes and in the
// holes p reserved, plus p's bank.
func (s *State) Material(p engine.Player) int { return s.g.score(&s.p, p) }

// Hash returns the 64-bit hash of the board, banks, reserved holes and the
// player to move.
func (s *State) Hash() uint64 { return engine.Fmix64(s.p.lin + uint64(s.p.toMove)*s.g.rp) }

// Candidates appends the candidate moves in increasing order.
func (s *State) Candidates(buf []engine.Move) []engine.Move {
	if s.Track.Result() != engine.Ongoing {
		return buf
	}
	return engine.AppendMoves(buf, uint64(s.p.cand&^uint32(s.Track.Rejected())))
}

// Legal appends the legal moves in increasing order: the candidates whose
// sowing ends (with infinite=draw, every candidate).
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.Track.Result() != engine.Ongoing {
		return buf
	}
	var info engine.MoveInfo
	for c := s.p.cand &^ uint32(s.Track.Rejected()); c != 0; c &= c - 1 {
		q := s.p
		if s.g.rules.InfiniteDraw || s.g.sow(&q, trailing(c), &info, false) == sowEnded {
			buf = append(buf, engine.Move(trailing(c)))
		}
	}
	return buf
}

// Apply plays m; see engine.State. A move already rejected as
// never-ending at this ply gives ErrNeverEnding again (counted once).
// Under infinite=draw a never-ending move ends the game drawn and leaves
// the board as it was before the move (the sowing has no last position);
// the ply is counted and the turn passes.
func (s *State) Apply(m engine.Move) (engine.MoveInfo, error) {
	var info engine.MoveInfo
	if s.Track.Result() != engine.Ongoing {
		return info, moveErrors.GameOver()
	}
	if int(m) >= s.g.rules.Holes {
		return info, moveErrors.OutOfRange(m, s.g.rules.Holes)
	}
	if s.Track.Rejected()&(1<<m) != 0 {
		info.NeverEnding = true
		return info, moveErrors.NeverEnding(m)
	}
	if s.p.cand&(1<<m) == 0 {
		return info, moveErrors.Illegal(m)
	}
	q := s.p
	switch s.g.move(&q, int(m), &info) {
	case sowIllegal: // cannot happen: candidates pass rule 4
		return engine.MoveInfo{}, moveErrors.Illegal(m)
	case sowNeverEnding:
		info.NeverEnding = true
		info.Captures, info.Captured, info.Reserved = 0, 0, false
		if !s.g.rules.InfiniteDraw {
			s.Track.Reject(m)
			if s.p.cand&^uint32(s.Track.Rejected()) == 0 {
				s.endByScore()
			}
			return info, moveErrors.NeverEnding(m)
		}
		s.Track.PlayNeverEnding()
		s.p.toMove ^= 1
		s.p.cand = s.g.candidates(&s.p)
		s.Track.Record(s.Hash(), true)
		s.Track.End(engine.Draw, engine.InfiniteMove)
		return info, nil
	}
	irreversible := q.bank != s.p.bank || q.res != s.p.res
	s.p = q
	s.Track.Record(s.Hash(), irreversible)
	switch {
	case q.cand == 0:
		s.endByScore()
	case s.Track.Ply() >= s.g.rules.MaxPlies:
		s.Track.End(engine.Unfinished, engine.MaxPlies)
	}
	return info, nil
}

// moveErrors are Apply's errors, made once so that Apply does not
// allocate.
var moveErrors = engine.NewMoveErrors(Name, "empty, reserved, below min_lift, or its first lap ends in an occupied own hole")

func (s *State) endByScore() {
	a, b := s.g.score(&s.p, engine.South), s.g.score(&s.p, engine.North)
	r := engine.Draw
	if a > b {
		r = engine.SouthWins
	} else if b > a {
		r = engine.NorthWins
	}
	s.Track.End(r, engine.Score)
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s equal to src (a *State); it does not allocate once s
// has grown.
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	s.g, s.p, s.total = o.g, o.p, o.total
	s.Track.CopyFrom(&o.Track)
}

// Check verifies conservation, counts, reservations, the candidate set and
// the incremental hash.
func (s *State) Check() error {
	g, p := s.g, &s.p
	sum := int(p.bank[0]) + int(p.bank[1])
	for h := 0; h < g.n; h++ {
		c := p.get(h)
		if c > int(s.total) {
			return fmt.Errorf("%s: hole %d holds %d seeds (negative count?), total %d", Name, h, c, s.total)
		}
		sum += c
	}
	if p.bank[0] < 0 || p.bank[1] < 0 {
		return fmt.Errorf("%s: negative bank %v", Name, p.bank)
	}
	if sum != int(s.total) {
		return fmt.Errorf("%s: conservation: board and banks hold %d seeds, want %d", Name, sum, s.total)
	}
	for k := 0; k < maxWords; k++ {
		if want := g.low[g.n][k] * laneMask; p.w[k]&^want != 0 {
			return errors.New(Name + ": seeds outside the board")
		}
	}
	hs := g.rules.Holes
	rowS, rowN := uint32(1)<<hs-1, (uint32(1)<<hs-1)<<hs
	if p.res[0]&^rowN != 0 || p.res[1]&^rowS != 0 {
		return fmt.Errorf("%s: reserved holes outside the opponent's row: %b %b", Name, p.res[0], p.res[1])
	}
	if p.toMove > engine.North {
		return fmt.Errorf("%s: bad player to move %d", Name, p.toMove)
	}
	if c := g.candidates(p); c != p.cand {
		return fmt.Errorf("%s: candidate set %b, recomputed %b", Name, p.cand, c)
	}
	if h := g.hash(p); h != p.lin {
		return fmt.Errorf("%s: incremental hash %#x, recomputed %#x", Name, p.lin, h)
	}
	return nil
}

// NewState returns the initial state.
func (g *Game) NewState() engine.State { return g.newState(g.start) }
