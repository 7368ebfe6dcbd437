package tables

import (
	"bytes"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/summary"
)

// exactSummary holds one exact board with random play and one whose
// sides force different margins, without random play.
func exactSummary() *summary.Summary {
	m, lo, hi := -4, -2, 3
	return &summary.Summary{Dataset: "d", Confidence: 0.95, Exact: []summary.Exact{
		{Ruleset: "kingulu:holes=4,seeds=2", Variant: "kingulu", First: "south", Positions: 104, Terminal: 21, Outcome: "north",
			SouthCanForce: &m, NorthCanForce: &m, Margin: &m, FirstPlayerValue: 0, RandomGames: 200,
			RandomFPA: summary.Interval{Value: 0.2, Lo: 0.15, Hi: 0.26}, Agreement: "agrees"},
		{Ruleset: "x|y", Variant: "kingulu", First: "north", Positions: 9, Terminal: 2, Cyclic: true, Outcome: "draw",
			SouthCanForce: &lo, NorthCanForce: &hi, FirstPlayerValue: 0.5, RandomFPA: summary.Interval{Value: nan(), Lo: nan(), Hi: nan()}},
	}}
}

func nan() summary.Num { z := 0.0; return summary.Num(z / z) }

func TestExactTables(t *testing.T) {
	s := exactSummary()
	var b bytes.Buffer
	if err := WriteExactCSV(&b, s); err != nil {
		t.Fatal(err)
	}
	want := `ruleset,variant,first,positions,terminal,cyclic,outcome,south_can_force,north_can_force,margin,first_player_value,random_games,random_fpa,random_fpa_lo,random_fpa_hi,agreement
"kingulu:holes=4,seeds=2",kingulu,south,104,21,no,north,-4,-4,-4,0,200,0.2,0.15,0.26,agrees
x|y,kingulu,north,9,2,yes,draw,-2,3,,0.5,0,,,,
`
	if b.String() != want {
		t.Errorf("csv:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteExactMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{
		"| `kingulu:holes=4,seeds=2` | 104 | no | north wins | -4 | 0.200 [0.150, 0.260] | agrees |",
		"| `x\\|y` | 9 | yes | draw | -2..+3 | – | – |",
	} {
		if !strings.Contains(b.String(), row) {
			t.Errorf("markdown lacks %q:\n%s", row, b.String())
		}
	}
	b.Reset()
	if err := WriteExactLaTeX(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `\texttt{kingulu:\allowbreak{}holes=4,\allowbreak{}seeds=2} & 104 & no & north wins & $-$4 & 0.200 [0.150, 0.260] & agrees \\`) {
		t.Errorf("latex:\n%s", b.String())
	}
}
