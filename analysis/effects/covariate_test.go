package effects

import (
	"math"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestLinearNumericCovariate: a least-squares line through games at x =
// 0, 0, 1, 2, 2 with y = 1, 3, 4, 5, 7. The design's second column is a
// number, not an indicator, so a slip that only shows when an entry of x
// is neither 0 nor 1 (w·x for w/x in addOuter) changes the answer; the
// dummy-coded designs of Estimate cannot tell.
//
// Worked by hand: Σ1 = 5, Σx = 5, Σx² = 9, Σy = 20, Σxy = 28, so
// A = [[5 5] [5 9]], det 20, β = A⁻¹ (20, 28) = (2, 2). The residuals
// are −1, +1 (x = 0), 0 (x = 1), −1, +1 (x = 2), so B = 2·(1,0)(1,0)ᵀ +
// 2·(1,2)(1,2)ᵀ = [[4 4] [4 8]], and A⁻¹ B A⁻¹ = [[164 −100] [−100
// 100]]/400: SE 0.41^½ and 0.5, covariance −0.25.
func TestLinearNumericCovariate(t *testing.T) {
	fit, err := Linear([]Cell{
		{X: []float64{1, 0}, N: 2, Sum: 1 + 3, SumSq: 1 + 9},
		{X: []float64{1, 1}, N: 1, Sum: 4, SumSq: 16},
		{X: []float64{1, 2}, N: 2, Sum: 5 + 7, SumSq: 25 + 49},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"intercept", fit.Coef[0], 2},
		{"slope", fit.Coef[1], 2},
		{"SE intercept", fit.SE[0], math.Sqrt(0.41)},
		{"SE slope", fit.SE[1], 0.5},
		{"covariance", fit.Cov.At(0, 1), -0.25},
	} {
		if !near(c.got, c.want, 1e-12) {
			t.Errorf("%s %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestLevelRank: levelRank orders an option's values as the option lists
// its words (in that order, whichever is the default), then integers
// ascending. The package's own options list their default first, so a
// slip there (the first word ranked as a number, words after numbers)
// would otherwise be hidden by the default being moved to the front.
func TestLevelRank(t *testing.T) {
	o := engine.Option{Key: "k", Default: "none", Values: []string{"all", "none"}, Numeric: true, Min: 1, Max: 20}
	order := []string{"all", "none", "1", "2", "10"}
	for k := 1; k < len(order); k++ {
		a, b := order[k-1], order[k]
		if !(levelRank(o, a) < levelRank(o, b)) {
			t.Errorf("levelRank(%s) = %g not below levelRank(%s) = %g", a, levelRank(o, a), b, levelRank(o, b))
		}
	}
}
