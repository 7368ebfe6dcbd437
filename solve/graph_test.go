package solve_test

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// graph is a toy engine.Game played on a hand-written graph, so that the
// solver's semantics can be checked on cases worked out by hand: node i
// has a player to move and moves to other nodes, or is terminal with a
// margin (a game decided by score). A move can be never-ending: with
// infinite=illegal Apply rejects it (and a player left without a move
// loses, end reason no-moves); with infinite=draw playing it ends the
// game drawn (infinite-move) with the board as it was.
type graph struct {
	nodes   []gnode
	infDraw bool
	// acyclic is what the graph declares of itself (engine.Acyclic),
	// true or not
	acyclic bool
}

type gnode struct {
	player   engine.Player
	terminal bool
	margin   int
	moves    []gmove
}

type gmove struct {
	to    int
	never bool
}

// parseGraph reads one node per line: "S: 1 2 ~3" (South to move, moves
// to nodes 1 and 2 and a never-ending move numbered 2), or "T +2" (a
// terminal position with margin +2). Nodes are numbered from 0 in order.
func parseGraph(text string, infDraw bool) *graph {
	g := &graph{infDraw: infDraw}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(strings.SplitN(line, "//", 2)[0])
		var n gnode
		switch f[0] {
		case "T":
			n.terminal = true
			fmt.Sscan(f[1], &n.margin)
		case "S:", "N:":
			n.player = map[string]engine.Player{"S:": engine.South, "N:": engine.North}[f[0]]
			for _, m := range f[1:] {
				var mv gmove
				if mv.never = strings.HasPrefix(m, "~"); mv.never {
					m = m[1:]
				}
				fmt.Sscan(m, &mv.to)
				n.moves = append(n.moves, mv)
			}
		default:
			panic("bad graph line " + line)
		}
		g.nodes = append(g.nodes, n)
	}
	return g
}

func (g *graph) Acyclic() bool              { return g.acyclic }
func (g *graph) Variant() string            { return "graph" }
func (g *graph) Ruleset() string            { return fmt.Sprintf("graph:%d,infdraw=%v", len(g.nodes), g.infDraw) }
func (g *graph) Options() map[string]string { return nil }
func (g *graph) NewState() engine.State     { return g.at(0) }
func (g *graph) MaxPlies() int              { return 1 }
func (g *graph) NumMoves() int              { return 8 }
func (g *graph) TotalMaterial() int         { return 1000 }
func (g *graph) Perft(engine.State, int) uint64 {
	panic("not needed")
}

func (g *graph) at(i int) *gstate {
	s := &gstate{g: g, node: i, player: g.nodes[i].player}
	if n := g.nodes[i]; n.terminal {
		s.res, s.reason = engine.Draw, engine.Score
		if n.margin > 0 {
			s.res = engine.SouthWins
		} else if n.margin < 0 {
			s.res = engine.NorthWins
		}
	}
	return s
}

// Key: bit 0 the player to move, then the node number.
func (g *graph) KeyBits(engine.State) int { return 16 }
func (g *graph) AppendKey(buf []byte, s engine.State) []byte {
	st := s.(*gstate)
	k := uint16(st.node)<<1 | uint16(st.player)
	return append(buf, byte(k), byte(k>>8))
}
func (g *graph) StateFromKey(key []byte) (engine.State, error) {
	if len(key) != 2 || int(key[0])>>1|int(key[1])<<7 >= len(g.nodes) {
		return nil, fmt.Errorf("graph: %w", engine.ErrBadKey)
	}
	k := int(key[0]) | int(key[1])<<8
	s := g.at(k >> 1)
	s.player = engine.Player(k & 1)
	return s, nil
}

func (g *graph) LoadKey(dst engine.State, key []byte) error {
	s, err := g.StateFromKey(key)
	if err != nil {
		return err
	}
	dst.CopyFrom(s)
	return nil
}

type gstate struct {
	g        *graph
	node     int
	player   engine.Player
	ply      int
	res      engine.Result
	reason   engine.EndReason
	rejected uint64
}

func (s *gstate) Game() engine.Game           { return s.g }
func (s *gstate) Player() engine.Player       { return s.player }
func (s *gstate) Ply() int                    { return s.ply }
func (s *gstate) Over() bool                  { return s.res != engine.Ongoing }
func (s *gstate) Result() engine.Result       { return s.res }
func (s *gstate) EndReason() engine.EndReason { return s.reason }
func (s *gstate) Hash() uint64                { return uint64(s.node)<<1 | uint64(s.player) }
func (s *gstate) FirstRepeatPly() int         { return -1 }
func (s *gstate) NeverEndingMet() int         { return 0 }
func (s *gstate) Check() error                { return nil }
func (s *gstate) String() string {
	return fmt.Sprintf("node %d, %v to move, %v", s.node, s.player, s.res)
}
func (s *gstate) Clone() engine.State       { c := *s; return &c }
func (s *gstate) CopyFrom(src engine.State) { *s = *src.(*gstate) }

// Material gives a terminal node's margin as South's minus North's score.
func (s *gstate) Material(p engine.Player) int {
	m := s.g.nodes[s.node].margin
	if p == engine.North {
		m = -m
	}
	return max(m, 0)
}

func (s *gstate) Candidates(buf []engine.Move) []engine.Move {
	if s.Over() {
		return buf
	}
	for i := range s.g.nodes[s.node].moves {
		if s.rejected>>i&1 == 0 {
			buf = append(buf, engine.Move(i))
		}
	}
	return buf
}

func (s *gstate) Legal(buf []engine.Move) []engine.Move {
	for _, m := range s.Candidates(nil) {
		if s.g.infDraw || !s.g.nodes[s.node].moves[m].never {
			buf = append(buf, m)
		}
	}
	return buf
}

func (s *gstate) Apply(m engine.Move) (engine.MoveInfo, error) {
	if s.Over() {
		return engine.MoveInfo{}, engine.ErrGameOver
	}
	moves := s.g.nodes[s.node].moves
	if int(m) >= len(moves) || s.rejected>>m&1 != 0 {
		return engine.MoveInfo{}, engine.ErrIllegalMove
	}
	mv := moves[m]
	if mv.never {
		if !s.g.infDraw {
			s.rejected |= 1 << m
			if len(s.Candidates(nil)) == 0 {
				s.res, s.reason = engine.Win(s.player.Other()), engine.NoMoves
			}
			return engine.MoveInfo{NeverEnding: true}, engine.ErrNeverEnding
		}
		s.player = s.player.Other()
		s.ply++
		s.res, s.reason = engine.Draw, engine.InfiniteMove
		return engine.MoveInfo{NeverEnding: true}, nil
	}
	*s = *s.g.at(mv.to)
	s.ply++
	if s.ply >= s.g.MaxPlies() && !s.Over() {
		s.res, s.reason = engine.Unfinished, engine.MaxPlies // the solver must ignore it
	}
	return engine.MoveInfo{}, nil
}
