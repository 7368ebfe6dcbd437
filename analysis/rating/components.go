package rating

import "slices"

// Components splits the agents of tallies into the strongly connected
// components of the graph in which agent i points to agent j when i took
// a point from j (won, or drew, a game against j in either seat;
// self-play does not count). The maximum-likelihood ratings are all
// finite exactly when there is one component (Zermelo's condition, with
// draws counted both ways); otherwise every agent of a component that
// never lost a game to another component is rated without bound above
// them. Within one component the ratings are finite: FitML on the
// tallies among its agents rates them against each other.
//
// The components come weakest first: a component comes before every
// component that took points from it and gave none back (the graph's
// condensation in topological order; components the games do not order
// keep the order of their agents' first appearance). Each lists its
// agents in order of first appearance in tallies.
func Components(tallies []Tally) [][]string {
	var agents []string
	index := map[string]int{}
	add := func(a string) int {
		i, ok := index[a]
		if !ok {
			i = len(agents)
			index[a] = i
			agents = append(agents, a)
		}
		return i
	}
	type edge struct{ from, to int }
	took := map[edge]bool{} // from took a point from to
	for _, t := range tallies {
		f, s := add(t.First), add(t.Second)
		if f == s {
			continue
		}
		if t.Wins > 0 || t.Draws > 0 {
			took[edge{f, s}] = true
		}
		if t.Losses > 0 || t.Draws > 0 {
			took[edge{s, f}] = true
		}
	}
	n := len(agents)
	reach := make([][]bool, n) // reach[i][j]: a path of took edges from i to j
	for i := range reach {
		reach[i] = make([]bool, n)
		reach[i][i] = true
	}
	for e := range took {
		reach[e.from][e.to] = true
	}
	for k := range n { // Floyd–Warshall closure: ladders have few agents
		for i := range n {
			if reach[i][k] {
				for j := range n {
					reach[i][j] = reach[i][j] || reach[k][j]
				}
			}
		}
	}
	comp := make([]int, n)
	var members [][]int
	for i := range n {
		comp[i] = -1
		for c, m := range members {
			if reach[i][m[0]] && reach[m[0]][i] {
				comp[i] = c
				members[c] = append(members[c], i)
				break
			}
		}
		if comp[i] < 0 {
			comp[i] = len(members)
			members = append(members, []int{i})
		}
	}
	// A component is weaker than another when the other reaches it (took
	// points from it, directly or through others) and it does not reach
	// back; count, for each, the components it reaches: the weakest
	// reach none but themselves.
	order := make([]int, len(members))
	reaches := make([]int, len(members))
	for c, m := range members {
		order[c] = c
		for d, o := range members {
			if d != c && reach[m[0]][o[0]] {
				reaches[c]++
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return reaches[a] - reaches[b] })
	out := make([][]string, len(order))
	for k, c := range order {
		for _, i := range members[c] {
			out[k] = append(out[k], agents[i])
		}
	}
	return out
}

// Among returns the tallies whose two agents are both in agents.
func Among(tallies []Tally, agents []string) []Tally {
	var out []Tally
	for _, t := range tallies {
		if slices.Contains(agents, t.First) && slices.Contains(agents, t.Second) {
			out = append(out, t)
		}
	}
	return out
}
