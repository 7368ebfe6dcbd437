package kingulu_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
)

// parsePos reads a position written as South sees the board:
//
//	"N(holes-1) .. N0 / S0 .. S(holes-1) / bankSouth bankNorth"
//
// North's row first, from its hole holes-1 down to 0, then South's row
// from 0 up, then the banks (optional, default 0 0). A count in brackets,
// "[5]", is a reserved hole (reserved by the player across).
func parsePos(t testing.TB, text string) kingulu.Position {
	t.Helper()
	var p kingulu.Position
	parts := strings.Split(text, "/")
	if len(parts) < 2 || len(parts) > 3 {
		t.Fatalf("position %q: want 2 or 3 parts", text)
	}
	row := func(s string) ([]int, []bool) {
		var counts []int
		var res []bool
		for _, f := range strings.Fields(s) {
			r := strings.HasPrefix(f, "[") && strings.HasSuffix(f, "]")
			n, err := strconv.Atoi(strings.Trim(f, "[]"))
			if err != nil {
				t.Fatalf("position %q: bad count %q", text, f)
			}
			counts = append(counts, n)
			res = append(res, r)
		}
		return counts, res
	}
	nc, nr := row(parts[0])
	sc, sr := row(parts[1])
	if len(nc) != len(sc) {
		t.Fatalf("position %q: rows of %d and %d holes", text, len(nc), len(sc))
	}
	hs := len(sc)
	for i := 0; i < hs; i++ {
		p.Seeds[engine.South][i], p.Reserved[engine.South][i] = sc[i], sr[i]
		p.Seeds[engine.North][i], p.Reserved[engine.North][i] = nc[hs-1-i], nr[hs-1-i]
	}
	if len(parts) == 3 {
		b, _ := row(parts[2])
		if len(b) != 2 {
			t.Fatalf("position %q: want two banks", text)
		}
		p.Bank = [2]int{b[0], b[1]}
	}
	return p
}

// formatPos writes p in parsePos notation.
func formatPos(p kingulu.Position, hs int) string {
	var b strings.Builder
	cell := func(pl, i int) {
		if p.Reserved[pl][i] {
			b.WriteString("[" + strconv.Itoa(p.Seeds[pl][i]) + "] ")
		} else {
			b.WriteString(strconv.Itoa(p.Seeds[pl][i]) + " ")
		}
	}
	for i := hs - 1; i >= 0; i-- {
		cell(1, i)
	}
	b.WriteString("/ ")
	for i := 0; i < hs; i++ {
		cell(0, i)
	}
	b.WriteString("/ " + strconv.Itoa(p.Bank[0]) + " " + strconv.Itoa(p.Bank[1]))
	return b.String()
}

// stateAt builds a state of ruleset rs at the position text.
func stateAt(t testing.TB, rs, text string, toMove engine.Player) *kingulu.State {
	t.Helper()
	g, err := engine.Parse(rs)
	if err != nil {
		t.Fatal(err)
	}
	s, err := kingulu.NewStateAt(g, parsePos(t, text), toMove)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}
