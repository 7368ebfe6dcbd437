package analysis

import (
	"math"
	"slices"
	"sort"

	"github.com/baolab/baolab/analysis/rating"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
)

// ladderMethod names how ladder intervals are found.
const ladderMethod = "maximum likelihood (BFGS), profile-likelihood intervals"

// ladders fits the experiment's ladder, one fit per ruleset, from the
// cells whose two agents are both ladder agents.
func ladders(exp *dataset.Experiment, cells []summary.Cell, conf float64) []summary.Ladder {
	if exp == nil || len(exp.Ladder) == 0 {
		return nil
	}
	anchor := exp.Ladder[0]
	if slices.Contains(exp.Ladder, "random") {
		anchor = "random"
	}
	var out []summary.Ladder
	for _, rs := range exp.Rules {
		l := summary.Ladder{Ruleset: rs, Anchor: anchor, OpeningPlies: exp.OpeningPlies, Method: ladderMethod,
			Agents: []summary.Rating{}, SelfPlay: []summary.SelfPlay{}}
		var tallies []rating.Tally
		self := map[string]summary.Cell{}
		for _, c := range cells {
			if c.Ruleset != rs || !exp.InLadder(c.AgentSouth+"/"+c.AgentNorth) {
				continue
			}
			l.Variant = c.Variant
			first, second := c.AgentSouth, c.AgentNorth
			if c.First == "north" {
				first, second = second, first
			}
			w, lo := c.FirstMoverWins.Count, c.SecondMoverWins.Count
			tallies = append(tallies, rating.Tally{First: first, Second: second, Wins: w, Losses: lo, Draws: c.Games - w - lo})
			l.Games += c.Games
			if c.AgentSouth == c.AgentNorth {
				self[c.AgentSouth] = c
			}
		}
		if l.Games == 0 {
			continue
		}
		ratings := fitLadder(&l, tallies, anchor, exp.Ladder, conf)
		nan := summary.Num(math.NaN())
		for _, a := range exp.Ladder {
			c, ok := self[a]
			if !ok {
				continue
			}
			r, ok := ratings[a]
			if !ok {
				r = nan
			}
			draws := c.Outcomes.Draw.Count + c.Outcomes.Unfinished.Count
			l.SelfPlay = append(l.SelfPlay, summary.SelfPlay{
				Agent: a, Rating: r, Games: c.Games,
				FPA: c.FirstPlayerAdvantage.Value, Lo: c.FirstPlayerAdvantage.Lo, Hi: c.FirstPlayerAdvantage.Hi,
				DrawRate:      share(draws, c.Games, conf),
				MeanLength:    c.Length.Mean,
				DistinctGames: c.DistinctGames,
			})
		}
		sort.SliceStable(l.SelfPlay, func(i, j int) bool { return lessRating(l.SelfPlay[i].Rating, l.SelfPlay[j].Rating) })
		out = append(out, l)
	}
	return out
}

// lessRating orders ratings, NaN last.
func lessRating(a, b summary.Num) bool {
	if math.IsNaN(float64(b)) {
		return !math.IsNaN(float64(a))
	}
	return a < b
}

// estimateInterval converts a rating estimate.
func estimateInterval(e rating.Estimate) summary.Interval {
	return summary.Interval{Value: summary.Num(e.Value), Lo: summary.Num(e.Lo), Hi: summary.Num(e.Hi)}
}

// fitLadder fits both rating models to the tallies (rating.Choose) and
// sets l's ratings, parameters, chosen model, test and goodness of fit,
// and each agent's rating within its component (withinComponents, whose
// anchors follow order, the ladder's agents); it returns the single
// model's rating of each agent.
func fitLadder(l *summary.Ladder, tallies []rating.Tally, anchor string, order []string, conf float64) map[string]summary.Num {
	ratings := map[string]summary.Num{}
	nan := summary.Num(math.NaN())
	none := summary.Interval{Value: nan, Lo: nan, Hi: nan}
	l.FirstMove, l.Draw, l.PerAgentDraw = none, none, none
	l.ModelTest = summary.ModelTest{Statistic: nan, P: nan, Level: rating.Level}
	c, err := rating.Choose(tallies, anchor, conf)
	if err != nil {
		l.Note = err.Error()
		return ratings
	}
	fit := c.Single
	for i, a := range fit.Agents {
		r := fit.Ratings[i]
		row := summary.Rating{Agent: a, Rating: summary.Num(r.Value), Lo: summary.Num(r.Lo), Hi: summary.Num(r.Hi), FirstMove: none, PerAgentRating: none}
		if c.PerAgent != nil {
			row.FirstMove, row.PerAgentRating = estimateInterval(c.PerAgent.FirstMoves[i]), estimateInterval(c.PerAgent.Ratings[i])
		}
		l.Agents = append(l.Agents, row)
		ratings[a] = summary.Num(r.Value)
	}
	withinComponents(l, tallies, anchor, order, conf)
	sort.SliceStable(l.Agents, func(i, j int) bool { return l.Agents[i].Rating < l.Agents[j].Rating })
	l.FirstMove, l.Draw = estimateInterval(fit.FirstMove), estimateInterval(fit.Draw)
	if c.Test != nil {
		l.PerAgentDraw = estimateInterval(c.PerAgent.Draw)
		l.ModelTest.Statistic, l.ModelTest.DF, l.ModelTest.P = summary.Num(c.Test.Statistic), c.Test.DF, summary.Num(c.Test.P)
	}
	l.ModelTest.Note = c.Note
	chosen := c.Chosen()
	l.Model = chosen.Model.String()
	l.Fit = goodnessOfFit(chosen)
	return ratings
}

// withinComponents sets l's components and every agent's rating within
// its component: the ladder's own rating when there is one component;
// otherwise the single model fitted to the games among the component's
// agents (rating.Among), anchored at anchor when it is one of them, else
// at the component's first agent in order (a component of one agent is 0
// against itself).
func withinComponents(l *summary.Ladder, tallies []rating.Tally, anchor string, order []string, conf float64) {
	l.Components = rating.Components(tallies)
	if len(l.Components) == 1 {
		for i, a := range l.Agents {
			l.Agents[i].WithinAnchor, l.Agents[i].Within = anchor, summary.Interval{Value: a.Rating, Lo: a.Lo, Hi: a.Hi}
		}
		return
	}
	nan := summary.Num(math.NaN())
	within := map[string]summary.Interval{}
	anchors := map[string]string{}
	for _, comp := range l.Components {
		ca := anchor
		if !slices.Contains(comp, anchor) {
			ca = comp[0]
			for _, a := range order {
				if slices.Contains(comp, a) {
					ca = a
					break
				}
			}
		}
		for _, a := range comp {
			anchors[a], within[a] = ca, summary.Interval{Value: nan, Lo: nan, Hi: nan}
		}
		if len(comp) == 1 {
			within[ca] = summary.Interval{}
			continue
		}
		fit, err := rating.FitML(rating.Among(tallies, comp), ca, conf)
		if err != nil {
			continue // left NaN: no fit among these agents
		}
		for i, a := range fit.Agents {
			within[a] = estimateInterval(fit.Ratings[i])
		}
	}
	for i, a := range l.Agents {
		l.Agents[i].WithinAnchor, l.Agents[i].Within = anchors[a.Agent], within[a.Agent]
	}
}

// goodnessOfFit converts a fit's goodness-of-fit test.
func goodnessOfFit(f *rating.Fit) summary.GoodnessOfFit {
	g := f.GoF
	out := summary.GoodnessOfFit{Model: f.Model.String(), Test: "Pearson chi-square over the win, draw and loss counts of each ordered pair",
		Chi2: summary.Num(g.Chi2), DF: g.DF, P: summary.Num(g.P), Counts: g.Counts, Below5: g.Small, Below1: g.Tiny,
		Approximate: g.Approximate, Pairs: []summary.PairFit{}}
	for _, p := range g.Pairs {
		out.Pairs = append(out.Pairs, summary.PairFit{First: p.First, Second: p.Second, Games: p.Games,
			Observed: summary.Num(p.Observed), Predicted: summary.Num(p.Predicted)})
	}
	return out
}
