package rating_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/baolab/baolab/analysis/rating"
)

// TestComponents: hand-built ladders and their strongly connected
// components, weakest first.
func TestComponents(t *testing.T) {
	for _, c := range []struct {
		name    string
		tallies []rating.Tally
		want    [][]string
	}{
		{"connected", []rating.Tally{{First: "a", Second: "b", Wins: 3, Losses: 1}, {First: "b", Second: "c", Wins: 1, Losses: 1}},
			[][]string{{"a", "b", "c"}}},
		// random never takes a point from the others, who trade wins:
		// listed strongest-first in the tallies, still weakest first out.
		{"random apart", []rating.Tally{
			{First: "ab", Second: "greedy", Wins: 5, Losses: 2}, {First: "greedy", Second: "ab", Wins: 1, Losses: 6},
			{First: "ab", Second: "random", Wins: 10}, {First: "random", Second: "greedy", Losses: 10},
			{First: "random", Second: "random", Wins: 4, Losses: 6}},
			[][]string{{"random"}, {"ab", "greedy"}}},
		// a chain a < b < c with every game won by the stronger, given
		// strongest pair first.
		{"chain", []rating.Tally{{First: "c", Second: "b", Wins: 3}, {First: "a", Second: "b", Losses: 3}, {First: "c", Second: "a", Wins: 2}},
			[][]string{{"a"}, {"b"}, {"c"}}},
		// a draw takes a point each way.
		{"draw joins", []rating.Tally{{First: "a", Second: "b", Draws: 1, Losses: 9}}, [][]string{{"a", "b"}}},
		// self-play joins nothing.
		{"self-play", []rating.Tally{{First: "a", Second: "a", Wins: 1, Losses: 1}, {First: "b", Second: "a", Wins: 4}},
			[][]string{{"a"}, {"b"}}},
		// a cycle a > b > c > a is one component.
		{"cycle", []rating.Tally{{First: "a", Second: "b", Wins: 1}, {First: "b", Second: "c", Wins: 1}, {First: "c", Second: "a", Wins: 1}},
			[][]string{{"a", "b", "c"}}},
	} {
		if got := rating.Components(c.tallies); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestComponentsFinite: on a ladder whose anchor never scores, the whole
// ladder's ratings are unbounded, and the fit within the other component
// is finite with finite intervals.
func TestComponentsFinite(t *testing.T) {
	tallies := []rating.Tally{
		{First: "random", Second: "greedy", Losses: 20}, {First: "greedy", Second: "random", Wins: 20},
		{First: "random", Second: "ab", Losses: 20}, {First: "ab", Second: "random", Wins: 20},
		{First: "greedy", Second: "ab", Wins: 6, Losses: 14}, {First: "ab", Second: "greedy", Wins: 15, Losses: 5},
		{First: "random", Second: "random", Wins: 9, Losses: 11},
	}
	all, err := rating.FitML(tallies, "random", 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if r := all.Ratings[1].Value; !math.IsInf(r, 1) {
		t.Errorf("whole ladder: %s rated %v, want +Inf", all.Agents[1], r)
	}
	comps := rating.Components(tallies)
	if len(comps) != 2 || !reflect.DeepEqual(comps[0], []string{"random"}) {
		t.Fatalf("components %v", comps)
	}
	within, err := rating.FitML(rating.Among(tallies, comps[1]), comps[1][0], 0.95)
	if err != nil {
		t.Fatal(err)
	}
	ab := within.Ratings[1]
	if within.Agents[1] != "ab" || math.IsInf(ab.Value, 0) || math.IsInf(ab.Lo, 0) || math.IsInf(ab.Hi, 0) || ab.Lo <= 0 || ab.Value <= ab.Lo || ab.Hi <= ab.Value {
		t.Errorf("ab within its component: %+v (agents %v), want a finite rating above greedy", ab, within.Agents)
	}
}
