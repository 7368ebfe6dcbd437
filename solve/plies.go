package solve

import (
	"github.com/baolab/baolab/engine"
)

// NoPlies is the distance of a side whose value is None, and of every
// position in a table solved without distances (see Table.Plies).
const NoPlies = -1

// MaxPlies is the largest distance a table holds: a longer one is stored
// as MaxPlies (it has never been met on the boards solved so far).
const MaxPlies = 1<<16 - 2

// noPlies16 is NoPlies as stored in a table's uint16 arrays.
const noPlies16 = uint16(1<<16 - 1)

// plies computes both sides' distances (see the package doc) from the
// predecessor lists and the values of the two attractor passes.
func (sv *solver) plies() {
	sv.pliesS = sv.ranks(engine.South, sv.valS)
	sv.pliesN = sv.ranks(engine.North, sv.valN)
}

// ranks returns, for every node with a side value v (not None), the round
// at which it joins the attractor of v for side (W_S(v) for South, W_N(v)
// for North) when that attractor is built breadth first: one pass per
// distinct value, each a breadth-first retrograde search from the
// terminal nodes and dead ends whose margin is at least as good as v for
// side. A node of side's joins one round after its first successor in the
// set (1 + the least rank of its successors in it), a node of the
// opponent's one round after its last (1 + the largest rank of its
// successors, all in the set).
//
// The search goes round by round (nextRound): the nodes of round r bring
// in those of round r+1, so a node's rank is the round it joins and no
// rank is kept per node; the order of the nodes within a round changes
// neither which nodes join the next round nor their ranks.
func (sv *solver) ranks(side engine.Player, val []int8) []uint16 {
	p := sv.opt.Progress
	p.Stage(side.String()+" plies", int64(len(sv.keys)))
	defer p.Done()
	n := sv.nodes()
	out := make([]uint16, n)
	for i := range out {
		out[i] = noPlies16
	}
	better := func(m, v int8) bool { return m >= v } // margin m counts for side at threshold v
	if side == engine.North {
		better = func(m, v int8) bool { return m <= v }
	}
	counts := sv.sideCounts(side)
	cnt := make([]uint8, n)
	var cur, next []uint32
	for _, v := range distinctValues(val) {
		copy(cnt, counts)
		cur, next = sortNodes(sv.seeds(cur[:0], v, better), next, n)
		for ply := uint16(0); len(cur) > 0; ply = min(ply+1, MaxPlies) {
			p.Add(int64(len(cur)))
			for _, x := range cur {
				if val[x] == v {
					out[x] = ply
				}
			}
			cur, next = sv.nextRound(cur, next, cnt)
		}
		// keys, lists, outdeg with the counts and their start, the two
		// values, the distances of this side and of South's (North's pass)
		sv.note(int64(8*len(sv.keys)+4*len(sv.off)+4*len(sv.pred)+3*len(sv.outdeg)+4*n+2*len(sv.pliesS)) + int64(4*(cap(cur)+cap(next))))
	}
	return out
}

// seeds appends the terminal nodes and dead ends whose margin m has
// better(m, v) to queue: the nodes of rank 0 in the attractor of v.
func (sv *solver) seeds(queue []uint32, v int8, better func(m, v int8) bool) []uint32 {
	for i, m := range sv.termM {
		if better(m, v) {
			queue = append(queue, uint32(sv.nNon+i))
		}
	}
	for _, i := range sv.dead {
		if better(sv.margin[i], v) {
			queue = append(queue, i)
		}
	}
	return queue
}

// distinctValues returns the values other than None in val, sorted.
func distinctValues(val []int8) []int8 {
	var seen [256]bool
	for _, v := range val {
		seen[int(v)+128] = true
	}
	var out []int8
	for i, ok := range seen {
		if ok && int8(i-128) != noneVal {
			out = append(out, int8(i-128))
		}
	}
	return out
}
