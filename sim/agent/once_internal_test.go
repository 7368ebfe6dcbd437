package agent

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestPerProcessBuildsOnce: many workers asking for one key at once get
// the value of a single build, an error included; another key builds
// again.
func TestPerProcessBuildsOnce(t *testing.T) {
	var c perProcess[*int]
	var builds atomic.Int32
	build := func() (*int, error) {
		n := int(builds.Add(1))
		return &n, errors.New("shared")
	}
	got := make([]*int, 16)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			v, err := c.get("a", build)
			if err == nil || err.Error() != "shared" {
				t.Errorf("worker %d: error %v, want the first build's", i, err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	for i, v := range got {
		if v != got[0] {
			t.Fatalf("worker %d got another value than worker 0", i)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Fatalf("%d builds for one key, want 1", n)
	}
	if v, _ := c.get("b", build); *v != 2 {
		t.Fatalf("key b: build %d, want a second build", *v)
	}
}
