package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/baolab/baolab/analysis/effects"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/stats"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// Options tune Analyze. The zero value gives the defaults.
type Options struct {
	// Workers is the number of files read at once: 0 (the default)
	// means GOMAXPROCS, at most MaxWorkers().
	Workers int
	// Confidence of every interval (default 0.95).
	Confidence float64
	// Alpha is the significance level of the verdicts (default 0.05).
	Alpha float64
	// EquivalenceMargin is the margin δ of the equivalence tests (TOST).
	// 0 takes the manifest's (sim's equivalence_margin, chosen before the
	// run), else DefaultEquivalenceMargin; a margin given here overrides
	// the manifest's, and the summary says which was used.
	EquivalenceMargin float64
	// ExactMaxPositions bounds the boards whose exact value is computed
	// (Summary.Exact): a ruleset with more reachable positions is skipped
	// with a note. Zero means DefaultExactMaxPositions; negative computes
	// no exact values.
	ExactMaxPositions int64
	// Progress, if not nil, is called after each file with the number of
	// files done and the total.
	Progress func(done, total int)
}

// ErrBadOption is wrapped by the error of an Options field out of range.
var ErrBadOption = errors.New("bad option")

// MaxWorkers returns the most files Analyze reads at once: four per CPU,
// at least 8. Each worker holds a file's columns, so workers beyond the
// CPUs only cost memory.
func MaxWorkers() int { return max(8, 4*runtime.NumCPU()) }

// check refuses the fields of o out of range.
func (o *Options) check() error {
	if !(o.EquivalenceMargin >= 0 && o.EquivalenceMargin < dataset.MaxEquivalenceMargin) {
		return fmt.Errorf("%w: equivalence margin must be above 0 and below %g, not %g", ErrBadOption, dataset.MaxEquivalenceMargin, o.EquivalenceMargin)
	}
	if o.Workers < 0 || o.Workers > MaxWorkers() {
		return fmt.Errorf("%w: workers must be 0 (one per CPU) to %d here (4 per CPU), not %d", ErrBadOption, MaxWorkers(), o.Workers)
	}
	return nil
}

func (o *Options) defaults() {
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	if o.Alpha == 0 {
		o.Alpha = 0.05
	}
	if o.ExactMaxPositions == 0 {
		o.ExactMaxPositions = DefaultExactMaxPositions
	}
}

// DefaultEquivalenceMargin is the margin of the equivalence tests when
// neither the manifest nor Options give one: a first-player advantage
// within 0.5 ± 0.02 counts as balanced.
const DefaultEquivalenceMargin = 0.02

// equivalenceMargin returns the margin of the equivalence tests and where
// it comes from.
func equivalenceMargin(opt Options, exp *dataset.Experiment) (float64, string) {
	switch {
	case opt.EquivalenceMargin > 0:
		return opt.EquivalenceMargin, "flag"
	case exp != nil && exp.EquivalenceMargin > 0:
		return exp.EquivalenceMargin, "manifest"
	}
	return DefaultEquivalenceMargin, "default"
}

// Analyze reads every file of ds and returns its summary. The first
// problem found in a file stops it with an error naming the file.
func Analyze(ctx context.Context, ds *load.Dataset, opt Options) (*summary.Summary, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	opt.defaults()
	scan := scanAll
	if ds.Foreign() {
		scan = scanTables
	}
	cells, err := scan(ctx, ds, opt)
	if err != nil {
		return nil, err
	}
	s := &summary.Summary{
		Format:      summary.Format,
		Dataset:     ds.Dir,
		Confidence:  opt.Confidence,
		Alpha:       opt.Alpha,
		Files:       len(ds.Games) + len(ds.Moves),
		MoveLog:     ds.Moves != nil,
		Manifest:    ds.Manifest,
		Cells:       []summary.Cell{},
		Comparisons: []summary.Comparison{},
		Notes:       []string{},
	}
	s.EquivalenceMargin, s.EquivalenceMarginFrom = equivalenceMargin(opt, ds.Experiment)
	for _, a := range cells {
		s.Games += a.games
		c := cellSummary(a, ds.Moves != nil, opt.Confidence)
		m, v := scoreMoments(a)
		c.Equivalence = equivalence(stats.TOST(m-0.5, math.Sqrt(v/float64(a.games)), 0, s.EquivalenceMargin), opt.Alpha, testTOSTScore)
		s.Cells = append(s.Cells, c)
	}
	var notes, effectNotes []string
	s.Comparisons, notes = compare(cells, s.Cells, opt.Confidence, opt.Alpha, s.EquivalenceMargin)
	s.Effects, effectNotes = effects.Estimate(s.Cells, opt.Confidence)
	s.Notes = append(append(s.Notes, notes...), effectNotes...)
	s.Ranking = effects.Rank(s.Cells, opt.Alpha)
	s.Ladders = ladders(ds.Experiment, s.Cells, opt.Confidence)
	var exactNotes []string
	s.Exact, exactNotes, err = exactValues(s.Cells, opt.ExactMaxPositions, accuracyJudge(ctx, ds, s, opt.Confidence))
	if err != nil {
		return nil, err
	}
	s.Notes = append(s.Notes, exactNotes...)
	scoreVsPerfect(s.Accuracy, s.Cells, opt.Confidence)
	if ds.Foreign() && ds.Moves != nil && len(s.Exact) > 0 {
		s.Notes = append(s.Notes, "accuracy against perfect play not computed: the moves are tables of another tool, which replay does not read")
	}
	s.Doubling = doublings(s.Cells, opt.Confidence)
	if ds.Moves == nil {
		s.Notes = append(s.Notes, "the dataset has no move log (moves/): branching factor, decision moves, laps per move, lead changes and decisiveness are null")
	}
	if ds.Manifest == "tables" {
		s.Notes = append(s.Notes, "no manifest and no file named by baolab sim: read as tables written by another tool, checked row by row; a missing game cannot be detected")
	}
	if ds.Manifest == "files" {
		s.Notes = append(s.Notes, "no usable manifest.json: files were checked for gaps only, so a missing last batch of a cell cannot be detected")
	}
	return s, nil
}

type scanResult struct {
	i   int
	acc *cellAcc
	err error
}

// scanAll reads the files with opt.Workers workers and merges their
// results in file order; at most 2×Workers results wait to be merged.
func scanAll(ctx context.Context, ds *load.Dataset, opt Options) ([]*cellAcc, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tokens := make(chan struct{}, 2*opt.Workers)
	m := merger{ds: ds, opt: opt, cancel: cancel, tokens: tokens, errAt: len(ds.Games),
		byKey: map[cellKey]*cellAcc{}, byCell: map[int]*cellAcc{}, pending: map[int]*cellAcc{}}
	for r := range scanFiles(ctx, ds, opt.Workers, tokens) {
		m.add(r)
	}
	if m.err != nil {
		return nil, m.err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, a := range m.cells {
		if a.conv.n > 0 && (len(a.conv.points) == 0 || a.conv.points[len(a.conv.points)-1].games != a.conv.n) {
			a.conv.points = append(a.conv.points, a.conv.point(opt.Confidence))
		}
	}
	return m.cells, nil
}

// scanFiles scans the files of ds with up to workers goroutines and sends
// each file's result, in any order. A file is started only once it takes
// a token from tokens (the merger returns one per file merged), so that
// results waiting to be merged stay few. The channel is closed when every
// worker has stopped.
func scanFiles(ctx context.Context, ds *load.Dataset, workers int, tokens chan struct{}) <-chan scanResult {
	n := len(ds.Games)
	jobs := make(chan int)
	results := make(chan scanResult)
	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	workers = min(workers, n)
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range jobs {
				var moves *load.File
				if ds.Moves != nil {
					moves = &ds.Moves[i]
				}
				acc, err := scanFile(ctx, ds.Games[i], moves)
				select {
				case results <- scanResult{i, acc, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		for w := 0; w < workers; w++ {
			<-done
		}
		close(results)
	}()
	return results
}

// merger merges the results of the files in file order, whatever order
// they arrive in, and keeps the error of the first file that failed.
type merger struct {
	ds      *load.Dataset
	opt     Options
	cancel  context.CancelFunc // stops the scan at the first error
	tokens  chan struct{}
	cells   []*cellAcc
	byKey   map[cellKey]*cellAcc
	byCell  map[int]*cellAcc
	pending map[int]*cellAcc // results waiting for an earlier file's
	next    int              // the next file to merge
	err     error
	errAt   int // the file of err
}

func (m *merger) fail(i int, err error) {
	if i < m.errAt || m.err == nil || errors.Is(m.err, context.Canceled) {
		if !errors.Is(err, context.Canceled) || m.err == nil {
			m.err, m.errAt = err, i
		}
	}
	m.cancel()
}

// add takes the result of one file and merges every result now in order.
func (m *merger) add(r scanResult) {
	if r.err != nil {
		m.fail(r.i, r.err)
		return
	}
	if m.err != nil {
		return
	}
	m.pending[r.i] = r.acc
	for {
		p, ok := m.pending[m.next]
		if !ok {
			return
		}
		delete(m.pending, m.next)
		if err := mergeFile(m.ds.Games[m.next], p, m.byKey, m.byCell, &m.cells, m.opt.Confidence); err != nil {
			m.fail(m.next, err)
			return
		}
		m.next++
		<-m.tokens
		if m.opt.Progress != nil {
			m.opt.Progress(m.next, len(m.ds.Games))
		}
	}
}

// mergeFile adds the partial result p of file f to its cell.
func mergeFile(f load.File, p *cellAcc, byKey map[cellKey]*cellAcc, byCell map[int]*cellAcc, cells *[]*cellAcc, conf float64) error {
	for _, o := range *cells {
		if o.experiment != p.experiment {
			return fmt.Errorf("%s: foreign file: written by experiment %q, the files of cell %d by %q", f.Path, p.experiment, o.cell, o.experiment)
		}
		break
	}
	a := byCell[f.Cell]
	if a == nil {
		if other := byKey[p.key]; other != nil {
			return fmt.Errorf("%s: foreign file: cells %d and %d both hold %s %s/%s", f.Path, other.cell, f.Cell, p.key.ruleset, p.key.south, p.key.north)
		}
		a = &cellAcc{key: p.key, variant: p.variant, first: p.first, cell: f.Cell, experiment: p.experiment, firstID: p.firstID, lastID: p.firstID - 1}
		byCell[f.Cell] = a
		byKey[p.key] = a
		*cells = append(*cells, a)
	}
	if a.key != p.key || a.variant != p.variant || a.first != p.first {
		return fmt.Errorf("%s: foreign file: holds %s %s/%s, but the other files of cell %d hold %s %s/%s", f.Path, p.key.ruleset, p.key.south, p.key.north, f.Cell, a.key.ruleset, a.key.south, a.key.north)
	}
	if p.firstID != a.lastID+1 {
		return fmt.Errorf("%s: game ids start at %d but the previous batch of cell %d ended at %d (games missing or duplicated)", f.Path, p.firstID, f.Cell, a.lastID)
	}
	a.merge(p, conf)
	return nil
}

// share returns count k of n with its Wilson interval.
func share(k, n int64, conf float64) summary.Share {
	lo, hi := stats.Wilson(float64(k), float64(n), conf)
	return summary.Share{Count: k, Share: summary.Num(ratio(float64(k), float64(n))), Lo: summary.Num(lo), Hi: summary.Num(hi)}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

func interval(v, lo, hi float64) summary.Interval {
	return summary.Interval{Value: summary.Num(v), Lo: summary.Num(lo), Hi: summary.Num(hi)}
}

func meanInterval(m stats.Moments, conf float64) summary.Interval {
	lo, hi := m.MeanCI(conf)
	return interval(m.Mean(), lo, hi)
}

func ratioInterval(r stats.Ratio, conf float64) summary.Interval {
	lo, hi := r.CI(conf)
	return interval(r.Value(), lo, hi)
}

// fpa returns the first-player advantage of a, draws and unfinished games
// counted as half, with the Wilson interval of the mean score.
func fpa(a *cellAcc, conf float64) summary.Interval {
	n := float64(a.games)
	score := float64(a.firstWins) + float64(a.games-a.firstWins-a.secondWins)/2
	lo, hi := stats.Wilson(score, n, conf)
	return interval(ratio(score, n), lo, hi)
}

// balanceOf maps the first-player advantage and its interval to Ludii's
// balance 1 − |2p − 1|.
func balanceOf(f summary.Interval) summary.Interval {
	b := func(p summary.Num) float64 { return 1 - math.Abs(2*float64(p)-1) }
	lo, hi := math.Min(b(f.Lo), b(f.Hi)), math.Max(b(f.Lo), b(f.Hi))
	if f.Lo <= 0.5 && f.Hi >= 0.5 {
		hi = 1
	}
	return interval(b(f.Value), lo, hi)
}

func cellSummary(a *cellAcc, moveLog bool, conf float64) summary.Cell {
	n := a.games
	c := summary.Cell{
		Ruleset:    a.key.ruleset,
		Variant:    a.variant,
		AgentSouth: a.key.south,
		AgentNorth: a.key.north,
		First:      a.first.String(),
		Games:      n,
		Outcomes: summary.Outcomes{
			South:      share(a.results[engine.SouthWins], n, conf),
			North:      share(a.results[engine.NorthWins], n, conf),
			Draw:       share(a.results[engine.Draw], n, conf),
			Unfinished: share(a.results[engine.Unfinished], n, conf),
		},
		FirstMoverWins:  share(a.firstWins, n, conf),
		SecondMoverWins: share(a.secondWins, n, conf),
		EndReasons:      map[string]summary.Share{},
		CycleRate:       share(a.cycles, n, conf),
		NeverEnding: summary.NeverEnding{
			Moves:   a.neverEnding,
			PerGame: summary.Num(ratio(float64(a.neverEnding), float64(n))),
			Games:   share(a.neGames, n, conf),
		},
		CapturesPerGame: meanInterval(a.captures, conf),
		CapturedPerGame: meanInterval(a.captured, conf),
		MaxLaps:         a.maxLaps,
	}
	c.FirstPlayerAdvantage = fpa(a, conf)
	c.Balance = balanceOf(c.FirstPlayerAdvantage)
	for i, name := range engine.EndReasonNames() {
		c.EndReasons[name] = share(a.endReasons[i+1], n, conf)
	}
	c.Length = lengthOf(&a.plies, conf)
	if moveLog {
		d := int64(len(a.distinct))
		c.DistinctGames = &d
		c.Moves = &summary.MoveStats{
			Moves:           a.moves,
			BranchingFactor: ratioInterval(a.legal, conf),
			DecisionMoves:   ratioInterval(a.decision, conf),
			LapsPerMove:     ratioInterval(a.laps, conf),
			LeadChanges:     meanInterval(a.lead, conf),
			LeadChangesSD:   summary.Num(a.lead.SD()),
			Decisiveness:    meanInterval(a.decisive, conf),
			DecisivenessSD:  summary.Num(a.decisive.SD()),
			DecidedGames:    int64(a.decisive.N),
		}
	}
	for _, p := range a.conv.points {
		c.Convergence = append(c.Convergence, summary.Point{Games: p.games, Value: summary.Num(p.value), Lo: summary.Num(p.lo), Hi: summary.Num(p.hi)})
	}
	return c
}

func lengthOf(h *stats.IntHist, conf float64) summary.Length {
	s := h.Summarize(0.05, 0.25, 0.5, 0.75, 0.95)
	l := summary.Length{
		SD: summary.Num(s.SD), Min: summary.Num(s.Min), Max: summary.Num(s.Max),
		P5: summary.Num(s.Quantiles[0]), P25: summary.Num(s.Quantiles[1]), Median: summary.Num(s.Quantiles[2]),
		P75: summary.Num(s.Quantiles[3]), P95: summary.Num(s.Quantiles[4]),
		Histogram: [][2]int64{},
	}
	l.Mean = interval(s.Mean, s.Mean, s.Mean)
	if s.N >= 2 {
		h := stats.Z(conf) * s.SD / math.Sqrt(float64(s.N))
		l.Mean = interval(s.Mean, s.Mean-h, s.Mean+h)
	}
	x, w := h.Bins()
	for i := range x {
		l.Histogram = append(l.Histogram, [2]int64{int64(x[i]), int64(w[i])})
	}
	return l
}
