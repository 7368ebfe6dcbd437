package agent_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/sim/agent"
)

// variantRulesets cover the three variants and the never-ending rules;
// a small lap_limit makes never-ending moves common, so the agents meet
// rejected candidates often. max_plies keeps the tests fast, and so does
// a lap_limit for kimasai-two-rows: with exact detection a single
// never-ending move can sow 10^8 laps (seconds), and the MCTS rollouts
// meet such moves.
var variantRulesets = []string{
	"kingulu",
	"kingulu:infinite=draw,lap_limit=3",
	"kingulu:lap_limit=2",
	"kimasai-two-rows:lap_limit=10000,max_plies=120",
	"kimasai-two-rows:lap_limit=4,max_plies=120",
	"kimasai-two-rows:infinite=draw,lap_limit=4,max_plies=120",
	"kimasai-four-rows:max_plies=200",
	"kimasai-four-rows:holes=5,repetition=none,max_plies=150",
}

// variantSpecs are cheap enough for the variant tests.
var variantSpecs = []string{"random", "greedy", "alphabeta:depth=2", "mcts:iters=12,c=1.4"}

func TestAgentsAtVariants(t *testing.T) {
	for _, rs := range variantRulesets {
		g, err := engine.Parse(rs)
		if err != nil {
			t.Fatal(err)
		}
		never := 0
		for _, spec := range variantSpecs {
			sp := mustParse(t, spec)
			for i := range 4 {
				// Each agent plays both seats, against random.
				a, r := sp.New(g), agent.Random{}.New(g)
				south, north := a, r
				if i%2 == 1 {
					south, north = r, a
				}
				end, m1 := play(t, g.NewState(), south, north, uint64(i))
				if end.Result() == engine.Ongoing {
					t.Fatalf("%s %s: game not over", rs, spec)
				}
				never += end.NeverEndingMet()
				_, m2 := play(t, g.NewState(), south, north, uint64(i))
				if !slices.Equal(m1, m2) {
					t.Fatalf("%s %s seed %d: replay differs:\n%v\n%v", rs, spec, i, m1, m2)
				}
			}
		}
		t.Logf("%s: %d never-ending moves met", rs, never)
	}
}

// trapPosition is a kingulu position (reached in play) where the most
// material now is a mistake:
//
//	         n5    n4    n3    n2    n1    n0
//	North     7     7     2     7     2     0
//	South     7     1     1     6     6     2
//	         s0    s1    s2    s3    s4    s5
//
// South to move, 23 to 25. South 5 leads 34 to 14 after the move (the
// most of any move), but leaves 10 seeds in s3 facing North's empty n2,
// and North 1 sows its single seed there and captures them: 24 to 24.
// South 0 leads only 26 to 22 (it reserves n1), but North's only move, 3,
// leaves it 32 to 16: a forced gain of 16, seen at depth 2.
func trapPosition(t testing.TB) engine.State {
	g, err := engine.Parse("kingulu")
	if err != nil {
		t.Fatal(err)
	}
	s, err := kingulu.NewStateAt(g, kingulu.Position{Seeds: [2][kingulu.MaxHoles]int{
		{7, 1, 1, 6, 6, 2},
		{0, 2, 7, 2, 7, 7},
	}}, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGreedyTakesMostMaterialAtKingulu(t *testing.T) {
	s := trapPosition(t)
	// The position is as the comment says.
	after := map[engine.Move]int{}
	for _, m := range s.Candidates(nil) {
		c := s.Clone()
		if _, err := c.Apply(m); err != nil {
			t.Fatal(err)
		}
		after[m] = c.Material(engine.South) - c.Material(engine.North)
	}
	if want := map[engine.Move]int{0: 4, 3: 0, 4: -6, 5: 20}; !mapsEqual(after, want) {
		t.Fatalf("material differences after each move %v, want %v", after, want)
	}
	if c := choices(t, "greedy", s, 16); c[5] != 16 {
		t.Errorf("greedy chose %v, want always 5 (+20)", c)
	}
}

func TestAlphaBetaSeesPastGreedyAtKingulu(t *testing.T) {
	s := trapPosition(t)
	for _, spec := range []string{"alphabeta:depth=2", "alphabeta:depth=3", "alphabeta:depth=4"} {
		if c := choices(t, spec, s, 16); c[0] != 16 {
			t.Errorf("%s chose %v, want always 0 (+16 after any reply)", spec, c)
		}
	}
	if c := choices(t, "alphabeta:depth=1", s, 16); c[5] != 16 {
		t.Errorf("alphabeta:depth=1 chose %v, want always 5, as greedy", c)
	}
	// Cross-check with exhaustive minimax.
	if best, _ := bestMoves(s, 2); !slices.Equal(best, []engine.Move{0}) {
		t.Errorf("minimax depth 2 best moves %v, want [0]", best)
	}
}

func mapsEqual(a, b map[engine.Move]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestSearchAgentsMatchMinimaxAtKingulu(t *testing.T) {
	// Positions from random kingulu games, with never-ending moves common
	// (lap_limit=2) or drawn (infinite=draw).
	for _, rs := range []string{"kingulu", "kingulu:lap_limit=5", "kingulu:infinite=draw,lap_limit=3"} {
		g := engine.MustParse(rs)
		r := agent.Random{}.New(g)
		checked := 0
		for game := range 12 {
			r.Reset(uint64(game))
			s := g.NewState()
			moves := make([]engine.Move, 0, engine.MaxMoves)
			for !s.Over() {
				if s.Ply()%3 == game%3 {
					for depth := 1; depth <= 3; depth++ {
						want, _ := bestMoves(s, depth)
						if len(want) == 0 {
							continue
						}
						checked++
						spec := fmt.Sprintf("alphabeta:depth=%d", depth)
						for m := range choices(t, spec, s, 4) {
							if !slices.Contains(want, m) {
								t.Fatalf("%s: %s chose %d, minimax best %v\n%s", rs, spec, m, want, s)
							}
						}
					}
				}
				moves = s.Candidates(moves[:0])
				if _, err := s.Apply(r.Choose(s, moves)); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d positions checked", rs, checked)
	}
}

func TestMCTSBeatsRandomAtKingulu(t *testing.T) {
	g := engine.MustParse("kingulu")
	const games = 200
	w, l, d := match(t, g.NewState(), mustParse(t, "mcts:iters=50,c=1.4"), agent.Random{}, games, 2024)
	p := signTestP(w, l)
	score := (float64(w) + float64(d)/2) / games
	// Normal approximation of the score's 95% interval, for the log.
	se := math.Sqrt(score * (1 - score) / games)
	t.Logf("mcts:iters=50 vs random, %d kingulu games: %d wins, %d losses, %d draws; score %.3f ± %.3f (95%%); sign test p = %.2g",
		games, w, l, d, score, 1.96*se, p)
	if p > 1e-9 || w < 3*l {
		t.Errorf("mcts did not clearly beat random: %d wins, %d losses, %d draws (p = %.2g)", w, l, d, p)
	}
}

// playQuiet plays one game of two agents on s from start, as the simulator
// does, without any checks (for allocation counts and benchmarks). It
// returns the number of Choose calls.
func playQuiet(s, start engine.State, south, north agent.Agent, seed uint64, moves []engine.Move) int {
	south.Reset(seed)
	north.Reset(seed + 1)
	s.CopyFrom(start)
	n := 0
	for !s.Over() {
		moves = s.Candidates(moves[:0])
		a := south
		if s.Player() == engine.North {
			a = north
		}
		s.Apply(a.Choose(s, moves))
		n++
	}
	return n
}

func TestNoAllocsPerMove(t *testing.T) {
	// Rulesets whose State methods do not allocate, so that any allocation
	// counted is the agent's: kingulu without never-ending moves (the
	// engine allocates the ErrNeverEnding it returns) and the coins game.
	coins := newCoins([]int8{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3}, 100, false, true)
	for _, g := range []engine.Game{engine.MustParse("kingulu"), engine.MustParse("kingulu:seeds=6,holes=8"), coins} {
		// Positions of one random game.
		var positions []engine.State
		r := agent.Random{}.New(g)
		s := g.NewState()
		moves := make([]engine.Move, 0, engine.MaxMoves)
		for !s.Over() {
			positions = append(positions, s.Clone())
			moves = s.Candidates(moves[:0])
			if _, err := s.Apply(r.Choose(s, moves)); err != nil {
				t.Fatal(err)
			}
		}
		for _, spec := range []string{"random", "greedy", "alphabeta:depth=3", "alphabeta:nodes=2000", "mcts:iters=50,c=1.4", "mcts:iters=50,c=1.4,rollout=greedy"} {
			a := mustParse(t, spec).New(g)
			// Warm up: the agent's states grow to the games' history
			// length and the MCTS node pool to its size.
			for range 2 {
				for _, p := range positions {
					a.Choose(p, p.Candidates(moves[:0]))
				}
			}
			total := 0.0
			for _, p := range positions {
				moves = p.Candidates(moves[:0])
				total += testing.AllocsPerRun(4, func() { a.Choose(p, moves) })
			}
			if total != 0 {
				t.Errorf("%s %s: %.1f allocations in %d moves, want 0", g.Ruleset(), spec, total, len(positions))
			}
		}
	}
}

func benchmarkAgent(b *testing.B, ruleset, spec string) {
	g := engine.MustParse(ruleset)
	sp, err := agent.Parse(spec)
	if err != nil {
		b.Fatal(err)
	}
	a, c := sp.New(g), sp.New(g)
	s, start := g.NewState(), g.NewState()
	moves := make([]engine.Move, 0, engine.MaxMoves)
	b.ReportAllocs()
	n := 0
	seed := uint64(0)
	for b.Loop() {
		n += playQuiet(s, start, a, c, seed, moves)
		seed += 2
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(n)/float64(b.N), "moves/game")
}

func BenchmarkKingulu(b *testing.B) {
	for _, spec := range []string{"random", "greedy", "alphabeta:depth=2", "alphabeta:depth=4", "alphabeta:depth=6", "mcts:iters=100,c=1.4", "mcts:iters=400,c=1.4"} {
		b.Run(spec, func(b *testing.B) { benchmarkAgent(b, "kingulu", spec) })
	}
}

// BenchmarkKimasaiTwoRows uses few MCTS iterations: with exact never-ending
// detection a rollout now and then meets a move that sows 10^8 laps.
func BenchmarkKimasaiTwoRows(b *testing.B) {
	for _, spec := range []string{"random", "greedy", "alphabeta:depth=2", "mcts:iters=20,c=1.4"} {
		b.Run(spec, func(b *testing.B) { benchmarkAgent(b, "kimasai-two-rows", spec) })
	}
}

func BenchmarkKimasaiFourRows(b *testing.B) {
	for _, spec := range []string{"random", "greedy", "alphabeta:depth=2", "alphabeta:depth=4", "mcts:iters=100,c=1.4"} {
		b.Run(spec, func(b *testing.B) { benchmarkAgent(b, "kimasai-four-rows", spec) })
	}
}
