package sim

import (
	"testing"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kingulu"
)

// scripted plays a fixed list of moves.
type scripted struct {
	moves []engine.Move
	i     int
}

func (a *scripted) Reset(uint64) { a.i = 0 }
func (a *scripted) Choose(s engine.State, _ []engine.Move) engine.Move {
	a.i++
	return a.moves[a.i-1]
}

// TestFirstRepeatPlyRow plays, through the worker that writes the games
// table, a game of each variant in which a position really repeats, and
// checks the first_repeat_ply of its row (the positions and moves are
// those of the engines' own tests: kingulu's repeat_test.go and
// kimasai2's staircase_test.go).
func TestFirstRepeatPlyRow(t *testing.T) {
	// kingulu: South 1 0 0 1 0 2, North 0 1 0 1 1 0, banks 20/21.
	var kp kingulu.Position
	kp.Seeds[engine.South] = [kingulu.MaxHoles]int{1, 0, 0, 1, 0, 2}
	kp.Seeds[engine.North] = [kingulu.MaxHoles]int{0, 1, 0, 1, 1, 0}
	kp.Bank = [2]int{20, 21}
	ks, err := kingulu.NewStateAt(engine.MustParse("kingulu:max_plies=12"), kp, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	// kimasai-two-rows: South 10..1 in holes 0-9, North 3 2 1 in 0-2 and
	// 2 1 in 8-9; each move lifts the top of a staircase (North's two in
	// turn).
	var mp kimasai2.Position
	for h := 0; h < 10; h++ {
		mp.Cows[engine.South][h] = uint8(10 - h)
	}
	mp.Cows[engine.North][0], mp.Cows[engine.North][1], mp.Cows[engine.North][2] = 3, 2, 1
	mp.Cows[engine.North][8], mp.Cows[engine.North][9] = 2, 1
	ms, err := kimasai2.NewStateAt(engine.MustParse("kimasai-two-rows:reserve=0,max_plies=66"), mp, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	var stairs []engine.Move
	top := [3]int{0, 0, 8}
	for ply := 0; ply < 66; ply++ {
		k := 0
		if ply%2 == 1 {
			k = 1 + ply/2%2
		}
		stairs = append(stairs, engine.Move(top[k]))
		top[k] = (top[k] + 1) % 16
	}

	for _, c := range []struct {
		init   engine.State
		moves  []engine.Move
		repeat int32
	}{
		{ks, []engine.Move{5, 2, 3, 4, 2, 5, 2, 3, 4, 2, 5, 2}, 10},
		{ms, stairs, 64},
	} {
		rs := c.init.Game().Ruleset()
		exp := dataset.Experiment{Rules: []string{rs}, Agents: []string{"random/random"}, Games: 1, Seed: 1, Batch: 1}
		w := newWorker(exp, t.TempDir(), nil, nil)
		cs, err := w.cell(0)
		if err != nil {
			t.Fatal(err)
		}
		var script [2]scripted
		for i, m := range c.moves {
			script[i%2].moves = append(script[i%2].moves, m)
		}
		cs.init, cs.s = c.init, c.init.Clone()
		cs.agents[engine.South], cs.agents[engine.North] = &script[0], &script[1]
		if err := w.play(cs, 0); err != nil {
			t.Fatalf("%s: %v", rs, err)
		}
		g := &w.g
		if g.Len() != 1 || g.FirstRepeatPly[0] < 0 {
			t.Fatalf("%s: %d rows, first_repeat_ply %v", rs, g.Len(), g.FirstRepeatPly)
		}
		if g.FirstRepeatPly[0] != c.repeat || g.Plies[0] != int32(len(c.moves)) {
			t.Errorf("%s: first_repeat_ply %d after %d plies, want %d after %d", rs, g.FirstRepeatPly[0], g.Plies[0], c.repeat, len(c.moves))
		}
	}
}
