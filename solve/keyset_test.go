package solve

import (
	"math/rand/v2"
	"testing"
)

// TestMix62 checks that unmix62 inverts mix62 on random and extreme
// 62-bit numbers, and that mix62 stays within 62 bits.
func TestMix62(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := []uint64{0, 1, 2, mask62, mask62 - 1, 1 << 61, 1 << 31}
	for range 100000 {
		xs = append(xs, r.Uint64()&mask62)
	}
	for _, x := range xs {
		h := mix62(x)
		if h > mask62 || unmix62(h) != x {
			t.Fatalf("mix62(%#x) = %#x, unmix62 of it %#x", x, h, unmix62(h))
		}
	}
	if mix62(1) == 1 || mix62(2)>>54 == mix62(3)>>54 && mix62(3)>>54 == mix62(4)>>54 {
		t.Errorf("mix62 does not mix: %#x %#x %#x %#x", mix62(1), mix62(2), mix62(3), mix62(4))
	}
}

// checkTable fails unless every part of tab is in order (words
// increasing, each at or after its home with no empty slot in between),
// its counts are right, and it holds exactly the entries of want (word
// with the ignored bits set, to margin).
func checkTable(t *testing.T, tab *keyTable, want map[uint64]int8) {
	t.Helper()
	n := 0
	for pi := range tab.parts {
		p := &tab.parts[pi]
		prev, cnt, open := uint64(0), 0, 0
		for i, w := range p.slots {
			if w == 0 {
				continue
			}
			if int(w>>(64-partBits)) != pi || w|tab.ign <= prev {
				t.Fatalf("part %d slot %d: word %#x after %#x", pi, i, w, prev)
			}
			for j := p.home(w); j < i; j++ {
				if p.slots[j] == 0 {
					t.Fatalf("part %d: word %#x at slot %d, home %d, slot %d empty", pi, w, i, p.home(w), j)
				}
			}
			m, ok := want[w|tab.ign]
			if !ok {
				t.Fatalf("word %#x in the table, not added", w)
			}
			if tab.margins && p.m[i] != m {
				t.Fatalf("word %#x: margin %d, want %d", w, p.m[i], m)
			}
			if w&3 == tagOpen && tab.ign != 0 {
				open++
				if i < p.lo {
					t.Fatalf("part %d: open word at slot %d below lo %d", pi, i, p.lo)
				}
			}
			prev = w | tab.ign
			cnt++
		}
		if cnt != p.n || (tab.ign != 0 && open != p.open) {
			t.Fatalf("part %d: %d words (%d open), counted %d (%d)", pi, cnt, open, p.n, p.open)
		}
		if 100*p.n > maxLoadPc*p.homes {
			t.Fatalf("part %d: %d words in %d homes", pi, p.n, p.homes)
		}
		n += cnt
	}
	if n != len(want) || tab.n != n {
		t.Fatalf("%d words, counted %d, want %d", n, tab.n, len(want))
	}
}

// TestKeyTableMatchesMap adds random words (many repeated, some keys
// clustered so that they share parts and homes) to a table with margins
// and compares it with a Go map, while the parts grow many times over;
// the memory count must end at the slots' size.
func TestKeyTableMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	mem := new(tableMem)
	tab := newKeyTable(0, true, mem)
	want := map[uint64]int8{}
	var keys []uint64
	for i := range 300000 {
		var key uint64
		switch {
		case len(keys) > 0 && i%3 == 0: // again
			key = keys[r.IntN(len(keys))]
		case len(keys) > 0 && i%5 == 0: // near another word: same part and home
			key = unmix62(mix62(keys[r.IntN(len(keys))]) ^ uint64(r.IntN(64)))
		default:
			key = r.Uint64() & mask62
		}
		w := mix62(key)<<2 | uint64(1+r.IntN(2))
		m := int8(w)
		old, ok := want[w]
		found, got := tab.add(w, m, true)
		if found != ok || found && got != old {
			t.Fatalf("add %#x: found %v margin %d, map: %v %d", w, found, got, ok, old)
		}
		if !ok {
			want[w] = m
			keys = append(keys, key)
		}
		if i%100000 == 0 {
			checkTable(t, tab, want)
		}
	}
	checkTable(t, tab, want)
	// A full table reports what it holds and adds nothing.
	for _, key := range keys[:1000] {
		w := mix62(key)<<2 | 3
		if found, _ := tab.add(w, 0, false); found {
			t.Fatalf("word %#x found before it was added", w)
		}
	}
	checkTable(t, tab, want)
	slots := 0
	for _, p := range tab.parts {
		slots += len(p.slots)
	}
	if mem.cur != 9*int64(slots) || mem.peak < mem.cur || float64(slots) > float64(len(want))/0.7*1.04+nParts*8 {
		t.Errorf("memory %d bytes (peak %d) for %d slots, %d words", mem.cur, mem.peak, slots, len(want))
	}
}

// TestKeyTableTakeOpen: a table of non-terminal words (the tag ignored)
// hands out every open word exactly once, marked expanded, while words
// are added between the takes (as the enumeration does), growing the
// parts; a word added again, open or expanded, is found.
func TestKeyTableTakeOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tab := newKeyTable(3, false, new(tableMem))
	want := map[uint64]int8{}
	taken := map[uint64]bool{}
	add := func() {
		key := r.Uint64() & mask62
		if r.IntN(4) == 0 && len(taken) > 0 { // one already there
			for k := range taken {
				key = k
				break
			}
		}
		w := mix62(key)<<2 | tagOpen
		_, ok := want[w|3]
		if found, _ := tab.add(w, 0, true); found != ok {
			t.Fatalf("add %#x: found %v, want %v", w, found, ok)
		}
		want[w|3] = 0
	}
	for range 1000 {
		add()
	}
	cur := 0
	var out []uint64
	for round := 0; ; round++ {
		out = tab.takeOpen(out[:0], 700, &cur)
		if len(out) == 0 {
			break
		}
		for _, k := range out {
			if taken[k] {
				t.Fatalf("key %#x taken twice", k)
			}
			taken[k] = true
		}
		if round < 200 {
			for range 500 {
				add()
			}
		}
	}
	checkTable(t, tab, want)
	if len(taken) != len(want) {
		t.Fatalf("%d keys taken, %d added", len(taken), len(want))
	}
	for _, p := range tab.parts {
		for _, w := range p.slots {
			if w != 0 && (w&3 != tagExpanded || !taken[unmix62(w>>2)]) {
				t.Fatalf("word %#x left: tag %d", w, w&3)
			}
		}
	}
}
