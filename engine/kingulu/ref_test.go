package kingulu_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/internal/testenv"
)

// refOutcome is what the reference sowing reports.
type refOutcome int

const (
	refEnded refOutcome = iota
	refIllegal
	refNeverEnding
)

// refMove is a slow, literal reading of the rules of the package doc, seed by seed,
// with never-ending moves found by remembering every lap start in a map.
// It shares no code with the engine.
func refMove(r kingulu.Rules, p kingulu.Position, me engine.Player, m int) (kingulu.Position, engine.MoveInfo, refOutcome) {
	hs := r.Holes
	n := 2 * hs
	var info engine.MoveInfo
	board := make([]int, n)
	owner := make([]int, n) // -1: not reserved; else the player who reserved it
	for pl := 0; pl < 2; pl++ {
		for i := 0; i < hs; i++ {
			board[pl*hs+i] = p.Seeds[pl][i]
			owner[pl*hs+i] = -1
			if p.Reserved[pl][i] {
				owner[pl*hs+i] = 1 - pl
			}
		}
	}
	bank := p.Bank
	ownRow := func(h int) bool { return h/hs == int(me) }
	h := int(me)*hs + m
	if m < 0 || m >= hs || owner[h] >= 0 || board[h] < r.MinLift || board[h] == 0 {
		return p, info, refIllegal
	}
	originSeeds := board[h]
	seen := map[string]bool{}
	for lap := 1; ; lap++ {
		key := fmt.Sprint(board, h)
		if seen[key] {
			return p, info, refNeverEnding
		}
		seen[key] = true
		c := board[h]
		board[h] = 0
		at, penult, last, before := h, -1, -1, 0
		for k := 0; k < c; k++ {
			at = (at + 1) % n
			if r.SkipOrigin && at == h {
				at = (at + 1) % n
			}
			penult, last = last, at
			before = board[at]
			if owner[at] >= 0 {
				bank[owner[at]]++
			} else {
				board[at]++
			}
		}
		info.Laps++
		info.Sown += int64(c)
		if owner[last] >= 0 { // rule 1
			break
		}
		if before == 0 { // rule 2
			f := n - 1 - last
			if ownRow(last) && owner[f] < 0 && board[f] > 0 {
				info.Captures++
				info.Captured += int32(board[f])
				bank[me] += board[f] + 1
				board[f], board[last] = 0, 0
			}
			break
		}
		held := 0 // holes the mover holds reserved
		for _, o := range owner {
			if o == int(me) {
				held++
			}
		}
		if !ownRow(last) && before == 3 && held < r.MaxReserved { // rule 3
			owner[last] = int(me)
			take := false
			switch r.Penultimate {
			case kingulu.PenultimateLap:
				take = c >= 2
			case kingulu.PenultimateOrigin:
				take = c >= 2 && originSeeds >= 2
			}
			if take && owner[penult] < 0 {
				board[penult]--
				board[last]++
			}
			info.Reserved = true
			break
		}
		if lap == 1 && ownRow(last) && r.FirstLapRule { // rule 4
			return p, info, refIllegal
		}
		if r.LapLimit > 0 && int64(lap) >= r.LapLimit {
			return p, info, refNeverEnding
		}
		h = last
	}
	var q kingulu.Position
	q.Bank = bank
	for pl := 0; pl < 2; pl++ {
		for i := 0; i < hs; i++ {
			q.Seeds[pl][i] = board[pl*hs+i]
			q.Reserved[pl][i] = owner[pl*hs+i] >= 0
		}
	}
	return q, info, refEnded
}

// refScore is the score of the package doc, from a Position.
func refScore(hs int, p kingulu.Position, pl engine.Player) int {
	s := p.Bank[pl]
	for i := 0; i < hs; i++ {
		if !p.Reserved[pl][i] {
			s += p.Seeds[pl][i]
		}
		if p.Reserved[pl^1][i] {
			s += p.Seeds[pl^1][i]
		}
	}
	return s
}

// randomRuleset draws an option set.
func randomRuleset(rng *rand.Rand) string {
	holes, seeds := 3+rng.IntN(10), 1+rng.IntN(12)
	limited := rng.IntN(3) == 0
	if rng.IntN(5) > 0 { // kuweka mtoto unbounded
		return fmtRuleset(rng, holes, seeds, "", limited)
	}
	// max_reserved: 0 (kuweka off), 1, 2 or any up to holes. Without
	// kuweka mtoto, sowings on larger boards can cycle for 10^7 laps and
	// more (the map of the reference cannot follow them): small boards
	// under exact detection, any board under a lap_limit.
	maxRes := fmt.Sprintf(",max_reserved=%d", []int{0, 1, 2, rng.IntN(holes + 1)}[rng.IntN(4)])
	if !limited {
		holes, seeds = 3+rng.IntN(4), 1+rng.IntN(3)
		maxRes = fmt.Sprintf(",max_reserved=%d", []int{0, 1, 2, rng.IntN(holes + 1)}[rng.IntN(4)])
	}
	return fmtRuleset(rng, holes, seeds, maxRes, limited)
}

func fmtRuleset(rng *rand.Rand, holes, seeds int, extra string, limited bool) string {
	s := fmt.Sprintf("kingulu:holes=%d,seeds=%d,min_lift=%d,penultimate=%s,first_lap_rule=%s,skip_origin=%s",
		holes, seeds, 1+rng.IntN(2),
		[]string{"lap", "origin", "never"}[rng.IntN(3)],
		[]string{"on", "off"}[rng.IntN(2)], []string{"off", "on"}[rng.IntN(2)]) + extra
	if rng.IntN(2) == 0 {
		s += ",infinite=draw"
	}
	if limited {
		s += fmt.Sprintf(",lap_limit=%d", 1+rng.IntN(20))
	}
	return s
}

// crossCheck compares every move of s with the reference.
func crossCheck(t testing.TB, s *kingulu.State) {
	t.Helper()
	g := s.Game().(*kingulu.Game)
	r := g.Rules()
	p := s.Position()
	cands := s.Candidates(nil)
	legal := s.Legal(nil)
	isIn := func(ms []engine.Move, m int) bool {
		for _, x := range ms {
			if int(x) == m {
				return true
			}
		}
		return false
	}
	for m := 0; m < r.Holes; m++ {
		want, wantInfo, out := refMove(r, p, s.Player(), m)
		if isIn(cands, m) != (out != refIllegal) {
			t.Fatalf("%s move %d: candidate %v, reference outcome %v\n%s", g.Ruleset(), m, isIn(cands, m), out, s)
		}
		if out == refIllegal {
			continue
		}
		if isIn(legal, m) != (out == refEnded || r.InfiniteDraw) {
			t.Fatalf("%s move %d: legal %v, reference outcome %v\n%s", g.Ruleset(), m, isIn(legal, m), out, s)
		}
		c := s.Clone().(*kingulu.State)
		info, err := c.Apply(engine.Move(m))
		switch out {
		case refNeverEnding:
			if !info.NeverEnding {
				t.Fatalf("%s move %d: not never-ending (info %+v, err %v)\n%s", g.Ruleset(), m, info, err, s)
			}
			if r.InfiniteDraw {
				if err != nil || c.Result() != engine.Draw || c.EndReason() != engine.InfiniteMove {
					t.Fatalf("%s move %d: infinite=draw gave err %v result %v %v", g.Ruleset(), m, err, c.Result(), c.EndReason())
				}
			} else if !errors.Is(err, engine.ErrNeverEnding) || c.Position() != p || c.Ply() != s.Ply() {
				t.Fatalf("%s move %d: err %v, position changed %v", g.Ruleset(), m, err, c.Position() != p)
			}
		case refEnded:
			if err != nil {
				t.Fatalf("%s move %d: %v\n%s", g.Ruleset(), m, err, s)
			}
			if got := c.Position(); got != want {
				t.Fatalf("%s move %d:\n%s\ngot  %+v\nwant %+v", g.Ruleset(), m, s, got, want)
			}
			if info != wantInfo {
				t.Fatalf("%s move %d: info %+v, want %+v\n%s", g.Ruleset(), m, info, wantInfo, s)
			}
			for _, pl := range []engine.Player{engine.South, engine.North} {
				if c.Material(pl) != refScore(r.Holes, want, pl) {
					t.Fatalf("%s move %d: material %v %d, want %d", g.Ruleset(), m, pl, c.Material(pl), refScore(r.Holes, want, pl))
				}
			}
			if err := c.Check(); err != nil {
				t.Fatalf("%s move %d: %v", g.Ruleset(), m, err)
			}
		}
	}
}

// TestReference plays random games of random option sets and compares
// every move of every position with the reference implementation.
func TestReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	games := 3000
	if testenv.Short() {
		games = 300
	}
	for gi := 0; gi < games; gi++ {
		rs := "kingulu"
		if gi > 0 {
			rs = randomRuleset(rng)
		}
		g := engine.MustParse(rs)
		s := g.NewState().(*kingulu.State)
		var buf []engine.Move
		checked := -1
		for !s.Over() {
			if s.Ply() != checked { // not again after a rejected move
				crossCheck(t, s)
				checked = s.Ply()
			}
			buf = s.Candidates(buf[:0])
			s.Apply(buf[rng.IntN(len(buf))])
		}
		if s.EndReason() != engine.MaxPlies && s.EndReason() != engine.InfiniteMove {
			checkScoreResult(t, s)
		}
	}
}

// checkScoreResult checks the result of a game that ended by score.
func checkScoreResult(t testing.TB, s *kingulu.State) {
	t.Helper()
	a, b := s.Material(engine.South), s.Material(engine.North)
	want := engine.Draw
	if a > b {
		want = engine.SouthWins
	} else if b > a {
		want = engine.NorthWins
	}
	if s.Result() != want || s.EndReason() != engine.Score {
		t.Fatalf("%s: scores %d-%d, result %v (%v), want %v (score)\n%s", s.Game().Ruleset(), a, b, s.Result(), s.EndReason(), want, s)
	}
}
