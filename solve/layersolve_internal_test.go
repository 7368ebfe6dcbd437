package solve

import "testing"

// TestPairRoundTrip: a pair of values, None included, gives back both.
func TestPairRoundTrip(t *testing.T) {
	for _, v := range [][2]int8{{noneVal, noneVal}, {noneVal, 3}, {-5, noneVal}, {127, -127}, {0, 0}, {-1, 1}} {
		p := pairOf(v[0], v[1])
		if pairSouth(p) != v[0] || pairNorth(p) != v[1] {
			t.Errorf("pair of %v gives back %d, %d", v, pairSouth(p), pairNorth(p))
		}
	}
}
