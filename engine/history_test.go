package engine

import (
	"math/rand/v2"
	"testing"
)

func TestHistoryCountsAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var h History
	ref := map[uint64]int{}
	for i := 0; i < 20000; i++ {
		x := rng.Uint64N(300) << (rng.IntN(3) * 20) // collisions in the low bits
		switch rng.IntN(100) {
		case 0:
			h.Reset()
			clear(ref)
		case 1, 2, 3:
			h.ResetTo(x)
			clear(ref)
			ref[x] = 1
			if h.Count(x) != 1 || h.Len() != 1 {
				t.Fatalf("step %d: after ResetTo Count %d Len %d", i, h.Count(x), h.Len())
			}
			continue
		}
		ref[x]++
		if got := h.Push(x); got != ref[x] {
			t.Fatalf("step %d: Push(%d) = %d, want %d", i, x, got, ref[x])
		}
		if y := rng.Uint64N(300); h.Count(y) != ref[y] {
			t.Fatalf("step %d: Count(%d) = %d, want %d", i, y, h.Count(y), ref[y])
		}
	}
	var c History
	c.CopyFrom(&h)
	for x, n := range ref {
		if c.Count(x) != n {
			t.Fatalf("copy: Count(%d) = %d, want %d", x, c.Count(x), n)
		}
	}
	if c.Len() != h.Len() || c.Len() != lenOf(ref) {
		t.Fatalf("copy Len %d, want %d", c.Len(), h.Len())
	}
}

func TestTrackFirstRepeat(t *testing.T) {
	var tr Track
	tr.Start(1, false)
	for _, c := range []struct {
		h     uint64
		irrev bool
		want  int
	}{{2, false, 1}, {3, false, 1}, {1, true, 1}, {2, false, 1}, {1, false, 2}} {
		if got := tr.Record(c.h, c.irrev); got != c.want {
			t.Fatalf("ply %d: Record = %d, want %d", tr.Ply(), got, c.want)
		}
	}
	if tr.FirstRepeatPly() != 5 {
		t.Errorf("FirstRepeat %d, want 5", tr.FirstRepeatPly())
	}
	if tr.Record(1, false) != 0 {
		t.Error("positions still recorded after the first repeat without CountAll")
	}
	tr.Start(7, true)
	tr.Record(8, false)
	tr.Record(7, false)
	tr.Record(8, false)
	if n := tr.Record(7, false); n != 3 || tr.FirstRepeatPly() != 2 {
		t.Errorf("CountAll: third occurrence count %d FirstRepeat %d", n, tr.FirstRepeatPly())
	}
}

func TestHistoryCopyFromDoesNotAllocate(t *testing.T) {
	var a, b History
	for i := uint64(0); i < 1000; i++ {
		a.Push(i * 7919)
	}
	b.CopyFrom(&a)
	if n := testing.AllocsPerRun(100, func() { b.CopyFrom(&a) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func TestHistoryGrowsWithoutAllocatingAfterCopyFromShorter(t *testing.T) {
	var long, short, h History
	for i := uint64(0); i < 500; i++ {
		long.Push(i)
	}
	short.Push(1)
	h.CopyFrom(&long)
	allocs := testing.AllocsPerRun(20, func() {
		h.CopyFrom(&short)
		for i := uint64(0); i < 400; i++ {
			if h.Push(i*31+7) != 1 {
				t.Fatal("count wrong after regrow")
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}

func lenOf(ref map[uint64]int) (n int) {
	for _, c := range ref {
		n += c
	}
	return n
}

// TestTrackAccessors: the counters and the result change only through
// Track's methods, and CopyFrom carries all of them.
func TestTrackAccessors(t *testing.T) {
	var tr Track
	tr.Start(1, true)
	if tr.Ply() != 0 || tr.Result() != Ongoing || tr.EndReason() != NotOver || tr.FirstRepeatPly() != -1 ||
		tr.NeverEndingMet() != 0 || tr.Rejected() != 0 || !tr.CountsAll() || tr.HistoryLen() != 1 {
		t.Fatalf("after Start: %+v", tr)
	}
	tr.Reject(3)
	tr.Reject(5)
	if tr.Rejected() != 1<<3|1<<5 || tr.NeverEndingMet() != 2 {
		t.Errorf("after two Rejects: rejected %#x met %d", tr.Rejected(), tr.NeverEndingMet())
	}
	tr.Plant(2)
	if tr.HistoryLen() != 2 {
		t.Errorf("after Plant: history %d, want 2", tr.HistoryLen())
	}
	if n := tr.Record(2, false); n != 2 || tr.Ply() != 1 || tr.Rejected() != 0 || tr.FirstRepeatPly() != 1 {
		t.Errorf("Record of a planted position: count %d ply %d rejected %#x first repeat %d",
			n, tr.Ply(), tr.Rejected(), tr.FirstRepeatPly())
	}
	tr.PlayNeverEnding()
	tr.End(Draw, InfiniteMove)
	var cp Track
	cp.CopyFrom(&tr)
	for _, x := range []*Track{&tr, &cp} {
		if x.NeverEndingMet() != 3 || x.Result() != Draw || x.EndReason() != InfiniteMove || !x.Over() ||
			x.HistoryLen() != 3 || x.Ply() != 1 || !x.CountsAll() {
			t.Errorf("after PlayNeverEnding, End and CopyFrom: %+v", *x)
		}
	}
}

// TestTryRecordIrreversibleIsRecord plays random sequences of reversible
// and irreversible moves (and rejections) on two tracks, one recording
// irreversible moves with TryRecordIrreversible (falling back to Record
// when it declines), the other with Record alone: they must agree on
// every count and every field, and the fast path must both take and
// decline moves.
func TestTryRecordIrreversibleIsRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	taken, declined := 0, 0
	for game := 0; game < 300; game++ {
		var a, b Track
		countAll := game%2 == 1
		a.Start(0, countAll)
		b.Start(0, countAll)
		for ply := 0; ply < 60; ply++ {
			h := rng.Uint64N(6)
			if rng.IntN(5) == 0 {
				a.Reject(Move(h))
				b.Reject(Move(h))
			}
			if rng.IntN(3) != 0 {
				if a.Record(h, false) != b.Record(h, false) {
					t.Fatalf("game %d ply %d: reversible Record differs", game, ply)
				}
				continue
			}
			want := b.Record(h, true)
			got := 1
			if a.TryRecordIrreversible(h) {
				taken++
			} else {
				declined++
				got = a.Record(h, true)
			}
			if got != want {
				t.Fatalf("game %d ply %d: count %d, Record %d", game, ply, got, want)
			}
			if a.Ply() != b.Ply() || a.Rejected() != b.Rejected() || a.FirstRepeatPly() != b.FirstRepeatPly() ||
				a.HistoryLen() != b.HistoryLen() || a.history.Count(h) != b.history.Count(h) {
				t.Fatalf("game %d ply %d: tracks differ: %+v and %+v", game, ply, a, b)
			}
		}
	}
	if taken == 0 || declined == 0 {
		t.Fatalf("fast path taken %d times, declined %d times", taken, declined)
	}
}
