package kimasai2

import (
	"fmt"
	"math/bits"

	"github.com/baolab/baolab/engine"
)

// State is a kimasai-two-rows game in progress. It implements engine.State.
type State struct {
	engine.Track
	g     *Game
	x     pos
	cand  uint64     // non-empty holes of the player to move (0 when over)
	total int        // cows on board plus reserves (conserved)
	memo  *neverMemo // never-ending memo (memo.go); nil: none, as Apply's reference
}

// Position is a hand-made position for NewStateAt, or a State's position
// read back with State.Position. Holes are numbered in their owner's
// sowing order (clockwise): 0..holes-1 the inner row from the owner's left
// to right, then holes..2*holes-1 the outer row from the owner's right to
// left.
type Position struct {
	// Cows[p][h] is the number of cows in hole h of player p (indexed by
	// engine.South / engine.North). Entries from 2*holes on must be 0.
	Cows [2][2 * MaxHoles]uint8
	// Reserve[p] is the number of cows player p holds off the board.
	// Phase 1 lasts while either reserve is non-zero.
	Reserve [2]int
	// Opening says no move has been played yet, so the next move is the
	// game's first move (which, with opening_intro=off, introduces no
	// reserve cow).
	Opening bool
}

// NewState returns the initial position: one cow in every inner hole,
// reserve cows off the board, the first player to move.
func (g *Game) NewState() engine.State {
	var p Position
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < g.rules.Holes; h++ {
			p.Cows[pl][h] = 1
		}
		p.Reserve[pl] = g.rules.Reserve
	}
	p.Opening = true
	s, err := NewStateAt(g, p, g.rules.First)
	if err != nil {
		panic(err)
	}
	return s
}

// NewStateAt returns a state at a hand-made position with toMove to move,
// at ply 0 of its own game. g must be a kimasai-two-rows Game. It is an
// error for a hole beyond the board to hold cows, for a reserve to be
// negative or above 255, or for the cows to exceed 255 in all (a hole must
// never overflow a byte). The conserved total is the position's own total.
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

// setPosition makes s a state of g at p with toMove to move, at ply 0 of
// its own game, as NewStateAt builds it, without allocating once s has
// grown. On an error (the checks NewStateAt documents) s is unchanged.
func (g *Game) setPosition(s *State, p *Position, toMove engine.Player) error {
	if toMove > engine.North {
		return fmt.Errorf("%s: NewStateAt: bad player %d", Name, toMove)
	}
	var x pos
	total := 0
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < 2*MaxHoles; h++ {
			c := p.Cows[pl][h]
			if c != 0 && h >= g.n {
				return fmt.Errorf("%s: NewStateAt: %v hole %d is beyond the board (holes 0..%d)", Name, engine.Player(pl), h, g.n-1)
			}
			g.place(&x, pl, h, uint64(c))
			total += int(c)
		}
		if p.Reserve[pl] < 0 || p.Reserve[pl] > 255 {
			return fmt.Errorf("%s: NewStateAt: %v reserve %d not allowed (allowed: 0..255)", Name, engine.Player(pl), p.Reserve[pl])
		}
		x.reserve[pl] = uint8(p.Reserve[pl])
		total += p.Reserve[pl]
	}
	if total > 255 {
		return fmt.Errorf("%s: NewStateAt: %d cows in all, at most 255 allowed", Name, total)
	}
	x.toMove = toMove
	x.opening = p.Opening
	g.reset(s, &x, total)
	return nil
}

// place puts c cows into the empty hole h of player pl of x.
func (g *Game) place(x *pos, pl, h int, c uint64) {
	x.w[pl][h>>3] |= c << (uint(h&7) * 8)
	x.lin += c * g.rk[pl][h]
}

// reset makes s a state of g at x (with total cows in play), at ply 0 with
// an empty history.
func (g *Game) reset(s *State, x *pos, total int) {
	s.g, s.x, s.total = g, *x, total
	s.Track.Start(g.hash(&s.x), false)
	s.cand = nonEmpty(&s.x.w[s.x.toMove])
	if s.cand == 0 {
		s.End(engine.Win(s.x.toMove.Other()), engine.NoMoves)
	}
}

// Position returns the current position.
func (s *State) Position() Position {
	var p Position
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < s.g.n; h++ {
			p.Cows[pl][h] = uint8(count(&s.x.w[pl], h))
		}
		p.Reserve[pl] = int(s.x.reserve[pl])
	}
	p.Opening = s.x.opening
	return p
}

// Phase returns 1 while either player has cows in reserve, else 2: the
// phase of the next move.
func (s *State) Phase() int {
	if s.x.phase2() {
		return 2
	}
	return 1
}

// Game returns the rule set.
func (s *State) Game() engine.Game { return s.g }

// Player returns the player to move.
func (s *State) Player() engine.Player { return s.x.toMove }

// Hash returns the position hash (board, reserves, opening flag, player to
// move).
func (s *State) Hash() uint64 { return s.g.hash(&s.x) }

// Material returns the cows on p's two rows plus p's reserve.
func (s *State) Material(p engine.Player) int {
	n := int(s.x.reserve[p&1])
	for h := 0; h < s.g.n; h++ {
		n += int(count(&s.x.w[p&1], h))
	}
	return n
}

// Candidates appends the non-empty holes of the player to move, less the
// moves already found never-ending at this ply.
func (s *State) Candidates(buf []engine.Move) []engine.Move {
	if s.Track.Over() {
		return buf
	}
	return engine.AppendMoves(buf, s.cand&^s.Track.Rejected())
}

// Legal appends the exact legal moves: with infinite=illegal the
// candidates whose sowing ends (each is sown to its end on a copy), with
// infinite=draw every candidate.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.Track.Over() {
		return buf
	}
	for m := s.cand &^ s.Track.Rejected(); m != 0; m &= m - 1 {
		mv := bits.TrailingZeros64(m)
		if !s.g.rules.InfiniteDraw {
			y := s.x
			if s.g.playMemo(&y, mv, s.memo.forGame(s.g)).never() {
				continue
			}
		}
		buf = append(buf, engine.Move(mv))
	}
	return buf
}

// Apply plays m. See engine.State.Apply for the errors.
func (s *State) Apply(m engine.Move) (engine.MoveInfo, error) {
	if s.Track.Over() {
		return engine.MoveInfo{}, moveErrors.GameOver()
	}
	if int(m) >= s.g.n || (s.cand&^s.Track.Rejected())>>m&1 == 0 {
		return engine.MoveInfo{}, s.refusal(m)
	}
	g := s.g
	mover := s.x.toMove
	r := g.playMemo(&s.x, int(m), s.memo.forGame(g))
	info, phase2, irrev := r.info(), r.phase2(), r.irrev()
	if info.NeverEnding {
		if !g.rules.InfiniteDraw {
			s.Reject(m)
			if s.cand&^s.Track.Rejected() == 0 {
				s.End(engine.Win(mover.Other()), engine.NoMoves)
				s.cand = 0
			}
			return info, moveErrors.NeverEnding(m)
		}
		// infinite=draw: the move is played and the game ends drawn. The
		// sowing has no final position, so the board stays as it was
		// before the move; only the turn passes.
		s.Track.PlayNeverEnding()
		s.x.toMove = mover.Other()
		s.cand = 0
		s.Record(g.hash(&s.x), true)
		s.End(engine.Draw, engine.InfiniteMove)
		return info, nil
	}
	s.Record(g.hash(&s.x), irrev)
	opp := mover.Other()
	s.cand = nonEmpty(&s.x.w[opp])
	switch {
	case (phase2 || !g.rules.EndPhase2) && g.innerEmpty(&s.x, opp):
		s.End(engine.Win(mover), engine.InnerRowEmpty)
	case (phase2 || !g.rules.EndPhase2) && g.innerEmpty(&s.x, mover):
		s.End(engine.Win(opp), engine.InnerRowEmpty)
	case s.cand == 0:
		s.End(engine.Win(mover), engine.NoMoves)
	case s.Track.Ply() >= g.rules.Common.MaxPlies:
		s.End(engine.Unfinished, engine.MaxPlies)
	}
	if s.Track.Over() {
		s.cand = 0
	}
	return info, nil
}

// refusal returns the error of m, a move that is not a candidate.
func (s *State) refusal(m engine.Move) error {
	if int(m) >= s.g.n {
		return moveErrors.OutOfRange(m, s.g.n)
	}
	return moveErrors.Illegal(m)
}

// moveErrors are Apply's errors, made once so that Apply does not
// allocate.
var moveErrors = engine.NewMoveErrors(Name, "an empty hole")

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s equal to src (a *State); it does not allocate once s
// has grown. s keeps its own never-ending memo (ShareNeverMemo).
func (s *State) CopyFrom(src engine.State) {
	o := src.(*State)
	s.Track.CopyFrom(&o.Track)
	s.g, s.x, s.cand, s.total = o.g, o.x, o.cand, o.total
}

// Check verifies conservation, empty holes beyond the board, the
// candidate mask and the incremental hash against a full recomputation.
func (s *State) Check() error {
	g := s.g
	total := int(s.x.reserve[0]) + int(s.x.reserve[1])
	var lin uint64
	for pl := 0; pl < 2; pl++ {
		for h := 0; h < 2*MaxHoles; h++ {
			c := count(&s.x.w[pl], h)
			if c != 0 && h >= g.n {
				return fmt.Errorf("%s: %v hole %d beyond the board holds %d cows", Name, engine.Player(pl), h, c)
			}
			lin += c * g.rk[pl][h]
			total += int(c)
		}
	}
	if total != s.total {
		return fmt.Errorf("%s: conservation: %d cows on board and in reserve, want %d", Name, total, s.total)
	}
	if lin != s.x.lin {
		return fmt.Errorf("%s: incremental hash %#x, recomputed %#x", Name, s.x.lin, lin)
	}
	want := nonEmpty(&s.x.w[s.x.toMove])
	if s.Track.Over() {
		want = 0
	}
	if s.cand != want {
		return fmt.Errorf("%s: candidate mask %#x, want %#x", Name, s.cand, want)
	}
	return nil
}
