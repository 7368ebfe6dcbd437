package evaluate_test

import (
	"reflect"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/sim/evaluate"
	"github.com/baolab/baolab/solve"
)

// firstMove plays the first candidate: its games from a position are
// known by replaying them.
type firstMove struct{}

func (firstMove) Reset(uint64) {}
func (firstMove) Choose(_ engine.State, moves []engine.Move) engine.Move {
	return moves[0]
}

// TestPlayGamesPerfectLabels: on kingulu:holes=4,seeds=3, a board the
// solver solves, games played by perfect on both sides keep every
// position's value, so every deep label must be the solver's outcome for
// the player to move; every position is past the opening and not over,
// and its sample holds its features.
func TestPlayGamesPerfectLabels(t *testing.T) {
	const rs, n, opening = "kingulu:holes=4,seeds=3", 60, 4
	g := engine.MustParse(rs)
	r, err := solve.Solve(g.NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	coder, err := solve.NewCoder(g.NewState())
	if err != nil {
		t.Fatal(err)
	}
	ps, err := evaluate.PlayGames(g, n, opening, 3, agent.Perfect{}.New(g), agent.Perfect{}.New(g))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != n {
		t.Fatalf("%d positions, want %d", len(ps), n)
	}
	samples := evaluate.Samples(ps)
	labels := map[float64]int{}
	for i, p := range ps {
		key, _, _ := coder.Key(p.State)
		v, ok := r.Table.Lookup(key)
		if !ok || p.State.Over() || p.State.Ply() < opening {
			t.Fatalf("position %d (ply %d, over %v, solved %v):\n%s", i, p.State.Ply(), p.State.Over(), ok, p.State)
		}
		me := p.State.Player()
		want := 0.5
		switch v.Outcome() {
		case engine.Win(me):
			want = 1
		case engine.Win(me.Other()):
			want = 0
		}
		if p.Y != want {
			t.Fatalf("position %d: label %v, the solver's outcome for the mover %v\n%s", i, p.Y, want, p.State)
		}
		labels[p.Y]++
		var x [evaluate.MaxFeatures]float64
		evaluate.Features(&x, p.State, me)
		if samples[i].X != x || samples[i].Y != p.Y {
			t.Fatalf("position %d: sample %+v, want features %v label %v", i, samples[i], x, p.Y)
		}
	}
	if labels[0] == 0 || labels[1] == 0 {
		t.Errorf("labels %v: want wins and losses both", labels)
	}
	t.Logf("labels: %v", labels)
}

// TestPlayGamesLabelIsThePlayout: with a chooser whose games are known
// (the first candidate, both sides), each label is the outcome, for the
// position's player to move, of the game replayed from the position; the
// positions come from all through the games (some the first after the
// opening and some the last of their game, each fewer than half); and the same seed
// gives the same positions, another seed others.
func TestPlayGamesLabelIsThePlayout(t *testing.T) {
	for _, rs := range []string{"kimasai-four-rows:holes=5", "kingulu"} {
		g := engine.MustParse(rs)
		ps, err := evaluate.PlayGames(g, 40, 6, 9, firstMove{}, firstMove{})
		if err != nil {
			t.Fatal(err)
		}
		first, last := 0, 0
		for i, p := range ps {
			if p.State.Ply() == 6 {
				first++
			}
			s := p.State.Clone()
			if _, err := s.Apply(s.Candidates(nil)[0]); err != nil {
				t.Fatal(err)
			}
			if s.Over() {
				last++
			}
			for !s.Over() {
				if _, err := s.Apply(s.Candidates(nil)[0]); err != nil {
					t.Fatal(err)
				}
			}
			me, want := p.State.Player(), 0.5
			switch s.Result() {
			case engine.Win(me):
				want = 1
			case engine.Win(me.Other()):
				want = 0
			}
			if p.Y != want {
				t.Fatalf("%s position %d: label %v, the replayed game gives %v (%v)\n%s", rs, i, p.Y, want, s.Result(), p.State)
			}
		}
		t.Logf("%s: %d of %d positions the first after the opening, %d the last of their game", rs, first, len(ps), last)
		if first == 0 || last == 0 || 2*first >= len(ps) || 2*last >= len(ps) {
			t.Errorf("%s: %d of %d positions the first after the opening, %d the last of their game", rs, first, len(ps), last)
		}
		again, _ := evaluate.PlayGames(g, 40, 6, 9, firstMove{}, firstMove{})
		other, _ := evaluate.PlayGames(g, 40, 6, 10, firstMove{}, firstMove{})
		if a, b := texts(ps), texts(again); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two runs with seed 9 differ", rs)
		}
		if a, b := texts(ps), texts(other); reflect.DeepEqual(a, b) {
			t.Errorf("%s: seeds 9 and 10 give the same positions", rs)
		}
	}
}

// texts returns each position with its label, as text.
func texts(ps []evaluate.Played) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.State.String() + "\n" + string(rune('0'+int(2*p.Y)))
	}
	return out
}

// TestPlayGamesGivesUp: a board whose games all end within the opening
// gives no position, and PlayGames says so instead of playing for ever.
func TestPlayGamesGivesUp(t *testing.T) {
	g := engine.MustParse("kingulu:holes=4,seeds=3,max_plies=3")
	if _, err := evaluate.PlayGames(g, 5, 3, 1, firstMove{}, firstMove{}); err == nil {
		t.Error("games of 3 plies with an opening of 3: no error")
	}
}
