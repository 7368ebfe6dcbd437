package analysis

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
	"github.com/baolab/baolab/sim"
	"github.com/baolab/baolab/solve"
)

// tinyBoard is the smallest kingulu board on which a move can throw a
// game away: 3 holes a row, 3 seeds a hole, 84 positions, no cycle;
// North wins by 2 under perfect play.
const tinyBoard = "kingulu:holes=3,seeds=3"

// TestAccuracyHandWorked judges three logged games of the tiny board.
// The values, from the mover's side (South's score minus North's for
// South, its negation for North), were read off `baolab solve --rules
// kingulu:holes=3,seeds=3` and the solved table position by position:
//
// Game 1, A (South) against B (North), moves 0 1 0 2 2:
//
//	ply 0  A plays s0 of 3: -2 -> -6    a loss either way: outcome kept, margin not
//	ply 1  B plays n1 of 2: +6 -> -14   a won game thrown away: neither kept
//	ply 2  A plays s0 of 2: 14 -> 14    both kept
//	ply 3  B has one move, ply 4 A has one move: not judged
//
// Game 2, C against B, moves 2 1 0:
//
//	ply 0  C plays s2 of 3: -2 -> -2    both kept
//	ply 1  B plays n1 of 2: +2 -> -2    neither kept
//	ply 2  C has one move: not judged
//
// Game 3, A against B after a random opening of 1 ply, moves 1 2 0 0 1 0 2 0:
//
//	ply 0  the opening: not judged
//	ply 1  B plays n2 of 2: +2 -> -18   neither kept
//	ply 2  A plays s0 of 2: 18 -> 16    outcome kept, margin not
//	ply 3  B has one move: not judged
//	ply 4  A plays s1 of 2: 16 -> 16    both kept
//	ply 5  B plays n0 of 2: -16 -> -16  both kept
//	ply 6  A has one move: not judged
//	ply 7  B plays n0 of 2: -16 -> -16  both kept (and the game ends)
//
// So A: 4 moves, 4 keep the outcome, 2 the margin; B: 5 moves, 2 and 2;
// C: 1 move, 1 and 1.
func TestAccuracyHandWorked(t *testing.T) {
	g, err := engine.Parse(tinyBoard)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solve.Solve(g.NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Positions != 84 || res.Root.For(engine.South) != -2 {
		t.Fatalf("%s: %d positions, root %v; the working below assumes 84 and -2", tinyBoard, res.Positions, res.Root)
	}
	type logged struct {
		south, north string
		opening      int32
		moves, legal []int
	}
	games := []logged{
		{"A", "B", 0, []int{0, 1, 0, 2, 2}, []int{3, 2, 2, 1, 1}},
		{"C", "B", 0, []int{2, 1, 0}, []int{3, 2, 1}},
		{"A", "B", 1, []int{1, 2, 0, 0, 1, 0, 2, 0}, []int{3, 2, 2, 1, 2, 2, 1, 2}},
	}
	j := &judge{ruleset: tinyBoard, game: g, table: res.Table, counts: map[string]*judged{}}
	coder, err := solve.NewCoder(g.NewState())
	if err != nil {
		t.Fatal(err)
	}
	for id, lg := range games {
		k := 0
		next := func() (dataset.MoveRow, error) {
			r := dataset.MoveRow{GameID: int64(id), Ply: int32(k), Move: int8(lg.moves[k]), Legal: int16(lg.legal[k])}
			k++
			return r, nil
		}
		if err := j.replay(loggedGame{id: int64(id), south: lg.south, north: lg.north, plies: int32(len(lg.moves)), opening: lg.opening}, next, coder); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]judged{"A": {4, 4, 2}, "B": {5, 2, 2}, "C": {1, 1, 1}}
	if fmt.Sprint(j.agents) != "[A B C]" {
		t.Errorf("agents %v, want [A B C]", j.agents)
	}
	for a, w := range want {
		if got := j.counts[a]; got == nil || *got != w {
			t.Errorf("%s: judged %+v, want %+v", a, got, w)
		}
	}

	// A move the engine rejects, and a position the table does not hold,
	// are errors, not moves judged.
	bad := func() (dataset.MoveRow, error) { return dataset.MoveRow{GameID: 9, Move: 7, Legal: 3}, nil }
	if err := j.replay(loggedGame{id: 9, south: "A", north: "B", plies: 1}, bad, coder); err == nil {
		t.Error("an illegal logged move was judged")
	}
	other, _ := engine.Parse("kingulu:holes=3,seeds=2")
	j2 := &judge{ruleset: tinyBoard, game: other, table: res.Table, counts: map[string]*judged{}}
	if err := j2.replay(loggedGame{id: 1, plies: 0}, bad, coder); err == nil {
		t.Error("a start position missing from the table was not an error")
	}
}

// TestForcedClass checks the classes a move keeps or loses: a forced
// win, draw or loss, and none (on a cyclic board, a side that cannot force
// a finished game) as a class of its own.
func TestForcedClass(t *testing.T) {
	for _, c := range []struct {
		v, w int
		same bool
	}{
		{3, 1, true}, {1, 0, false}, {0, 0, true}, {0, -1, false}, {-1, -12, true},
		{0, solveNone, false}, {-1, solveNone, false}, {solveNone, solveNone, true},
	} {
		if got := forcedClass(c.v) == forcedClass(c.w); got != c.same {
			t.Errorf("classes of %d and %d the same: %v, want %v", c.v, c.w, got, c.same)
		}
	}
}

// TestAccuracySimulated analyses games of the tiny board between perfect
// and random play: perfect keeps both shares at exactly 1, random does
// not, and random as South against a perfect North scores exactly 0 (North
// wins from the start under perfect play, and perfect keeps that value).
func TestAccuracySimulated(t *testing.T) {
	if testenv.Short() {
		t.Skip("plays games")
	}
	plan := sim.Plan{Rules: []string{tinyBoard}, Agents: []string{"perfect/random", "random/perfect", "random"},
		Games: 200, Seed: 3, Batch: 64, Moves: true}
	e, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]summary.Accuracy{}
	for _, r := range s.Accuracy {
		rows[r.Agent] = r
	}
	p, r := rows["perfect"], rows["random"]
	if len(s.Accuracy) != 2 || p.Moves == 0 || r.Moves == 0 {
		t.Fatalf("accuracy rows %+v", s.Accuracy)
	}
	if p.KeepsOutcome.Value != 1 || p.KeepsMargin.Value != 1 || p.KeptMargin != p.Moves {
		t.Errorf("perfect keeps outcome %v, margin %v of %d moves; want exactly 1", p.KeepsOutcome.Value, p.KeepsMargin.Value, p.Moves)
	}
	if !(r.KeepsMargin.Hi < 1 && r.KeepsMargin.Value <= r.KeepsOutcome.Value && r.KeepsOutcome.Value < 1) {
		t.Errorf("random keeps outcome %v, margin %v: want both below 1, margin at most outcome", r.KeepsOutcome, r.KeepsMargin)
	}
	if p.VsPerfectSouth != nil || p.VsPerfectNorth != nil {
		t.Error("perfect has a score against itself")
	}
	if vs := r.VsPerfectSouth; vs == nil || vs.Games != 200 || vs.Value != 0 {
		t.Errorf("random as South against perfect: %+v, want 0 in 200 games", vs)
	}
	if vs := r.VsPerfectNorth; vs == nil || vs.Games != 200 || !(vs.Lo <= vs.Value && vs.Value <= vs.Hi) {
		t.Errorf("random as North against perfect: %+v", vs)
	}
	// The moves judged: every move of the move log with two or more legal
	// moves (there is no opening), counted from the tables themselves.
	var decisions int64
	for _, f := range ds.Moves {
		eachRecord(t, f.Path, func(rec arrow.RecordBatch) {
			legal := rec.Column(rec.Schema().FieldIndices("legal_moves")[0]).(*array.Int16)
			for i := 0; i < legal.Len(); i++ {
				if legal.Value(i) >= 2 {
					decisions++
				}
			}
		})
	}
	if p.Moves+r.Moves != decisions {
		t.Errorf("%d + %d moves judged, the move log has %d decisions", p.Moves, r.Moves, decisions)
	}

	// The report: the accuracy table and figure, shown on its page in the
	// order of the tables and under the figure's caption.
	out := t.TempDir()
	if _, err := WriteReport(s, out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"accuracy.json", "accuracy.csv", "accuracy.md", "accuracy.tex", "accuracy.png", "accuracy.svg", "accuracy.pdf"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if i, j := strings.Index(html, "Accuracy against perfect play"), strings.Index(html, "Exact values"); i < 0 || j < 0 || i < j {
		t.Errorf("index.html: accuracy table at %d, exact table at %d: want both, accuracy after", i, j)
	}
	if !strings.Contains(html, `data-file="accuracy.svg"`) || !strings.Contains(html, "accuracy against perfect play on the solved boards") {
		t.Error("index.html lacks the accuracy figure or its caption")
	}
}
