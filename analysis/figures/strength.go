package figures

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/summary"
)

// strength orders agent specs from weak to strong: random, greedy,
// alphabeta by depth (node budgets after every depth, by budget), mcts by
// iterations (greedy rollouts after random ones); unknown specs last, by
// name.
func strength(spec string) (rank int, param float64) {
	name, opts, _ := strings.Cut(spec, ":")
	num := func(key string) float64 {
		for _, kv := range strings.Split(opts, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok && k == key {
				if x, err := strconv.ParseFloat(v, 64); err == nil {
					return x
				}
			}
		}
		return 0
	}
	switch name {
	case "random":
		return 0, 0
	case "greedy":
		return 1, 0
	case "alphabeta":
		if d := num("depth"); d > 0 {
			return 2, d
		}
		return 2, 33 + math.Log10(num("nodes")) // a node budget: deeper than any depth
	case "mcts":
		if strings.Contains(opts, "rollout=greedy") {
			return 3, num("iters") + 0.5
		}
		return 3, num("iters")
	}
	return 4, 0
}

func cmpStrength(a, b string) int {
	ra, pa := strength(a)
	rb, pb := strength(b)
	switch {
	case ra != rb:
		return ra - rb
	case pa < pb:
		return -1
	case pa > pb:
		return 1
	}
	return strings.Compare(a, b)
}

// Strength plots the first mover's score (draws as half) of each agent
// pair (rows, weakest South agent at the bottom) with one series per
// ruleset. When the two agents differ this mixes the seat and the
// stronger agent, so the axis does not call it first-player advantage;
// the ladder's self-play curve (fpa-rating) separates them. It returns nil
// when s has a single agent pair.
func Strength(s *summary.Summary) *Figure {
	if !s.SeveralPairs() {
		return nil
	}
	type pair struct{ south, north string }
	var pairs []pair
	var rulesets []string
	for _, c := range s.Cells {
		if pr := (pair{c.AgentSouth, c.AgentNorth}); !slices.Contains(pairs, pr) {
			pairs = append(pairs, pr)
		}
		if !slices.Contains(rulesets, c.Ruleset) {
			rulesets = append(rulesets, c.Ruleset)
		}
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		if c := cmpStrength(a.south, b.south); c != 0 {
			return -c
		}
		return -cmpStrength(a.north, b.north)
	})
	p := newPlot("first mover's score (%, draws count ½)", "")
	p.Add(gridLines())
	names := make([]string, len(pairs))
	for i, pr := range pairs {
		names[i] = pr.south + " vs " + pr.north
	}
	nominalY(p, names)
	p.Add(vline{50, grey})
	f := &Figure{Name: "fpa-strength", Plot: p, Height: dotHeight(len(pairs), 0.22*vg.Inch)}
	n := len(pairs)
	for j, rs := range rulesets {
		off := 0.0
		if len(rulesets) > 1 {
			off = 0.5 * (float64(j)/float64(len(rulesets)-1) - 0.5)
		}
		var xs, ys, lo, hi []float64
		for _, c := range s.Cells {
			if c.Ruleset != rs {
				continue
			}
			i := slices.Index(pairs, pair{c.AgentSouth, c.AgentNorth})
			v := c.FirstPlayerAdvantage
			if !finite(float64(v.Value), float64(v.Lo), float64(v.Hi)) {
				continue
			}
			xs, ys, lo, hi = append(xs, pct(v.Value)), append(ys, float64(n-1-i)-off), append(lo, pct(v.Lo)), append(hi, pct(v.Hi))
		}
		th := addDots(p, j, xs, ys, lo, hi, colour(j))
		f.Legend = append(f.Legend, LegendEntry{strings.Join(wrap(rs), "\n"), th})
	}
	return f
}
