package stats

import "testing"

// TestTOSTExactEstimateOnTheMargin: with a standard error of 0 the
// estimate is exact. Strictly inside ±margin it is shown within (P 0),
// strictly outside shown beyond (PBeyond 0); exactly on the margin it is
// neither (both 1: undecided), on either side. 0.25 and 0.5 are exact in
// binary, so |d| equals the margin exactly.
func TestTOSTExactEstimateOnTheMargin(t *testing.T) {
	for _, c := range []struct {
		d, margin, p, pBeyond float64
		verdict               string
	}{
		{0.25, 0.5, 0, 1, Balanced},
		{0.5, 0.5, 1, 1, Undecided},
		{-0.5, 0.5, 1, 1, Undecided},
		{-0.75, 0.5, 1, 0, NotBalanced},
	} {
		e := TOST(c.d, 0, 0, c.margin)
		if e.P != c.p || e.PBeyond != c.pBeyond || e.Verdict(0.05) != c.verdict {
			t.Errorf("TOST(%g, se 0, margin %g) = P %g, PBeyond %g, %q; want %g, %g, %q",
				c.d, c.margin, e.P, e.PBeyond, e.Verdict(0.05), c.p, c.pBeyond, c.verdict)
		}
	}
}
