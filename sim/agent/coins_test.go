package agent_test

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// coins is a toy engine.Game for the agent tests, small enough to search
// exhaustively: a row of coins; the mover takes the coin at the left end
// (move 0) or the right end (move 1). Material is the value a player has
// taken. When the row is empty the larger material wins (end reason score).
//
// Two twists exercise the agents' edge cases:
//   - a coin worth 0 is "never-ending": with infinite=illegal taking it is
//     rejected (ErrNeverEnding) and a player left with no candidate loses
//     (no-moves); with infinite=draw taking it ends the game drawn;
//   - with bonus set, taking a coin worth 8 or more gives another turn;
//   - with target set, a player whose material exceeds target wins at
//     once (end reason score), so games differ in length.
type coins struct {
	row      []int8
	maxPlies int
	infDraw  bool
	bonus    bool
	target   int
}

func newCoins(row []int8, maxPlies int, infDraw, bonus bool) *coins {
	return &coins{row: row, maxPlies: maxPlies, infDraw: infDraw, bonus: bonus}
}

func (g *coins) Variant() string { return "coins" }
func (g *coins) Ruleset() string { return fmt.Sprintf("coins:%v", g.row) }
func (g *coins) Options() map[string]string {
	return map[string]string{"max_plies": fmt.Sprint(g.maxPlies)}
}
func (g *coins) NewState() engine.State { return g.at(g.row, engine.South) }
func (g *coins) MaxPlies() int          { return g.maxPlies }
func (g *coins) NumMoves() int          { return 2 }
func (g *coins) TotalMaterial() int {
	t := 0
	for _, c := range g.row {
		t += int(c)
	}
	return t
}
func (g *coins) Perft(s engine.State, depth int) uint64 { panic("not needed") }

// at returns the position with row left, p to move and the given
// material taken by South and North.
func (g *coins) at(row []int8, p engine.Player, taken ...int) *coinsState {
	s := &coinsState{g: g, hi: len(row) - 1, player: p}
	copy(s.taken[:], taken)
	copy(s.row[:], row)
	return s
}

type coinsState struct {
	g        *coins
	row      [24]int8
	lo, hi   int
	taken    [2]int
	player   engine.Player
	ply      int
	res      engine.Result
	reason   engine.EndReason
	rejected uint8
	neverMet int
}

func (s *coinsState) Game() engine.Game     { return s.g }
func (s *coinsState) Player() engine.Player { return s.player }
func (s *coinsState) Ply() int              { return s.ply }
func (s *coinsState) Over() bool            { return s.res != engine.Ongoing }
func (s *coinsState) Result() engine.Result { return s.res }
func (s *coinsState) EndReason() engine.EndReason {
	return s.reason
}
func (s *coinsState) Material(p engine.Player) int { return s.taken[p] }
func (s *coinsState) FirstRepeatPly() int          { return -1 }
func (s *coinsState) NeverEndingMet() int          { return s.neverMet }
func (s *coinsState) Check() error                 { return nil }
func (s *coinsState) Clone() engine.State          { c := *s; return &c }
func (s *coinsState) CopyFrom(src engine.State)    { *s = *src.(*coinsState) }

func (s *coinsState) Hash() uint64 {
	h := uint64(s.lo)<<8 | uint64(s.hi)<<16 | uint64(s.taken[0])<<24 | uint64(s.taken[1])<<40 | uint64(s.player)<<56
	return h * 0x9e3779b97f4a7c15
}

func (s *coinsState) Candidates(buf []engine.Move) []engine.Move {
	if s.Over() {
		return buf
	}
	if s.rejected&1 == 0 {
		buf = append(buf, 0)
	}
	if s.hi > s.lo && s.rejected&2 == 0 {
		buf = append(buf, 1)
	}
	return buf
}

func (s *coinsState) Legal(buf []engine.Move) []engine.Move {
	for _, m := range s.Candidates(nil) {
		if s.g.infDraw || s.coin(m) != 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

func (s *coinsState) coin(m engine.Move) int8 {
	if m == 0 {
		return s.row[s.lo]
	}
	return s.row[s.hi]
}

func (s *coinsState) Apply(m engine.Move) (engine.MoveInfo, error) {
	if s.Over() {
		return engine.MoveInfo{}, engine.ErrGameOver
	}
	if !(m == 0 && s.rejected&1 == 0 || m == 1 && s.hi > s.lo && s.rejected&2 == 0) {
		return engine.MoveInfo{}, fmt.Errorf("coins: move %d: %w", m, engine.ErrIllegalMove)
	}
	v := s.coin(m)
	if v == 0 {
		s.neverMet++
		if s.g.infDraw {
			s.ply++
			s.res, s.reason = engine.Draw, engine.InfiniteMove
			return engine.MoveInfo{NeverEnding: true}, nil
		}
		s.rejected |= 1 << m
		if s.rejected == 3 || s.rejected == 1 && s.hi == s.lo {
			s.res, s.reason = engine.Win(s.player.Other()), engine.NoMoves
		}
		return engine.MoveInfo{}, fmt.Errorf("coins: move %d: %w", m, engine.ErrNeverEnding)
	}
	s.taken[s.player] += int(v)
	if m == 0 {
		s.lo++
	} else {
		s.hi--
	}
	s.ply++
	s.rejected = 0
	if !(s.g.bonus && v >= 8) {
		s.player = s.player.Other()
	}
	switch {
	case s.g.target > 0 && s.taken[s.player] > s.g.target:
		s.res, s.reason = engine.Win(s.player), engine.Score
	case s.g.target > 0 && s.taken[s.player.Other()] > s.g.target:
		s.res, s.reason = engine.Win(s.player.Other()), engine.Score
	case s.lo > s.hi:
		s.reason = engine.Score
		switch a, b := s.taken[engine.South], s.taken[engine.North]; {
		case a > b:
			s.res = engine.SouthWins
		case a < b:
			s.res = engine.NorthWins
		default:
			s.res = engine.Draw
		}
	case s.ply >= s.g.maxPlies:
		s.res, s.reason = engine.Unfinished, engine.MaxPlies
	}
	return engine.MoveInfo{Laps: 1, Sown: 1}, nil
}

func (s *coinsState) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v taken %v %v to move rejected %02b", s.row[s.lo:s.hi+1], s.taken, s.player, s.rejected)
	if s.Over() {
		fmt.Fprintf(&b, " over: %v (%v)", s.res, s.reason)
	}
	return b.String()
}
