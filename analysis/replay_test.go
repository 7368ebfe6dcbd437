package analysis

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestReplayMismatch replays a logged game of the simulator after
// changing one logged fact at a time, and checks that the replay stops at
// the right ply and says what differs.
func TestReplayMismatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir, e := simDataset(t)
	ds, err := Open(dir)
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
			g.Moves[0].Player = map[string]string{"south": "north", "north": "south"}[g.Moves[0].Player]
		}, 0, "logged mover"},
		{"legal moves", func(g *LoggedGame) { g.Moves[2].Legal = 60 }, 2, "legal moves"},
		{"result", func(g *LoggedGame) { g.Result = "draw" }, -1, "logged draw"},
		{"captures", func(g *LoggedGame) { g.Captures += 1 }, -1, "captures"},
		{"missing last move", func(g *LoggedGame) { g.Moves = g.Moves[:len(g.Moves)-1]; g.Plies-- }, -1, "the engine can still play"},
		{"plies", func(g *LoggedGame) { g.Plies++ }, -1, "plies"},
	} {
		g := *orig
		g.Moves = append([]LoggedMove(nil), orig.Moves...)
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
