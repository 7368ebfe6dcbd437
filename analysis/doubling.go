package analysis

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// budgetKeys are the spec keys whose doubling doubles an agent's search:
// alphabeta's node budget and mcts's iterations.
var budgetKeys = []string{"nodes", "iters"}

// doubledBy reports whether spec b is spec a with one budget key doubled,
// every other key the same, and returns that key and a's budget.
func doubledBy(a, b string) (key string, budget float64, ok bool) {
	na, oa, _ := strings.Cut(a, ":")
	nb, ob, _ := strings.Cut(b, ":")
	ka, kb := specKeys(oa), specKeys(ob)
	if na != nb || len(ka) != len(kb) {
		return "", 0, false
	}
	for k, va := range ka {
		vb, has := kb[k]
		switch {
		case !has:
			return "", 0, false
		case va == vb:
			continue
		case key != "":
			return "", 0, false // a second key differs
		}
		x, errA := strconv.ParseFloat(va, 64)
		y, errB := strconv.ParseFloat(vb, 64)
		if errA != nil || errB != nil || y != 2*x || !slices.Contains(budgetKeys, k) {
			return "", 0, false
		}
		key, budget = k, x
	}
	return key, budget, key != ""
}

// specKeys returns the key=value options of a spec's option list.
func specKeys(opts string) map[string]string {
	m := map[string]string{}
	if opts == "" {
		return m
	}
	for _, kv := range strings.Split(opts, ",") {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// doublings returns, for every ruleset and every pair of agents of its
// cells where one is the other with its budget doubled, the doubled
// agent's score over the games between them in both seat orders; the
// rows of a ruleset by increasing budget.
func doublings(cells []summary.Cell, conf float64) []summary.Doubling {
	var out []summary.Doubling
	for _, rs := range rulesetsOf(cells) {
		var agents []string
		for _, c := range cells {
			for _, a := range []string{c.AgentSouth, c.AgentNorth} {
				if c.Ruleset == rs && !slices.Contains(agents, a) {
					agents = append(agents, a)
				}
			}
		}
		var rows []summary.Doubling
		for _, a := range agents {
			for _, b := range agents {
				key, budget, ok := doubledBy(a, b)
				if !ok {
					continue
				}
				if d, ok := doublingOf(cells, rs, a, b, conf); ok {
					d.Key, d.Budget = key, budget
					rows = append(rows, d)
				}
			}
		}
		// A ladder reads from the smallest budget up, whatever the order
		// of the agent pairs.
		slices.SortStableFunc(rows, func(x, y summary.Doubling) int { return cmp.Compare(x.Budget, y.Budget) })
		out = append(out, rows...)
	}
	return out
}

// doublingOf sums the games between a and the doubled b in rs, b as South
// and as North; ok is false when there are none.
func doublingOf(cells []summary.Cell, rs, a, b string, conf float64) (summary.Doubling, bool) {
	d := summary.Doubling{Ruleset: rs, Agent: a, Doubled: b}
	var score float64
	for _, c := range cells {
		if c.Ruleset != rs {
			continue
		}
		half := float64(c.Outcomes.Draw.Count+c.Outcomes.Unfinished.Count) / 2
		switch {
		case c.AgentSouth == b && c.AgentNorth == a:
			score += float64(c.Outcomes.South.Count) + half
		case c.AgentSouth == a && c.AgentNorth == b:
			score += float64(c.Outcomes.North.Count) + half
		default:
			continue
		}
		d.Variant = c.Variant
		d.Score.Games += c.Games
	}
	if d.Score.Games == 0 {
		return d, false
	}
	d.Score.Interval = shareOf(score, d.Score.Games, conf)
	d.Verdict = summary.DoublingVerdict(d.Score.Interval)
	d.Detectable = d.Verdict != summary.DoublingNone
	return d, true
}

// rulesetsOf lists the rulesets of cells in order of first appearance.
func rulesetsOf(cells []summary.Cell) []string {
	var out []string
	for _, c := range cells {
		if !slices.Contains(out, c.Ruleset) {
			out = append(out, c.Ruleset)
		}
	}
	return out
}
