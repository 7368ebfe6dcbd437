// Package progress shows how a simulation run goes: a progress bar
// (schollz/progressbar) with games/s and ETA when the output is a
// terminal, plain periodic lines otherwise, and in both cases one line per
// finished ruleset × agent pair and a final summary line.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/baolab/baolab/sim"
)

// Mode selects how progress is shown.
type Mode int

const (
	Auto  Mode = iota // Bar if the writer is a terminal, else Lines
	Bar               // progress bar, redrawn in place
	Lines             // one line every Interval
	Quiet             // nothing at all
)

// Reporter is a sim.Observer that writes to W.
type Reporter struct {
	W        io.Writer
	Mode     Mode
	Interval time.Duration // Lines mode: time between two lines (0: 10 s)

	mu    sync.Mutex // serialises writes of the ticker and the run
	start time.Time
	plan  sim.Start
	bar   *progressbar.ProgressBar
	stop  chan struct{}
	wg    sync.WaitGroup
}

// New returns a reporter writing to w in mode m. Auto picks Bar when w is
// a terminal *os.File.
func New(w io.Writer, m Mode) *Reporter {
	if m == Auto {
		m = Lines
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			m = Bar
		}
	}
	return &Reporter{W: w, Mode: m}
}

// Start implements sim.Observer.
func (r *Reporter) Start(s sim.Start) {
	if r.Mode == Quiet {
		return
	}
	r.start, r.plan = time.Now(), s
	todo := s.Games - s.GamesDone
	shard := ""
	if s.Shards > 1 {
		shard = fmt.Sprintf(" (shard %d/%d)", s.Shard, s.Shards)
	}
	r.printf("sim: %s × %s × %d games%s, %s: %d games to play", plural(len(s.Experiment.Rules), "ruleset"), plural(len(s.Experiment.Agents), "agent pair"), s.Experiment.Games, shard, plural(s.Workers, "worker"), todo)
	if s.GamesDone > 0 {
		r.printf("sim: resuming: %d of %d batches (%d games) already finished", s.BatchesDone, s.Batches, s.GamesDone)
	}
	for _, n := range s.Notes {
		r.printf("sim: note: %s", n)
	}
	if todo == 0 || s.Played == nil {
		return
	}
	r.stop = make(chan struct{})
	every := r.Interval
	if r.Mode == Bar {
		r.bar = progressbar.NewOptions64(todo,
			progressbar.OptionSetWriter(r.W),
			progressbar.OptionSetDescription("games"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetWidth(30),
			progressbar.OptionClearOnFinish(),
		)
		every = 250 * time.Millisecond
	} else if every <= 0 {
		every = 10 * time.Second
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-r.stop:
				return
			case <-t.C:
				r.tick(s.Played(), todo)
			}
		}
	}()
}

func (r *Reporter) tick(played, todo int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Set64(min(played, todo))
		return
	}
	el := time.Since(r.start)
	rate := float64(played) / el.Seconds()
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(todo-played)/rate) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(r.W, "sim: %d/%d games (%.1f%%), %.0f games/s, elapsed %s, ETA %s\n", played, todo, 100*float64(played)/float64(todo), rate, el.Round(time.Second), eta)
}

// printf writes one line, clearing the bar around it.
func (r *Reporter) printf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Clear()
	}
	fmt.Fprintf(r.W, format+"\n", args...)
	if r.bar != nil {
		r.bar.RenderBlank()
	}
}

// Stopping says at once that the run was asked to stop (cause: what
// asked, e.g. "interrupt"): games in play are dropped, finished batches
// kept. The run's own summary follows when the workers have stopped.
func (r *Reporter) Stopping(cause string) {
	if r.Mode == Quiet {
		return
	}
	r.printf("sim: stopping (%s): finished batches are kept; run the same command again to resume (a second signal quits at once)", cause)
}

// Batch implements sim.Observer (progress comes from Start.Played).
func (r *Reporter) Batch(sim.Batch) {}

// CellDone implements sim.Observer: one line per finished cell.
func (r *Reporter) CellDone(c sim.CellDone) {
	if r.Mode == Quiet {
		return
	}
	r.printf("sim: cell %d/%d %s × %s done: %s (%s)", c.Cell.Index+1, c.Cells, c.Cell.Ruleset, c.Cell.Agents, Outcomes(c.Games, c.Plies, c.Results), c.Elapsed.Round(100*time.Millisecond))
}

// Outcomes describes games: their count, mean length and results.
func Outcomes(games, plies int64, res [4]int64) string {
	if games == 0 {
		return "0 games"
	}
	g := float64(games)
	return fmt.Sprintf("%d games, %.1f plies/game, south %.1f%% north %.1f%% draw %.1f%% unfinished %.1f%%",
		games, float64(plies)/g, 100*float64(res[0])/g, 100*float64(res[1])/g, 100*float64(res[2])/g, 100*float64(res[3])/g)
}

// Done implements sim.Observer: the summary line.
func (r *Reporter) Done(s sim.Summary) {
	if r.Mode == Quiet {
		return
	}
	if r.stop != nil {
		close(r.stop)
		r.wg.Wait()
	}
	r.mu.Lock()
	if r.bar != nil {
		r.bar.Exit()
		r.bar = nil
	}
	r.mu.Unlock()
	state := "dataset complete"
	switch {
	case s.Err != nil:
		state = "stopped early"
	case !s.DatasetComplete:
		state = "dataset not complete yet (other shards)"
	}
	skipped := ""
	if s.Skipped > 0 {
		skipped = fmt.Sprintf(", %d games skipped (done before)", s.Skipped)
	}
	r.printf("sim: %d games, %d plies in %s (%.0f games/s)%s; %s", s.Games, s.Plies, s.Elapsed.Round(10*time.Millisecond), s.GamesPerSecond(), skipped, state)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
