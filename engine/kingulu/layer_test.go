package kingulu

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/enginetest"
)

func TestLayerRoundTrip(t *testing.T) {
	// A move may change the layer only by banking seeds or reserving a hole.
	changes := func(before, after engine.State) bool {
		b, a := before.(*State).Position(), after.(*State).Position()
		return a.Bank != b.Bank || a.Reserved != b.Reserved
	}
	for i, rs := range []string{"kingulu", "kingulu:holes=3,seeds=2", "kingulu:holes=5,seeds=4,penultimate=never",
		"kingulu:min_lift=2,skip_origin=on", "kingulu:max_reserved=1,first_lap_rule=off", "kingulu:infinite=draw"} {
		enginetest.LayerRoundTrip(t, engine.MustParse(rs), 200, uint64(i+1), changes)
	}
}

// TestLayerFields checks the layer of a hand-built position: South's bank
// 5, North's 2, North has reserved South's hole 1 and South North's hole
// 4; rank 5+2+2 = 9.
func TestLayerFields(t *testing.T) {
	g := engine.MustParse("kingulu").(*Game)
	var p Position
	p.Bank = [2]int{5, 2}
	p.Seeds[0] = [MaxHoles]int{4, 4, 4, 4, 4, 3}
	p.Seeds[1] = [MaxHoles]int{4, 4, 4, 4, 4, 2}
	p.Reserved[0][1], p.Reserved[1][4] = true, true
	s, err := NewStateAt(g, p, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	l, k := g.LayerKey(s)
	if want := uint64(9)<<50 | 5<<37 | 2<<24 | 1<<1 | 1<<10; l != want {
		t.Errorf("layer %#x, want %#x", l, want)
	}
	if got, want := g.LayerString(l), "south_bank=5 north_bank=2 reserved=S1,N4"; got != want {
		t.Errorf("LayerString = %q, want %q", got, want)
	}
	// North to move (bit 0), then 4,4,4,4,4,3 and 4,4,4,4,4,2 in unary.
	want, at := uint64(1), uint(1)
	for _, c := range []uint{4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 2} {
		want |= (1<<c - 1) << at
		at += c + 1
	}
	if k != want || at != uint(g.LayerKeyBits(s)) {
		t.Errorf("layer key %#x of %d bits, want %#x of %d", k, g.LayerKeyBits(s), want, at)
	}
}

// TestLayerSpaceRandomGames: along random games of several rulesets
// every position's layer is in the space (SpaceLayers) and every change
// of layer is a chain of steps (LayerSteps), each to a larger layer of
// the space; the default board's space has 1,429,409 layers (the sum
// over r reserved holes of C(12,r)·(49-4r)(50-4r)/2, less the 95 layers
// of a one-seed bank with no hole reserved), and a limit below that
// returns none. (Checked: steps of +2 only, no +3, while no hole is
// reserved fail here on a capture of 3.)
func TestLayerSpaceRandomGames(t *testing.T) {
	for i, rs := range []string{"kingulu", "kingulu:holes=4,seeds=5", "kingulu:penultimate=never,holes=5", "kingulu:max_reserved=1,holes=5,seeds=2", "kingulu:skip_origin=on,min_lift=2,holes=4,seeds=6"} {
		g := MustNew(rs)
		space, ok := g.SpaceLayers(1 << 22)
		if !ok {
			t.Fatalf("%s: space over 4M layers", rs)
		}
		in := func(l uint64) bool { _, ok := slices.BinarySearch(space, l); return ok }
		// below: a chain of steps to layer to passes only layers whose
		// banks and reserved holes are within its.
		below := func(l, to uint64) bool {
			b0, b1, res := layerFields(l)
			c0, c1, cres := layerFields(to)
			return b0 <= c0 && b1 <= c1 && res&^cres == 0
		}
		reaches := func(from, to uint64) bool {
			seen := map[uint64]bool{from: true}
			for stack := []uint64{from}; len(stack) > 0; {
				l := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				g.LayerSteps(l, func(next uint64) {
					if next <= l || !in(next) {
						t.Fatalf("%s: step from %s to %s", rs, g.LayerString(l), g.LayerString(next))
					}
					if below(next, to) && !seen[next] {
						seen[next] = true
						stack = append(stack, next)
					}
				})
			}
			return seen[to]
		}
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		var buf []engine.Move
		for game := 0; game < 200; game++ {
			s := g.NewState()
			prev, _ := g.LayerKey(s)
			for !s.Over() && s.Ply() < 400 {
				buf = s.Legal(buf[:0])
				if len(buf) == 0 {
					break
				}
				if _, err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				l, _ := g.LayerKey(s)
				if !in(l) || l != prev && !reaches(prev, l) {
					t.Fatalf("%s: a move from %s to %s: in the space %v, not reached by steps", rs, g.LayerString(prev), g.LayerString(l), in(l))
				}
				prev = l
			}
		}
	}
	g := MustNew("kingulu")
	if space, ok := g.SpaceLayers(1 << 21); !ok || len(space) != 1429409 {
		t.Errorf("the default board's space: %d layers (%v), want 1,429,409", len(space), ok)
	}
	if space, ok := g.SpaceLayers(1429408); ok || space != nil {
		t.Errorf("a limit of 1,429,408 layers: %d layers, %v", len(space), ok)
	}
}
