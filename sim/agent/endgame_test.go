package agent_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// writeEndgame builds and writes the endgame database of rs for k seeds
// in play and returns its directory and the database.
func writeEndgame(t *testing.T, rs string, k int) (string, *endgame.DB) {
	t.Helper()
	d, _, err := endgame.Build(engine.MustParse(rs), k, solve.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := endgame.Write(dir, d); err != nil {
		t.Fatal(err)
	}
	return dir, d
}

func TestAlphaBetaEndgameSpec(t *testing.T) {
	for in, want := range map[string]string{
		"alphabeta:endgame=eg/k4":                   "alphabeta:depth=4,endgame=eg/k4",
		" alphabeta : nodes=500 , endgame = /x/k6 ": "alphabeta:nodes=500,endgame=/x/k6",
		"alphabeta:depth=2,nodes=9,endgame=d":       "alphabeta:depth=2,nodes=9,endgame=d",
	} {
		sp, err := agent.Parse(in)
		if err != nil || sp.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, sp, err, want)
		}
	}
	if _, err := agent.Parse("alphabeta:endgame="); err == nil {
		t.Error(`Parse("alphabeta:endgame="): no error`)
	}
	s, n, err := agent.ParsePair("alphabeta:depth=2,endgame=a/b/random")
	if err != nil || s.String() != "alphabeta:depth=2,endgame=a/b" || n.String() != "random" {
		t.Errorf("ParsePair: %v, %v, %v", s, n, err)
	}
}

// TestAlphaBetaEndgameNeverLosesAWonEndgame: from positions of
// kingulu:holes=4,seeds=3 (an acyclic board) with at most 6 seeds in
// play, reached by random play, that the database says the mover's
// opponent or the mover wins, alphabeta:depth=1 with the database in the
// winner's seat wins every game against random, by at least the margin
// the database gives; and it refuses a database of another ruleset.
func TestAlphaBetaEndgameNeverLosesAWonEndgame(t *testing.T) {
	const rs, k = "kingulu:holes=4,seeds=3", 6
	g := engine.MustParse(rs)
	dir, db := writeEndgame(t, rs, k)
	spec := agent.AlphaBeta{Depth: 1, Endgame: dir}
	if err := spec.Prepare(g); err != nil {
		t.Fatal(err)
	}
	if err := spec.Prepare(engine.MustParse("kingulu:holes=4,seeds=2")); !errors.Is(err, agent.ErrPrepare) || !errors.Is(err, endgame.ErrBadDB) {
		t.Errorf("database of another ruleset: %v, want ErrPrepare", err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	starts, games := 0, 0
	var buf []engine.Move
	for starts < 60 {
		s := g.NewState()
		for !s.Over() && endgame.InPlay(s.(*kingulu.State)) > k {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				break
			}
			if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		v, ok := db.Lookup(s)
		if s.Over() || !ok || v.Outcome() == engine.Draw {
			continue
		}
		starts++
		winner := engine.South
		if v.Outcome() == engine.NorthWins {
			winner = engine.North
		}
		seats := [2]agent.Agent{agent.Random{}.New(g), agent.Random{}.New(g)}
		seats[winner] = spec.New(g)
		for i := range 20 {
			end, _ := play(t, s, seats[0], seats[1], uint64(100*starts+i))
			m := solve.Margin(end)
			if winner == engine.North {
				m = -m
			}
			if end.Result() != engine.Win(winner) || m < v.For(winner) {
				t.Fatalf("from\n%v\nvalue %v: %v with the database against random: game %d ends %v, margin %d for it", s, v, winner, i, end.Result(), m)
			}
			games++
		}
	}
	t.Logf("%d games from %d won endgames", games, starts)
}

// TestAlphaBetaEndgameFourRows: from positions of kimasai-four-rows:holes=5
// with at most 6 stones, reached by random play, alphabeta:depth=1 with
// the database in the seat the database says wins (every such position is
// won by one side: no position repeats, so no draw) wins every game against
// random and against alphabeta:depth=4, where plain alphabeta:depth=1 in
// the same seat does not: it plays the same or better. A database of
// another ruleset (repetition=none) is refused.
func TestAlphaBetaEndgameFourRows(t *testing.T) {
	const rs, k = "kimasai-four-rows:holes=5", 6
	g := engine.MustParse(rs)
	dir, db := writeEndgame(t, rs, k)
	spec := agent.AlphaBeta{Depth: 1, Endgame: dir}
	if err := spec.Prepare(g); err != nil {
		t.Fatal(err)
	}
	if err := spec.Prepare(engine.MustParse(rs + ",repetition=none")); !errors.Is(err, agent.ErrPrepare) || !errors.Is(err, endgame.ErrBadDB) {
		t.Errorf("database of another ruleset: %v, want ErrPrepare", err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	starts, games, plainWins := 0, 0, 0
	var buf []engine.Move
	for starts < 40 {
		s := randomDescent(t, g.NewState(), rng, func(s engine.State) bool { return endgame.Stones(s) <= k }, buf)
		v, ok := db.Lookup(s)
		if s.Over() || !ok {
			continue
		}
		if v.South != v.North || v.Outcome() == engine.Draw {
			t.Fatalf("from\n%v\nvalue %v: not an exact win", s, v)
		}
		starts++
		winner := engine.South
		if v.Outcome() == engine.NorthWins {
			winner = engine.North
		}
		for i, opp := range []agent.Spec{agent.Random{}, agent.Random{}, agent.AlphaBeta{Depth: 4}} {
			for j, mine := range []agent.Spec{spec, agent.AlphaBeta{Depth: 1}} {
				seats := [2]agent.Agent{opp.New(g), opp.New(g)}
				seats[winner] = mine.New(g)
				end, _ := play(t, s, seats[0], seats[1], uint64(100*starts+i))
				won := end.Result() == engine.Win(winner)
				switch {
				case j == 0 && !won:
					t.Fatalf("from\n%v\nvalue %v: %v with the database against %s: %v", s, v, winner, opp, end.Result())
				case j == 0:
					games++
				case won:
					plainWins++
				}
			}
		}
	}
	if plainWins >= games {
		t.Errorf("plain alphabeta:depth=1 won %d of %d won endgames: the database adds nothing here", plainWins, games)
	}
	t.Logf("%d games from %d won endgames: with the database %d won, without %d", games, starts, games, plainWins)
}

// randomDescent plays random moves from s until it is over or in reaches
// it, and returns it.
func randomDescent(t *testing.T, s engine.State, rng *rand.Rand, in func(engine.State) bool, buf []engine.Move) engine.State {
	t.Helper()
	for !s.Over() && !in(s) {
		buf = s.Legal(buf[:0])
		if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestMCTSEndgameSpec(t *testing.T) {
	for in, want := range map[string]string{
		"mcts:endgame=eg/k4":                     "mcts:iters=400,c=1.4,endgame=eg/k4",
		" mcts : solver=true , endgame = /x/k6 ": "mcts:iters=400,c=1.4,solver=true,endgame=/x/k6",
		"mcts:endgame=d,iters=9,rollout=greedy":  "mcts:iters=9,c=1.4,rollout=greedy,endgame=d",
	} {
		sp, err := agent.Parse(in)
		if err != nil || sp.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, sp, err, want)
		}
	}
	if _, err := agent.Parse("mcts:endgame="); err == nil {
		t.Error(`Parse("mcts:endgame="): no error`)
	}
	s, n, err := agent.ParsePair("random/mcts:solver=true,endgame=a/b")
	if err != nil || s.String() != "random" || n.String() != "mcts:iters=400,c=1.4,solver=true,endgame=a/b" {
		t.Errorf("ParsePair: %v, %v, %v", s, n, err)
	}
}

// TestMCTSEndgameBadDir: mcts refuses a missing database, a directory
// that holds none and a database of another ruleset with alphabeta's
// error (agent.ErrPrepare, one line), its agent's name in place of
// alphabeta's; a good database prepares.
func TestMCTSEndgameBadDir(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=3"
	g := engine.MustParse(rs)
	dir, _ := writeEndgame(t, rs, 3)
	if err := (agent.MCTS{Endgame: dir}).Prepare(g); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir string
		g   engine.Game
	}{
		{t.TempDir() + "/none", g},
		{t.TempDir(), g},
		{dir, engine.MustParse("kingulu:holes=4,seeds=2")},
	} {
		ab := agent.AlphaBeta{Depth: 1, Endgame: c.dir}.Prepare(c.g)
		err := agent.MCTS{Endgame: c.dir}.Prepare(c.g)
		if ab == nil || err == nil || !errors.Is(err, agent.ErrPrepare) || !errors.Is(err, endgame.ErrBadDB) {
			t.Errorf("%s for %s: mcts %v, alphabeta %v; want ErrPrepare", c.dir, c.g.Ruleset(), err, ab)
			continue
		}
		if want := strings.Replace(ab.Error(), ": alphabeta: ", ": mcts: ", 1); err.Error() != want || strings.Contains(want, "\n") {
			t.Errorf("%s for %s: mcts %q, want %q", c.dir, c.g.Ruleset(), err, want)
		}
	}
}
