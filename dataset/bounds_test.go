package dataset

import (
	"strings"
	"testing"
)

// TestCheckBoundsBatch: a manifest or a plan with a batch over MaxBatch
// is refused (its games would be held in memory at once).
func TestCheckBoundsBatch(t *testing.T) {
	e := Experiment{Rules: []string{"kingulu"}, Agents: []string{"random"}, Games: 4_000_000_000, Batch: MaxBatch}
	if err := e.Check(); err != nil {
		t.Errorf("batch MaxBatch: %v", err)
	}
	e.Batch = 3_000_000_000_000
	if err := e.Check(); err == nil || !strings.Contains(err.Error(), "at most 1048576") {
		t.Errorf("batch 3e12: %v", err)
	}
}
