package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
)

// Sampling budget of sim --dry-run: about sampleBudget of play per cell,
// at most sampleTotal for the whole grid, and always at least one game.
const (
	sampleBudget = 200 * time.Millisecond
	sampleTotal  = 5 * time.Second
)

// dryRunPlan is what sim --dry-run reports of an experiment.
type dryRunPlan struct {
	exp           dataset.Experiment
	workers       int // games played at once (0 resolved)
	shard, shards int
}

// cellSample is the measured cost of a cell's first games: the agents'
// preparation (a perfect agent's solve), once per run, and the games.
type cellSample struct {
	games   int
	prepare time.Duration
	elapsed time.Duration // of the games
}

// perGame is the mean wall time of one game of the sample.
func (s cellSample) perGame() time.Duration { return s.elapsed / time.Duration(s.games) }

// batchesToPlay is the number of batches of a cell this shard plays.
func (p dryRunPlan) batchesToPlay() int {
	n := 0
	for b := range p.exp.NumBatches() {
		if b%p.shards == p.shard {
			n++
		}
	}
	return n
}

// gamesToPlay is the number of games of a cell this shard plays.
func (p dryRunPlan) gamesToPlay() int {
	n := 0
	for b := range p.exp.NumBatches() {
		if b%p.shards == p.shard {
			lo, hi := p.exp.BatchRange(b)
			n += hi - lo
		}
	}
	return n
}

// runDryRun prints the expanded grid and an estimate of the run's time,
// from a short sample of each cell's first games, and writes no file.
func runDryRun(ctx context.Context, w io.Writer, p dryRunPlan) error {
	e := p.exp
	cells := e.NumCells()
	fmt.Fprintf(w, "experiment %s (seed %d)\n", e.ID(), e.Seed)
	fmt.Fprintf(w, "rulesets: %d\n", len(e.Rules))
	for _, r := range e.Rules {
		fmt.Fprintf(w, "  %s\n", r)
	}
	fmt.Fprintf(w, "agent pairs: %d\n", len(e.Agents))
	for _, a := range e.Agents {
		ladder := ""
		if e.InLadder(a) {
			ladder = " (ladder)"
		}
		fmt.Fprintf(w, "  %s%s\n", a, ladder)
	}
	fmt.Fprintf(w, "cells: %d (%d rulesets × %d agent pairs)\n", cells, len(e.Rules), len(e.Agents))
	fmt.Fprintf(w, "games: %d per cell, %d in total\n", e.Games, int64(e.Games)*int64(cells))
	fmt.Fprintf(w, "batches: %d per cell of up to %d games, %d in total\n", e.NumBatches(), e.Batch, e.NumBatches()*cells)
	if p.shards > 1 {
		fmt.Fprintf(w, "shard %d/%d: %d batches (%d games) per cell, %d games in total\n", p.shard, p.shards, p.batchesToPlay(), p.gamesToPlay(), int64(p.gamesToPlay())*int64(cells))
	}
	fmt.Fprintf(w, "moves table: %s; opening plies: %d; workers: %d\n", map[bool]string{true: "written", false: "not written"}[e.Moves], e.OpeningPlies, p.workers)
	budget := min(sampleBudget, sampleTotal/time.Duration(cells))
	var work time.Duration // one core's time for every game this shard plays
	for c := range cells {
		s, err := sampleCell(ctx, e, c, budget)
		if err != nil {
			return err
		}
		cellWork := s.prepare + s.perGame()*time.Duration(p.gamesToPlay())
		work += cellWork
		cell := e.Cell(c)
		fmt.Fprintf(w, "cell %d/%d %s × %s: sampled %d games in %s, %s per game: about %s for %d games\n",
			c+1, cells, cell.Ruleset, cell.Agents, s.games, roundTime(s.elapsed), roundTime(s.perGame()), roundTime(cellWork), p.gamesToPlay())
	}
	par := min(p.workers, runtime.NumCPU(), max(1, p.batchesToPlay()*cells))
	fmt.Fprintf(w, "estimated time: about %s with %d games at a time (an estimate: the sample's games on one core of this machine now, divided among the workers; the writing of files and other load are not in it)\n",
		roundTime(work/time.Duration(par)), par)
	_, err := fmt.Fprintln(w, "dry run: nothing was played into or written to the output directory")
	return err
}

// sampleCell plays the first games of cell c, as sim plays them (same
// seeds, opening and agents), for about budget and at least one game, and
// measures them.
func sampleCell(ctx context.Context, e dataset.Experiment, c int, budget time.Duration) (cellSample, error) {
	cell := e.Cell(c)
	g, err := engine.Parse(cell.Ruleset)
	if err != nil {
		return cellSample{}, usageError{err}
	}
	south, north, err := agent.ParsePair(cell.Agents)
	if err != nil {
		return cellSample{}, usageError{err}
	}
	start := time.Now()
	for _, sp := range []agent.Spec{south, north} {
		if p, ok := sp.(agent.Preparer); ok {
			if err := p.Prepare(g); err != nil {
				return cellSample{}, usageError{err}
			}
		}
	}
	seats := [2]agent.Agent{south.New(g), north.New(g)}
	key := dataset.CellKey(e.Seed, cell.Ruleset, cell.Agents)
	s := cellSample{prepare: time.Since(start)}
	start = time.Now()
	for s.games == 0 || time.Since(start) < budget && s.games < e.Games {
		if err := ctx.Err(); err != nil {
			return s, err
		}
		if err := playSample(g, seats, e, key, s.games); err != nil {
			return s, fmt.Errorf("sample of cell %d (%s × %s): %w", c+1, cell.Ruleset, cell.Agents, err)
		}
		s.games++
	}
	s.elapsed = time.Since(start)
	return s, nil
}

// playSample plays game i of a cell to its end: its opening plies at
// random from the game's opening seed, then the agents, reset with the
// game's seeds.
func playSample(g engine.Game, seats [2]agent.Agent, e dataset.Experiment, key uint64, i int) error {
	gs := dataset.GameSeed(key, i)
	seats[engine.South].Reset(dataset.AgentSeed(gs, engine.South))
	seats[engine.North].Reset(dataset.AgentSeed(gs, engine.North))
	opening := rand.New(rand.NewPCG(dataset.OpeningSeed(e.Seed, g.Ruleset(), i), 0))
	s := g.NewState()
	var buf []engine.Move
	for !s.Over() {
		moves := s.Candidates(buf[:0])
		if len(moves) == 0 {
			return errors.New("game not over but no candidate moves")
		}
		var mv engine.Move
		if s.Ply() < e.OpeningPlies {
			mv = moves[opening.IntN(len(moves))]
		} else {
			mv = seats[s.Player()].Choose(s, moves)
		}
		if _, err := s.Apply(mv); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
			return fmt.Errorf("ply %d: move %d: %w", s.Ply(), mv, err)
		}
	}
	return nil
}

// roundTime rounds d for a reader: to 3 significant figures or so.
func roundTime(d time.Duration) string {
	switch {
	case d >= time.Hour:
		return d.Round(time.Minute).String()
	case d >= time.Minute:
		return d.Round(time.Second).String()
	case d >= time.Second:
		return d.Round(10 * time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	}
	return strings.TrimSpace(d.Round(100 * time.Nanosecond).String())
}
