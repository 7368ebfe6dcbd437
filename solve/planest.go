package solve

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/baolab/baolab/engine"
)

// A plan of a board too big to count (EstimatePlan): its layers, waves
// and a bound on each layer's positions come from the rules alone
// (engine.LayerSpace), and each layer's positions are estimated as a
// share of its bound, the share fitted on boards counted layer by layer
// (ShareModel, Calibration).

// ShareModel estimates the reachable share of a layer: its positions
// over its bound (engine.LayerSpace.LayerBound), for a layer of r
// reserved holes (engine.LayerSpace.LayerReserved) on a board of seeds
// seeds per hole at the start (TotalMaterial/(2·NumMoves)),
//
//	share = min(1, exp(Intercept + PerReserved·r + PerSeed·seeds))
//
// fitted by FitShareModel. TerminalShare is the terminal positions' share
// of the positions of the boards fitted on.
type ShareModel struct {
	Intercept, PerReserved, PerSeed float64
	TerminalShare                   float64
	Boards                          []string // the rulesets fitted on
}

// Share returns the model's share of a layer of r reserved holes.
func (m ShareModel) Share(seeds float64, r int) float64 {
	return min(1, math.Exp(m.Intercept+m.PerReserved*float64(r)+m.PerSeed*seeds))
}

// CalibrationBoard is a board counted layer by layer (CountLayers),
// summed by the layers' reserved holes: what a ShareModel is fitted on
// and checked against.
type CalibrationBoard struct {
	Ruleset      string
	Holes        int     // per row (NumMoves)
	SeedsPerHole float64 // TotalMaterial / (2·Holes)
	// ByReserved[r] sums the layers of r reserved holes: the positions
	// and terminal positions counted, and the bounds of every layer of
	// the space (reached or not).
	ByReserved []ReservedCount
}

// ReservedCount sums the layers of one number of reserved holes.
type ReservedCount struct {
	Positions, Terminal int64
	Bound               float64
}

// Positions returns the board's positions counted.
func (b CalibrationBoard) Positions() int64 {
	var n int64
	for _, c := range b.ByReserved {
		n += c.Positions
	}
	return n
}

// Predict returns the positions m estimates for the board: the sum over
// r of the share times the bound of its layers of r reserved holes.
func (m ShareModel) Predict(b CalibrationBoard) float64 {
	var n float64
	for r, c := range b.ByReserved {
		n += m.Share(b.SeedsPerHole, r) * c.Bound
	}
	return n
}

// layerSpace returns g's layer space, or ErrNoLayers.
func layerSpace(g engine.Game) (engine.LayerSpace, error) {
	ls, ok := g.(engine.LayerSpace)
	if !ok {
		return nil, fmt.Errorf("%w: %s: no layer space to estimate from (engine.LayerSpace)", ErrNoLayers, g.Ruleset())
	}
	return ls, nil
}

// MaxEstimateLayers is the most layers EstimatePlan lists (about 150
// bytes each): kingulu boards of up to 7 holes a row.
const MaxEstimateLayers = 1 << 24

func errTooManyLayers(g engine.Game) error {
	return fmt.Errorf("%s: more than %d layers to list", g.Ruleset(), MaxEstimateLayers)
}

// boardShape returns g's holes per row and seeds per hole (ShareModel).
func boardShape(g engine.Game) (int, float64) {
	return g.NumMoves(), float64(g.TotalMaterial()) / float64(2*g.NumMoves())
}

// Calibrate sums the layers of g's board counted (sizes, from
// CountLayers or a plan) by reserved holes, with the bounds of every
// layer of its space. It fails if a counted layer is not in the space or
// holds more positions than its bound: the space or the bound is wrong.
func Calibrate(g engine.Game, sizes []LayerSize) (CalibrationBoard, error) {
	ls, err := layerSpace(g)
	if err != nil {
		return CalibrationBoard{}, err
	}
	holes, seeds := boardShape(g)
	b := CalibrationBoard{Ruleset: g.Ruleset(), Holes: holes, SeedsPerHole: seeds}
	at := func(r int) *ReservedCount {
		for len(b.ByReserved) <= r {
			b.ByReserved = append(b.ByReserved, ReservedCount{})
		}
		return &b.ByReserved[r]
	}
	space, ok := ls.SpaceLayers(MaxEstimateLayers)
	if !ok {
		return b, errTooManyLayers(g)
	}
	for _, l := range space {
		bound, _ := ls.LayerBound(l).Float64()
		at(ls.LayerReserved(l)).Bound += bound
	}
	for _, s := range sizes {
		if _, ok := slices.BinarySearch(space, s.Layer); !ok {
			return b, fmt.Errorf("%s: layer %s (%#x) counted but not in the layer space", b.Ruleset, s.Name, s.Layer)
		}
		if bound := ls.LayerBound(s.Layer); bound.Cmp(big.NewInt(s.Positions)) < 0 {
			return b, fmt.Errorf("%s: layer %s: %d positions counted, more than its bound %v", b.Ruleset, s.Name, s.Positions, bound)
		}
		c := at(ls.LayerReserved(s.Layer))
		c.Positions += s.Positions
		c.Terminal += s.Terminal
	}
	return b, nil
}

// FitShareModel fits a ShareModel on boards: a least-squares fit of the
// log of the share (positions over bound) of each board's layers of r
// reserved holes, for every r with a position counted, weighted by
// log(1 + positions) so that a handful of positions weighs little. The
// terminal share is pooled over the boards. Without at least three such
// sums, or with all boards of one number of seeds, it returns the zero
// model (a share of 1: the bounds).
func FitShareModel(boards []CalibrationBoard) ShareModel {
	var xtx [3][3]float64
	var xty [3]float64
	var pos, term int64
	points := 0
	m := ShareModel{}
	for _, b := range boards {
		m.Boards = append(m.Boards, b.Ruleset)
		for r, c := range b.ByReserved {
			pos += c.Positions
			term += c.Terminal
			if c.Positions == 0 || c.Bound == 0 {
				continue
			}
			points++
			x := [3]float64{1, float64(r), b.SeedsPerHole}
			y := math.Log(float64(c.Positions) / c.Bound)
			w := math.Log1p(float64(c.Positions))
			for i := range x {
				for j := range x {
					xtx[i][j] += w * x[i] * x[j]
				}
				xty[i] += w * x[i] * y
			}
		}
	}
	if pos > 0 {
		m.TerminalShare = float64(term) / float64(pos)
	}
	beta, ok := solveLinear(xtx, xty)
	if points < 3 || !ok {
		return ShareModel{Boards: m.Boards, TerminalShare: m.TerminalShare}
	}
	m.Intercept, m.PerReserved, m.PerSeed = beta[0], beta[1], beta[2]
	return m
}

// solveLinear solves a·x = b by Gaussian elimination with partial
// pivoting; ok is false when a is singular.
func solveLinear(a [3][3]float64, b [3]float64) (x [3]float64, ok bool) {
	const n = 3
	for c := 0; c < n; c++ {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return x, false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for i := c + 1; i < n; i++ {
			f := a[i][c] / a[c][c]
			for j := c; j < n; j++ {
				a[i][j] -= f * a[c][j]
			}
			b[i] -= f * b[c]
		}
	}
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for j := i + 1; j < n; j++ {
			s -= a[i][j] * x[j]
		}
		x[i] = s / a[i][i]
	}
	return x, true
}

// LeaveOneOut is the check of a fit on one board held out: the model
// fitted on the other boards predicts its positions.
type LeaveOneOut struct {
	Ruleset   string
	Positions int64   // counted
	Predicted float64 // by the model fitted on the others
}

// Ratio returns Predicted / Positions.
func (l LeaveOneOut) Ratio() float64 { return l.Predicted / float64(l.Positions) }

// LeaveOneBoardOut fits a model on all boards but one, for each board in
// turn, and predicts the board held out.
func LeaveOneBoardOut(boards []CalibrationBoard) []LeaveOneOut {
	var out []LeaveOneOut
	for i, b := range boards {
		m := FitShareModel(slices.Concat(boards[:i], boards[i+1:]))
		out = append(out, LeaveOneOut{Ruleset: b.Ruleset, Positions: b.Positions(), Predicted: m.Predict(b)})
	}
	return out
}

// Open reports whether the board's games open up before they close: at
// least 1,000 positions, a tenth of them or more in layers with no hole
// reserved (kingulu: captures come before reservations, and relay
// sowing mixes the board). Boards of 3 seeds a hole reserve at once, and
// their layers hold a tiny share of their bounds; the default board
// opens (its layer south_bank=0 north_bank=3 reserved=-, no hole
// reserved, holds more than 1.227e9 positions: docs/solving.md).
func (b CalibrationBoard) Open() bool {
	n := b.Positions()
	return n >= 1000 && len(b.ByReserved) > 0 && b.ByReserved[0].Positions*10 >= n
}

// OpenBoards returns the boards that open (Open).
func OpenBoards(boards []CalibrationBoard) []CalibrationBoard {
	var out []CalibrationBoard
	for _, b := range boards {
		if b.Open() {
			out = append(out, b)
		}
	}
	return out
}

// DefaultShareModel is the model fitted on the boards of Calibration
// that open (OpenBoards): a model of boards that open, as the default
// kingulu board does.
var DefaultShareModel = FitShareModel(OpenBoards(Calibration))

// EstimatePlan plans start's board without counting it, but for the
// layers of partial (nil, or a count stopped at a budget: PlanLayers,
// not Complete): every layer of its space (engine.LayerSpace) with its
// bound, and its positions counted (Method "counted": a layer partial
// counted, or one below the first layer partial did not count, which
// no position reaches, with 0) or estimated as m's share of the bound
// (Method "estimated"; the terminal positions as m.TerminalShare of
// them), in waves reckoned along the
// space's steps (LayerSteps): a layer with no step is in wave 0, any
// other one wave after the latest of its steps. As the steps are a
// superset of the moves' changes of layer, a layer's wave is never
// earlier than in a counted plan, and there may be more waves. Refs is
// the layer's steps, not the layers its moves reach. The plan is not
// Complete; its Model is m and its Bound the layers' bounds summed.
func EstimatePlan(start engine.State, m ShareModel, rates PlanRates, partial *LayerPlan) (*LayerPlan, error) {
	g := start.Game()
	ls, err := layerSpace(g)
	if err != nil {
		return nil, err
	}
	_, seeds := boardShape(g)
	plan := &LayerPlan{Ruleset: g.Ruleset(), Rates: rates, Model: &m}
	space, ok := ls.SpaceLayers(MaxEstimateLayers)
	if !ok {
		return nil, errTooManyLayers(g)
	}
	wave := make(map[uint64]int32, len(space))
	refs := make([]int, len(space))
	for i, l := range slices.Backward(space) {
		w := int32(0)
		ls.LayerSteps(l, func(next uint64) {
			w = max(w, wave[next]+1)
			refs[i]++
		})
		wave[l] = w
	}
	exact := map[uint64]PlannedLayer{}
	frontier := uint64(0) // the layers below were all counted
	if partial != nil {
		if partial.Complete || len(partial.Waves) != 1 {
			return nil, fmt.Errorf("%s: estimating a plan counted to the end", plan.Ruleset)
		}
		for _, c := range partial.Waves[0] {
			exact[c.Layer] = c
		}
		frontier = math.MaxUint64
		for _, l := range partial.Estimated {
			frontier = min(frontier, l.Layer)
		}
	}
	for i, l := range space {
		w := int(wave[l])
		for len(plan.Waves) <= w {
			plan.Waves = append(plan.Waves, nil)
		}
		bound, _ := ls.LayerBound(l).Float64()
		est := m.Share(seeds, ls.LayerReserved(l)) * bound
		p := PlannedLayer{Layer: l, Name: ls.LayerString(l), Wave: w, Method: "estimated", Refs: refs[i], Bound: bound,
			Positions: int64(math.Round(est)), Terminal: int64(math.Round(est * m.TerminalShare))}
		if c, ok := exact[l]; ok {
			p.Positions, p.Terminal, p.Method, p.Refs = c.Positions, c.Terminal, "counted", c.Refs
			delete(exact, l)
		} else if l < frontier {
			p.Positions, p.Terminal, p.Method, p.Refs = 0, 0, "counted", 0
		}
		plan.cost(&p)
		plan.Bound += bound
		plan.Waves[w] = append(plan.Waves[w], p)
	}
	for _, c := range exact {
		return nil, fmt.Errorf("%s: layer %s counted but not in the layer space", plan.Ruleset, c.Name)
	}
	return plan, nil
}
