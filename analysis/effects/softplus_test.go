package effects

import (
	"math"
	"testing"
)

// TestSoftplusLargeArguments: above 30 softplus is x + log1p(e⁻ˣ); just
// above 30, e⁻ˣ (about 10⁻¹³) is still dozens of units in the last place
// of x, so the correction must be added, not subtracted. The reference
// x + e⁻ˣ differs from log(1 + eˣ) by e⁻²ˣ/2 (below 10⁻²⁶), far under
// half a unit in the last place; the tolerance is two units.
func TestSoftplusLargeArguments(t *testing.T) {
	for _, x := range []float64{30.5, 31, 33, 35} {
		want := x + math.Exp(-x)
		ulp := math.Nextafter(want, math.Inf(1)) - want
		if got := softplus(x); math.Abs(got-want) > 2*ulp {
			t.Errorf("softplus(%g) = %.17g, want %.17g (%.1f units in the last place off)", x, got, want, math.Abs(got-want)/ulp)
		}
	}
}
