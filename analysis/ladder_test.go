package analysis

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/rating"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/sim"
)

// TestLadderDataset analyses a small ladder written by the simulator: one
// fit per ruleset, random anchored at 0, every agent's self-play, and
// distinct games counted from the move log.
func TestLadderDataset(t *testing.T) {
	plan := sim.Plan{Rules: []string{"kingulu", "kingulu:first=north"}, Agents: []string{"greedy/random"},
		Ladder: []string{"greedy", "random", "alphabeta:depth=2"}, Games: 40, Seed: 3, Moves: true}
	e, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Ladders) != 2 {
		t.Fatalf("%d ladders, want 2", len(s.Ladders))
	}
	for _, l := range s.Ladders {
		if l.Anchor != "random" || l.Games != 9*40 || len(l.Agents) != 3 || len(l.SelfPlay) != 3 || l.Note != "" {
			t.Fatalf("%s: %+v", l.Ruleset, l)
		}
		for _, a := range l.Agents {
			if a.Agent == "random" && (a.Rating != 0 || a.Lo != 0 || a.Hi != 0) {
				t.Errorf("%s: random rated %v [%v, %v]", l.Ruleset, a.Rating, a.Lo, a.Hi)
			}
			if !(a.Lo <= a.Rating && a.Rating <= a.Hi) {
				t.Errorf("%s: %s rated %v outside [%v, %v]", l.Ruleset, a.Agent, a.Rating, a.Lo, a.Hi)
			}
		}
		if !(l.FirstMove.Lo < l.FirstMove.Value && l.FirstMove.Value < l.FirstMove.Hi) {
			t.Errorf("%s: first move %+v", l.Ruleset, l.FirstMove)
		}
		checkModel(t, l)
		for _, sp := range l.SelfPlay {
			if sp.Games != 40 || sp.DistinctGames == nil || *sp.DistinctGames < 1 || *sp.DistinctGames > 40 {
				t.Errorf("%s: self-play %+v", l.Ruleset, sp)
			}
		}
	}
	// Distinct games against the move sequences read from the tables.
	seqs := map[int]map[int64]string{} // cell → game → moves
	for _, f := range ds.Moves {
		eachRecord(t, f.Path, func(rec arrow.RecordBatch) {
			ids := rec.Column(rec.Schema().FieldIndices("game_id")[0]).(*array.Int64)
			mv := rec.Column(rec.Schema().FieldIndices("move")[0]).(*array.Int8)
			if seqs[f.Cell] == nil {
				seqs[f.Cell] = map[int64]string{}
			}
			for j := 0; j < ids.Len(); j++ {
				seqs[f.Cell][ids.Value(j)] += fmt.Sprint(mv.Value(j), ",")
			}
		})
	}
	fewer := 0
	for c, games := range seqs {
		distinct := map[string]bool{}
		for _, sq := range games {
			distinct[sq] = true
		}
		cell := e.Cell(c)
		south, north, _ := strings.Cut(cell.Agents, "/")
		for _, sc := range s.Cells {
			if sc.Ruleset == cell.Ruleset && sc.AgentSouth == south && sc.AgentNorth == north {
				if sc.DistinctGames == nil || *sc.DistinctGames != int64(len(distinct)) {
					t.Errorf("%s %s: distinct games %v, the tables hold %d", cell.Ruleset, cell.Agents, sc.DistinctGames, len(distinct))
				}
				if len(distinct) < int(sc.Games) {
					fewer++
				}
			}
		}
	}
	if fewer == 0 {
		t.Error("every cell's games are distinct: the test does not tell a count from the number of games")
	}
}

// checkModel checks a 3-agent ladder's model choice and goodness of fit:
// the test on 2 degrees of freedom decides the model at 0.05, every
// agent has a per-agent first-move advantage, and the fit covers the 9
// ordered pairs and every game with 9·2 − 4 or 9·2 − 6 degrees of freedom
// (one less per pair without draws).
func checkModel(t *testing.T, l summary.Ladder) {
	t.Helper()
	mt := l.ModelTest
	want := "single"
	if mt.P < 0.05 {
		want = "per-agent"
	}
	if mt.DF != 2 || mt.Level != 0.05 || !(mt.Statistic >= 0) || l.Model != want || l.Fit.Model != want {
		t.Errorf("%s: model %s, test %+v, fit of %s", l.Ruleset, l.Model, mt, l.Fit.Model)
	}
	for _, a := range l.Agents {
		if math.IsNaN(float64(a.FirstMove.Value)) || !(a.FirstMove.Lo <= a.FirstMove.Value && a.FirstMove.Value <= a.FirstMove.Hi) {
			t.Errorf("%s: %s's first move %+v", l.Ruleset, a.Agent, a.FirstMove)
		}
	}
	var games int64
	for _, p := range l.Fit.Pairs {
		games += p.Games
		if !(p.Observed >= 0 && p.Observed <= 1 && p.Predicted > 0 && p.Predicted < 1) {
			t.Errorf("%s: pair %+v", l.Ruleset, p)
		}
	}
	params := map[string]int{"single": 4, "per-agent": 6}[want]
	if len(l.Fit.Pairs) != 9 || games != l.Games || (l.Fit.DF != 18-params && l.Fit.DF != 9-params+1) {
		t.Errorf("%s: fit over %d pairs, %d games, %d df", l.Ruleset, len(l.Fit.Pairs), games, l.Fit.DF)
	}
}

// TestWithinComponents: a ladder whose anchor (random) never takes a
// point splits in two; the other agents are rated within their own
// group, against the first of them in ladder order, as the single model
// fitted to their games alone rates them, while their ladder ratings are
// unbounded. A ladder of one group keeps its ratings as the within ones.
func TestWithinComponents(t *testing.T) {
	tallies := []rating.Tally{
		{First: "random", Second: "greedy", Losses: 20}, {First: "greedy", Second: "random", Wins: 20},
		{First: "random", Second: "ab", Losses: 20}, {First: "ab", Second: "random", Wins: 20},
		{First: "greedy", Second: "ab", Wins: 6, Losses: 14}, {First: "ab", Second: "greedy", Wins: 15, Losses: 5},
		{First: "random", Second: "random", Wins: 9, Losses: 11}, {First: "ab", Second: "ab", Wins: 10, Losses: 10},
	}
	var l summary.Ladder
	fitLadder(&l, tallies, "random", []string{"random", "greedy", "ab"}, 0.95)
	if fmt.Sprint(l.Components) != "[[random] [greedy ab]]" {
		t.Fatalf("components %v", l.Components)
	}
	want, err := rating.FitML(rating.Among(tallies, []string{"greedy", "ab"}), "greedy", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range l.Agents {
		switch a.Agent {
		case "random":
			if a.WithinAnchor != "random" || a.Within != (summary.Interval{}) {
				t.Errorf("random: within %+v against %s, want 0 against itself", a.Within, a.WithinAnchor)
			}
		case "greedy", "ab":
			i := 0
			if want.Agents[1] == a.Agent {
				i = 1
			}
			if a.WithinAnchor != "greedy" || a.Within != estimateInterval(want.Ratings[i]) || !math.IsInf(float64(a.Rating), 1) {
				t.Errorf("%s: rating %v, within %+v against %s; want +Inf and %+v against greedy", a.Agent, a.Rating, a.Within, a.WithinAnchor, want.Ratings[i])
			}
		}
	}
	if ab := l.Agents[2].Within; l.Agents[2].Agent != "ab" || !(ab.Lo > 0 && ab.Hi < 1000) {
		t.Errorf("ab within: %+v, want finite and above greedy", l.Agents[2])
	}

	tallies[0].Wins = 1 // random takes a game from greedy: one group
	l = summary.Ladder{}
	fitLadder(&l, tallies, "random", []string{"random", "greedy", "ab"}, 0.95)
	if len(l.Components) != 1 {
		t.Fatalf("components %v, want one", l.Components)
	}
	for _, a := range l.Agents {
		if a.WithinAnchor != "random" || a.Within != (summary.Interval{Value: a.Rating, Lo: a.Lo, Hi: a.Hi}) {
			t.Errorf("%s: within %+v against %s, want its rating against random", a.Agent, a.Within, a.WithinAnchor)
		}
	}
}
