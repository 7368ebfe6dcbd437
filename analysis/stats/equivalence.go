package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Verdicts of an equivalence test (Equivalence).
const (
	// Balanced: both one-sided tests reject, the estimate lies within
	// ±margin (the 1−2α interval is inside [−margin, margin]).
	Balanced = "balanced"
	// NotBalanced: the estimate is shown to lie beyond the margin (the
	// 1−2α interval is wholly outside [−margin, margin]).
	NotBalanced = "not balanced"
	// Undecided: neither; the data cannot tell (more games, or a wider
	// margin chosen before the run, would).
	Undecided = "undecided"
)

// Equivalence is the two one-sided tests (TOST; Schuirmann 1987) of an
// estimate d with standard error se against the margin δ: H0 d ≤ −δ
// against d > −δ, and H0 d ≥ δ against d < δ. With df > 0 (Welch) the
// statistics are Student t with df degrees of freedom, otherwise normal
// (z). P is the larger one-sided p-value: the estimate is shown within
// ±δ at level α when P < α. PBeyond is the smaller p-value of the
// opposite one-sided tests (H0 d ≤ δ against d > δ, and H0 d ≥ −δ
// against d < −δ): the estimate is shown beyond the margin when
// PBeyond < α.
type Equivalence struct {
	Margin, P, PBeyond float64
}

// TOST returns the equivalence tests of d (standard error se) against
// margin; df ≤ 0 or NaN gives z tests, else t tests with df degrees of
// freedom. A zero or undefined se gives P 0 or 1 by whether |d| < margin
// (the estimate is exact) and NaN for undefined inputs.
func TOST(d, se, df, margin float64) Equivalence {
	e := Equivalence{Margin: margin}
	if math.IsNaN(d) || math.IsNaN(se) || math.IsNaN(margin) {
		e.P, e.PBeyond = math.NaN(), math.NaN()
		return e
	}
	if se == 0 {
		e.P, e.PBeyond = 1, 1
		if math.Abs(d) < margin {
			e.P = 0
		} else if math.Abs(d) > margin {
			e.PBeyond = 0
		}
		return e
	}
	survival := distuv.UnitNormal.Survival
	if df > 0 && !math.IsNaN(df) && !math.IsInf(df, 0) {
		t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
		survival = t.Survival
	}
	pLower := survival((d + margin) / se)  // H0 d ≤ −δ
	pUpper := survival(-(d - margin) / se) // H0 d ≥ δ
	pAbove := survival((d - margin) / se)  // H0 d ≤ δ
	pBelow := survival(-(d + margin) / se) // H0 d ≥ −δ
	e.P = math.Max(pLower, pUpper)
	e.PBeyond = math.Min(pAbove, pBelow)
	return e
}

// Verdict returns Balanced, NotBalanced or Undecided at level alpha, or
// "" when the tests are undefined.
func (e Equivalence) Verdict(alpha float64) string {
	switch {
	case math.IsNaN(e.P):
		return ""
	case e.P < alpha:
		return Balanced
	case e.PBeyond < alpha:
		return NotBalanced
	}
	return Undecided
}
