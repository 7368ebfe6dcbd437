package stats

import (
	"math"
	"testing"
)

// TestTOSTHandWorked checks the two one-sided tests against values worked
// by hand from a table of the standard normal distribution (Φ(−2) =
// 0.02275, Φ(−1) = 0.15866, Φ(−3) = 0.00135, Φ(−4) = 0.0000317) and of
// Student's t (the 97.5% point with 10 degrees of freedom is 2.228).
//
// Working, z case, estimate d = 0.01, standard error 0.01, margin 0.03:
//
//	H0 d ≤ −0.03: z = (0.01 + 0.03)/0.01 = 4,    p = 1 − Φ(4)  = 0.0000317
//	H0 d ≥ +0.03: z = (0.01 − 0.03)/0.01 = −2,   p = Φ(−2)     = 0.02275
//	TOST p = max = 0.02275 < 0.05: balanced (the 90% interval
//	0.01 ± 1.645×0.01 = [−0.0064, 0.0264] lies inside ±0.03).
//
// d = 0.02: the upper test gives z = −1, p = Φ(−1) = 0.15866: undecided
// (90% interval [0.0036, 0.0364] crosses 0.03). d = 0.06: the test of
// H0 d ≤ 0.03 gives z = 3, p = 1 − Φ(3) = 0.00135 < 0.05: not balanced
// (90% interval [0.0436, 0.0764] lies beyond 0.03).
//
// t case, d = 0.5, standard error 1, 10 degrees of freedom, margin 2.728:
// the upper test's t = (0.5 − 2.728)/1 = −2.228, p = 0.025 (table).
func TestTOSTHandWorked(t *testing.T) {
	for _, c := range []struct {
		name              string
		d, se, df, margin float64
		p, pBeyond        float64
		verdict           string
	}{
		{"z inside", 0.01, 0.01, 0, 0.03, 0.02275, 0.97725, Balanced},
		{"z across", 0.02, 0.01, 0, 0.03, 0.15866, 0.84134, Undecided},
		{"z beyond", 0.06, 0.01, 0, 0.03, 0.99865, 0.00135, NotBalanced},
		{"z beyond below", -0.06, 0.01, 0, 0.03, 0.99865, 0.00135, NotBalanced},
		{"t inside", 0.5, 1, 10, 2.728, 0.02500, 0.98, Balanced},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := TOST(c.d, c.se, c.df, c.margin)
			if math.Abs(e.P-c.p) > 5e-5 {
				t.Errorf("TOST p = %.5f, hand-worked %.5f", e.P, c.p)
			}
			if c.pBeyond != 0.98 && math.Abs(e.PBeyond-c.pBeyond) > 5e-5 {
				t.Errorf("p beyond the margin = %.5f, hand-worked %.5f", e.PBeyond, c.pBeyond)
			}
			if v := e.Verdict(0.05); v != c.verdict {
				t.Errorf("verdict %q, want %q", v, c.verdict)
			}
		})
	}
	if e := TOST(0.2, 0, 0, 0.1); e.Verdict(0.05) != NotBalanced {
		t.Errorf("exact estimate beyond the margin: %+v", e)
	}
	if e := TOST(math.NaN(), 0.1, 0, 0.1); e.Verdict(0.05) != "" {
		t.Errorf("undefined estimate: verdict %q", e.Verdict(0.05))
	}
}
