package kimasai4_test

import (
	"testing"

	"github.com/baolab/baolab/engine/enginetest"
)

// TestCPerft compares Game.Perft with the independent C perft of
// testdata/cperft/perft.c (built with cc; skipped without one).
func TestCPerft(t *testing.T) {
	enginetest.CheckCPerft(t, "testdata/cperft/perft.c", []enginetest.CPerftCase{
		{Ruleset: "kimasai-four-rows", Depth: 12},
		{Ruleset: "kimasai-four-rows:repetition=none,first=north", Depth: 10},
	})
}
