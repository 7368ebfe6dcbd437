package kimasai2

import (
	"testing"

	"github.com/baolab/baolab/engine/enginetest"
)

// TestCPerft compares Game.Perft with the independent C perft of
// testdata/cperft/perft.c (built with cc; skipped without one).
func TestCPerft(t *testing.T) {
	enginetest.CheckCPerft(t, "testdata/cperft/perft.c", []enginetest.CPerftCase{
		{Ruleset: Name, Depth: 6},
		{Ruleset: Name + ":reserve=0", Args: []string{"-r", "0"}, Depth: 6},
		{Ruleset: Name + ":reserve=3", Args: []string{"-r", "3"}, Depth: 7},
		{Ruleset: Name + ":reserve=2,phase_change=immediate", Args: []string{"-r", "2", "-i"}, Depth: 7},
		{Ruleset: Name + ":reserve=1,skip_origin=on,win_check=capture,phase_change=immediate", Args: []string{"-r", "1", "-s", "-w", "-i"}, Depth: 7},
		{Ruleset: Name + ":reserve=0,skip_origin=on,win_check=capture", Args: []string{"-r", "0", "-s", "-w"}, Depth: 6},
		// On holes=4,reserve=3 each reading option changes perft by the
		// depth compared (see perftTable); on the default board
		// skip_origin and win_check do not by depth 7.
		{Ruleset: Name + ":holes=4,reserve=3", Args: []string{"-h", "4", "-r", "3"}, Depth: 9},
		{Ruleset: Name + ":holes=4,reserve=3,skip_origin=on", Args: []string{"-h", "4", "-r", "3", "-s"}, Depth: 10},
		{Ruleset: Name + ":holes=4,reserve=3,win_check=capture", Args: []string{"-h", "4", "-r", "3", "-w"}, Depth: 9},
		{Ruleset: Name + ":holes=4,reserve=3,phase_change=immediate", Args: []string{"-h", "4", "-r", "3", "-i"}, Depth: 8},
		{Ruleset: Name + ":holes=4,reserve=3,skip_origin=on,win_check=capture,phase_change=immediate", Args: []string{"-h", "4", "-r", "3", "-s", "-w", "-i"}, Depth: 9},
		{Ruleset: Name + ":holes=5,reserve=0", Args: []string{"-h", "5", "-r", "0"}, Depth: 7},
	})
}
