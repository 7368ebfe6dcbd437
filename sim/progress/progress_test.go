package progress

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/sim"
)

var exp = dataset.Experiment{Rules: []string{"kingulu", "kimasai-four-rows"}, Agents: []string{"random/random"}, Games: 1000, Seed: 1, Batch: 100}

// drive feeds r a run of 2000 games whose counter advances during it.
func drive(r *Reporter, err error) {
	var played atomic.Int64
	r.Start(sim.Start{Experiment: exp, Shards: 1, Workers: 2, Games: 2000, GamesDone: 400, Batches: 20, BatchesDone: 4, Played: played.Load})
	for i := range 4 {
		played.Add(400)
		time.Sleep(30 * time.Millisecond)
		r.Batch(sim.Batch{Cell: exp.Cell(i / 2), Games: 100})
	}
	r.CellDone(sim.CellDone{Cell: exp.Cell(1), Cells: 2, Games: 1000, Plies: 180000, Results: [4]int64{550, 450, 0, 0}, Elapsed: 1500 * time.Millisecond})
	r.Done(sim.Summary{Games: 1600, Plies: 200000, Elapsed: 2 * time.Second, Skipped: 400, DatasetComplete: err == nil, Err: err})
}

func TestLines(t *testing.T) {
	var b bytes.Buffer
	r := New(&b, Lines)
	r.Interval = 20 * time.Millisecond
	drive(r, nil)
	out := b.String()
	for _, want := range []string{
		"sim: 2 rulesets × 1 agent pair × 1000 games, 2 workers: 1600 games to play\n",
		"sim: resuming: 4 of 20 batches (400 games) already finished\n",
		"games (", "games/s, elapsed", "ETA",
		"sim: cell 2/2 kimasai-four-rows × random/random done: 1000 games, 180.0 plies/game, south 55.0% north 45.0% draw 0.0% unfinished 0.0% (1.5s)\n",
		"sim: 1600 games, 200000 plies in 2s (800 games/s), 400 games skipped (done before); dataset complete\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "dataset complete\n") {
		t.Errorf("summary is not the last line:\n%s", out)
	}
}

func TestBarAndQuiet(t *testing.T) {
	var b bytes.Buffer
	drive(New(&b, Bar), errors.New("disk full"))
	if out := b.String(); !strings.Contains(out, "games/s") || !strings.Contains(out, "stopped early") || !strings.Contains(out, "cell 2/2") {
		t.Errorf("bar output:\n%q", out)
	}
	b.Reset()
	drive(New(&b, Quiet), nil)
	if b.Len() != 0 {
		t.Errorf("quiet wrote %q", b.String())
	}
	if New(&b, Auto).Mode != Lines {
		t.Error("a buffer is not a terminal")
	}
}

// TestNotes prints what the resume found (sim.Start.Notes), one line
// each, after the resuming line.
func TestNotes(t *testing.T) {
	var b bytes.Buffer
	r := New(&b, Lines)
	r.Start(sim.Start{Experiment: exp, Shards: 1, Workers: 1, Games: 2000, GamesDone: 1900, Batches: 20, BatchesDone: 19,
		Notes: []string{"batch 3 of cell 0 played again: x.parquet: CRC-32C 1, the manifest records 2", "manifest.json was unreadable: rebuilt"}})
	r.Done(sim.Summary{DatasetComplete: true})
	out := b.String()
	want := "already finished\nsim: note: batch 3 of cell 0 played again: x.parquet: CRC-32C 1, the manifest records 2\nsim: note: manifest.json was unreadable: rebuilt\n"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks the notes %q:\n%s", want, out)
	}
}
