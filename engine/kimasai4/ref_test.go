package kimasai4_test

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
)

// ref is a slow reference model of the rules of the package doc, written from the
// board geometry (rows and columns as South sees them) rather than from
// the engine's bitboards, and remembering every position of the game in a
// map (no hashes), so that the engine can be checked against it move by
// move.
type ref struct {
	n           int
	rep         string // first, third or none
	maxPlies    int
	board       [4][16]bool // rows: 0 North back, 1 North front, 2 South front, 3 South back; columns from South's left
	toMove      engine.Player
	ply         int
	seen        map[refPos]int
	result      engine.Result
	reason      engine.EndReason
	firstRepeat int
}

type refPos struct {
	board  [4][16]bool
	toMove engine.Player
}

// cell gives the row and column of player p's hole i. South steps
// counterclockwise (seen from above, South at the bottom) round rows 2 and
// 3: along its front row from its right (column n-1) to its left, then
// along its back row from column 0 to column n-1. North, also
// counterclockwise, goes along its front row (row 1) from column 0 (its
// right) to column n-1, then along its back row (row 0) from column n-1
// to column 0.
func (r *ref) cell(p engine.Player, i int) (row, col int) {
	n := r.n
	i %= 2 * n
	if p == engine.South {
		if i < n {
			return 2, n - 1 - i
		}
		return 3, i - n
	}
	if i < n {
		return 1, i
	}
	return 0, 2*n - 1 - i
}

func frontRow(p engine.Player) int {
	if p == engine.South {
		return 2
	}
	return 1
}

func backRow(p engine.Player) int {
	if p == engine.South {
		return 3
	}
	return 0
}

func newRef(g engine.Game) *ref {
	o := g.Options()
	r := &ref{rep: o["repetition"], firstRepeat: -1, seen: map[refPos]int{}}
	fmt.Sscan(o["holes"], &r.n)
	fmt.Sscan(o["max_plies"], &r.maxPlies)
	if o["first"] == "north" {
		r.toMove = engine.North
	}
	for row := 0; row < 4; row++ {
		for c := 0; c < r.n; c++ {
			r.board[row][c] = true
		}
	}
	// The owner's left end of the front row, or the right end.
	if o["empty_start"] == "left" {
		r.board[2][0] = false     // South's left is column 0
		r.board[1][r.n-1] = false // North's left is column n-1
	} else {
		r.board[2][r.n-1] = false
		r.board[1][0] = false
	}
	r.seen[refPos{r.board, r.toMove}] = 1
	return r
}

func (r *ref) stones(p engine.Player) int {
	k := 0
	for _, row := range []int{frontRow(p), backRow(p)} {
		for c := 0; c < r.n; c++ {
			if r.board[row][c] {
				k++
			}
		}
	}
	return k
}

func (r *ref) moves(p engine.Player) []engine.Move {
	var ms []engine.Move
	for i := 0; i < 2*r.n; i++ {
		a, b := r.cell(p, i)
		c, d := r.cell(p, i+1)
		if r.board[a][b] && !r.board[c][d] {
			ms = append(ms, engine.Move(i))
		}
	}
	return ms
}

// apply plays m (assumed legal) and returns the stones captured.
func (r *ref) apply(m engine.Move) int {
	p, q := r.toMove, r.toMove.Other()
	a, b := r.cell(p, int(m))
	c, d := r.cell(p, int(m)+1)
	r.board[a][b], r.board[c][d] = false, true
	taken := 0
	if c == frontRow(p) && r.board[frontRow(q)][d] {
		r.board[frontRow(q)][d] = false
		taken++
		if r.board[backRow(q)][d] {
			r.board[backRow(q)][d] = false
			taken++
		}
	}
	r.toMove = q
	r.ply++
	k := refPos{r.board, r.toMove}
	r.seen[k]++
	if r.seen[k] == 2 && r.firstRepeat < 0 {
		r.firstRepeat = r.ply
	}
	switch {
	case r.stones(q) == 0:
		r.result, r.reason = engine.Win(p), engine.AllCaptured
	case len(r.moves(q)) == 0:
		r.result, r.reason = engine.Win(p), engine.NoMoves
	case r.rep == "first" && r.seen[k] >= 2, r.rep == "third" && r.seen[k] >= 3:
		r.result, r.reason = engine.Draw, engine.Repetition
	case r.ply >= r.maxPlies:
		r.result, r.reason = engine.Unfinished, engine.MaxPlies
	}
	return taken
}

func (r *ref) over() bool { return r.result != engine.Ongoing }

// rows draws the board as the engine's String does (its first four lines).
func (r *ref) rows() string {
	var b strings.Builder
	for row, label := range []string{"North back: ", "North front:", "South front:", "South back: "} {
		b.WriteString(label)
		for c := 0; c < r.n; c++ {
			if r.board[row][c] {
				b.WriteString(" 1")
			} else {
				b.WriteString(" 0")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// compare returns a description of the first difference between the
// engine state s and r, or "".
func (r *ref) compare(s engine.State) string {
	if got := firstLines(s.String(), 4); got != r.rows() {
		return fmt.Sprintf("board:\n%s\nreference:\n%s", got, r.rows())
	}
	if s.Player() != r.toMove || s.Ply() != r.ply {
		return fmt.Sprintf("player %v ply %d, reference %v ply %d", s.Player(), s.Ply(), r.toMove, r.ply)
	}
	if s.Result() != r.result || s.EndReason() != r.reason {
		return fmt.Sprintf("result %v (%v), reference %v (%v)", s.Result(), s.EndReason(), r.result, r.reason)
	}
	if s.FirstRepeatPly() != r.firstRepeat {
		return fmt.Sprintf("first repeat %d, reference %d", s.FirstRepeatPly(), r.firstRepeat)
	}
	for _, p := range []engine.Player{engine.South, engine.North} {
		if s.Material(p) != r.stones(p) {
			return fmt.Sprintf("material of %v %d, reference %d", p, s.Material(p), r.stones(p))
		}
	}
	var want []engine.Move
	if !r.over() {
		want = r.moves(r.toMove)
	}
	if got := s.Candidates(nil); fmt.Sprint(got) != fmt.Sprint(want) {
		return fmt.Sprintf("candidates %v, reference %v", got, want)
	}
	return ""
}

func firstLines(s string, k int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[:k], "")
}
