package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/sim"
)

// TestMethods simulates a small experiment with a margin chosen before
// the run and checks that methods.md and methods.tex name the run's own
// numbers (games, games per cell, cells, seed, experiment ID, margin and
// where it came from, α, confidence, the comparisons), the rulesets with
// their sources, and cite every statistic they use.
func TestMethods(t *testing.T) {
	plan := sim.Plan{Rules: []string{"kingulu", "kingulu:penultimate=never", "kimasai-two-rows"}, Agents: []string{"random"},
		Games: 40, Seed: 913, Batch: 20, Moves: false, EquivalenceMargin: 0.035}
	e, err := plan.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := sim.Run(context.Background(), sim.Options{Experiment: e, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	ds, err := load.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Analyze(context.Background(), ds, Options{Workers: 2, ExactMaxPositions: -1})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	paths, err := WriteMethods(s, out)
	if err != nil || len(paths) != 2 {
		t.Fatal(paths, err)
	}
	md, _ := os.ReadFile(filepath.Join(out, MethodsMarkdown))
	tex, _ := os.ReadFile(filepath.Join(out, MethodsLaTeX))
	for _, want := range []string{
		"We simulated 120 games", "40 games in each of 3 cells (3 rulesets × 1 agent pair)", "experiment seed 913",
		"experiment " + e.ID(), "1/2 ± 0.035 (chosen before the run and recorded in the manifest)", "α = 0.05", "95% Wilson",
		"`kingulu:penultimate=never`", "Klamroth 1911", "MacKay 2001", "Moinget Ole Kuney", "The one pair of readings",
		"(Schuirmann 1987)", "(Holm 1979)", "(Welch 1947)", "(Newcombe 1998)", "(Mann and Whitney 1947)", "(Wilson 1927)",
		"baolab analyze " + dir,
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("methods.md lacks %q:\n%s", want, md)
		}
	}
	for _, want := range []string{`\cite{schuirmann1987}`, `\bibitem{schuirmann1987}`, `\bibitem{klamroth1911}`, `$\pm$ 0.035`, `\texttt{kingulu:penultimate=never}`} {
		if !strings.Contains(string(tex), want) {
			t.Errorf("methods.tex lacks %q:\n%s", want, tex)
		}
	}
	// 40 games a reading: the z tests, not the exact ones; no ladder, no
	// solved board.
	if strings.Contains(string(md), "Fisher") || strings.Contains(string(md), "Bradley") || strings.Contains(string(md), "retrograde") ||
		strings.Contains(string(md), "Gupta") != (len(s.Ranking) > 0) {
		t.Errorf("methods.md cites what the report did not use:\n%s", md)
	}
}
