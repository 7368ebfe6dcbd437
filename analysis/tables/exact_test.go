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
		{Ruleset: "kingulu:holes=4,seeds=2", Variant: "kingulu", Board: "holes=4,seeds=2", First: "south", Positions: 104, Terminal: 21, Outcome: "north",
			SouthCanForce: &m, NorthCanForce: &m, Margin: &m, FirstPlayerValue: 0, RandomGames: 200,
			RandomFPA: summary.Interval{Value: 0.2, Lo: 0.15, Hi: 0.26}, Agreement: "agrees"},
		{Ruleset: "x|y", Variant: "kingulu", Board: "holes=4,seeds=2", Reading: "first=north", First: "north", Positions: 9, Terminal: 2, Cyclic: true, Outcome: "draw",
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
	want := `ruleset,variant,board,reading,first,positions,terminal,cyclic,outcome,south_can_force,north_can_force,margin,first_player_value,random_games,random_fpa,random_fpa_lo,random_fpa_hi,agreement
"kingulu:holes=4,seeds=2",kingulu,"holes=4,seeds=2",,south,104,21,no,north,-4,-4,-4,0,200,0.2,0.15,0.26,agrees
x|y,kingulu,"holes=4,seeds=2",first=north,north,9,2,yes,draw,-2,3,,0.5,0,,,,
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
	if !strings.Contains(b.String(), `\texttt{kingulu:\allowbreak{}holes=4,\allowbreak{}seeds=2} & 104 & no & north wins & $-$4 & 0.200 & 0.150 & 0.260 & agrees \\`) {
		t.Errorf("latex:\n%s", b.String())
	}
}

// TestExactReadingsTables sets out by hand, per variant, which board and
// reading each exact value belongs to: boards in numeric order (holes=10
// after holes=4, though it sorts first as text), the default reading
// first, – where a board was not solved in a reading, a range where the
// sides force different margins.
func TestExactReadingsTables(t *testing.T) {
	m := func(v int) *int { return &v }
	s := &summary.Summary{Dataset: "d", Exact: []summary.Exact{
		{Variant: "kingulu", Board: "holes=10,seeds=1", Reading: "", Margin: m(6)},
		{Variant: "kingulu", Board: "holes=4,seeds=3", Reading: "max_reserved=0", Margin: m(0)},
		{Variant: "kingulu", Board: "holes=4,seeds=3", Reading: "", Margin: m(4)},
		{Variant: "kimasai-two-rows", Board: "holes=4,reserve=1", Reading: "", Margin: m(1)},
		{Variant: "kingulu", Board: "holes=4,seeds=10", Reading: "max_reserved=0", SouthCanForce: m(-2), NorthCanForce: m(3)},
		{Variant: "kimasai-two-rows", Board: "holes=4,reserve=0", Reading: "", Margin: m(-1)},
	}}
	var b bytes.Buffer
	if err := WriteExactReadingsMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	want := "## kingulu\n\n" +
		"| board | `default` | `max_reserved=0` |\n|---|---:|---:|\n" +
		"| `holes=4,seeds=3` | +4 | 0 |\n" +
		"| `holes=4,seeds=10` | – | -2..+3 |\n" +
		"| `holes=10,seeds=1` | +6 | – |\n\n" +
		"## kimasai-two-rows\n\n" +
		"| board | `default` |\n|---|---:|\n" +
		"| `holes=4,reserve=0` | -1 |\n" +
		"| `holes=4,reserve=1` | +1 |\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("markdown:\n%s\nwant it to end in\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteExactReadingsLaTeX(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{
		`\texttt{holes=4,\allowbreak{}seeds=10} & -- & $-$2..+3 \\`,
		`\label{tab:baolab-exact-readings-2}`,
	} {
		if !strings.Contains(b.String(), row) {
			t.Errorf("latex lacks %q:\n%s", row, b.String())
		}
	}
}

// TestExactReadingsLaTeXParts: a variant with more readings than one
// table holds gets several, each with the default rules' column, and a
// reading's heading is set as its key over "=value".
func TestExactReadingsLaTeXParts(t *testing.T) {
	m := 4
	s := &summary.Summary{}
	for _, r := range []string{"", "a=1", "b=1", "c=1", "d=1", "e=1", "f=1"} {
		s.Exact = append(s.Exact, summary.Exact{Variant: "v", Board: "holes=4", Reading: r, Margin: &m})
	}
	var b bytes.Buffer
	if err := WriteExactReadingsLaTeX(&b, s); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Count(out, `\begin{table}`) != 2 || !strings.Contains(out, "part 1 of 2") || !strings.Contains(out, "part 2 of 2") {
		t.Fatalf("want two parts:\n%s", out)
	}
	heading := `\begin{tabular}[b]{@{}r@{}}\texttt{e}\\\texttt{=1}\end{tabular}`
	for i, part := range strings.Split(out, `\begin{table}`)[1:] {
		if !strings.Contains(part, `\texttt{default}`) {
			t.Errorf("part %d has no default column:\n%s", i+1, part)
		}
	}
	if !strings.Contains(out, heading) || strings.Count(out, `\texttt{=1}`) != 6 {
		t.Errorf("headings: want %s among six readings:\n%s", heading, out)
	}
}
