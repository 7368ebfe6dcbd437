package kingulu_test

import (
	"testing"

	"github.com/baolab/baolab/engine/enginetest"
)

// TestCPerft compares Game.Perft with the two independent C perfts of
// testdata/cperft: perft.c, and fast.c (the timed yardstick, with bulk
// counting at the last ply) (built with cc; skipped without one).
func TestCPerft(t *testing.T) {
	for _, src := range []string{"testdata/cperft/perft.c", "testdata/cperft/fast.c"} {
		enginetest.CheckCPerft(t, src, cperftCases)
	}
}

var cperftCases = []enginetest.CPerftCase{
	{Ruleset: "kingulu", Depth: 11},
	{Ruleset: "kingulu:skip_origin=on", Args: []string{"-s"}, Depth: 10},
	{Ruleset: "kingulu:max_reserved=0", Args: []string{"-m", "0"}, Depth: 6},
	{Ruleset: "kingulu:max_reserved=1", Args: []string{"-m", "1"}, Depth: 9},
	{Ruleset: "kingulu:max_reserved=2,skip_origin=on", Args: []string{"-m", "2", "-s"}, Depth: 9},
}
