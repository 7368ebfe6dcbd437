package analysis

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/analysis/tables"
)

// writeExactDataset writes a synthetic dataset of tiny boards: the
// 4-hole, 2-seed kingulu board (random/random and greedy/random), the
// same board with North moving first, and the default board (too big to
// solve).
func writeExactDataset(t *testing.T, dir string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	cells := []synth.Cell{
		{Ruleset: "kingulu:holes=4,seeds=2", Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 20, PFirst: 0.2, PDraw: 0.05},
		{Ruleset: "kingulu:holes=4,seeds=2", Variant: "kingulu", South: "greedy", North: "random", First: "south", MeanPlies: 20, PFirst: 0.9},
		{Ruleset: "kingulu:first=north,holes=4,seeds=2", Variant: "kingulu", South: "random", North: "random", First: "north", MeanPlies: 20, PFirst: 0.8},
		{Ruleset: "kingulu", Variant: "kingulu", South: "random", North: "random", First: "south", MeanPlies: 40, PFirst: 0.5},
	}
	for c, cell := range cells {
		if err := synth.WriteBatch(dir, c, 0, synth.RandomGames(rng, cell, int64(c*200), 200), false); err != nil {
			t.Fatal(err)
		}
	}
}

func cellOf(s *summary.Summary, ruleset, south, north string) summary.Cell {
	for _, c := range s.Cells {
		if c.Ruleset == ruleset && c.AgentSouth == south && c.AgentNorth == north {
			return c
		}
	}
	return summary.Cell{}
}

// TestExactValues checks the exact values against baolab solve's output
// for the 4-hole, 2-seed kingulu board:
//
//	positions=104 terminal=21 cyclic=no
//	outcome=north south_can_force=-4 north_can_force=-4
//
// so South, moving first, loses by 4 (first-player value 0); with
// first=north the board is the mirror image: North, moving first, loses
// by 4 (margin +4 from South's side, first-player value 0 again). The
// default board is skipped with a note, not an error.
func TestExactValues(t *testing.T) {
	dir := t.TempDir()
	writeExactDataset(t, dir)
	s := analyzeDir(t, dir)
	if len(s.Exact) != 2 {
		t.Fatalf("%d exact values, want 2: %+v", len(s.Exact), s.Exact)
	}
	four := -4
	plus4 := 4
	for i, want := range []struct {
		ruleset, reading, first, outcome string
		margin                           *int
	}{
		{"kingulu:holes=4,seeds=2", "", "south", "north", &four},
		{"kingulu:first=north,holes=4,seeds=2", "first=north", "north", "south", &plus4},
	} {
		e := s.Exact[i]
		if e.Ruleset != want.ruleset || e.Variant != "kingulu" || e.Board != "holes=4,seeds=2" || e.Reading != want.reading ||
			e.First != want.first || e.Positions != 104 || e.Terminal != 21 || e.Cyclic ||
			e.Outcome != want.outcome || e.Margin == nil || *e.Margin != *want.margin ||
			e.SouthCanForce == nil || *e.SouthCanForce != *want.margin || e.NorthCanForce == nil || *e.NorthCanForce != *want.margin ||
			e.FirstPlayerValue != 0 {
			t.Errorf("exact %d: %s", i, mustJSON(t, e))
		}
		// The random-play column is the random/random cell, not greedy/random.
		c := cellOf(s, want.ruleset, "random", "random")
		if e.RandomGames != 200 || e.RandomFPA != c.FirstPlayerAdvantage {
			t.Errorf("%s: random play %d games %+v, cell %+v", e.Ruleset, e.RandomGames, e.RandomFPA, c.FirstPlayerAdvantage)
		}
		if want := agreement(0, c.FirstPlayerAdvantage); e.Agreement != want {
			t.Errorf("%s: agreement %q, want %q", e.Ruleset, e.Agreement, want)
		}
	}
	// PFirst 0.2 over 200 games: clear of 0.5 on the loser's side.
	if s.Exact[0].Agreement != "agrees" || s.Exact[1].Agreement != "disagrees" {
		t.Errorf("agreements %q, %q (random FPA %v, %v)", s.Exact[0].Agreement, s.Exact[1].Agreement, s.Exact[0].RandomFPA, s.Exact[1].RandomFPA)
	}
	var note string
	for _, n := range s.Notes {
		if strings.HasPrefix(n, "exact: ") {
			note += n
		}
	}
	if !strings.Contains(note, "1 ruleset(s)") || !strings.Contains(note, "(kingulu)") {
		t.Errorf("exact notes %q", note)
	}
	// The report holds the tables and the figure.
	out := t.TempDir()
	if _, err := WriteReport(s, out); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"exact.json", "exact.csv", "exact.md", "exact.tex", "exact.png", "exact.svg", "exact.pdf"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, "exact.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back []summary.Exact
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, back) != mustJSON(t, s.Exact) {
		t.Errorf("exact.json round trip:\n%s\n%s", mustJSON(t, back), mustJSON(t, s.Exact))
	}
}

// TestExactSkipped: a board over the position cap is skipped with a note
// naming it, no exact table is written, and a negative cap solves nothing
// and says nothing.
func TestExactSkipped(t *testing.T) {
	dir := t.TempDir()
	writeExactDataset(t, dir)
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(t.Context(), ds, Options{Workers: 2, ExactMaxPositions: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Exact) != 0 {
		t.Errorf("exact values over the cap: %+v", s.Exact)
	}
	want := "exact: values skipped for 3 ruleset(s) with more than 100 positions or a key too long to solve (kingulu:holes=4,seeds=2, kingulu:first=north,holes=4,seeds=2, kingulu)"
	if !slices.ContainsFunc(s.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("notes %q, want one starting %q", s.Notes, want)
	}
	out := t.TempDir()
	if _, err := WriteReport(s, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "exact.json")); !os.IsNotExist(err) {
		t.Errorf("exact.json written without exact values: %v", err)
	}
	s, err = Analyze(t.Context(), ds, Options{Workers: 2, ExactMaxPositions: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Exact) != 0 || slices.ContainsFunc(s.Notes, func(n string) bool { return strings.HasPrefix(n, "exact: ") }) {
		t.Errorf("exact values off: %+v, notes %q", s.Exact, s.Notes)
	}
}

// TestExactJSONKeys pins the keys of exact.json, which other tools read.
func TestExactJSONKeys(t *testing.T) {
	m := 2
	s := &summary.Summary{Exact: []summary.Exact{{Ruleset: "r", Margin: &m, SouthCanForce: &m}}}
	var buf bytes.Buffer
	if err := tables.WriteExactJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]json.RawMessage
	if err := json.Unmarshal(buf.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range rows[0] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"agreement", "board", "cyclic", "first", "first_player_value", "margin", "north_can_force", "outcome", "positions",
		"random_fpa", "random_games", "reading", "ruleset", "south_can_force", "terminal", "variant"}
	if !slices.Equal(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}
	if string(rows[0]["north_can_force"]) != "null" || string(rows[0]["margin"]) != "2" {
		t.Errorf("north_can_force %s margin %s", rows[0]["north_can_force"], rows[0]["margin"])
	}
}

// TestAgreement works the three verdicts by hand.
func TestAgreement(t *testing.T) {
	iv := func(lo, hi float64) summary.Interval {
		return summary.Interval{Value: summary.Num((lo + hi) / 2), Lo: summary.Num(lo), Hi: summary.Num(hi)}
	}
	for _, c := range []struct {
		v    float64
		f    summary.Interval
		want string
	}{
		{1, iv(0.55, 0.6), "agrees"}, {1, iv(0.4, 0.45), "disagrees"}, {1, iv(0.45, 0.55), "undecided"},
		{0, iv(0.4, 0.45), "agrees"}, {0, iv(0.55, 0.6), "disagrees"}, {0, iv(0.5, 0.55), "undecided"},
		{0.5, iv(0.45, 0.55), "agrees"}, {0.5, iv(0.51, 0.55), "disagrees"}, {0.5, iv(0.4, 0.49), "disagrees"},
	} {
		if got := agreement(c.v, c.f); got != c.want {
			t.Errorf("agreement(%v, [%v, %v]) = %q, want %q", c.v, c.f.Lo, c.f.Hi, got, c.want)
		}
	}
}
