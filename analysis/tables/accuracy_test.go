package tables

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/summary"
)

// accuracySummary holds perfect play and random play on one solved board,
// random with a score against perfect in one seat only, and one doubling.
func accuracySummary() *summary.Summary {
	return &summary.Summary{Dataset: "d", Confidence: 0.95,
		Accuracy: []summary.Accuracy{
			{Ruleset: "kingulu:holes=3,seeds=3", Variant: "kingulu", Agent: "perfect", Moves: 40, KeptOutcome: 40, KeptMargin: 40,
				KeepsOutcome: summary.Interval{Value: 1, Lo: 0.912, Hi: 1}, KeepsMargin: summary.Interval{Value: 1, Lo: 0.912, Hi: 1}},
			{Ruleset: "kingulu:holes=3,seeds=3", Variant: "kingulu", Agent: "random", Moves: 50, KeptOutcome: 40, KeptMargin: 25,
				KeepsOutcome: summary.Interval{Value: 0.8, Lo: 0.67, Hi: 0.89}, KeepsMargin: summary.Interval{Value: 0.5, Lo: 0.37, Hi: 0.63},
				VsPerfectSouth: &summary.Score{Games: 20, Interval: summary.Interval{Value: 0, Lo: 0, Hi: 0.16}}},
		},
		Doubling: []summary.Doubling{{Ruleset: "kingulu", Variant: "kingulu", Agent: "alphabeta:nodes=1000", Doubled: "alphabeta:nodes=2000",
			Key: "nodes", Budget: 1000, Score: summary.Score{Games: 200, Interval: summary.Interval{Value: 0.6, Lo: 0.53, Hi: 0.66}}, Detectable: true, Verdict: summary.DoublingGain}},
	}
}

func TestAccuracyTables(t *testing.T) {
	s := accuracySummary()
	var b bytes.Buffer
	if err := WriteAccuracyCSV(&b, s); err != nil {
		t.Fatal(err)
	}
	want := `ruleset,variant,agent,moves,kept_outcome,keeps_outcome,keeps_outcome_lo,keeps_outcome_hi,kept_margin,keeps_margin,keeps_margin_lo,keeps_margin_hi,vs_perfect_south_games,vs_perfect_south,vs_perfect_south_lo,vs_perfect_south_hi,vs_perfect_north_games,vs_perfect_north,vs_perfect_north_lo,vs_perfect_north_hi
"kingulu:holes=3,seeds=3",kingulu,perfect,40,40,1,0.912,1,40,1,0.912,1,,,,,,,,
"kingulu:holes=3,seeds=3",kingulu,random,50,40,0.8,0.67,0.89,25,0.5,0.37,0.63,20,0,0,0.16,,,,
`
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteAccuracyMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"| `kingulu:holes=3,seeds=3` | `perfect` | 40 | 1.000 [0.912, 1.000] | 1.000 [0.912, 1.000] | – | – |",
		"| `kingulu:holes=3,seeds=3` | `random` | 50 | 0.800 [0.670, 0.890] | 0.500 [0.370, 0.630] | 0.000 [0.000, 0.160] (20) | – |",
	} {
		if !strings.Contains(b.String(), line+"\n") {
			t.Errorf("markdown lacks %q:\n%s", line, b.String())
		}
	}
	b.Reset()
	if err := WriteAccuracyLaTeX(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `\label{tab:baolab-accuracy}`) || strings.Count(b.String(), `\\`+"\n") != 3 {
		t.Errorf("latex: want a header and two rows:\n%s", b.String())
	}
	// accuracy.json: a list of rows with the keys the issue names.
	b.Reset()
	if err := WriteAccuracyJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal(b.Bytes(), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("json: %v, %d rows", err, len(rows))
	}
	for _, k := range []string{"ruleset", "agent", "moves", "keeps_outcome", "keeps_margin"} {
		if _, ok := rows[1][k]; !ok {
			t.Errorf("accuracy.json row lacks %q: %v", k, rows[1])
		}
	}
	if ko := rows[1]["keeps_outcome"].(map[string]any); ko["value"] != 0.8 || ko["lo"] != 0.67 || ko["hi"] != 0.89 {
		t.Errorf("keeps_outcome %v", ko)
	}
	if rows[0]["vs_perfect_south"] != nil {
		t.Errorf("perfect's score against itself %v, want null", rows[0]["vs_perfect_south"])
	}
}

func TestDoublingTables(t *testing.T) {
	s := accuracySummary()
	var b bytes.Buffer
	if err := WriteDoublingCSV(&b, s); err != nil {
		t.Fatal(err)
	}
	want := "ruleset,variant,agent,doubled,key,budget,games,score,score_lo,score_hi,detectable,verdict\nkingulu,kingulu,alphabeta:nodes=1000,alphabeta:nodes=2000,nodes,1000,200,0.6,0.53,0.66,yes,gain\n"
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteDoublingMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	if line := "| `kingulu` | `alphabeta:nodes=1000` | `alphabeta:nodes=2000` | 200 | 0.600 [0.530, 0.660] | yes |\n"; !strings.Contains(b.String(), line) {
		t.Errorf("markdown lacks %q:\n%s", line, b.String())
	}
}

// TestWriteAccuracyFiles checks that Write writes the accuracy and
// doubling files exactly when the summary has such rows.
func TestWriteAccuracyFiles(t *testing.T) {
	for _, with := range []bool{true, false} {
		s := accuracySummary()
		if !with {
			s.Accuracy, s.Doubling = nil, nil
		}
		dir := t.TempDir()
		if _, err := Write(s, dir); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"accuracy.json", "accuracy.csv", "accuracy.md", "accuracy.tex", "doubling.json", "doubling.csv", "doubling.md", "doubling.tex"} {
			if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != with {
				t.Errorf("rows %v: %s written: %v", with, name, err == nil)
			}
		}
	}
}

// TestGainText: the table's cell of each verdict.
func TestGainText(t *testing.T) {
	for verdict, want := range map[string]string{summary.DoublingGain: "yes", summary.DoublingNone: "no", summary.DoublingWorse: "no: doubled worse"} {
		if got := gainText(summary.Doubling{Verdict: verdict}); got != want {
			t.Errorf("%s: %q, want %q", verdict, got, want)
		}
	}
}
