package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/agent"
	"github.com/baolab/baolab/solve"
)

// TestPerfectPrepareStopsWhenCancelled starts perfect's solve of a board
// too big to solve (default kingulu: it enumerates 10^8 positions, tens
// of seconds, before it gives up) and cancels its context after 200 ms:
// PrepareContext must return the cancellation within a few seconds, not
// as ErrPrepare (the board is not at fault), and a later call must solve
// again rather than return the cached cancellation.
func TestPerfectPrepareStopsWhenCancelled(t *testing.T) {
	g := engine.MustParse("kingulu:seeds=3") // not the other tests' default kingulu: a solve of its own
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	err := agent.Perfect{}.PrepareContext(ctx, g)
	if took := time.Since(start); !errors.Is(err, context.Canceled) || errors.Is(err, agent.ErrPrepare) || took > 5*time.Second {
		t.Fatalf("cancelled after 200 ms: %v after %v; want context.Canceled (not ErrPrepare) within 5 s", err, took)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := (agent.Perfect{}).PrepareContext(ctx, g); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("second call: %v; want a new solve stopped by its own deadline", err)
	}
}

// TestPerfectTooBigMessage checks that a board too big for perfect says
// how to play it (solve it apart, then perfect:table=DIR), not to raise
// --max-positions, which baolab sim does not have.
func TestPerfectTooBigMessage(t *testing.T) {
	err := (agent.Perfect{}).Prepare(engine.MustParse("kingulu"))
	if !errors.Is(err, agent.ErrPrepare) || !errors.Is(err, solve.ErrTooBig) {
		t.Fatalf("default kingulu: %v, want ErrPrepare and ErrTooBig", err)
	}
	msg := err.Error()
	if strings.Contains(msg, "raise --max-positions") || !strings.Contains(msg, "baolab solve --rules kingulu --out DIR") || !strings.Contains(msg, "perfect:table=DIR") {
		t.Errorf("too big: %q; want how to solve it apart and play perfect:table=DIR", msg)
	}
}
