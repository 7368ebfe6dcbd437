package analysis

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// TestReplayMismatch replays a logged game of the simulator after
// changing one logged fact at a time, and checks that the replay stops at
// the right ply and says what differs.
func TestReplayMismatch(t *testing.T) {
	if testenv.Short() {
		t.Skip("plays games")
	}
	dir, e := simDataset(t)
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	orig, err := FindGame(context.Background(), ds, e.GameID(0, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(orig.Moves) < 4 || int32(len(orig.Moves)) != orig.Plies {
		t.Fatalf("game has %d moves, %d plies", len(orig.Moves), orig.Plies)
	}
	var out bytes.Buffer
	if err := Replay(&out, orig); err != nil {
		t.Fatalf("unchanged game: %v", err)
	}
	if n := strings.Count(out.String(), " plays "); n != len(orig.Moves) {
		t.Errorf("printed %d moves, want %d", n, len(orig.Moves))
	}
	for _, c := range []struct {
		name   string
		change func(g *LoggedGame)
		ply    int
		want   string
	}{
		{"hash", func(g *LoggedGame) { g.Moves[2].Hash ^= 1 }, 2, "logged hash"},
		{"material", func(g *LoggedGame) { g.Moves[1].MaterialNorth++ }, 1, "logged material"},
		{"laps", func(g *LoggedGame) { g.Moves[3].Laps += 5 }, 3, "laps"},
		{"mover", func(g *LoggedGame) {
			g.Moves[0].Player = g.Moves[0].Player.Other()
		}, 0, "logged mover"},
		{"legal moves", func(g *LoggedGame) { g.Moves[2].Legal = 60 }, 2, "legal moves"},
		{"result", func(g *LoggedGame) { g.Result = engine.Draw }, -1, "logged draw"},
		{"captures", func(g *LoggedGame) { g.Captures += 1 }, -1, "captures"},
		{"missing last move", func(g *LoggedGame) { g.Moves = g.Moves[:len(g.Moves)-1]; g.Plies-- }, -1, "the engine can still play"},
		{"plies", func(g *LoggedGame) { g.Plies++ }, -1, "plies"},
	} {
		g := *orig
		g.Moves = append([]dataset.MoveRow(nil), orig.Moves...)
		c.change(&g)
		err := Replay(&bytes.Buffer{}, &g)
		var re *ReplayError
		if !errors.As(err, &re) || re.Ply != c.ply || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a ReplayError at ply %d saying %q", c.name, err, c.ply, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error not one line", c.name)
		}
	}
	if _, err := FindGame(context.Background(), ds, 1<<40); err == nil || !strings.Contains(err.Error(), "not in the dataset") {
		t.Errorf("unknown game: %v", err)
	}
	g := *orig
	g.Ruleset = "kingulu:nonsense=1"
	if err := Replay(&bytes.Buffer{}, &g); err == nil || !strings.Contains(err.Error(), "nonsense") {
		t.Errorf("bad ruleset: %v", err)
	}
}

// TestReplayChecksExperiment replays from a dataset whose games or moves
// file of one batch was written by another experiment: FindGame refuses
// it, naming the file, as the analysis does. (Failed before FindGame
// checked the footers: the foreign game was replayed.)
func TestReplayChecksExperiment(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves bool // replace only the moves file
	}{{"games file", false}, {"moves file", true}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			e := handExperiment()
			writeManifestDataset(t, dir, e, e.ID())
			games := handGames("kingulu", "south", 3)[:2]
			other := t.TempDir()
			if err := synth.WriteBatchOf(other, "0123456789abcdef", 0, 1, games, true); err != nil {
				t.Fatal(err)
			}
			path := dataset.BatchPath(dir, dataset.Games, "kingulu", 0, 1)
			if c.moves {
				path = dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
				if err := os.Rename(dataset.BatchPath(other, dataset.Moves, "kingulu", 0, 1), path); err != nil {
					t.Fatal(err)
				}
			} else if err := os.Rename(dataset.BatchPath(other, dataset.Games, "kingulu", 0, 1), path); err != nil {
				t.Fatal(err)
			}
			ds, err := load.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := FindGame(context.Background(), ds, 0); err != nil {
				t.Errorf("game 0 of an untouched batch: %v", err)
			}
			_, err = FindGame(context.Background(), ds, 3)
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "foreign file") {
				t.Errorf("game 3: %v, want a foreign file error naming %s", err, path)
			}
		})
	}
}

// TestCorruptFileSaysHowToRepair checks that a corrupt data file found by
// the analysis or the replay comes with the way to repair it.
func TestCorruptFileSaysHowToRepair(t *testing.T) {
	dir := t.TempDir()
	e := handExperiment()
	writeManifestDataset(t, dir, e, e.ID())
	p := dataset.BatchPath(dir, dataset.Moves, "kingulu", 0, 1)
	truncate(t, p, 0.5)
	err := analyzeErr(dir)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "delete the file and run the same baolab sim command again") {
		t.Errorf("analyze: %v", err)
	}
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FindGame(context.Background(), ds, 3); err == nil || !strings.Contains(err.Error(), "to repair") {
		t.Errorf("replay: %v", err)
	}
}
