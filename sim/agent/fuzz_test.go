package agent

import (
	"strings"
	"testing"
)

// FuzzParsePair checks that any text either parses to a pair whose
// canonical string parses back to the same pair, or fails with one line.
func FuzzParsePair(f *testing.F) {
	for _, s := range []string{"random", "greedy/random", "alphabeta:depth=4", "mcts:iters=400,c=1.4/greedy",
		"mcts:c=2", "alphabeta:depth=0", "x/y/z", "mcts:iters=1e9", "random:", " greedy / alphabeta:depth=2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		south, north, err := ParsePair(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error for %q: %q", text, err)
			}
			return
		}
		canon := PairString(south, north)
		s2, n2, err := ParsePair(canon)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", canon, text, err)
		}
		if PairString(s2, n2) != canon {
			t.Fatalf("canonical form not stable: %q -> %q", canon, PairString(s2, n2))
		}
	})
}
