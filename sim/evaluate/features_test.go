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
	p := kimasai4.Position{Stones: [2]uint32{0b1111_1011, 0b1001_0101}}
	s, err := kimasai4.NewStateAt(engine.MustParse("kimasai-four-rows:holes=4"), p, engine.South)
	if err != nil {
		t.Fatal(err)
	}
	checkFeatures(t, s, []float64{3.0 / 8, 1.0 / 4, -2.0 / 4, -1.0 / 4, -1.0 / 4, 1})
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
