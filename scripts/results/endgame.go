package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kimasai4"
	"github.com/baolab/baolab/solve/endgame"
)

// The endgame databases: results/endgame/RULESET.csv holds, one row a K,
// what `baolab endgame --rules RULESET --stones K --workers 1` built
// (results/endgame/COMMAND): the positions and the nodes solved it
// printed, and the bytes of its solved.parquet and endgame.json. Block
// endgame:RULESET tabulates them and adds the larger K up to countTo as
// counted, not built, by endgame.FourRowsPositions; a built row whose
// positions disagree with that count is refused.

// endgameTable makes block endgame:RULESET of a kimasai-four-rows ruleset.
func endgameTable(ruleset string, countTo int) generator {
	return func(root string) (string, error) {
		g, err := engine.Parse(ruleset)
		if err != nil {
			return "", err
		}
		k4, ok := g.(*kimasai4.Game)
		if !ok {
			return "", fmt.Errorf("%s is not a kimasai-four-rows ruleset", ruleset)
		}
		path := filepath.Join(root, "results", "endgame", ruleset+".csv")
		rows, err := readCSV(path, "k", "positions", "nodes", "solved_bytes", "meta_bytes")
		if err != nil {
			return "", err
		}
		if len(rows) == 0 {
			return "", fmt.Errorf("%s: no databases", path)
		}
		var b strings.Builder
		b.WriteString("| K | positions | nodes solved | solved.parquet bytes | endgame.json bytes |\n")
		b.WriteString("|---|---:|---:|---:|---:|\n")
		for i, r := range rows {
			var c [5]int64
			for j, key := range []string{"k", "positions", "nodes", "solved_bytes", "meta_bytes"} {
				if c[j], err = strconv.ParseInt(r[key], 10, 64); err != nil {
					return "", fmt.Errorf("%s: row %d: column %s: %w", path, i+1, key, err)
				}
			}
			k := int(c[0])
			if k != i+1 {
				return "", fmt.Errorf("%s: row %d: K = %d: the rows are K = 1, 2, ... in order", path, i+1, k)
			}
			if want := endgame.FourRowsPositions(k4, k); c[1] != int64(want) {
				return "", fmt.Errorf("%s: K = %d: %d positions, but endgame.FourRowsPositions counts %d", path, k, c[1], want)
			}
			if c[2] < c[1] {
				return "", fmt.Errorf("%s: K = %d: %d nodes solved, fewer than its %d positions", path, k, c[2], c[1])
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %s |\n", k, thousands(c[1]), thousands(c[2]), thousands(c[3]), thousands(c[4]))
		}
		for k := len(rows) + 1; k <= countTo; k++ {
			fmt.Fprintf(&b, "| %d | %s | not built | | |\n", k, thousands(int64(endgame.FourRowsPositions(k4, k))))
		}
		return b.String(), nil
	}
}
