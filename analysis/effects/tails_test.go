package effects

import (
	"math"
	"testing"
)

// TestLinkTails: the logistic function and softplus log(1 + eˣ) stay
// finite far out on both sides (e^800 overflows float64, so the naive
// forms give NaN and +Inf there), and match the closed forms nearby.
func TestLinkTails(t *testing.T) {
	for _, c := range []struct{ x, sig, soft float64 }{
		{0, 0.5, math.Ln2},
		{math.Log(3), 0.75, math.Log(4)},
		{-math.Log(3), 0.25, math.Log(4.0 / 3)},
		{800, 1, 800},
		{-800, 0, 0},
		{40, 1 / (1 + math.Exp(-40)), 40 + math.Exp(-40)},
	} {
		if got := sigmoid(c.x); !(math.Abs(got-c.sig) <= 1e-15) {
			t.Errorf("sigmoid(%g) = %g, want %g", c.x, got, c.sig)
		}
		if got := softplus(c.x); !(math.Abs(got-c.soft) <= 1e-12*math.Max(1, c.soft)) {
			t.Errorf("softplus(%g) = %g, want %g", c.x, got, c.soft)
		}
	}
}
