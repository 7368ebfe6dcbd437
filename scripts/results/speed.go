package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// speedGoal is what issue 29 asks of one bench-c figure: its yardstick in
// words and the largest ratio that meets the goal (0: no goal stated as a
// ratio of this line).
type speedGoal struct {
	yardstick string
	most      float64
	goal      string
}

// speedGoals names the yardstick and the goal of each bench-c figure, by
// the figure name's prefix (the game counts in sim lines vary).
var speedGoals = []struct {
	prefix string
	speedGoal
}{
	{"perft-kingulu-", speedGoal{"fast.c (C)", 1.25, "≤ 1.25"}},
	{"perft-kimasai-two-rows:reserve=2-", speedGoal{"kimasai2 perft.c -r 2 (C)", 1.25, "≤ 1.25"}},
	{"perft-kimasai-two-rows-", speedGoal{"kimasai2 perft.c (C)", 1.25, "≤ 1.25"}},
	{"perft-kimasai-four-rows-", speedGoal{"kimasai4 perft.c (C)", 1.25, "≤ 1.25"}},
	{"solve-kingulu:holes=6,seeds=1-peak-MB", speedGoal{"csolve 6 1 (C), peak MB", 0, "≤ 16 B/position"}},
	{"solve-kingulu:", speedGoal{"csolve (C)", 1.25, "≤ 1.25"}},
	{"solve-kimasai-four-rows:holes=7-peak-MB", speedGoal{"four.c 7 (C), peak MB", 0, "≤ 16 B/position"}},
	{"solve-kimasai-four-rows:", speedGoal{"four.c (C)", 1.25, "≤ 1.25"}},
	{"sim-outcomes-1w-", speedGoal{"BenchmarkRandomGames, as many games", 1.25, "≤ 1.25"}},
	{"sim-logged-2w-", speedGoal{"fast.c -g (C, one thread, no logs), wall s", 2, "≤ 2"}},
}

// speedTable makes block speed from results/speed/bench-c.txt, the output
// of make bench-c: each figure with its yardstick, ratio and goal, and
// whether the ratio meets it.
func speedTable(root string) (string, error) {
	path := filepath.Join(root, "results", "speed", "bench-c.txt")
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	b.WriteString("| figure | Go | yardstick | ratio | goal | met |\n| --- | ---: | --- | ---: | --- | --- |\n")
	sc := bufio.NewScanner(f)
	n, rows := 0, 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 4 {
			return "", fmt.Errorf("%s:%d: want \"name go_s c_s ratio\", got %q", path, n, line)
		}
		g, ok := goalOf(fs[0])
		if !ok {
			return "", fmt.Errorf("%s:%d: figure %q has no goal in scripts/results/speed.go", path, n, fs[0])
		}
		if _, err := strconv.ParseFloat(fs[1], 64); err != nil {
			return "", fmt.Errorf("%s:%d: Go figure %q: not a number", path, n, fs[1])
		}
		met := "—"
		if fs[3] != "NA" {
			r, err := strconv.ParseFloat(fs[3], 64)
			if err != nil {
				return "", fmt.Errorf("%s:%d: ratio %q: not a number", path, n, fs[3])
			}
			if g.most > 0 {
				met = "no"
				if r <= g.most {
					met = "yes"
				}
			}
		}
		// NA: the yardstick was not run (bench-c.txt from before it
		// existed, or a C CMD "-").
		c := " " + fs[2]
		if fs[2] == "NA" {
			c = ", not measured"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s%s | %s | %s | %s |\n", fs[0], fs[1], g.yardstick, c, fs[3], g.goal, met)
		rows++
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	if rows == 0 {
		return "", fmt.Errorf("%s: no figures", path)
	}
	return b.String(), nil
}

// goalOf finds the goal of figure name.
func goalOf(name string) (speedGoal, bool) {
	for _, g := range speedGoals {
		if strings.HasPrefix(name, g.prefix) {
			return g.speedGoal, true
		}
	}
	return speedGoal{}, false
}
