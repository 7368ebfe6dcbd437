package evaluate_test

import (
	"math"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all"
	"github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/sim/evaluate"
)

// checkFeatures compares the features of s from South's view with want
// (worked by hand), and checks that North's view is their negation (every
// feature is antisymmetric).
func checkFeatures(t *testing.T, s engine.State, want []float64) {
	t.Helper()
	names, err := evaluate.Names(s.Game().Variant())
	if err != nil {
		t.Fatal(err)
	}
	var f, g [evaluate.MaxFeatures]float64
	n := evaluate.Features(&f, s, engine.South)
	if n != len(want) || n != len(names) {
		t.Fatalf("%d features, want %d (%d names)", n, len(want), len(names))
	}
	evaluate.Features(&g, s, engine.North)
	for i := range n {
		if math.Abs(f[i]-want[i]) > 1e-12 {
			t.Errorf("%s = %.6f, want %.6f", names[i], f[i], want[i])
		}
		if g[i] != -f[i] {
			t.Errorf("%s from North's view = %.6f, want %.6f", names[i], g[i], -f[i])
		}
	}
}

func TestKinguluFeatures(t *testing.T) {
	// South [0 2 4 5], North [1 4 0 3] with North's hole 1 reserved by
	// South, banks 2 and 1: 22 seeds. South scores 11 + 4 + 2 = 17, North
	// 4 + 1 = 5. South's empty hole 0 faces North's hole 3 (3 seeds),
	// North's empty hole 2 faces South's hole 1 (2 seeds). North's hole 3
	// holds exactly 3. South can lift 3 holes, North 2.
	var p kingulu.Position
	p.Seeds[engine.South] = [kingulu.MaxHoles]int{0, 2, 4, 5}
	p.Seeds[engine.North] = [kingulu.MaxHoles]int{1, 4, 0, 3}
	p.Reserved[engine.North][1] = true
	p.Bank = [2]int{2, 1}
	s, err := kingulu.NewStateAt(engine.MustParse("kingulu:holes=4"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	checkFeatures(t, s, []float64{12.0 / 22, 1.0 / 22, 1.0 / 4, 7.0 / 22, 1.0 / 22, 1.0 / 4, 1.0 / 4, 1})
}

func TestKimasai4Features(t *testing.T) {
	// holes=4: South front {0,1,3}, back {4..7}; North front {0,2}, back
	// {4,7}. South can step 1->2 only; North 0->1, 2->3, 4->5. North's step
	// into front hole 3 faces South's front 0 (a stone) with South's back 7
	// behind it: a threat and a double. South's step into 2 faces North's
	// empty front 1.
	//
	// South to move has no capturing step, so mover_threats is 0.
	// Packed against front hole 3, South's front stones 0, 1, 3 can make
	// 1+1+0 steps, North's 0, 2 make 2+1: front_tempo (2-3)/16. South's
	// back row is full (0 steps); North's back stones 4, 7 make 2+0:
	// back_tempo (0-2)/16.
	p := kimasai4.Position{Stones: [2]uint32{0b1111_1011, 0b1001_0101}}
	g := engine.MustParse("kimasai-four-rows:holes=4")
	s, err := kimasai4.NewStateAt(g, p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	checkFeatures(t, s, []float64{3.0 / 8, 1.0 / 4, -2.0 / 4, -1.0 / 4, -1.0 / 4, 1, 0, -1.0 / 16, -2.0 / 16})
	// The same stones with North to move: North's one capturing step
	// counts for the mover, against South (mover_threats -1/4), and
	// to_move is -1; the rest is unchanged.
	s, err = kimasai4.NewStateAt(g, p, engine.North)
	if err != nil {
		t.Fatal(err)
	}
	checkFeatures(t, s, []float64{3.0 / 8, 1.0 / 4, -2.0 / 4, -1.0 / 4, -1.0 / 4, -1, -1.0 / 4, -1.0 / 16, -2.0 / 16})
}

// TestKimasai4Tempo checks the tempo features on the default 12-hole
// board, in a standoff of the kind real games reach: each player's front
// stones wait at the end of the front row and only back stones can step
// without walking into a capture.
func TestKimasai4Tempo(t *testing.T) {
	// South: front holes 9, 10, 11 (packed: 0 steps) and back holes 12,
	// 13 and 20, which can make 9+9+3 = 21 steps before they are packed
	// against hole 23. North: front holes 8, 10, 11 (hole 8 can make 1
	// step) and back holes 21, 22, 23 (packed). South to move, no
	// capturing step for South.
	p := kimasai4.Position{Stones: [2]uint32{
		1<<9 | 1<<10 | 1<<11 | 1<<12 | 1<<13 | 1<<20,
		1<<8 | 1<<10 | 1<<11 | 1<<21 | 1<<22 | 1<<23,
	}}
	s, err := kimasai4.NewStateAt(engine.MustParse("kimasai-four-rows"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	// South can step 13->14 and 20->21 (2), both in the back row; North
	// 8->9, 11->12 and 23->0 (3). North's step 23->0 enters front hole 0,
	// facing South's front 11 (a stone) with South's back 12 behind it:
	// a threat and a double for North, who is not to move.
	checkFeatures(t, s, []float64{0, 0, -1.0 / 12, -1.0 / 12, -1.0 / 12, 1, 0, -1.0 / 144, 21.0 / 144})
}

func TestKimasai2Features(t *testing.T) {
	// holes=4: South inner [2 0 1 3], outer hole 5 holds 1, reserve 1;
	// North inner [1 1 0 0], outer hole 6 holds 2: 12 cows. South's
	// occupied inner holes 0, 2, 3 face North's 3, 1, 0 (0+1+1 cows);
	// North's 0, 1 face South's 3, 2 (3+1).
	var p kimasai2.Position
	copy(p.Cows[engine.South][:], []uint8{2, 0, 1, 3, 0, 1, 0, 0})
	copy(p.Cows[engine.North][:], []uint8{1, 1, 0, 0, 0, 0, 2, 0})
	p.Reserve = [2]int{1, 0}
	s, err := kimasai2.NewStateAt(engine.MustParse("kimasai-two-rows:holes=4,reserve=1"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	checkFeatures(t, s, []float64{4.0 / 12, 4.0 / 12, 1.0 / 4, -2.0 / 12, 1.0 / 12, 1.0 / 8, 1})
}
