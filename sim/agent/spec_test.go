package agent_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/baolab/baolab/sim/agent"
)

func TestParse(t *testing.T) {
	for i, tc := range []struct {
		in   string
		want agent.Spec
		str  string
	}{
		{"random", agent.Random{}, "random"},
		{"  greedy ", agent.Greedy{}, "greedy"},
		{"greedy:", agent.Greedy{}, "greedy"},
		{"alphabeta", agent.AlphaBeta{Depth: 4}, "alphabeta:depth=4"},
		{"alphabeta:", agent.AlphaBeta{Depth: 4}, "alphabeta:depth=4"},
		{"alphabeta:depth=1", agent.AlphaBeta{Depth: 1}, "alphabeta:depth=1"},
		{"alphabeta: depth = 07 ", agent.AlphaBeta{Depth: 7}, "alphabeta:depth=7"},
		{"alphabeta:depth=32", agent.AlphaBeta{Depth: 32}, "alphabeta:depth=32"},
		{"mcts", agent.MCTS{Iters: 400, C: 1.4}, "mcts:iters=400,c=1.4"},
		{"mcts:c=2", agent.MCTS{Iters: 400, C: 2}, "mcts:iters=400,c=2"},
		{"mcts:iters=50", agent.MCTS{Iters: 50, C: 1.4}, "mcts:iters=50,c=1.4"},
		{"mcts:c=0.50,iters=+10", agent.MCTS{Iters: 10, C: 0.5}, "mcts:iters=10,c=0.5"},
		{"mcts:iters=1,c=0", agent.MCTS{Iters: 1, C: 0}, "mcts:iters=1,c=0"},
		{"mcts:iters=10000000,c=1e2", agent.MCTS{Iters: 10000000, C: 100}, "mcts:iters=10000000,c=100"},
		{"mcts:iters=400,c=1.4142135623730951", agent.MCTS{Iters: 400, C: 1.4142135623730951}, "mcts:iters=400,c=1.4142135623730951"},
		{"alphabeta:nodes=5000", agent.AlphaBeta{Nodes: 5000}, "alphabeta:nodes=5000"},
		{"alphabeta:nodes=5000,depth=6", agent.AlphaBeta{Depth: 6, Nodes: 5000}, "alphabeta:depth=6,nodes=5000"},
		{"alphabeta:depth=4,nodes=1", agent.AlphaBeta{Depth: 4, Nodes: 1}, "alphabeta:depth=4,nodes=1"},
		{"alphabeta:tt=64,nodes=5000", agent.AlphaBeta{Nodes: 5000, TT: 64}, "alphabeta:nodes=5000,tt=64"},
		{"alphabeta:tt=1", agent.AlphaBeta{Depth: 4, TT: 1}, "alphabeta:depth=4,tt=1"},
		{"mcts:rollout=random", agent.MCTS{Iters: 400, C: 1.4}, "mcts:iters=400,c=1.4"},
		{"mcts:rollout=greedy,iters=100", agent.MCTS{Iters: 100, C: 1.4, Rollout: "greedy"}, "mcts:iters=100,c=1.4,rollout=greedy"},
	} {
		got, err := agent.Parse(tc.in)
		if err != nil {
			t.Errorf("case %d: Parse(%q): %v", i, tc.in, err)
			continue
		}
		if got != tc.want {
			t.Errorf("case %d: Parse(%q) = %#v, want %#v", i, tc.in, got, tc.want)
		}
		if got.String() != tc.str {
			t.Errorf("case %d: Parse(%q).String() = %q, want %q", i, tc.in, got.String(), tc.str)
		}
		// The canonical form reads back to the same spec.
		again, err := agent.Parse(got.String())
		if err != nil || again != got {
			t.Errorf("case %d: Parse(%q) = %#v, %v; want %#v", i, got.String(), again, err, got)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for i, tc := range []struct{ in, want string }{
		{"", `agent spec "": no agent name (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{"   ", `agent spec "   ": no agent name (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{":depth=2", `agent spec ":depth=2": no agent name (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{"minimax", `agent spec "minimax": unknown agent "minimax" (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{"MCTS", `agent spec "MCTS": unknown agent "MCTS" (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{"random:seed=1", `agent spec "random:seed=1": random takes no keys`},
		{"greedy:x", `agent spec "greedy:x": greedy takes no keys`},
		{"alphabeta:deep=3", `agent spec "alphabeta:deep=3": alphabeta: unknown option "deep" (options: depth, nodes, tt, endgame, eval)`},
		{"alphabeta:depth", `agent spec "alphabeta:depth": alphabeta: option "depth" is not of the form key=value`},
		{"alphabeta:depth=3,", `agent spec "alphabeta:depth=3,": alphabeta: option "" is not of the form key=value`},
		{"alphabeta:depth=0", `agent spec "alphabeta:depth=0": alphabeta: option "depth": value "0" not allowed (allowed: 1..32)`},
		{"alphabeta:depth=33", `agent spec "alphabeta:depth=33": alphabeta: option "depth": value "33" not allowed (allowed: 1..32)`},
		{"alphabeta:depth=2.5", `agent spec "alphabeta:depth=2.5": alphabeta: option "depth": value "2.5" not allowed (allowed: 1..32)`},
		{"alphabeta:depth=", `agent spec "alphabeta:depth=": alphabeta: option "depth": value "" not allowed (allowed: 1..32)`},
		{"alphabeta:depth=2,depth=3", `agent spec "alphabeta:depth=2,depth=3": alphabeta: option "depth" given twice`},
		{"alphabeta:nodes=0", `agent spec "alphabeta:nodes=0": alphabeta: option "nodes": value "0" not allowed (allowed: 1..1000000000)`},
		{"alphabeta:nodes=1e4", `agent spec "alphabeta:nodes=1e4": alphabeta: option "nodes": value "1e4" not allowed (allowed: 1..1000000000)`},
		{"alphabeta:tt=0", `agent spec "alphabeta:tt=0": alphabeta: option "tt": value "0" not allowed (allowed: 1..4096)`},
		{"alphabeta:tt=4097", `agent spec "alphabeta:tt=4097": alphabeta: option "tt": value "4097" not allowed (allowed: 1..4096)`},
		{"mcts:rollout=smart", `agent spec "mcts:rollout=smart": mcts: option "rollout": value "smart" not allowed (allowed: random, greedy)`},
		{"mcts:iters=0", `agent spec "mcts:iters=0": mcts: option "iters": value "0" not allowed (allowed: 1..10000000)`},
		{"mcts:iters=1e3", `agent spec "mcts:iters=1e3": mcts: option "iters": value "1e3" not allowed (allowed: 1..10000000)`},
		{"mcts:c=-1", `agent spec "mcts:c=-1": mcts: option "c": value "-1" not allowed (allowed: a number 0..100)`},
		{"mcts:c=101", `agent spec "mcts:c=101": mcts: option "c": value "101" not allowed (allowed: a number 0..100)`},
		{"mcts:c=NaN", `agent spec "mcts:c=NaN": mcts: option "c": value "NaN" not allowed (allowed: a number 0..100)`},
		{"mcts:c=inf", `agent spec "mcts:c=inf": mcts: option "c": value "inf" not allowed (allowed: a number 0..100)`},
		{"mcts:c=x", `agent spec "mcts:c=x": mcts: option "c": value "x" not allowed (allowed: a number 0..100)`},
		{"mcts:depth=3", `agent spec "mcts:depth=3": mcts: unknown option "depth" (options: iters, c, rollout, solver, endgame)`},
		{"mcts:iters=5;c=1", `agent spec "mcts:iters=5;c=1": mcts: option "iters": value "5;c=1" not allowed (allowed: 1..10000000)`},
	} {
		_, err := agent.Parse(tc.in)
		if err == nil {
			t.Errorf("case %d: Parse(%q) succeeded, want error %q", i, tc.in, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("case %d: Parse(%q) error\n got %q\nwant %q", i, tc.in, err, tc.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: error is not one line: %q", i, err)
		}
	}
}

func TestParsePair(t *testing.T) {
	for i, tc := range []struct{ in, south, north, pair string }{
		{"mcts:iters=400,c=1.4/greedy", "mcts:iters=400,c=1.4", "greedy", "mcts:iters=400,c=1.4/greedy"},
		{"random / alphabeta:depth=2", "random", "alphabeta:depth=2", "random/alphabeta:depth=2"},
		{"greedy", "greedy", "greedy", "greedy/greedy"},
		{"mcts:c=2", "mcts:iters=400,c=2", "mcts:iters=400,c=2", "mcts:iters=400,c=2/mcts:iters=400,c=2"},
	} {
		s, n, err := agent.ParsePair(tc.in)
		if err != nil {
			t.Errorf("case %d: ParsePair(%q): %v", i, tc.in, err)
			continue
		}
		if s.String() != tc.south || n.String() != tc.north {
			t.Errorf("case %d: ParsePair(%q) = %q, %q; want %q, %q", i, tc.in, s, n, tc.south, tc.north)
		}
		if got := agent.PairString(s, n); got != tc.pair {
			t.Errorf("case %d: PairString = %q, want %q", i, got, tc.pair)
		}
		s2, n2, err := agent.ParsePair(agent.PairString(s, n))
		if err != nil || s2 != s || n2 != n {
			t.Errorf("case %d: pair string does not read back: %v %v %v", i, s2, n2, err)
		}
	}
	for i, tc := range []struct{ in, want string }{
		{"a/b/c", `agent pair "a/b/c": want SOUTH/NORTH or one spec for both seats, got 3 parts`},
		{"greedy/", `north: agent spec "": no agent name (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
		{"mcts:iters=0/greedy", `south: agent spec "mcts:iters=0": mcts: option "iters": value "0" not allowed (allowed: 1..10000000)`},
		{"greedy/alphabeta:depth=99", `north: agent spec "alphabeta:depth=99": alphabeta: option "depth": value "99" not allowed (allowed: 1..32)`},
		{"foo", `agent spec "foo": unknown agent "foo" (agents: random, greedy, alphabeta, mcts, perfect, strong)`},
	} {
		_, _, err := agent.ParsePair(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("case %d: ParsePair(%q) error\n got %v\nwant %s", i, tc.in, err, tc.want)
		}
	}
}

func TestSpecZeroValues(t *testing.T) {
	for i, tc := range []struct {
		spec agent.Spec
		want string
	}{
		{agent.AlphaBeta{}, "alphabeta:depth=4"},
		{agent.MCTS{}, "mcts:iters=400,c=0"},
		{agent.MCTS{C: agent.DefaultC}, "mcts:iters=400,c=1.4"},
	} {
		if got := tc.spec.String(); got != tc.want {
			t.Errorf("case %d: %#v.String() = %q, want %q", i, tc.spec, got, tc.want)
		}
	}
}

func TestSpecNewPanicsOutOfRange(t *testing.T) {
	g := newCoins([]int8{1, 2}, 100, false, false)
	for i, spec := range []agent.Spec{
		agent.AlphaBeta{Depth: -1},
		agent.AlphaBeta{Depth: agent.MaxDepth + 1},
		agent.MCTS{Iters: -5, C: 1},
		agent.MCTS{Iters: 5, C: -1},
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), "out of range") {
					t.Errorf("case %d: %#v.New: recovered %v, want an out of range panic", i, spec, r)
				}
			}()
			spec.New(g)
		}()
	}
}
