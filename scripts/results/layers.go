package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// layerCount is the total line of baolab solve --layers --json.
type layerCount struct {
	Ruleset   string `json:"ruleset"`
	Layers    int64  `json:"layers"`
	Positions int64  `json:"positions"`
	Terminal  int64  `json:"terminal"`
	Largest   int64  `json:"largest"`
}

// layersTable makes block layers from results/layers/layers.jsonl: per
// board its positions, layers and largest layer, with the largest
// layer's share of the board (what a layered solve holds in memory).
func layersTable(root string) (string, error) {
	path := filepath.Join(root, "results", "layers", "layers.jsonl")
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	b.WriteString("| board | positions | layers | largest layer |\n| --- | ---: | ---: | ---: |\n")
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		var c layerCount
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return "", fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if c.Ruleset == "" || c.Positions <= 0 || c.Largest > c.Positions {
			return "", fmt.Errorf("%s:%d: not a --layers total line", path, n)
		}
		share := 100 * float64(c.Largest) / float64(c.Positions)
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s (%.1f%%) |\n", c.Ruleset, thousands(c.Positions), thousands(c.Layers), thousands(c.Largest), share)
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	if n == 0 {
		return "", fmt.Errorf("%s: empty", path)
	}
	return b.String(), nil
}
