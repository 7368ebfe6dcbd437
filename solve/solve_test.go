package solve_test

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

// solved solves g from node 0 and returns the value of every node's
// position (the node key with South or North to move as the node says),
// as "S/N" strings of south_can_force/north_can_force.
func solved(t *testing.T, g *graph) (*solve.Result, []string) {
	t.Helper()
	r := solveBoth(t, g.NewState(), solve.Options{Workers: 2})
	c, err := solve.NewCoder(g.NewState())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range g.nodes {
		k, _, _ := c.Key(g.at(i))
		if g.nodes[i].terminal {
			k |= solve.FlagTerminal
		}
		v, ok := r.Table.Lookup(k)
		if !ok {
			out = append(out, "unreached")
			continue
		}
		out = append(out, fmt.Sprintf("%v/%v", v.South, v.North))
	}
	return r, out
}

func expect(t *testing.T, got []string, want string) {
	t.Helper()
	if g := strings.Join(got, " "); g != want {
		t.Errorf("values (south_can_force/north_can_force per node)\n got %s\nwant %s", g, want)
	}
}

// TestEndlessPlayDraw: South at node 0 can take a loss (node 2, -1) or
// move to node 1, where North can go back to 0 or give South the win
// (node 3, +1). Worked by hand:
//   - W_S(+1) = {3}: node 1 (North) also has a move back to 0, and node 0
//     (South) reaches 3 only through 1, so neither joins; W_S(0) likewise.
//     W_S(-1) = {2, 0, 1}: 0 has a move into 2, then all of 1's moves (0, 3)
//     are in. South can force -1 from 0 and 1.
//   - W_N(-1) = {2}: node 0 (South) also has the move to 1, and 1 (North)
//     reaches 2 only through 0. W_N(+1) = {2, 3, 1, 0}. North can force +1.
//
// Outcome draw: neither side wins, since each can keep the game going
// forever (South by always moving to 1, North by always moving back).
func TestEndlessPlayDraw(t *testing.T) {
	r, v := solved(t, parseGraph(`
S: 1 2
N: 0 3
T -1
T +1`, false))
	expect(t, v, "-1/1 -1/1 -1/-1 1/1")
	if r.Root.Outcome() != engine.Draw || !r.Cyclic || r.Positions != 4 || r.Terminal != 2 {
		t.Errorf("root %v cyclic %v positions %d terminal %d, want draw, cyclic, 4 positions, 2 terminal", r.Root, r.Cyclic, r.Positions, r.Terminal)
	}
}

// TestNone: South at 0 can win by 2 (node 2) or move to 1, from where
// North can only move back to 0. South can force +2; North can force no
// finished game at all (South may cycle 0-1-0 forever): none. Outcome
// south. In the pure cycle 3-4 no terminal is reachable: none/none, draw.
func TestNone(t *testing.T) {
	_, v := solved(t, parseGraph(`
S: 1 2 3
N: 0
T +2
S: 4
N: 3`, false))
	expect(t, v, "2/none 2/none 2/2 none/none none/none")
	r := solveBoth(t, parseGraph(`
S: 1
N: 0`, false).NewState(), solve.Options{})
	if r.Root.Outcome() != engine.Draw || r.Root.South != solve.None || r.Root.North != solve.None || r.Terminal != 0 {
		t.Errorf("pure cycle: %v, terminal %d, want draw none none, 0", r.Root, r.Terminal)
	}
}

// TestNeverEndingBothReadings: South at 0 can move to node 1 (North has
// won, -1), or play a never-ending move. With infinite=illegal that move
// does not exist: the only move loses, -1/-1, north. With infinite=draw it
// ends the game drawn (margin 0) and South takes it: 0/0, draw. Node 2
// (reached from 0's third move, to a South position) has only a
// never-ending move: with infinite=illegal South has no legal move there
// and loses (no-moves, -1); with infinite=draw South plays it, 0.
func TestNeverEndingBothReadings(t *testing.T) {
	text := `
S: 1 ~0 3
T -1
S: ~0
N: 2`
	r, v := solved(t, parseGraph(text, false))
	expect(t, v, "-1/-1 -1/-1 -1/-1 -1/-1")
	if r.Root.Outcome() != engine.NorthWins || len(r.Moves) != 2 || r.Moves[0].Move != 0 || r.Moves[1].Move != 2 {
		t.Errorf("illegal: root %v moves %v, want north and moves 0 and 2", r.Root, r.Moves)
	}
	if r.Terminal != 2 { // node 1, and node 2 as a dead end
		t.Errorf("illegal: %d terminal positions, want 2", r.Terminal)
	}
	r, v = solved(t, parseGraph(text, true))
	expect(t, v, "0/0 -1/-1 0/0 0/0")
	if r.Root.Outcome() != engine.Draw || len(r.Moves) != 3 || r.Moves[1].Value != (solve.Value{South: 0, North: 0}) {
		t.Errorf("draw: root %v moves %v, want draw and the never-ending move 0/0", r.Root, r.Moves)
	}
	// Terminal: node 1 and the two games drawn by a never-ending move.
	if r.Terminal != 3 || r.Positions != 6 {
		t.Errorf("draw: %d positions, %d terminal, want 6 and 3", r.Positions, r.Terminal)
	}
}

// TestMaxPliesIgnored: the toy game ends unfinished after 1 ply; the
// solver must look through it. South at 0 moves to 1, North to 2, South to
// 3 (+1): 1/1 everywhere on the path.
func TestMaxPliesIgnored(t *testing.T) {
	_, v := solved(t, parseGraph(`
S: 1
N: 2
S: 3
T +1`, false))
	expect(t, v, "1/1 1/1 1/1 1/1")
}

// TestMinMax: a small acyclic game tree worked by minimax: 0 (South)
// chooses between 1 and 2 (North). From 1 North chooses +3 or +5, so 1 is
// worth 3; from 2 North chooses +4 or -2, so 2 is worth -2; South picks 1:
// 3/3.
func TestMinMax(t *testing.T) {
	r, v := solved(t, parseGraph(`
S: 1 2
N: 3 4
N: 5 6
T +3
T +5
T +4
T -2`, false))
	expect(t, v, "3/3 3/3 -2/-2 3/3 5/5 4/4 -2/-2")
	if r.Cyclic {
		t.Error("a tree is not cyclic")
	}
}

// TestTooBig: a board with one position more than the limit is refused,
// one with exactly the limit (terminal positions included) is solved;
// a key longer than the solver packs is refused.
func TestTooBig(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=2", "kimasai-four-rows:holes=4"} {
		g := engine.MustParse(rs)
		r, err := solve.Solve(g.NewState(), solve.Options{CountOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := solve.Solve(g.NewState(), solve.Options{MaxPositions: r.Positions, Sweep: true}); err != nil {
			t.Errorf("%s: %d positions, limit %d: %v", rs, r.Positions, r.Positions, err)
		}
		_, err = solve.Solve(g.NewState(), solve.Options{MaxPositions: r.Positions - 1})
		if want := fmt.Sprintf("more than %d positions", r.Positions-1); !errors.Is(err, solve.ErrTooBig) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %d positions, limit %d: error %v, want ErrTooBig naming the limit", rs, r.Positions, r.Positions-1, err)
		}
	}
	_, err := solve.Solve(engine.MustParse("kingulu:holes=4,seeds=2").NewState(), solve.Options{MaxPositions: 100})
	if !errors.Is(err, solve.ErrTooBig) || !strings.Contains(err.Error(), "more than 100 positions") {
		t.Errorf("error %v, want ErrTooBig naming the limit", err)
	}
	_, err = solve.Solve(engine.MustParse("kingulu").NewState(), solve.Options{})
	if !errors.Is(err, solve.ErrTooBig) || !strings.Contains(err.Error(), "74 bits") {
		t.Errorf("default kingulu: error %v, want ErrTooBig naming the key length", err)
	}
}

// stages records what Solve tells its Progress: per stage, the sum of
// its Adds and whether it was done.
type stages struct {
	names []string
	added map[string]int64
	done  map[string]bool
	cur   string
}

func (p *stages) Stage(name string, _ int64) {
	if p.added == nil {
		p.added, p.done = map[string]int64{}, map[string]bool{}
	}
	p.names, p.cur = append(p.names, name), name
}
func (p *stages) Add(n int64) { p.added[p.cur] += n }
func (p *stages) Done()       { p.done[p.cur] = true }

// TestEnumerateProgress: the enumeration counts the positions found, as
// the limit does, so its count ends at the result's positions; when the
// limit stops it, the stage is not reported done.
func TestEnumerateProgress(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3")
	var p stages
	r, err := solve.Solve(g.NewState(), solve.Options{Sweep: true, Progress: &p})
	if err != nil {
		t.Fatal(err)
	}
	if p.added["enumerate"] != r.Positions || !p.done["enumerate"] {
		t.Errorf("enumerate counted %d positions (done %v), the result has %d", p.added["enumerate"], p.done["enumerate"], r.Positions)
	}
	var q stages
	if _, err := solve.Solve(g.NewState(), solve.Options{Sweep: true, Progress: &q, MaxPositions: r.Positions / 2}); !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("limit %d: error %v, want ErrTooBig", r.Positions/2, err)
	}
	if q.done["enumerate"] || q.added["enumerate"] > r.Positions/2 {
		t.Errorf("enumeration stopped by the limit %d: counted %d, done %v", r.Positions/2, q.added["enumerate"], q.done["enumerate"])
	}
}

// TestGCPercentRestored: solves running one after another and several at
// once (each tuning the garbage collector's target while alone) leave the
// process's target as it was.
func TestGCPercentRestored(t *testing.T) {
	old := debug.SetGCPercent(77)
	defer debug.SetGCPercent(old)
	boards := []string{"kingulu:holes=4,seeds=2", "kimasai-four-rows:holes=4", "kingulu:holes=4,seeds=3", "kingulu:holes=5,seeds=1"}
	for _, rs := range boards[:2] {
		if _, err := solve.Solve(engine.MustParse(rs).NewState(), solve.Options{Sweep: true}); err != nil {
			t.Fatal(err)
		}
	}
	if got := debug.SetGCPercent(77); got != 77 {
		t.Fatalf("after two solves the GC percent is %d, want 77", got)
	}
	var wg sync.WaitGroup
	for i, rs := range boards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := solve.Solve(engine.MustParse(rs).NewState(), solve.Options{Sweep: i%2 == 0, Workers: 1}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("after concurrent solves the GC percent is %d, want 77", got)
	}
}
