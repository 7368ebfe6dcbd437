package solve

import (
	"errors"
	"fmt"

	"github.com/baolab/baolab/engine"
)

// child is one legal move of a node and the node it leads to.
type child struct {
	key    uint64
	layer  uint64 // when counting layers (key is then the key within it)
	margin int8   // when key is terminal
	move   engine.Move
}

// expander generates the legal moves of nodes; one per goroutine.
type expander struct {
	c *Coder
	// When counting layers, lay gives the keys (keys within a layer) and
	// layer is the layer of the nodes expanded; c is nil.
	lay   engine.Layered
	layer uint64
	node  engine.State // the node being expanded
	tmp   engine.State // a child
	moves []engine.Move
	fast  *keyChildren // the game's engine.ChildKeys, when it has one and keys are node keys
	// spacer is never used: allocated right after tmp, it keeps the next
	// expander's states off the cache lines of this one's (states are not
	// a multiple of 64 bytes, and two workers writing one line make both
	// wait: with it, two workers on kingulu:holes=6,seeds=1 take 20% less
	// CPU).
	spacer engine.State
	_      [128 - 112]byte // an expander fills two cache lines of its own
}

func newExpander(start engine.State) (*expander, error) {
	c, err := NewCoder(start)
	if err != nil {
		return nil, err
	}
	x := &expander{c: c, node: start.Clone(), tmp: start.Clone(), spacer: start.Clone(), moves: make([]engine.Move, 0, engine.MaxMoves)}
	if ck, ok := start.Game().(engine.ChildKeys); ok {
		x.fast = &keyChildren{game: ck}
	}
	return x, nil
}

// keyChildren is expand's fast path: the children of a node from the
// game's engine.ChildKeys, without loading the node into a state.
type keyChildren struct {
	game engine.ChildKeys
	buf  [engine.MaxMoves]engine.Child
}

// expand appends the children of the non-terminal node key to out, as
// expander.expandState would, and reports whether it could: not for a
// node without a legal move (a dead end, whose verdict needs the state)
// nor for a move that ends the game by score (whose margin needs the
// material).
func (f *keyChildren) expand(key uint64, out []child) (_ []child, ok bool) {
	n := len(out)
	for _, c := range f.game.AppendChildKeys(f.buf[:0], key) {
		var flag uint64
		var m int8
		switch {
		case c.End == engine.Score:
			return out[:n], false
		case c.Result == engine.Ongoing || c.Result == engine.Unfinished:
		case c.End == engine.InfiniteMove:
			flag, m = FlagInfinite, resultMargin(c.Result)
		default:
			flag, m = FlagTerminal, resultMargin(c.Result)
		}
		out = append(out, child{key: c.Key | flag, margin: m, move: c.Move})
	}
	return out, len(out) > n
}

// newLayerExpander returns an expander of layer keys (see CountLayers).
func newLayerExpander(start engine.State, lay engine.Layered) *expander {
	return &expander{lay: lay, node: start.Clone(), tmp: start.Clone(), spacer: start.Clone(), moves: make([]engine.Move, 0, engine.MaxMoves)}
}

// key returns the node key of s (when counting layers, its key within its
// layer, and the layer) and, when s is over, its margin.
func (x *expander) key(s engine.State) (key, layer uint64, margin int) {
	if x.lay == nil {
		key, _, margin = x.c.Key(s)
		return key, 0, margin
	}
	layer, key = x.lay.LayerKey(s)
	flag, margin := overFlag(s)
	return key | flag, layer, margin
}

// load sets the expander's node to the position of a non-terminal key.
func (x *expander) load(key uint64) error {
	if x.lay == nil {
		return x.c.Load(x.node, key)
	}
	return x.lay.LoadLayerKey(x.node, x.layer, key)
}

// expand appends the children of the non-terminal node key to out. A node
// without a legal move (the player to move has no candidate, or with
// infinite=illegal every candidate never ends) is a dead end: dead is set
// and margin is the engine's verdict on it.
func (x *expander) expand(key uint64, out []child) (_ []child, dead bool, margin int8, err error) {
	if x.fast != nil {
		if kids, ok := x.fast.expand(key, out); ok {
			return kids, false, 0, nil
		}
	}
	if err := x.load(key); err != nil {
		return out, false, 0, fmt.Errorf("solve: node %#x: %w", key, err)
	}
	return x.expandState(x.node, out)
}

func (x *expander) expandState(s engine.State, out []child) (_ []child, dead bool, margin int8, err error) {
	n := len(out)
	if !s.Over() {
		x.moves = s.Candidates(x.moves[:0])
		for _, m := range x.moves {
			x.tmp.CopyFrom(s)
			_, err := x.tmp.Apply(m)
			if errors.Is(err, engine.ErrNeverEnding) {
				s.CopyFrom(x.tmp) // s now knows m never ends: the engine ends the game if no move is left
				continue
			}
			if err != nil {
				return out, false, 0, fmt.Errorf("solve: move %d: %w", m, err)
			}
			k, l, mg := x.key(x.tmp)
			m8, err := margin8(mg)
			if err != nil {
				return out, false, 0, err
			}
			out = append(out, child{key: k, layer: l, margin: m8, move: m})
		}
	}
	if len(out) > n {
		return out, false, 0, nil
	}
	if !s.Over() || s.Result() == engine.Unfinished {
		return out, false, 0, fmt.Errorf("solve: %s: a position with no legal move is not over:\n%s", s.Game().Ruleset(), s)
	}
	m8, err := margin8(Margin(s))
	return out, true, m8, err
}

func margin8(m int) (int8, error) {
	if m < -127 || m > 127 {
		return 0, fmt.Errorf("%w: margin %d does not fit the solver's values (-127..127)", ErrTooBig, m)
	}
	return int8(m), nil
}
