package sim

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/dataset"
)

// TestMarginAndRulesets: the equivalence margin given to sim is in the
// manifest once the run starts, a rerun with another margin is another
// experiment (the margin cannot be changed after the games are seen), and
// the dataset holds rulesets.parquet, rewritten byte for byte by a resume
// (and recreated when deleted, as for a dataset of an earlier baolab).
func TestMarginAndRulesets(t *testing.T) {
	p := Plan{Rules: []string{"kingulu", "kingulu:penultimate=never"}, Agents: []string{"random"}, Games: 8, Batch: 4, Seed: 3, EquivalenceMargin: 0.04}
	exp, err := p.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil || m.Experiment.EquivalenceMargin != 0.04 {
		t.Fatalf("manifest margin %v (%v), want 0.04", m.Experiment.EquivalenceMargin, err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, dataset.ManifestName))
	if !strings.Contains(string(raw), `"equivalence_margin": 0.04`) {
		t.Error("manifest.json does not record equivalence_margin")
	}
	path := filepath.Join(dir, dataset.RulesetsName)
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), Options{Experiment: exp, Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(path)
	if err != nil || string(again) != string(first) {
		t.Errorf("rulesets.parquet after a resume: %d bytes (%v), first run %d bytes", len(again), err, len(first))
	}
	p.EquivalenceMargin = 0.01
	other, _ := p.Experiment()
	if _, err := Run(context.Background(), Options{Experiment: other, Dir: dir, Workers: 1}); !errors.Is(err, ErrOtherExperiment) || !strings.Contains(err.Error(), "equivalence margin 0.04 → 0.01") {
		t.Errorf("rerun with another margin: %v, want another experiment naming the margins", err)
	}
	if _, err := (Plan{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 1, EquivalenceMargin: 0.5}).Experiment(); err == nil {
		t.Error("margin 0.5 accepted")
	}
}
