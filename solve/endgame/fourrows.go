package endgame

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/solve"
)

// FormatFourRows names the layout of MetaFile of a kimasai-four-rows
// database.
const FormatFourRows = "baolab-kimasai4-endgame/1"

// fourRowsDB is the kimasai-four-rows variant of a database: K counts the
// stones on the board (both players'), and every position is its own
// canonical position.
type fourRowsDB struct{ g *kimasai4.Game }

func (fourRowsDB) format() string { return FormatFourRows }
func (fourRowsDB) count() string  { return "stones" }

// keyBits is 4*holes+1 whatever K (kimasai4's key).
func (v fourRowsDB) keyBits(int) int { return 4*v.g.Rules().Holes + 1 }

func (v fourRowsDB) positions(k int) int { return FourRowsPositions(v.g, k) }

func (v fourRowsDB) check(k int) error {
	if b := v.keyBits(k); b > solve.MaxKeyBits {
		return fmt.Errorf("endgame: %w: %s: keys of %d bits (4*holes+1) do not fit the solver's %d (holes at most %d)", ErrCannot, v.g.Ruleset(), b, solve.MaxKeyBits, (solve.MaxKeyBits-1)/4)
	}
	if k < 1 || k > MaxStones(v.g) {
		return outOfRange(v.g, "stones on the board", k, 1, MaxStones(v.g))
	}
	return nil
}

func (v fourRowsDB) canonical(k int) iter.Seq[engine.State] { return FourRows(v.g, k) }

func (v fourRowsDB) newScratch(int) engine.State { return v.g.NewState() }

func (v fourRowsDB) canonicalOf(s, _ engine.State, k int) (engine.State, int, bool) {
	if _, ok := s.(*kimasai4.State); !ok || Stones(s) > k {
		return nil, 0, false
	}
	return s, 0, true
}

// MaxStones returns the largest K a kimasai-four-rows database of g can
// have: 4*holes, every hole of the board.
func MaxStones(g *kimasai4.Game) int { return 4 * g.Rules().Holes }

// FourRowsPositions returns the number of positions of a
// kimasai-four-rows database of g for k stones: 2*(C(4n,1)+...+C(4n,k)),
// n holes per row (FourRows yields them).
func FourRowsPositions(g *kimasai4.Game, k int) int {
	holes, sum, c := MaxStones(g), 0, 1
	for j := 1; j <= k && j <= holes; j++ {
		c = c * (holes - j + 1) / j // C(holes, j)
		sum += c
	}
	return 2 * sum
}

// Stones returns the stones on the board of a state: both players'.
func Stones(s engine.State) int { return s.Material(engine.South) + s.Material(engine.North) }

// FourRows yields the positions of a kimasai-four-rows database of g for
// at most k stones (see the package doc), one state changed each time:
// every placement of 1..k stones over the board's 4*holes holes, South
// then North to move (FourRowsPositions counts them).
func FourRows(g *kimasai4.Game, k int) iter.Seq[engine.State] {
	return func(yield func(engine.State) bool) {
		side := uint(2 * g.Rules().Holes) // holes of one player
		s := g.NewState().(*kimasai4.State)
		for j := 1; j <= k && j <= int(2*side); j++ {
			for m := uint64(1)<<j - 1; m < 1<<(2*side); m = nextSubset(m) {
				p := kimasai4.Position{Stones: [2]uint32{uint32(m & (1<<side - 1)), uint32(m >> side)}}
				for _, pl := range []engine.Player{engine.South, engine.North} {
					if err := s.SetPosition(p, pl); err != nil {
						panic("endgame: " + err.Error()) // stones within the board, at least one
					}
					if !yield(s) {
						return
					}
				}
			}
		}
	}
}

// nextSubset returns the next larger number with as many set bits as m
// (m > 0; Gosper's hack).
func nextSubset(m uint64) uint64 {
	low := m & -m
	r := m + low
	return r | (r^m)>>2>>bits.TrailingZeros64(low)
}
