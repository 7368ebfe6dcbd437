package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// TestEndgameScore: the search score of a database value, worked by hand
// (2^23 = 8388608): a forced South win by 3 is 8388611 for South and
// -8388611 for North; a forced North win by at least 2 (North can force
// -2) is -8388610 for South; a draw, and endless play (none), 0.
func TestEndgameScore(t *testing.T) {
	for _, c := range []struct {
		v            solve.Value
		south, north int32
	}{
		{solve.Value{South: 3, North: 3}, 8388611, -8388611},
		{solve.Value{South: 1, North: 4}, 8388609, -8388609},
		{solve.Value{South: -5, North: -2}, -8388610, 8388610},
		{solve.Value{South: 0, North: 0}, 0, 0},
		{solve.Value{South: -1, North: 1}, 0, 0},
		{solve.Value{South: solve.None, North: solve.None}, 0, 0},
	} {
		if s, n := endgameScore(c.v, engine.South), endgameScore(c.v, engine.North); s != c.south || n != c.north {
			t.Errorf("%v: South %d, North %d; want %d, %d", c.v, s, n, c.south, c.north)
		}
	}
}

// TestAlphaBetaScoresEndgameExactly: at positions outside the database
// (more than K seeds in play), a depth-1 search scores every move that
// leads into it (a capture or a seed banked) by the database's value, and
// the others by material as without it.
func TestAlphaBetaScoresEndgameExactly(t *testing.T) {
	checkEndgameScores(t, "kingulu:holes=4,seeds=3", 5, 200, 7,
		func(s engine.State) int { return endgame.InPlay(s.(*kingulu.State)) }, func(int32) bool { return true })
}

// TestAlphaBetaScoresFourRowsEndgameExactly: on kimasai-four-rows, at
// positions with more than K stones, a depth-1 search scores every move
// that leads into the database (a capture down to K stones) by the
// database's value (a win or loss: ±(2^23+1)), and the others by material
// as without it.
func TestAlphaBetaScoresFourRowsEndgameExactly(t *testing.T) {
	checkEndgameScores(t, "kimasai-four-rows:holes=5", 6, 300, 8, endgame.Stones,
		func(score int32) bool { return score == scoreWin/2+1 || score == -scoreWin/2-1 })
}

// checkEndgameScores builds ruleset rs's endgame database for K=k and
// plays a depth-1 alphabeta with it and one without on the positions of
// games random games (seed seed) that hold more than k pieces (pieces
// counts them): every move into the database must score its value
// (endgameScore, a score valid allows), every other move as
// without the database, and at least 20 moves must lead into it.
func checkEndgameScores(t *testing.T, rs string, k, games int, seed uint64, pieces func(engine.State) int, valid func(score int32) bool) {
	t.Helper()
	g := engine.MustParse(rs)
	db, _, err := endgame.Build(g, k, solve.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	with, plain := newAlphaBeta(g, 1, 0, TTBits), newAlphaBeta(g, 1, 0, TTBits)
	with.db = db
	child := g.NewState()
	into := 0
	for _, s := range positions(t, rs, games, seed) {
		if s.Over() || pieces(s) <= k {
			continue
		}
		moves := s.Candidates(nil)
		with.Choose(s, moves)
		plain.Choose(s, moves)
		for i, m := range moves {
			if !applyOn(child, s, m) {
				continue
			}
			want := plain.rootVal[i]
			if v, ok := db.Lookup(child); ok && !child.Over() {
				want = endgameScore(v, s.Player())
				if !valid(want) {
					t.Fatalf("move %d from\n%v\nleads to value %v, not a win or loss", m, s, v)
				}
				into++
			}
			if with.rootVal[i] != want {
				t.Fatalf("move %d from\n%v\nscored %d, want %d", m, s, with.rootVal[i], want)
			}
		}
	}
	if into < 20 {
		t.Errorf("only %d moves led into the database", into)
	}
	t.Logf("%d moves into the database", into)
}
