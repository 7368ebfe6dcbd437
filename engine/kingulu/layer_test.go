package kingulu

import (
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
