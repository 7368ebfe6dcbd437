package agent_test

import (
	"errors"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/solve"
)

func TestPerfectSpec(t *testing.T) {
	for in, want := range map[string]string{"perfect": "perfect", " perfect : table = runs/k4 ": "perfect:table=runs/k4", "perfect:": "perfect"} {
		sp, err := agent.Parse(in)
		if err != nil || sp.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, sp, err, want)
		}
	}
	for _, in := range []string{"perfect:depth=3", "perfect:table=", "perfect:table"} {
		if _, err := agent.Parse(in); err == nil {
			t.Errorf("Parse(%q): no error", in)
		}
	}
	// Pairs with '/' inside a table directory: split at the first '/'
	// that leaves two valid specs.
	for in, want := range map[string][2]string{
		"perfect:table=a/b/greedy":  {"perfect:table=a/b", "greedy"},
		"random/perfect:table=/x/y": {"random", "perfect:table=/x/y"},
		"perfect:table=a/b":         {"perfect:table=a/b", "perfect:table=a/b"},
		"perfect/random":            {"perfect", "random"},
	} {
		s, n, err := agent.ParsePair(in)
		if err != nil || s.String() != want[0] || n.String() != want[1] {
			t.Errorf("ParsePair(%q) = %v, %v, %v; want %v", in, s, n, err, want)
		}
	}
}

// TestPerfectNeverLosesAWonGame plays perfect in the seat the solved value
// says wins against random and against itself, on small boards whose
// games always finish (kimasai-four-rows is acyclic; the solver reports
// these kingulu boards acyclic too): the winner's seat wins every game,
// by at least the solved margin against random and by exactly it against
// itself (both values are exact on an acyclic board).
func TestPerfectNeverLosesAWonGame(t *testing.T) {
	games := 1500
	if testenv.Short() {
		games = 300
	}
	for _, rs := range []string{"kimasai-four-rows:holes=4", "kimasai-four-rows:holes=5", "kingulu:holes=4,seeds=3", "kingulu:holes=5,seeds=1"} {
		g := engine.MustParse(rs)
		r, err := solve.Solve(g.NewState(), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Cyclic || !r.Root.Exact() || r.Root.Outcome() == engine.Draw {
			t.Fatalf("%s: %v cyclic %v: want an exact win on an acyclic board", rs, r.Root, r.Cyclic)
		}
		winner := engine.South
		if r.Root.Outcome() == engine.NorthWins {
			winner = engine.North
		}
		perfect := agent.Perfect{}
		if err := perfect.Prepare(g); err != nil {
			t.Fatal(err)
		}
		for _, opp := range []agent.Spec{agent.Random{}, perfect} {
			seats := [2]agent.Agent{opp.New(g), opp.New(g)}
			seats[winner] = perfect.New(g)
			for i := range games {
				end, _ := play(t, g.NewState(), seats[0], seats[1], uint64(i))
				m := solve.Margin(end)
				if end.Result() != engine.Win(winner) {
					t.Fatalf("%s: perfect as %v against %v: game %d ends %v (margin %d), solved value %v", rs, winner, opp, i, end.Result(), m, r.Root)
				}
				if winner == engine.North {
					m = -m
				}
				if v := r.Root.For(winner); m < v || (opp == agent.Spec(perfect) && m != v) {
					t.Fatalf("%s: perfect as %v against %v: game %d margin %d for the winner, solved %d", rs, winner, opp, i, m, v)
				}
			}
		}
	}
}

func TestPerfectPrepareErrors(t *testing.T) {
	if err := (agent.Perfect{}).Prepare(engine.MustParse("kingulu")); !errors.Is(err, agent.ErrPrepare) || !errors.Is(err, solve.ErrTooBig) {
		t.Errorf("default kingulu: %v, want ErrPrepare and ErrTooBig", err)
	}
	dir := t.TempDir()
	r, err := solve.Solve(engine.MustParse("kingulu:holes=3,seeds=2").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := solve.WriteTable(dir, r.Table); err != nil {
		t.Fatal(err)
	}
	if err := (agent.Perfect{Table: dir}).Prepare(engine.MustParse("kingulu:holes=3,seeds=3")); !errors.Is(err, agent.ErrPrepare) {
		t.Errorf("table of another ruleset: %v, want ErrPrepare", err)
	}
	if err := (agent.Perfect{Table: dir}).Prepare(engine.MustParse("kingulu:holes=3,seeds=2")); err != nil {
		t.Errorf("table of the ruleset: %v", err)
	}
	if err := (agent.Perfect{Table: t.TempDir()}).Prepare(engine.MustParse("kingulu:holes=3,seeds=2")); !errors.Is(err, agent.ErrPrepare) {
		t.Errorf("no table: %v, want ErrPrepare", err)
	}
}
