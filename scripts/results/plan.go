package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Plans: results/plan/NAME.txt holds the summary lines of one `baolab
// solve --layers --plan` (results/plan/COMMAND). Block plan:NAME quotes
// them as they are, in a code block.

// planBlock makes block plan:NAME.
func planBlock(name string) generator {
	return func(root string) (string, error) {
		path := filepath.Join(root, "results", "plan", name+".txt")
		b, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		text := string(b)
		if !strings.HasPrefix(text, "plan ") || !strings.Contains(text, "\ntotal ") || !strings.Contains(text, "\ncluster ") {
			return "", fmt.Errorf("%s: not a plan's summary (plan, total and cluster lines)", path)
		}
		return "```\n" + strings.TrimRight(text, "\n") + "\n```\n", nil
	}
}
