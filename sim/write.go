package sim

import (
	"os"
	"sync"
)

// tempSet holds the temporary files being written (it is the
// dataset.Temps of every worker's writer), so that a run that stops
// without waiting for a worker stuck in a long move can remove them (see
// Options.StopGrace).
type tempSet struct {
	mu    sync.Mutex
	paths map[string]bool
}

// Add records a temporary file being written.
func (s *tempSet) Add(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.paths == nil {
		s.paths = map[string]bool{}
	}
	s.paths[p] = true
}

// Del forgets a temporary file (renamed or removed).
func (s *tempSet) Del(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.paths, p)
}

// removeAll removes every temporary file still being written. A worker
// that goes on writing one writes into a removed file; its rename then
// fails, so no file appears under a final name but complete.
func (s *tempSet) removeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.paths {
		os.Remove(p)
	}
	clear(s.paths)
}
