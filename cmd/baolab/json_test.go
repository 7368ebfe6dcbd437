package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/solve"
)

// decodeLines decodes JSON Lines, strictly: every line one object of T,
// no unknown fields.
func decodeLines[T any](t *testing.T, out string) []T {
	t.Helper()
	var all []T
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v T
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		all = append(all, v)
	}
	return all
}

func TestRulesJSON(t *testing.T) {
	out, _, code := baolab(t, "rules", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	got := decodeLines[struct {
		Variants []variantJSON `json:"variants"`
	}](t, out)
	if len(got) != 1 {
		t.Fatalf("%d JSON values, want 1", len(got))
	}
	text, _, _ := baolab(t, "rules")
	vs := engine.Variants()
	if len(got[0].Variants) != len(vs) {
		t.Fatalf("%d variants, want %d", len(got[0].Variants), len(vs))
	}
	for i, v := range got[0].Variants {
		if v.Name != vs[i].Name || v.Title != vs[i].Title || len(v.Options) != len(vs[i].Options) {
			t.Errorf("variant %d: %s %q with %d options, want %s", i, v.Name, v.Title, len(v.Options), vs[i].Name)
			continue
		}
		if !strings.Contains(text, v.Name+" — "+v.Title+"\n") {
			t.Errorf("%s: title not as in the text", v.Name)
		}
		for _, o := range v.Options {
			checkOptionJSON(t, v.Name, o, text)
		}
	}
}

// checkOptionJSON checks an option of rules --json against the text
// listing and against the parser: every value it allows parses, the
// numbers just outside its range do not.
func checkOptionJSON(t *testing.T, variant string, o optionJSON, text string) {
	t.Helper()
	if o.BoardSize != (o.Key == "holes" || o.Key == "seeds" || o.Key == "reserve") {
		t.Errorf("%s %s: board_size %v", variant, o.Key, o.BoardSize)
	}
	if !strings.Contains(text, "  "+o.Key+" ") || !strings.Contains(text, " "+o.Allowed+" ") {
		t.Errorf("%s %s: allowed %q not in the text listing", variant, o.Key, o.Allowed)
	}
	parses := func(value string) bool {
		_, err := engine.Parse(variant + ":" + o.Key + "=" + value)
		return err == nil
	}
	if !parses(o.Default) {
		t.Errorf("%s %s: default %q does not parse", variant, o.Key, o.Default)
	}
	for _, w := range o.Values {
		if !parses(w) && !o.Ignored {
			t.Errorf("%s %s=%s: listed as allowed, refused by the parser", variant, o.Key, w)
		}
	}
	if o.Numeric != (o.Min != nil) {
		t.Errorf("%s %s: numeric %v but min %v", variant, o.Key, o.Numeric, o.Min)
	}
	if o.Min != nil && parses(strconv.Itoa(*o.Min-1)) {
		t.Errorf("%s %s: min %d, but %d parses", variant, o.Key, *o.Min, *o.Min-1)
	}
	if o.Max != nil && parses(strconv.Itoa(*o.Max+1)) {
		t.Errorf("%s %s: max %d, but %d parses", variant, o.Key, *o.Max, *o.Max+1)
	}
}

func TestPerftJSON(t *testing.T) {
	for _, rs := range []string{"kingulu", "kimasai-two-rows", "kimasai-four-rows:holes=6"} {
		out, _, code := baolab(t, "perft", "--rules", rs, "--depth", "3", "--divide", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d", rs, code)
		}
		got := decodeLines[perftJSON](t, out)
		if len(got) != 1 {
			t.Fatalf("%s: %d JSON values, want 1", rs, len(got))
		}
		p := got[0]
		g := engine.MustParse(rs)
		if p.Ruleset != g.Ruleset() || len(p.Depths) != 3 || len(p.Divide) != len(g.NewState().Legal(nil)) {
			t.Fatalf("%s: %+v", rs, p)
		}
		// The text lines, rebuilt from the JSON, are the text output.
		var lines strings.Builder
		var sum uint64
		for i, d := range p.Depths {
			if want := g.Perft(g.NewState(), i+1); d.Depth != i+1 || d.Nodes != want {
				t.Errorf("%s: depth %d nodes %d, want depth %d nodes %d", rs, d.Depth, d.Nodes, i+1, want)
			}
			fmt.Fprintf(&lines, "depth=%d nodes=%d\n", d.Depth, d.Nodes)
		}
		for _, m := range p.Divide {
			sum += m.Nodes
			fmt.Fprintf(&lines, "move=%d nodes=%d\n", m.Move, m.Nodes)
		}
		if sum != p.Depths[2].Nodes {
			t.Errorf("%s: divide sums to %d, perft(3) = %d", rs, sum, p.Depths[2].Nodes)
		}
		if text, _, _ := baolab(t, "perft", "--rules", rs, "--depth", "3", "--divide"); text != lines.String() {
			t.Errorf("%s: text\n%s\nrebuilt from the JSON\n%s", rs, text, lines.String())
		}
	}
	out, _, code := baolab(t, "perft", "--rules", "kingulu", "--depth", "0", "--json")
	if code != 0 || strings.TrimSpace(out) != `{"ruleset":"kingulu","depths":[]}` {
		t.Errorf("--depth 0: exit %d, %s", code, out)
	}
}

// solveLine is any object of solve --json; the fields of the others stay
// empty.
type solveLine struct {
	solvedJSON
	Stopped string `json:"stopped"`
	Layer   string `json:"layer"`
	Layers  int    `json:"layers"`
	Largest int64  `json:"largest"`
}

func forceText(f *int) string {
	if f == nil {
		return "none"
	}
	return strconv.Itoa(*f)
}

func (v valueJSON) text() string {
	return fmt.Sprintf("outcome=%s south_can_force=%s north_can_force=%s", v.Outcome, forceText(v.SouthCanForce), forceText(v.NorthCanForce))
}

// solveText rebuilds the text output of solve from its JSON Lines.
func solveTextOf(lines []solveLine, grid, count bool) string {
	var b strings.Builder
	for _, l := range lines {
		switch {
		case l.Stopped != "":
			fmt.Fprintf(&b, "rules=%s stopped: %s\n", l.Ruleset, l.Stopped)
		case l.Layer != "":
			fmt.Fprintf(&b, "layer %s positions=%d terminal=%d\n", l.Layer, l.Positions, l.Terminal)
		case l.Layers > 0:
			fmt.Fprintf(&b, "layers=%d positions=%d terminal=%d largest=%d\n", l.Layers, l.Positions, l.Terminal, l.Largest)
		case count:
			fmt.Fprintf(&b, "positions=%d terminal=%d\n", l.Positions, l.Terminal)
		default:
			if grid {
				fmt.Fprintf(&b, "rules=%s\n", l.Ruleset)
			}
			cyc := map[bool]string{false: "no", true: "yes"}[l.Cyclic]
			fmt.Fprintf(&b, "positions=%d terminal=%d cyclic=%s\n%s plies=%s\n", l.Positions, l.Terminal, cyc, l.valueJSON.text(), l.Plies)
			for _, m := range l.Moves {
				fmt.Fprintf(&b, "move=%d %s\n", m.Move, m.valueJSON.text())
			}
		}
	}
	return b.String()
}

// TestSolveJSON: for a board, a count, a grid (a board solved and one
// stopped) and a layer count, the JSON Lines hold the facts of the text
// output: the text rebuilt from them is the text output, byte for byte.
func TestSolveJSON(t *testing.T) {
	grid := t.TempDir() + "/grid.toml"
	writeFile(t, grid, "max_positions = 1000\nrules = [\"kingulu:holes=3,seeds=2\", \"kingulu:holes=4,seeds=3\", \"kimasai-four-rows:holes=4\"]\n")
	for _, c := range []struct {
		args        []string
		grid, count bool
		objects     int
	}{
		{args: []string{"--rules", "kingulu:holes=3,seeds=2"}, objects: 1},
		{args: []string{"--rules", "kimasai-four-rows:holes=4", "--method", "sweep"}, objects: 1},
		{args: []string{"--rules", "kingulu:holes=4,seeds=3", "--method", "layers"}, objects: 1},
		{args: []string{"--rules", "kingulu:holes=4,seeds=3", "--count"}, count: true, objects: 1},
		{args: []string{"--grid", grid}, grid: true, objects: 3},
		{args: []string{"--rules", "kingulu:holes=4,seeds=3", "--layers"}, objects: 766},
	} {
		args := append([]string{"solve"}, c.args...)
		text, errText, code := baolab(t, args...)
		out, _, codeJSON := baolab(t, append(args, "--json")...)
		if code != 0 || codeJSON != 0 {
			t.Fatalf("%v: exit %d, with --json %d: %s", c.args, code, codeJSON, errText)
		}
		lines := decodeLines[solveLine](t, out)
		if len(lines) != c.objects {
			t.Errorf("%v: %d JSON objects, want %d", c.args, len(lines), c.objects)
		}
		if got := solveTextOf(lines, c.grid, c.count); got != text {
			t.Errorf("%v: text\n%s\nrebuilt from the JSON\n%s", c.args, text, got)
		}
	}
	// The values themselves, worked by hand in package solve's tests.
	out, _, _ := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=2", "--json")
	if want := `{"ruleset":"kingulu:holes=3,seeds=2","positions":47,"terminal":8,"cyclic":false,"outcome":"north","south_can_force":-2,"north_can_force":-2,"plies":"9","moves":[{"move":1,"outcome":"north","south_can_force":-2,"north_can_force":-2},{"move":2,"outcome":"north","south_can_force":-12,"north_can_force":-12}]}`; strings.TrimSpace(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestValueJSONNone: a side that cannot force a finished game ("none" in
// the text) is null in the JSON, a margin a number.
func TestValueJSONNone(t *testing.T) {
	v := solve.Value{South: solve.None, North: 3}
	b, err := json.Marshal(valueOf(v))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`{"outcome":"%s","south_can_force":null,"north_can_force":3}`, v.Outcome())
	if string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	if got := valueOf(v).text(); got != v.String() {
		t.Errorf("text of the JSON %q, the value's text %q", got, v.String())
	}
}

// TestAgentsJSON checks baolab agents --json against agent.Kinds and the
// text listing, and every listed default and word against the spec
// parser.
func TestAgentsJSON(t *testing.T) {
	out, _, code := baolab(t, "agents", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	got := decodeLines[struct {
		Agents []agentJSON `json:"agents"`
	}](t, out)
	if len(got) != 1 {
		t.Fatalf("%d JSON values, want 1", len(got))
	}
	text, _, _ := baolab(t, "agents")
	kinds := agent.Kinds()
	if len(got[0].Agents) != len(kinds) {
		t.Fatalf("%d agents, want %d", len(got[0].Agents), len(kinds))
	}
	for i, a := range got[0].Agents {
		if a.Name != kinds[i].Name || len(a.Options) != len(kinds[i].Options) || !strings.Contains(text, a.Name+" — "+a.Doc+"\n") {
			t.Errorf("agent %d: %s with %d options, not as declared or listed", i, a.Name, len(a.Options))
			continue
		}
		for _, o := range a.Options {
			if !strings.Contains(text, "  "+o.Key+" ") || !strings.Contains(text, " "+o.Allowed+" ") || o.Optional != (o.Default == "") {
				t.Errorf("%s %s: %+v not as in the text listing", a.Name, o.Key, o)
			}
			for _, v := range append([]string{o.Default}, o.Values...) {
				if v == "" {
					continue
				}
				if _, err := agent.Parse(a.Name + ":" + o.Key + "=" + v); err != nil {
					t.Errorf("%s %s=%s: listed as allowed, refused: %v", a.Name, o.Key, v, err)
				}
			}
			if o.Max != nil {
				if _, err := agent.Parse(a.Name + ":" + o.Key + "=" + strconv.Itoa(*o.Max+1)); err == nil {
					t.Errorf("%s %s: max %d, but %d parses", a.Name, o.Key, *o.Max, *o.Max+1)
				}
			}
		}
	}
}
