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
		ratings := map[string]summary.Num{}
		nan := summary.Num(math.NaN())
		fit, err := rating.FitML(tallies, anchor, conf)
		if err != nil {
			l.Note = err.Error()
			l.FirstMove = summary.Interval{Value: nan, Lo: nan, Hi: nan}
			l.Draw = l.FirstMove
		} else {
			for i, a := range fit.Agents {
				r := fit.Ratings[i]
				l.Agents = append(l.Agents, summary.Rating{Agent: a, Rating: summary.Num(r.Value), Lo: summary.Num(r.Lo), Hi: summary.Num(r.Hi)})
				ratings[a] = summary.Num(r.Value)
			}
			sort.SliceStable(l.Agents, func(i, j int) bool { return l.Agents[i].Rating < l.Agents[j].Rating })
			l.FirstMove = summary.Interval{Value: summary.Num(fit.FirstMove.Value), Lo: summary.Num(fit.FirstMove.Lo), Hi: summary.Num(fit.FirstMove.Hi)}
			l.Draw = summary.Interval{Value: summary.Num(fit.Draw.Value), Lo: summary.Num(fit.Draw.Lo), Hi: summary.Num(fit.Draw.Hi)}
		}
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
