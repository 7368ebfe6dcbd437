package kimasai2

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/internal/testenv"
)

// A slow, literal reference of kimasai-two-rows written from the rules of
// the package doc alone: plain arrays, cows sown one at a time, and a map
// of lap-start states (whole position plus the hole about to be lifted)
// for never-ending detection. It shares no code with the engine (it reads
// only the typed Rules and the Position type).

type refPos struct {
	cows    [2][2 * MaxHoles]int
	reserve [2]int
	opening bool
	toMove  int
}

// refKey is a lap-start state: the whole position and the hole to lift.
type refKey struct {
	cows [2][2 * MaxHoles]int
	hole int
}

type refOutcome int

const (
	refEnded refOutcome = iota
	refNever
	refTooLong // the reference gave up (more than refMaxLaps laps): no verdict
)

// refMaxLaps bounds the reference's work on one move; the engine's
// verdicts on longer moves are checked by the fixtures of
// testdata/never_ending.txt and TestLongBack.
const refMaxLaps = 20000

// refPlay plays move m of the player to move. It returns the position
// after the move, its facts, whether it was played by the phase-2 rules,
// and the outcome.
func refPlay(r Rules, x refPos, m int) (refPos, engine.MoveInfo, bool, refOutcome) {
	var info engine.MoveInfo
	H, n := r.Holes, 2*r.Holes
	p, o := x.toMove, 1-x.toMove
	phase2 := x.reserve[0] == 0 && x.reserve[1] == 0
	intro := !phase2 && x.reserve[p] > 0 && (!x.opening || r.OpeningIntro)
	raids := phase2 || (r.PhaseImmediate && intro && x.reserve[p] == 1 && x.reserve[o] == 0)
	if intro {
		x.cows[p][m]++
		x.reserve[p]--
	}
	seen := map[refKey]bool{}
	h := m
	for {
		// A lap that lifts hole h.
		k := refKey{x.cows, h}
		if seen[k] {
			return x, info, raids, refNever
		}
		seen[k] = true
		if info.Laps >= refMaxLaps {
			return x, info, raids, refTooLong
		}
		c := x.cows[p][h]
		x.cows[p][h] = 0
		at, before := h, 0
		for i := 0; i < c; i++ {
			at = (at + 1) % n
			if r.SkipOrigin && c >= n && at == h {
				at = (at + 1) % n
			}
			before = x.cows[p][at]
			x.cows[p][at]++
		}
		info.Laps++
		info.Sown += int64(c)
		last := at
		// Judge where the last cow fell; a raid's lap is judged the same way.
		for {
			if before == 0 {
				x.opening = false
				x.toMove = o
				return x, info, raids, refEnded
			}
			f := H - 1 - last
			if raids && last < H && x.cows[o][f] > 0 {
				k := x.cows[o][f]
				x.cows[o][f] = 0
				info.Captures++
				info.Captured += int32(k)
				if r.WinCapture {
					left := 0
					for i := 0; i < H; i++ {
						left += x.cows[o][i]
					}
					if left == 0 {
						x.cows[p][last] += k
						x.opening = false
						x.toMove = o
						return x, info, raids, refEnded
					}
				}
				if r.LapLimit > 0 && info.Laps >= r.LapLimit {
					return x, info, raids, refNever
				}
				at = last // capture_sow=next: the first cow falls in last+1
				if !r.CaptureNext {
					at = (last + n - 1) % n // here: the first cow falls in last
				}
				for i := 0; i < k; i++ {
					at = (at + 1) % n
					before = x.cows[p][at]
					x.cows[p][at]++
				}
				info.Laps++
				info.Sown += int64(k)
				last = at
				continue
			}
			break
		}
		if r.LapLimit > 0 && info.Laps >= r.LapLimit {
			return x, info, raids, refNever
		}
		h = last // relay
	}
}

func refInnerEmpty(r Rules, x *refPos, p int) bool {
	for i := 0; i < r.Holes; i++ {
		if x.cows[p][i] > 0 {
			return false
		}
	}
	return true
}

// refEnd returns the result after a move by mover that ended in x.
func refEnd(r Rules, x *refPos, mover int, phase2 bool) (engine.Result, engine.EndReason) {
	if phase2 || !r.EndPhase2 {
		if refInnerEmpty(r, x, 1-mover) {
			return engine.Win(engine.Player(mover)), engine.InnerRowEmpty
		}
		if refInnerEmpty(r, x, mover) {
			return engine.Win(engine.Player(1 - mover)), engine.InnerRowEmpty
		}
	}
	for h := 0; h < 2*r.Holes; h++ {
		if x.cows[1-mover][h] > 0 {
			return engine.Ongoing, engine.NotOver
		}
	}
	return engine.Win(engine.Player(mover)), engine.NoMoves
}

func refFrom(s *State) refPos {
	p := s.Position()
	var x refPos
	for pl := 0; pl < 2; pl++ {
		for h := range p.Cows[pl] {
			x.cows[pl][h] = int(p.Cows[pl][h])
		}
	}
	x.reserve, x.opening, x.toMove = p.Reserve, p.Opening, int(s.Player())
	return x
}

// refCheck compares every candidate move of s with the reference.
func refCheck(t *testing.T, s *State, tooLong *int) {
	t.Helper()
	r := s.g.Rules()
	x := refFrom(s)
	for _, m := range s.Candidates(nil) {
		if x.cows[x.toMove][m] == 0 {
			t.Fatalf("%s: candidate %d is an empty hole\n%s", s.g.Ruleset(), m, s)
		}
		want, wantInfo, phase2, out := refPlay(r, x, int(m))
		c := s.Clone().(*State)
		info, err := c.Apply(m)
		if out == refTooLong {
			*tooLong++
			if info.Laps < refMaxLaps {
				t.Fatalf("%s move %d: the engine ended after %d laps, the reference sows more than %d\n%s", s.g.Ruleset(), m, info.Laps, refMaxLaps, s)
			}
			continue
		}
		if (out == refNever) != info.NeverEnding || (out == refEnded && info != wantInfo) {
			// Laps and Sown of a never-ending move depend on when the
			// detection sees the repeat: only the verdict is compared.
			t.Fatalf("%s move %d: info %+v, reference %+v (never-ending %v)\n%s", s.g.Ruleset(), m, info, wantInfo, out == refNever, s)
		}
		if out == refNever {
			if r.InfiniteDraw {
				if err != nil || c.Result() != engine.Draw || c.EndReason() != engine.InfiniteMove {
					t.Fatalf("%s move %d: infinite=draw gave %v %v %v", s.g.Ruleset(), m, err, c.Result(), c.EndReason())
				}
			} else if !errors.Is(err, engine.ErrNeverEnding) || c.Position() != s.Position() {
				t.Fatalf("%s move %d: never-ending: %v", s.g.Ruleset(), m, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s move %d: %v\n%s", s.g.Ruleset(), m, err, s)
		}
		if got := refFrom(c); got != want {
			t.Fatalf("%s move %d:\n%s\ngot  %+v\nwant %+v", s.g.Ruleset(), m, s, got, want)
		}
		res, why := refEnd(r, &want, x.toMove, phase2)
		if c.Ply() >= r.MaxPlies && res == engine.Ongoing {
			res, why = engine.Unfinished, engine.MaxPlies
		}
		if c.Result() != res || c.EndReason() != why {
			t.Fatalf("%s move %d: result %v (%v), reference %v (%v)\n%s", s.g.Ruleset(), m, c.Result(), c.EndReason(), res, why, c)
		}
		if err := c.Check(); err != nil {
			t.Fatalf("%s move %d: %v", s.g.Ruleset(), m, err)
		}
	}
}

// refRuleset draws an option set: mostly small boards (4 or 5 holes a
// row), some default-sized and larger ones, every reading option.
func refRuleset(rng *rand.Rand) string {
	holes := []int{4, 4, 5, 5, 6, 8, 8, 10}[rng.IntN(8)]
	reserve := rng.IntN(3 * holes)
	if rng.IntN(4) == 0 {
		reserve = 0
	}
	if holes == 8 && rng.IntN(2) == 0 {
		reserve = 24
	}
	pick := func(a, b string) string { return []string{a, b}[rng.IntN(2)] }
	rs := fmt.Sprintf("%s:holes=%d,reserve=%d,capture_sow=%s,end_check=%s,opening_intro=%s,skip_origin=%s,win_check=%s,phase_change=%s,first=%s,infinite=%s,max_plies=120",
		Name, holes, reserve, pick("here", "next"), pick("always", "phase2"), pick("off", "on"), pick("off", "on"),
		pick("move", "capture"), pick("next", "immediate"), pick("south", "north"), pick("illegal", "draw"))
	if rng.IntN(4) == 0 {
		rs += fmt.Sprintf(",lap_limit=%d", 1+rng.IntN(50))
	}
	return rs
}

// TestReference plays random games of random option sets (and of the
// defaults) and compares every candidate move of every position with the
// literal reference, never-ending verdicts included.
func TestReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 10))
	games := 400
	if testenv.Short() {
		games = 40
	}
	tooLong, moves := 0, 0
	for gi := 0; gi < games; gi++ {
		rs := refRuleset(rng)
		if gi%10 == 0 {
			rs = Name + ":max_plies=120"
		}
		s := MustNew(rs).NewState().(*State)
		for !s.Over() {
			refCheck(t, s, &tooLong)
			cs := s.Candidates(nil)
			moves += len(cs)
			s.Apply(cs[rng.IntN(len(cs))])
		}
	}
	t.Logf("%d games, %d moves compared, %d moves longer than %d laps (no reference verdict)", games, moves, tooLong, refMaxLaps)
}
