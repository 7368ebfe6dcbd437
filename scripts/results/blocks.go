package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// generator makes the text of one block from the repository at root.
type generator func(root string) (string, error)

// generators are the blocks a doc may hold, by name.
var generators = map[string]generator{
	"options:kingulu":                     optionsTable("kingulu"),
	"options:kimasai-two-rows":            optionsTable("kimasai-two-rows"),
	"options:kimasai-four-rows":           optionsTable("kimasai-four-rows"),
	"exact":                               exactTable,
	"exact-readings:kingulu":              exactReadings("kingulu"),
	"exact-readings:kimasai-two-rows":     exactReadings("kimasai-two-rows"),
	"exact-readings:kimasai-four-rows":    exactReadings("kimasai-four-rows"),
	"exact-findings":                      exactFindings,
	"ladder:kingulu-200":                  ladderTable("kingulu-200"),
	"ladder:kimasai-50":                   ladderTable("kimasai-50"),
	"layers":                              layersTable,
	"plan:kingulu":                        planBlock("kingulu"),
	"plan:kingulu-holes5-seeds2":          planBlock("kingulu-holes5-seeds2"),
	"plan-check:kingulu-seeds2":           planCheck("kingulu-seeds2"),
	"calibration":                         calibrationTable,
	"plan:kingulu-holes5-seeds4-estimate": planBlock("kingulu-holes5-seeds4-estimate"),
	"balance:kingulu":                     balanceTable("kingulu"),
	"balance:kimasai-two-rows":            balanceTable("kimasai-two-rows"),
	"balance:kimasai-four-rows":           balanceTable("kimasai-four-rows"),
	"eval:kingulu":                        evalTable("kingulu"),
	"eval:kimasai-two-rows":               evalTable("kimasai-two-rows"),
	"eval:kimasai-four-rows":              evalTable("kimasai-four-rows"),
	"endgame:kimasai-four-rows":           endgameTable("kimasai-four-rows", 8),
	"endgame-play:kimasai-four-rows":      ladderTableAt("endgame", "play-kimasai-four-rows"),
	"endgame-play-mcts:kimasai-four-rows": ladderTableAt("endgame", "play-mcts-kimasai-four-rows"),
	"speed":                               speedTable,
	"doubling:kingulu":                    doublingTable("kingulu"),
	"doubling:kimasai-two-rows":           doublingTable("kimasai-two-rows"),
	"doubling:kimasai-four-rows":          doublingTable("kimasai-four-rows"),
	"accuracy":                            accuracyTable,
	"findings":                            findingsTable,
	"readings:readings-kimasai-two-rows":  readingsTable("readings-kimasai-two-rows"),
	"readings:kingulu-48":                 readingsTable("kingulu-48"),
	"readings:max-reserved":               readingsTable("max-reserved"),
	"readings:kimasai-two-rows-16":        readingsTable("kimasai-two-rows-16"),
	"readings:kimasai-two-rows-phase":     readingsTable("kimasai-two-rows-phase"),
	"readings:kimasai-four-rows":          readingsTable("kimasai-four-rows"),
}

const (
	openPrefix  = "<!-- results:"
	closePrefix = "<!-- /results:"
	suffix      = " -->"
)

// docFiles are the Markdown files that may hold blocks: README.md and
// every .md file under docs/.
func docFiles(root string) ([]string, error) {
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files[1:])
	return files, err
}

// Replace returns doc with the text between every pair of block markers
// replaced by what gen makes for the block's name. A marker without its
// pair, a nested or repeated block, or a name gen does not know is an
// error naming the line.
func Replace(doc string, gen func(name string) (string, error)) (string, error) {
	lines := strings.SplitAfter(doc, "\n")
	var out strings.Builder
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out.WriteString(line)
		name, ok := marker(line, openPrefix)
		if !ok {
			if n, ok := marker(line, closePrefix); ok {
				return "", fmt.Errorf("line %d: %s closes a block that is not open", i+1, n)
			}
			continue
		}
		if seen[name] {
			return "", fmt.Errorf("line %d: block %s appears twice", i+1, name)
		}
		seen[name] = true
		end := -1
		for j := i + 1; j < len(lines); j++ {
			if n, ok := marker(lines[j], closePrefix); ok {
				if n != name {
					return "", fmt.Errorf("line %d: block %s closed as %s", j+1, name, n)
				}
				end = j
				break
			}
			if _, ok := marker(lines[j], openPrefix); ok {
				return "", fmt.Errorf("line %d: block opened inside block %s", j+1, name)
			}
		}
		if end < 0 {
			return "", fmt.Errorf("line %d: block %s is not closed", i+1, name)
		}
		text, err := gen(name)
		if err != nil {
			return "", fmt.Errorf("line %d: block %s: %w", i+1, name, err)
		}
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		out.WriteString(text)
		out.WriteString(lines[end])
		i = end
	}
	return out.String(), nil
}

// marker reports whether line is a marker with the prefix, and its name.
func marker(line, prefix string) (string, bool) {
	l := strings.TrimSpace(line)
	if !strings.HasPrefix(l, prefix) || !strings.HasSuffix(l, suffix) {
		return "", false
	}
	return strings.TrimSuffix(strings.TrimPrefix(l, prefix), suffix), true
}

// Update regenerates every block of every doc file under root. With
// write it rewrites the stale files; it returns the stale blocks as
// "FILE: NAME" in any case.
func Update(root string, write bool) ([]string, error) {
	files, err := docFiles(root)
	if err != nil {
		return nil, err
	}
	var stale []string
	for _, f := range files {
		path := filepath.Join(root, f)
		old, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var names []string
		gen := func(name string) (string, error) {
			g, ok := generators[name]
			if !ok {
				return "", fmt.Errorf("no generator of that name")
			}
			names = append(names, name)
			return g(root)
		}
		doc, err := Replace(string(old), gen)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if doc == string(old) {
			continue
		}
		// Name the blocks that changed.
		for _, n := range names {
			if block(doc, n) != block(string(old), n) {
				stale = append(stale, f+": "+n)
			}
		}
		if write {
			if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
				return nil, err
			}
		}
	}
	return stale, nil
}

// block returns the text of block name in doc.
func block(doc, name string) string {
	open := openPrefix + name + suffix
	i := strings.Index(doc, open)
	if i < 0 {
		return ""
	}
	rest := doc[i+len(open):]
	j := strings.Index(rest, closePrefix+name+suffix)
	if j < 0 {
		return rest
	}
	return rest[:j]
}
