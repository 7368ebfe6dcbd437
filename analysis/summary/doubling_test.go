package summary_test

import (
	"testing"

	"github.com/baolab/baolab/analysis/summary"
)

// TestDoublingVerdict: a doubling is a gain only when its interval lies
// above 1/2, worse only when below; an interval holding 1/2, even at an
// end, shows nothing.
func TestDoublingVerdict(t *testing.T) {
	for _, c := range []struct {
		lo, hi summary.Num
		want   string
	}{{0.51, 0.6, summary.DoublingGain}, {0.45, 0.55, summary.DoublingNone}, {0.40, 0.49, summary.DoublingWorse},
		{0.5, 0.6, summary.DoublingNone}, {0.4, 0.5, summary.DoublingNone}} {
		if got := summary.DoublingVerdict(summary.Interval{Lo: c.lo, Hi: c.hi}); got != c.want {
			t.Errorf("[%g, %g]: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
