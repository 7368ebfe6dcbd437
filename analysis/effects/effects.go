package effects

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/engine"
)

// Quantities are the quantities of Estimate, in the order of its entries.
var Quantities = []string{"first_player_advantage", "draw_rate", "never_ending_rate", "mean_length"}

// factor is an option that varies among the readings of a group.
type factor struct {
	key    string
	levels []string // reference first
}

// group is the readings of one variant played by one agent pair.
type group struct {
	variant, agents string
	cells           []summary.Cell
	values          []engine.Values
}

// Estimate returns the effects of the options of every variant × agent
// pair of cells with two or more readings (see the package doc), and a
// note for everything that could not be estimated.
func Estimate(cells []summary.Cell, conf float64) ([]summary.Effect, []string) {
	out := []summary.Effect{}
	gs, notes := groups(cells)
	for _, g := range gs {
		if len(g.cells) < 2 {
			continue
		}
		es, ns := estimateGroup(g, conf)
		out = append(out, es...)
		notes = append(notes, ns...)
	}
	holm(out)
	return out, notes
}

// groups splits cells by variant and agent pair, in order of appearance,
// leaving out cells without games, and with a note those whose ruleset
// this baolab does not understand (a dataset written by another version).
func groups(cells []summary.Cell) (gs []*group, notes []string) {
	byKey := map[string]*group{}
	for _, c := range cells {
		if c.Games == 0 {
			continue
		}
		v, err := engine.Lookup(c.Variant)
		var vals engine.Values
		if err == nil {
			_, text, _ := strings.Cut(c.Ruleset, ":")
			vals, err = engine.ParseValues(v.Name, v.Options, text)
		}
		if err != nil {
			notes = append(notes, fmt.Sprintf("effects: ruleset %s left out: %v", c.Ruleset, err))
			continue
		}
		agents := c.AgentSouth + "/" + c.AgentNorth
		k := c.Variant + "\x00" + agents
		g := byKey[k]
		if g == nil {
			g = &group{variant: c.Variant, agents: agents}
			byKey[k] = g
			gs = append(gs, g)
		}
		g.cells = append(g.cells, c)
		g.values = append(g.values, vals)
	}
	return gs, notes
}

// factors returns the options that vary within g, in option-table order,
// each with its levels (reference first, then table order).
func factors(g *group) []factor {
	v, _ := engine.Lookup(g.variant)
	var fs []factor
	for _, o := range v.Options {
		if o.Ignored {
			continue
		}
		seen := map[string]bool{}
		var levels []string
		for _, vals := range g.values {
			if x := vals[o.Key]; !seen[x] {
				seen[x] = true
				levels = append(levels, x)
			}
		}
		if len(levels) < 2 {
			continue
		}
		slices.SortFunc(levels, func(a, b string) int { return cmp.Compare(levelRank(o, a), levelRank(o, b)) })
		if i := slices.Index(levels, o.Default); i > 0 {
			levels = append([]string{o.Default}, slices.Delete(levels, i, i+1)...)
		}
		fs = append(fs, factor{o.Key, levels})
	}
	return fs
}

// levelRank orders the values of o as its table lists them: words first,
// then integers ascending.
func levelRank(o engine.Option, v string) float64 {
	if i := slices.Index(o.Values, v); i >= 0 {
		return float64(i) - 1e9
	}
	n, _ := strconv.Atoi(v)
	return float64(n)
}

// column is one coefficient of a design: a main effect (b == "") or the
// interaction of two factors' levels.
type column struct {
	a, la, b, lb string
}

func (c column) option() string {
	if c.b == "" {
		return c.a
	}
	return c.a + ":" + c.b
}

func (c column) value() string {
	if c.b == "" {
		return c.la
	}
	return c.la + ":" + c.lb
}

// design returns the columns (after the intercept) of the main-effects
// model, and of the model with the two-way interactions of every pair of
// factors whose level combinations were all played (nil if none was).
func design(g *group, fs []factor) (main, inter []column) {
	for _, f := range fs {
		for _, l := range f.levels[1:] {
			main = append(main, column{a: f.key, la: l})
		}
	}
	for i, f := range fs {
		for _, h := range fs[i+1:] {
			played := map[[2]string]bool{}
			for _, vals := range g.values {
				played[[2]string{vals[f.key], vals[h.key]}] = true
			}
			if len(played) < len(f.levels)*len(h.levels) {
				continue
			}
			for _, la := range f.levels[1:] {
				for _, lb := range h.levels[1:] {
					inter = append(inter, column{a: f.key, la: la, b: h.key, lb: lb})
				}
			}
		}
	}
	return main, inter
}

// row returns the design row of readings values: 1 for the intercept, then
// one indicator per column.
func row(vals engine.Values, cols []column) []float64 {
	x := make([]float64, 1+len(cols))
	x[0] = 1
	for j, c := range cols {
		if vals[c.a] == c.la && (c.b == "" || vals[c.b] == c.lb) {
			x[1+j] = 1
		}
	}
	return x
}

// outcome returns the sufficient statistics of quantity q in cell c: the
// number of games and the sums of y and y².
func outcome(c summary.Cell, q string) (n, sum, sumSq float64) {
	n = float64(c.Games)
	switch q {
	case "first_player_advantage":
		w, l := float64(c.FirstMoverWins.Count), float64(c.SecondMoverWins.Count)
		h := n - w - l
		return n, w + h/2, w + h/4
	case "draw_rate":
		k := float64(c.Outcomes.Draw.Count)
		return n, k, k
	case "never_ending_rate":
		k := float64(c.NeverEnding.Games.Count)
		return n, k, k
	}
	m, sd := float64(c.Length.Mean.Value), float64(c.Length.SD)
	if math.IsNaN(sd) {
		sd = 0
	}
	return n, n * m, (n-1)*sd*sd + n*m*m
}

func estimateGroup(g *group, conf float64) ([]summary.Effect, []string) {
	fs := factors(g)
	if len(fs) == 0 {
		return nil, nil
	}
	var out []summary.Effect
	notes := offDefaultNotes(g, fs)
	main, inter := design(g, fs)
	z := stats.Z(conf)
	for _, q := range Quantities {
		var quantity []summary.Effect
		models := [][]column{main}
		if len(inter) > 0 {
			models = append(models, append(slices.Clone(main), inter...))
		}
		for _, model := range models {
			fit, err := fitModel(g, q, model)
			if err != nil {
				what := "main effects"
				if len(model) > len(main) {
					what = "interactions"
				}
				notes = append(notes, fmt.Sprintf("effects: %s on %s not estimated for %s, %s: %v", what, q, g.variant, g.agents, err))
				break
			}
			first := 0
			if len(model) > len(main) {
				first = len(main) // interaction entries only
			}
			quantity = append(quantity, effectsOf(g, q, fit, model, first, z)...)
		}
		sortEffects(quantity)
		out = append(out, quantity...)
	}
	return out, notes
}

// offDefaultNotes returns a note for each factor of g whose first level
// (the one its levels are compared with) is not the option's default.
func offDefaultNotes(g *group, fs []factor) []string {
	var notes []string
	v, _ := engine.Lookup(g.variant)
	for _, f := range fs {
		for _, o := range v.Options {
			if o.Key == f.key && f.levels[0] != o.Default {
				notes = append(notes, fmt.Sprintf("effects: %s, %s: option %s was not played at its default %s; its levels are compared with %s", g.variant, g.agents, f.key, o.Default, f.levels[0]))
			}
		}
	}
	return notes
}

// fitModel fits the model's columns to quantity q over g's cells: a
// linear model for the mean length, a logistic one for the rates.
func fitModel(g *group, q string, model []column) (Fit, error) {
	cells := make([]Cell, len(g.cells))
	for i, c := range g.cells {
		n, s, ss := outcome(c, q)
		cells[i] = Cell{X: row(g.values[i], model), N: n, Sum: s, SumSq: ss}
	}
	if q == "mean_length" {
		return Linear(cells)
	}
	return Logistic(cells)
}

// effectsOf returns the effects of fit's coefficients for model's
// columns from first on, with their intervals (z standard errors) and
// p-values.
func effectsOf(g *group, q string, fit Fit, model []column, first int, z float64) []summary.Effect {
	var out []summary.Effect
	for j, col := range model[first:] {
		k := 1 + first + j
		est, se := fit.Coef[k], fit.SE[k]
		p := math.NaN()
		lo, hi := math.NaN(), math.NaN()
		if !math.IsNaN(est) && se > 0 {
			p = stats.TwoSidedNormalP(est / se)
			lo, hi = est-z*se, est+z*se
		}
		out = append(out, summary.Effect{
			Variant: g.variant, Agents: g.agents, Option: col.option(), Value: col.value(), Quantity: q,
			Estimate: summary.Num(est), Lo: summary.Num(lo), Hi: summary.Num(hi), SE: summary.Num(se), P: summary.Num(p),
		})
	}
	return out
}

// sortEffects orders the effects of one quantity: main effects before
// interactions, each by size of the effect.
func sortEffects(quantity []summary.Effect) {
	slices.SortStableFunc(quantity, func(a, b summary.Effect) int {
		ia, ib := strings.Contains(a.Option, ":"), strings.Contains(b.Option, ":")
		if ia != ib {
			if ia {
				return 1
			}
			return -1
		}
		return -cmp.Compare(absOr(a.Estimate), absOr(b.Estimate))
	})
}

// absOr is |x|, or −1 for an undefined x (ranked last).
func absOr(x summary.Num) float64 {
	if math.IsNaN(float64(x)) {
		return -1
	}
	return math.Abs(float64(x))
}

// holm sets PHolm of every entry: Holm's correction over the entries of
// each quantity.
func holm(es []summary.Effect) {
	for _, q := range Quantities {
		var idx []int
		var ps []float64
		for i, e := range es {
			if e.Quantity == q {
				idx = append(idx, i)
				ps = append(ps, float64(e.P))
			}
		}
		for k, adj := range stats.Holm(ps) {
			es[idx[k]].PHolm = summary.Num(adj)
		}
	}
}
