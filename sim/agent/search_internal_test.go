package agent

import (
	"flag"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/solve"
)

// positions returns the positions of a few random games of ruleset.
func positions(t testing.TB, ruleset string, games int, seed uint64) []engine.State {
	t.Helper()
	g := engine.MustParse(ruleset)
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []engine.State
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for range games {
		s := g.NewState()
		for !s.Over() {
			out = append(out, s.Clone())
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

// TestTableKeepsFixedDepthResult compares the iterative-deepening search
// with its transposition table against the plain fixed-depth search: the
// same best value and, for every seed, the same move (the choice among
// tied moves does not depend on the search order).
func TestTableKeepsFixedDepthResult(t *testing.T) {
	checked, hits := 0, int64(0)
	for _, tc := range []struct {
		ruleset string
		depth   int
	}{
		{"kingulu", 4},
		{"kingulu", 6},
		{"kingulu:max_plies=30", 5},
		{"kimasai-four-rows:holes=5,max_plies=60", 4},
		{"kimasai-four-rows:holes=4,max_plies=40", 7},
		{"kingulu:infinite=draw,lap_limit=3", 3},
	} {
		g := engine.MustParse(tc.ruleset)
		ps := positions(t, tc.ruleset, 3, uint64(tc.depth))
		full, plain := newAlphaBeta(g, tc.depth, 0, TTBits), newAlphaBeta(g, tc.depth, 0, TTBits)
		plain.plain = true
		buf := make([]engine.Move, 0, engine.MaxMoves)
		for i, s := range ps {
			buf = s.Candidates(buf[:0])
			for seed := range uint64(3) {
				full.Reset(seed)
				plain.Reset(seed)
				mf, mp := full.Choose(s, buf), plain.Choose(s, buf)
				if mf != mp {
					t.Fatalf("%s depth %d position %d seed %d: table chose %d, plain search %d\n%s", tc.ruleset, tc.depth, i, seed, mf, mp, s)
				}
				if full.depthHit != tc.depth && full.horizon {
					t.Fatalf("%s position %d: stopped at depth %d", tc.ruleset, i, full.depthHit)
				}
				checked++
			}
		}
		hits += full.hits
	}
	t.Logf("%d searches agree; the table answered %d times", checked, hits)
	if hits < 1000 {
		t.Errorf("the table answered only %d times", hits)
	}
	if checked < 500 {
		t.Errorf("only %d searches compared", checked)
	}
}

// TestNodeBudget: a node budget is deterministic, never searches less deep
// with more nodes, and stays near the budget.
func TestNodeBudget(t *testing.T) {
	g := engine.MustParse("kingulu")
	ps := positions(t, "kingulu", 1, 7)
	buf := make([]engine.Move, 0, engine.MaxMoves)
	deeper := 0
	for i, s := range ps {
		buf = s.Candidates(buf[:0])
		small, big, again := newAlphaBeta(g, MaxDepth, 500, TTBits), newAlphaBeta(g, MaxDepth, 20000, TTBits), newAlphaBeta(g, MaxDepth, 500, TTBits)
		small.Reset(uint64(i))
		again.Reset(uint64(i))
		big.Reset(uint64(i))
		if a, b := small.Choose(s, buf), again.Choose(s, buf); a != b || small.depthHit != again.depthHit {
			t.Fatalf("position %d: budget 500 chose %d then %d", i, a, b)
		}
		big.Choose(s, buf)
		if big.depthHit < small.depthHit {
			t.Fatalf("position %d: 20000 nodes reached depth %d, 500 nodes depth %d", i, big.depthHit, small.depthHit)
		}
		if big.depthHit > small.depthHit {
			deeper++
		}
		// The last iteration is abandoned as soon as the budget runs out;
		// only the root's own moves can overshoot it.
		if small.nodes > 500+int64(g.NumMoves()) {
			t.Fatalf("position %d: %d nodes for a budget of 500", i, small.nodes)
		}
	}
	if deeper < len(ps)/2 {
		t.Errorf("a 40× budget searched deeper at only %d of %d positions", deeper, len(ps))
	}
}

// TestMCTSPoolDoesNotGrow: at 2×10^4 iterations per move the node pool,
// once grown by the first search, serves every later one, and a search
// allocates nothing per iteration. A rollout longer than every earlier one
// may still double the rollout state's history once (a random rollout's
// length is not bounded by the first search's), so a search may allocate
// a couple of times, never in proportion to its iterations.
func TestMCTSPoolDoesNotGrow(t *testing.T) {
	g := engine.MustParse("kingulu")
	ps := positions(t, "kingulu", 1, 3)
	for _, greedy := range []bool{false, true} {
		a := newMCTS(g, 20000, DefaultC, greedy, false)
		buf := make([]engine.Move, 0, engine.MaxMoves)
		s := ps[0]
		buf = s.Candidates(buf[:0])
		a.Choose(s, buf)
		c := cap(a.nodes)
		for _, s := range []engine.State{ps[len(ps)/3], ps[len(ps)/2]} {
			buf = s.Candidates(buf[:0])
			if n := testing.AllocsPerRun(1, func() { a.Choose(s, buf) }); n > 2 {
				t.Errorf("greedy=%v: %.0f allocations in one search of 20000 iterations", greedy, n)
			}
		}
		if cap(a.nodes) != c {
			t.Errorf("greedy=%v: node pool grew from %d to %d", greedy, c, cap(a.nodes))
		}
	}
}

// BenchmarkSearchNodes reports the nodes per second of both search agents
// on each variant: moves played by alphabeta's search (the node budget's
// unit), iterations of MCTS (one new node and one rollout each).
// alphabeta runs with the material evaluation and the fitted one (the
// strongest agent's), so the two rates stand side by side.
func BenchmarkSearchNodes(b *testing.B) {
	for _, rs := range []string{"kingulu", "kimasai-two-rows:lap_limit=2000", "kimasai-four-rows"} {
		g := engine.MustParse(rs)
		ps := positions(b, rs, 1, 11)
		ps = ps[:min(len(ps), 40)]
		for _, spec := range []string{"alphabeta:nodes=20000", "alphabeta:nodes=20000,eval=fitted", "mcts:iters=1000,c=1.4", "mcts:iters=1000,c=1.4,rollout=greedy"} {
			b.Run(rs+"/"+spec, func(b *testing.B) {
				sp, err := Parse(spec)
				if err != nil {
					b.Fatal(err)
				}
				ag := sp.New(g)
				buf := make([]engine.Move, 0, engine.MaxMoves)
				var nodes int64
				i := 0
				for b.Loop() {
					s := ps[i%len(ps)]
					i++
					buf = s.Candidates(buf[:0])
					ag.Choose(s, buf)
					switch a := ag.(type) {
					case *alphaBetaAgent:
						nodes += a.nodes
					case *mctsAgent:
						nodes += int64(a.iters)
					}
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// TestTTSize: tt=MB gives the largest power of two of entries that fits in
// MB MiB, the agent's table has that many, and at a fixed depth the move
// is the default table's (the table never changes the fixed-depth value).
func TestTTSize(t *testing.T) {
	if got := ttBitsFor(0); got != TTBits {
		t.Errorf("no tt key: 2^%d entries, want 2^%d", got, TTBits)
	}
	for _, mb := range []int{1, 3, 64, MaxTTMB} {
		n := 1 << ttBitsFor(mb)
		if n*TTEntryBytes > mb<<20 || 2*n*TTEntryBytes <= mb<<20 {
			t.Errorf("tt=%d: %d entries of %d bytes", mb, n, TTEntryBytes)
		}
	}
	g := engine.MustParse("kingulu")
	big := AlphaBeta{Depth: 5, TT: 16}.New(g).(*alphaBetaAgent)
	if len(big.tt) != 1<<19 { // 16 MiB / 24 bytes = 699,050 entries
		t.Fatalf("tt=16: %d entries, want 2^19", len(big.tt))
	}
	small := AlphaBeta{Depth: 5}.New(g).(*alphaBetaAgent)
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for i, s := range positions(t, "kingulu", 2, 4) {
		buf = s.Candidates(buf[:0])
		big.Reset(uint64(i))
		small.Reset(uint64(i))
		if a, b := big.Choose(s, buf), small.Choose(s, buf); a != b {
			t.Fatalf("position %d: tt=16 chose %d, the default table %d", i, a, b)
		}
	}
}

// BenchmarkProvenOpenings measures how much of kingulu's default board a
// node budget sees to the end: for 60 openings of 4 uniformly random plies
// (the ladders' openings; seed 7), the fraction whose root value the
// search proves (a forced win or loss for the player to move) and the
// mean depth of the last complete iteration. See docs/search-strength.md.
//
//	go test -run '^$' -bench ProvenOpenings -benchtime 1x ./sim/agent
func BenchmarkProvenOpenings(b *testing.B) {
	g := engine.MustParse("kingulu")
	starts := randomOpenings(g, 60, 4, 7)
	for _, budget := range []int64{4000, 40000, 400000} {
		b.Run("nodes="+strconv.FormatInt(budget, 10), func(b *testing.B) {
			a := newAlphaBeta(g, MaxDepth, budget, TTBits)
			buf := make([]engine.Move, 0, engine.MaxMoves)
			for b.Loop() {
				proven, depth := 0, 0
				for _, s := range starts {
					buf = s.Candidates(buf[:0])
					a.Choose(s, buf)
					if v := a.bestRootValue(); v > scoreWin/2 || v < -scoreWin/2 {
						proven++
					}
					depth += a.depthHit
				}
				b.ReportMetric(float64(proven)/float64(len(starts)), "proven")
				b.ReportMetric(float64(depth)/float64(len(starts)), "depth")
			}
		})
	}
}

// randomOpenings returns n positions after plies uniformly random plies
// from the start (games that end sooner are left out).
func randomOpenings(g engine.Game, n, plies int, seed uint64) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 99))
	buf := make([]engine.Move, 0, engine.MaxMoves)
	var out []engine.State
	for range n {
		s := g.NewState()
		for range plies {
			if buf = s.Candidates(buf[:0]); s.Over() {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

var openOpenings = flag.Int("agent.openings", 40, "random openings BenchmarkOpenOpenings draws (the measurement in docs/search-strength.md used 300)")

// BenchmarkOpenOpenings plays, from the 4-ply random openings (seed 11)
// whose value alphabeta:nodes=400000 does not prove, each opening in both
// seat orders, a larger budget against alphabeta:nodes=4000, and reports
// the larger budget's score (draws half), wins, losses and the number of
// open openings. See docs/search-strength.md.
//
//	go test -run '^$' -bench OpenOpenings -benchtime 1x -agent.openings 300 ./sim/agent
func BenchmarkOpenOpenings(b *testing.B) {
	g := engine.MustParse("kingulu")
	label := newAlphaBeta(g, MaxDepth, 400000, TTBits)
	buf := make([]engine.Move, 0, engine.MaxMoves)
	var open []engine.State
	for _, s := range randomOpenings(g, *openOpenings, 4, 11) {
		buf = s.Candidates(buf[:0])
		label.Choose(s, buf)
		if v := label.bestRootValue(); v < scoreWin/2 && v > -scoreWin/2 {
			open = append(open, s)
		}
	}
	for _, budget := range []int64{40000, 400000} {
		b.Run("nodes="+strconv.FormatInt(budget, 10), func(b *testing.B) {
			strong, weak := newAlphaBeta(g, MaxDepth, budget, TTBits), newAlphaBeta(g, MaxDepth, 4000, TTBits)
			for b.Loop() {
				won, lost, drawn := bothSeats(open, strong, weak)
				n := float64(won + lost + drawn)
				b.ReportMetric((float64(won)+float64(drawn)/2)/n, "score")
				b.ReportMetric(float64(won), "wins")
				b.ReportMetric(float64(lost), "losses")
				b.ReportMetric(float64(len(open)), "open")
			}
		})
	}
}

// bothSeats plays every start twice, a as South then as North against b,
// both reset with seeds 2i and 2i+1 for start i, and returns a's wins,
// losses and other results.
func bothSeats(starts []engine.State, a, b Agent) (won, lost, other int) {
	for i, start := range starts {
		for _, seat := range []engine.Player{engine.South, engine.North} {
			a.Reset(uint64(2 * i))
			b.Reset(uint64(2*i + 1))
			south, north := a, b
			if seat == engine.North {
				south, north = b, a
			}
			switch playFrom(start, south, north).Result() {
			case engine.Win(seat):
				won++
			case engine.Win(seat.Other()):
				lost++
			default:
				other++
			}
		}
	}
	return won, lost, other
}

// playFrom plays a game from start between south and north (not reset)
// and returns its end. A never-ending choice is rejected by Apply and the
// player chooses again among the rest.
func playFrom(start engine.State, south, north Agent) engine.State {
	s := start.Clone()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	for !s.Over() {
		buf = s.Candidates(buf[:0])
		a := south
		if s.Player() == engine.North {
			a = north
		}
		s.Apply(a.Choose(s, buf))
	}
	return s
}

// TestProofsAgreeWithSolver: on small boards the exact solver has solved,
// every root value the node-budgeted search proves (a forced win or loss
// for the player to move) is the solver's outcome, and a search that
// reached the end of every line (no position left at its depth limit)
// has the solver's outcome whatever it is, draws included. Enough of the
// positions are proven for the check to bite.
func TestProofsAgreeWithSolver(t *testing.T) {
	for _, rs := range []string{"kingulu:holes=4,seeds=3", "kingulu:holes=5,seeds=1", "kimasai-four-rows:holes=4"} {
		g := engine.MustParse(rs)
		r, err := solve.Solve(g.NewState(), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		coder, err := solve.NewCoder(g.NewState())
		if err != nil {
			t.Fatal(err)
		}
		a := newAlphaBeta(g, MaxDepth, 20000, TTBits)
		buf := make([]engine.Move, 0, engine.MaxMoves)
		ps := positions(t, rs, 20, 3)
		proven, complete := 0, 0
		for i, s := range ps {
			key, _, _ := coder.Key(s)
			val, ok := r.Table.Lookup(key)
			if !ok {
				t.Fatalf("%s position %d: not in the solved table", rs, i)
			}
			buf = s.Candidates(buf[:0])
			a.Choose(s, buf)
			v, me := a.bestRootValue(), s.Player()
			want := val.Outcome() // the solver's result under best play
			var got engine.Result
			switch {
			case v > scoreWin/2:
				got = engine.Win(me)
				proven++
			case v < -scoreWin/2:
				got = engine.Win(me.Other())
				proven++
			case a.toEnd:
				got = engine.Draw
			default:
				continue
			}
			if a.toEnd {
				complete++
			}
			if got != want {
				t.Fatalf("%s position %d: search value %d (depth %d) says %v, the solver %v (%v)\n%s", rs, i, v, a.depthHit, got, want, val, s)
			}
		}
		t.Logf("%s: %d positions, %d proven, %d searched to the end of every line, all as solved", rs, len(ps), proven, complete)
		if proven < len(ps)/3 {
			t.Errorf("%s: only %d of %d positions proven", rs, proven, len(ps))
		}
	}
}
