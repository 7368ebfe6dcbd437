package diagram

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/internal/pngdiff"
	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/kingulu"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

func parse(t *testing.T, ruleset string) engine.Game {
	t.Helper()
	g, err := engine.Parse(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play plays moves from the start of ruleset and returns the board after
// them, with the last move marked.
func play(t *testing.T, ruleset string, moves ...engine.Move) Board {
	b, _ := playState(t, ruleset, moves...)
	return b
}

// playState is play that also returns the state.
func playState(t *testing.T, ruleset string, moves ...engine.Move) (Board, engine.State) {
	t.Helper()
	s := parse(t, ruleset).NewState()
	var before Board
	var info engine.MoveInfo
	for _, m := range moves {
		var err error
		if before, err = Of(s); err != nil {
			t.Fatal(err)
		}
		if info, err = s.Apply(m); err != nil {
			t.Fatalf("move %d: %v", m, err)
		}
	}
	b, err := Of(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) > 0 {
		b.Mark(before, before.ToMove, moves[len(moves)-1], info)
		b.ShowPath = true
	}
	return b, s
}

// kinguluReserved is a hand-built kingulu position: counts above and
// below DotMax, a hole reserved by each player, banks.
func kinguluReserved(t *testing.T) (Board, kingulu.Position) {
	t.Helper()
	var p kingulu.Position
	p.Seeds[engine.South] = [kingulu.MaxHoles]int{0, 1, 2, 3, 4, 5}
	p.Seeds[engine.North] = [kingulu.MaxHoles]int{7, 5, 0, 12, 1, 2}
	p.Reserved[engine.North][1] = true // reserved by South
	p.Reserved[engine.South][5] = true // reserved by North
	p.Bank = [2]int{3, 2}
	s, err := kingulu.NewStateAt(parse(t, "kingulu"), p, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Of(s)
	if err != nil {
		t.Fatal(err)
	}
	return b, p
}

type svgText struct{ fill, size, text string }

var textRE = regexp.MustCompile(`(?s)<text [^>]*style="([^"]*)"[^>]*>([^<]*)</text>`)

func texts(svg string) []svgText {
	var out []svgText
	for _, m := range textRE.FindAllStringSubmatch(svg, -1) {
		st := svgText{text: m[2], fill: "#000000"}
		for _, kv := range strings.Split(m[1], ";") {
			k, v, _ := strings.Cut(kv, ":")
			switch k {
			case "fill":
				st.fill = v
			case "font-size":
				st.size = v
			}
		}
		out = append(out, st)
	}
	return out
}

func svgOf(t *testing.T, b Board) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, b, "svg"); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestKinguluStructure checks the SVG of a hand-built kingulu position:
// one number label per hole in its owner's numbering, the counts above
// DotMax as numerals, the rest as dots, both banks, and the reserved
// holes tagged with the player who reserved them.
func TestKinguluStructure(t *testing.T) {
	b, p := kinguluReserved(t)
	if len(b.Rows) != 2 || b.Rows[0].Player != engine.North || len(b.Rows[0].Holes) != 6 {
		t.Fatalf("rows %+v", b.Rows)
	}
	// North's row reads 5..0 from South's left; South's 0..5.
	for c := 0; c < 6; c++ {
		if n, s := b.Rows[0].Holes[c], b.Rows[1].Holes[c]; n.Number != 5-c || s.Number != c || n.Count != p.Seeds[1][5-c] || s.Count != p.Seeds[0][c] {
			t.Fatalf("column %d: north %+v south %+v", c, n, s)
		}
	}
	if h := b.Rows[0].Holes[4]; h.Number != 1 || h.ReservedBy != int(engine.South) {
		t.Errorf("north hole 1: %+v, want reserved by south", h)
	}
	if h := b.Rows[1].Holes[5]; h.ReservedBy != int(engine.North) {
		t.Errorf("south hole 5: %+v, want reserved by north", h)
	}
	svg := svgOf(t, b)
	var numbers, counts []int
	var tags, banks []string
	for _, x := range texts(svg) {
		n, err := strconv.Atoi(x.text)
		switch {
		case err == nil && x.fill == "#707070":
			numbers = append(numbers, n)
		case err == nil && x.fill == "#000000":
			counts = append(counts, n)
		case err == nil:
			banks = append(banks, x.fill+" "+x.text)
		case x.text == "S" || x.text == "N":
			tags = append(tags, x.fill+" "+x.text)
		}
	}
	slices.Sort(numbers)
	if want := []int{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}; !slices.Equal(numbers, want) {
		t.Errorf("hole numbers %v, want %v", numbers, want)
	}
	slices.Sort(counts)
	if want := []int{5, 5, 7, 12}; !slices.Equal(counts, want) {
		t.Errorf("numeral counts %v, want %v", counts, want)
	}
	// Dots: 1+2+3+4 in South's row, 1+2 in North's.
	if n := strings.Count(svg, "fill:#4A3A28"); n != 13 {
		t.Errorf("%d dots, want 13", n)
	}
	slices.Sort(banks)
	if want := []string{"#0072B2 3", "#D55E00 2"}; !slices.Equal(banks, want) {
		t.Errorf("banks %v, want %v", banks, want)
	}
	slices.Sort(tags)
	if want := []string{"#0072B2 S", "#D55E00 N"}; !slices.Equal(tags, want) {
		t.Errorf("reserved tags %v, want %v", tags, want)
	}
	if !strings.Contains(svg, ">north to move · material: South ") {
		t.Error("no player to move")
	}
}

// TestFourRowStructure checks the four-row boards: 4 rows, every hole
// numbered once in its owner's numbering, and as many stones drawn as
// each player holds; and the last move's footprint.
func TestFourRowStructure(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		moves   []engine.Move
		stores  int
	}{
		{"kimasai-two-rows", []engine.Move{0, 5}, 2},
		{"kimasai-two-rows:holes=5,reserve=0", nil, 2},
		{"kimasai-four-rows", []engine.Move{10, 10, 9}, 0},
		{"kimasai-four-rows:holes=6", nil, 0},
	} {
		t.Run(c.ruleset, func(t *testing.T) {
			b, s := playState(t, c.ruleset, c.moves...)
			holes, _ := strconv.Atoi(parse(t, c.ruleset).Options()["holes"])
			// The engine's own text drawing lists the same rows, top to
			// bottom, left to right as South sees them.
			if got, want := grid(b), textRows(s.String(), holes); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("rows %v, engine's drawing %v", got, want)
			}
			if len(b.Rows) != 4 || len(b.Stores) != c.stores {
				t.Fatalf("%d rows, %d stores", len(b.Rows), len(b.Stores))
			}
			seen := map[string]bool{}
			dots := 0
			for _, r := range b.Rows {
				if len(r.Holes) != holes {
					t.Fatalf("row %s: %d holes", r.Name, len(r.Holes))
				}
				for _, h := range r.Holes {
					key := fmt.Sprint(h.Player, h.Number)
					if seen[key] || h.Number < 0 || h.Number >= 2*holes {
						t.Fatalf("hole %s twice or out of range", key)
					}
					seen[key] = true
					if h.Count <= DotMax {
						dots += h.Count
					}
					if b.Stones && h.Count > 1 {
						t.Fatalf("hole %s holds %d stones", key, h.Count)
					}
				}
			}
			svg := svgOf(t, b)
			nums := 0
			for _, x := range texts(svg) {
				if _, err := strconv.Atoi(x.text); err == nil && x.fill == "#707070" {
					nums++
				}
			}
			if nums != 4*holes {
				t.Errorf("%d hole numbers, want %d", nums, 4*holes)
			}
			if n := strings.Count(svg, "fill:#4A3A28"); n != dots {
				t.Errorf("%d dots drawn, want %d", n, dots)
			}
			if len(c.moves) > 0 {
				from := 0
				for _, r := range b.Rows {
					for _, h := range r.Holes {
						if h.From {
							from++
							if h.Player != 1-b.ToMove && !b.Over {
								t.Errorf("footprint starts in the mover's opponent's hole %+v", h)
							}
						}
					}
				}
				if from != 1 || !strings.Contains(svg, "last move: ") {
					t.Errorf("%d start holes marked, last move %q", from, b.Last)
				}
			}
		})
	}
}

// grid returns the counts of b's rows.
func grid(b Board) [][]int {
	var out [][]int
	for _, r := range b.Rows {
		var row []int
		for _, h := range r.Holes {
			row = append(row, h.Count)
		}
		out = append(out, row)
	}
	return out
}

// textRows reads the rows of counts from an engine's String(): the lines
// holding a run of exactly holes integers.
func textRows(s string, holes int) [][]int {
	var out [][]int
	for _, line := range strings.Split(s, "\n") {
		var run []int
		for _, f := range strings.Fields(line) {
			n, err := strconv.Atoi(f)
			if err != nil {
				if len(run) > 0 {
					break
				}
				continue
			}
			run = append(run, n)
		}
		if len(run) == holes {
			out = append(out, run)
		}
	}
	return out
}

// TestMarkDeltas checks Mark against the counts: the changes of a
// kingulu move add up to minus any seeds that went to the banks.
func TestMarkDeltas(t *testing.T) {
	b := play(t, "kingulu", 2, 3, 0)
	sum := 0
	for _, r := range b.Rows {
		for _, h := range r.Holes {
			sum += h.Delta
		}
	}
	before := play(t, "kingulu", 2, 3)
	banked := b.Stores[0].Count + b.Stores[1].Count - before.Stores[0].Count - before.Stores[1].Count
	if sum != -banked {
		t.Errorf("changes add up to %d, %d seeds banked", sum, banked)
	}
	if !strings.HasPrefix(b.Last, "south played 0: ") {
		t.Errorf("last move %q", b.Last)
	}
}

// TestMarkReservation checks that a kuweka mtoto move is described as a
// reservation, not as a capture: in kingulu North's reply 3 to South's 2
// sows three laps and reserves South's hole 2 (kuweka mtoto; see
// `baolab show --rules kingulu --moves 2,3`).
func TestMarkReservation(t *testing.T) {
	b := play(t, "kingulu", 2, 3)
	if want := "north played 3: 3 laps, 17 sown, 0 captured, reserved a hole"; b.Last != want {
		t.Errorf("last move %q, want %q", b.Last, want)
	}
	if b = play(t, "kingulu", 2); strings.Contains(b.Last, "reserved") {
		t.Errorf("a move that reserves nothing says %q", b.Last)
	}
}

// TestEncodeFormats writes every format and refuses an unknown one.
func TestEncodeFormats(t *testing.T) {
	b := play(t, "kingulu", 2)
	for _, f := range Formats {
		var buf bytes.Buffer
		if err := Encode(&buf, b, f); err != nil || buf.Len() < 500 {
			t.Errorf("%s: %d bytes, %v", f, buf.Len(), err)
		}
	}
	if err := Encode(&bytes.Buffer{}, b, "gif"); err == nil {
		t.Error("gif accepted")
	}
}

// TestGolden compares the PNG of one position of each variant with
// testdata/<name>_golden.png (go test -update rewrites them).
func TestGolden(t *testing.T) {
	k, _ := kinguluReserved(t)
	for _, c := range []struct {
		name string
		b    Board
	}{
		{"kingulu-reserved", k},
		{"kingulu-path", play(t, "kingulu", 2, 3, 0)},
		{"kimasai2-path", play(t, "kimasai-two-rows", 0, 5, 2, 4)},
		{"kimasai4-path", play(t, "kimasai-four-rows", 10, 10, 9)},
	} {
		var buf bytes.Buffer
		if err := encode(&buf, c.b, "png", 100); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", c.name+"_golden.png")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update creates it)", err)
		}
		diff, err := pngdiff.Share(buf.Bytes(), want)
		if err != nil || diff > 0.002 {
			got := filepath.Join(t.TempDir(), c.name+".png")
			os.WriteFile(got, buf.Bytes(), 0o644)
			t.Errorf("%s: %.4f of the pixels differ from %s (see %s; go test -update rewrites it); %v", c.name, diff, path, got, err)
		}
	}
}

// drawnState is a state of a variant this package has never seen: a real
// state whose board description is replaced by a three-row board.
type drawnState struct {
	engine.State
	b engine.Board
}

func (s drawnState) Board() engine.Board { return s.b }

// bareState is a State that does not describe its board.
type bareState struct{ engine.State }

// TestOfAnyDrawer checks that Of draws whatever board a State describes
// (engine.Drawer), with no knowledge of the variant: rows, names, hole
// numbers, counts, the reserving player, stores and phase come through,
// and the diagram encodes; a State that describes no board is refused.
func TestOfAnyDrawer(t *testing.T) {
	n, s := engine.North, engine.South
	eb := engine.Board{
		Rows: []engine.Row{
			{Player: n, Name: "N top", Cells: []engine.Cell{{Player: n, Number: 1, Count: 7}, {Player: n, Number: 0, Count: 0, Reserved: true, ReservedBy: s}}},
			{Player: s, Name: "S mid", Cells: []engine.Cell{{Player: s, Number: 0, Count: 2}, {Player: s, Number: 1, Count: 30}}},
			{Player: s, Name: "S low", Cells: []engine.Cell{{Player: s, Number: 3, Count: 1}, {Player: s, Number: 2, Count: 5}}},
		},
		Stores: []engine.Store{{Player: s, Name: "house", Count: 11}},
		Phase:  "phase 3",
	}
	st := drawnState{State: parse(t, "kingulu").NewState(), b: eb}
	b, err := Of(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Rows) != 3 || b.Phase != "phase 3" || len(b.Stores) != 1 || b.Stores[0] != (Store{s, "house", 11}) {
		t.Fatalf("board %+v", b)
	}
	for i, r := range eb.Rows {
		if b.Rows[i].Name != r.Name || b.Rows[i].Player != r.Player || len(b.Rows[i].Holes) != len(r.Cells) {
			t.Fatalf("row %d: %+v, want %+v", i, b.Rows[i], r)
		}
		for j, c := range r.Cells {
			h := b.Rows[i].Holes[j]
			owner := NoOwner
			if c.Reserved {
				owner = int(c.ReservedBy)
			}
			if h.Player != c.Player || h.Number != c.Number || h.Count != c.Count || h.ReservedBy != owner {
				t.Errorf("row %d hole %d: %+v, want %+v", i, j, h, c)
			}
		}
	}
	svg := svgOf(t, b)
	for _, want := range []string{"S low", "house", "30"} {
		if !strings.Contains(svg, ">"+want+"<") {
			t.Errorf("the diagram lacks the text %q", want)
		}
	}
	if _, err := Of(bareState{st.State}); err == nil || !strings.Contains(err.Error(), "engine.Drawer") {
		t.Errorf("a State without a board description: %v", err)
	}
}
