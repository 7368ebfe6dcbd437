package agent_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// testSpecs are the agents every generic test runs, kept cheap.
var testSpecs = []string{"random", "greedy", "alphabeta:depth=1", "alphabeta:depth=3", "mcts:iters=40,c=1.4"}

func mustParse(t testing.TB, spec string) agent.Spec {
	t.Helper()
	s, err := agent.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// snapshot is what Choose must not change.
type snapshot struct {
	str        string
	hash       uint64
	ply, never int
	player     engine.Player
	cands      []engine.Move
}

func snap(s engine.State) snapshot {
	return snapshot{s.String(), s.Hash(), s.Ply(), s.NeverEndingMet(), s.Player(), s.Candidates(nil)}
}

func (a snapshot) equal(b snapshot) bool {
	return a.str == b.str && a.hash == b.hash && a.ply == b.ply && a.never == b.never &&
		a.player == b.player && slices.Equal(a.cands, b.cands)
}

// play plays one game of g from start between south and north, reset with
// seeds seed and seed+1, following the play loop of package engine. It
// fails t if an agent returns a move not among the moves it was given or
// changes the state, and returns the final state and the moves chosen.
func play(t testing.TB, start engine.State, south, north agent.Agent, seed uint64) (engine.State, []engine.Move) {
	t.Helper()
	south.Reset(seed)
	north.Reset(seed + 1)
	s := start.Clone()
	var chosen []engine.Move
	moves := make([]engine.Move, 0, engine.MaxMoves)
	for !s.Over() {
		moves = s.Candidates(moves[:0])
		for {
			a := south
			if s.Player() == engine.North {
				a = north
			}
			given := slices.Clone(moves)
			before := snap(s)
			m := a.Choose(s, moves)
			if after := snap(s); !after.equal(before) {
				t.Fatalf("seed %d ply %d: Choose changed the state\nbefore: %s\nafter:  %s", seed, s.Ply(), before.str, after.str)
			}
			if !slices.Equal(moves, given) {
				t.Fatalf("seed %d ply %d: Choose changed its moves %v to %v", seed, s.Ply(), given, moves)
			}
			if !slices.Contains(moves, m) {
				t.Fatalf("seed %d ply %d: Choose returned %d, not among %v\n%s", seed, s.Ply(), m, moves, s)
			}
			chosen = append(chosen, m)
			_, err := s.Apply(m)
			if err == nil {
				break
			}
			if !errors.Is(err, engine.ErrNeverEnding) {
				t.Fatalf("seed %d ply %d: move %d: %v", seed, s.Ply(), m, err)
			}
			if s.Over() {
				break
			}
			moves = s.Candidates(moves[:0])
		}
	}
	return s, chosen
}

// randomCoins returns a random coins position with n coins.
func randomCoins(rng *rand.Rand, n int, zeros, bonus bool) engine.State {
	row := make([]int8, n)
	for i := range row {
		row[i] = int8(1 + rng.IntN(9))
		if zeros && rng.IntN(5) == 0 {
			row[i] = 0
		}
	}
	g := newCoins(row, 1+rng.IntN(2*n), rng.IntN(2) == 0, bonus)
	if rng.IntN(2) == 0 {
		g.target = 2 + rng.IntN(3*n)
	}
	return g.at(row, engine.Player(rng.IntN(2)), rng.IntN(6), rng.IntN(6))
}

func TestAgentsPlayOnlyGivenMovesAndKeepTheState(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range testSpecs {
		sp := mustParse(t, spec)
		for game := 0; game < 60; game++ {
			start := randomCoins(rng, 1+rng.IntN(14), true, game%2 == 0)
			g := start.Game()
			end, _ := play(t, start, sp.New(g), sp.New(g), uint64(game))
			if end.Result() == engine.Ongoing {
				t.Fatalf("%s: game %d not over", spec, game)
			}
		}
	}
}

func TestAgentsAreDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, spec := range testSpecs {
		sp := mustParse(t, spec)
		differ := false
		for game := 0; game < 20; game++ {
			start := randomCoins(rng, 10+rng.IntN(10), true, game%2 == 0)
			g := start.Game()
			a, b := sp.New(g), sp.New(g)
			// The same agents replay the same game after Reset, and fresh
			// agents play it too.
			_, m1 := play(t, start, a, b, 42)
			_, m2 := play(t, start, a, b, 42)
			_, m3 := play(t, start, sp.New(g), sp.New(g), 42)
			if !slices.Equal(m1, m2) || !slices.Equal(m1, m3) {
				t.Fatalf("%s: game %d with seed 42 played\n%v\n%v\n%v", spec, game, m1, m2, m3)
			}
			_, m4 := play(t, start, a, b, 43)
			differ = differ || !slices.Equal(m1, m4)
		}
		if spec == "random" && !differ {
			t.Errorf("%s: seeds 42 and 43 played the same 20 games", spec)
		}
	}
}

// choices returns how often a fresh agent of spec chooses each move at s
// over seeds 0..n-1.
func choices(t testing.TB, spec string, s engine.State, n int) map[engine.Move]int {
	t.Helper()
	a := mustParse(t, spec).New(s.Game())
	moves := s.Candidates(nil)
	count := map[engine.Move]int{}
	for seed := range uint64(n) {
		a.Reset(seed)
		count[a.Choose(s, moves)]++
	}
	return count
}

func TestGreedyTakesMostMaterial(t *testing.T) {
	for i, tc := range []struct {
		row     []int8
		taken   []int
		infDraw bool
		bonus   bool
		want    []engine.Move // every move greedy may choose; each must occur
	}{
		{row: []int8{3, 9, 1, 2}, want: []engine.Move{0}},
		{row: []int8{2, 9, 1, 3}, want: []engine.Move{1}},
		{row: []int8{5, 9, 5}, want: []engine.Move{0, 1}},                              // a tie
		{row: []int8{0, 1}, taken: []int{0, 5}, want: []engine.Move{1}},                // 0 is never-ending
		{row: []int8{0, 1}, taken: []int{0, 5}, infDraw: true, want: []engine.Move{0}}, // a draw beats -4
		{row: []int8{0, 1}, taken: []int{5, 0}, infDraw: true, want: []engine.Move{1}}, // +6 beats a draw
		{row: []int8{0, 0}, want: []engine.Move{0, 1}},                                 // both never-ending: any
		{row: []int8{1, 2}, taken: []int{0, 2}, want: []engine.Move{1}},                // a win beats material
		{row: []int8{8, 9}, bonus: true, want: []engine.Move{1}},
	} {
		g := newCoins(tc.row, 100, tc.infDraw, tc.bonus)
		s := g.at(tc.row, engine.South, tc.taken...)
		count := choices(t, "greedy", s, 64)
		for _, m := range tc.want {
			if count[m] == 0 {
				t.Errorf("case %d: greedy never chose %d at %s (chose %v)", i, m, s, count)
			}
		}
		for m := range count {
			if !slices.Contains(tc.want, m) {
				t.Errorf("case %d: greedy chose %d at %s (chose %v, want only %v)", i, m, s, count, tc.want)
			}
		}
	}
}

// refScore is the score the package doc defines, written out again.
func refScore(s engine.State, me engine.Player, dist int) int32 {
	const win = 1 << 24
	switch s.Result() {
	case engine.Ongoing:
		return int32(s.Material(me) - s.Material(me.Other()))
	case engine.Win(me):
		return win - int32(dist)
	case engine.Win(me.Other()):
		return -win + int32(dist)
	}
	return 0
}

// minimax is a plain exhaustive minimax, the reference for alphabeta: the
// value of s for me, depth plies deep, dist plies below the root.
func minimax(s engine.State, me engine.Player, depth, dist int) int32 {
	if s.Over() {
		return refScore(s, me, dist)
	}
	if depth == 0 {
		return refScore(s, me, dist)
	}
	cands := s.Candidates(nil)
	var vals []int32
	for _, m := range cands {
		c := s.Clone()
		if _, err := c.Apply(m); err != nil {
			continue
		}
		vals = append(vals, minimax(c, me, depth-1, dist+1))
	}
	if len(vals) == 0 {
		c := s.Clone()
		for _, m := range cands {
			c.Apply(m)
		}
		return refScore(c, me, dist)
	}
	if s.Player() == me {
		return slices.Max(vals)
	}
	return slices.Min(vals)
}

// bestMoves returns the moves of s of best minimax value depth plies deep,
// and whether two moves win in a different number of plies.
func bestMoves(s engine.State, depth int) (best []engine.Move, speeds bool) {
	var bestVal int32
	var wins []int32
	for _, m := range s.Candidates(nil) {
		c := s.Clone()
		if _, err := c.Apply(m); err != nil {
			continue
		}
		v := minimax(c, s.Player(), depth-1, 1)
		if v > 1<<23 {
			wins = append(wins, v)
		}
		switch {
		case len(best) == 0 || v > bestVal:
			best, bestVal = []engine.Move{m}, v
		case v == bestVal:
			best = append(best, m)
		}
	}
	return best, len(wins) > 1 && slices.Min(wins) != slices.Max(wins)
}

func TestSearchAgentsMatchMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cases, speeds := 0, 0
	for depth := 1; depth <= 6; depth++ {
		specs := []string{fmt.Sprintf("alphabeta:depth=%d", depth)}
		if depth == 1 {
			specs = append(specs, "greedy")
		}
		for pos := 0; pos < 600; pos++ {
			s := randomCoins(rng, 1+rng.IntN(12), true, pos%2 == 0)
			if s.Over() {
				continue
			}
			want, sp := bestMoves(s, depth)
			if len(want) == 0 {
				continue // every move never-ending
			}
			if sp {
				speeds++
			}
			for _, spec := range specs {
				cases++
				count := choices(t, spec, s, 24)
				for m := range count {
					if !slices.Contains(want, m) {
						t.Fatalf("%s at %s: chose %d (%v), minimax best %v", spec, s, m, count, want)
					}
				}
				// Ties at the root are broken at random: over 24 seeds
				// every best move shows up (a fair coin fails this with
				// probability 2^-23).
				for _, m := range want {
					if count[m] == 0 {
						t.Fatalf("%s at %s: never chose best move %d (%v of %v)", spec, s, m, count, want)
					}
				}
			}
		}
	}
	t.Logf("%d positions checked, %d with wins of different lengths", cases, speeds)
	if speeds < 5 {
		t.Errorf("only %d positions where a faster win must be preferred", speeds)
	}
}

func TestAlphaBetaSeesPastGreedy(t *testing.T) {
	// Taking the 3 gives the 9 away; taking the 2 wins the 9 next turn.
	g := newCoins([]int8{3, 9, 1, 2}, 100, false, false)
	s := g.NewState()
	if c := choices(t, "greedy", s, 16); c[0] != 16 {
		t.Errorf("greedy chose %v, want always 0", c)
	}
	if c := choices(t, "alphabeta:depth=2", s, 16); c[1] != 16 {
		t.Errorf("alphabeta:depth=2 chose %v, want always 1", c)
	}
}

func TestAlphaBetaPrefersWinToDraw(t *testing.T) {
	// With infinite=draw taking the 0 draws at once; taking the 5 takes
	// South past the target: a win.
	g := newCoins([]int8{0, 5}, 100, true, false)
	g.target = 10
	s := g.at([]int8{0, 5}, engine.South, 6, 0)
	for _, spec := range []string{"greedy", "alphabeta:depth=1", "alphabeta:depth=3"} {
		if c := choices(t, spec, s, 16); c[1] != 16 {
			t.Errorf("%s chose %v, want always 1 (the win)", spec, c)
		}
	}
}

func TestMCTSFindsTheWinningMove(t *testing.T) {
	g := newCoins([]int8{3, 9, 1, 2}, 100, false, false)
	if c := choices(t, "mcts:iters=500,c=1.4", g.NewState(), 16); c[1] != 16 {
		t.Errorf("mcts chose %v, want always 1 (the only winning move)", c)
	}
}

func TestMCTSPlaysTheOnlyWinningMove(t *testing.T) {
	// Small coins positions solved exactly (minimax to the end): where one
	// move wins and every other loses, MCTS must find the winner. An MCTS
	// that backs rewards up from the wrong player's view thinks the losing
	// moves win too.
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for pos := 0; pos < 400 && checked < 30; pos++ {
		row := make([]int8, 4+rng.IntN(6))
		for i := range row {
			row[i] = int8(1 + rng.IntN(9))
		}
		g := newCoins(row, 100, false, false)
		s := g.at(row, engine.South, rng.IntN(4), rng.IntN(4))
		var win []engine.Move
		losses := 0
		for _, m := range s.Candidates(nil) {
			c := s.Clone()
			c.Apply(m)
			switch v := minimax(c, engine.South, len(row), 1); {
			case v > 1<<23:
				win = append(win, m)
			case v < -1<<23:
				losses++
			}
		}
		if len(win) != 1 || losses != 1 {
			continue
		}
		checked++
		if c := choices(t, "mcts:iters=1000,c=1.4", s, 4); c[win[0]] != 4 {
			t.Errorf("mcts at %s chose %v, want always %d, the only winning move", s, c, win[0])
		}
	}
	if checked < 20 {
		t.Fatalf("only %d positions with one winning move", checked)
	}
}

// match plays games games of start's game between a and b from seed,
// alternating who is South, and returns a's wins, b's wins and the other
// games.
func match(t testing.TB, start engine.State, a, b agent.Spec, games int, seed uint64) (aWins, bWins, other int) {
	t.Helper()
	g := start.Game()
	aa, bb := a.New(g), b.New(g)
	for i := range games {
		south, north := aa, bb
		if i%2 == 1 {
			south, north = bb, aa
		}
		end, _ := play(t, start, south, north, seed+2*uint64(i))
		switch {
		case end.Result() == engine.Win(engine.Player(i%2)):
			aWins++
		case end.Result() == engine.Win(engine.Player(1-i%2)):
			bWins++
		default:
			other++
		}
	}
	return aWins, bWins, other
}

// signTestP returns the one-sided sign test p-value of w wins against l
// losses: the chance of w or more wins in w+l fair coin flips.
func signTestP(w, l int) float64 {
	if w == 0 {
		return 1
	}
	return 1 - distuv.Binomial{N: float64(w + l), P: 0.5}.CDF(float64(w-1))
}

func TestMCTSBeatsRandomAtCoins(t *testing.T) {
	row := []int8{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7}
	g := newCoins(row, 100, false, false)
	w, l, d := match(t, g.NewState(), mustParse(t, "mcts:iters=100,c=1.4"), agent.Random{}, 100, 7)
	p := signTestP(w, l)
	t.Logf("mcts vs random at coins: %d wins, %d losses, %d other; sign test p = %.2g", w, l, d, p)
	if p > 1e-6 {
		t.Errorf("mcts did not clearly beat random: %d wins, %d losses, %d other (p = %.2g)", w, l, d, p)
	}
}

func TestResetBeforeUseIsSeedZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	s := randomCoins(rng, 12, false, false)
	for _, spec := range testSpecs {
		sp := mustParse(t, spec)
		a, b := sp.New(s.Game()), sp.New(s.Game())
		b.Reset(0)
		moves := s.Candidates(nil)
		for i := 0; i < 10; i++ {
			if x, y := a.Choose(s, moves), b.Choose(s, moves); x != y {
				t.Fatalf("%s: an agent never reset chose %d, one reset with 0 chose %d", spec, x, y)
			}
		}
	}
}
