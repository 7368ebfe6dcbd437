package solve

import "slices"

// radixBits is the width of one digit of sortNodes' radix sort: 2^11
// counters (8 KB) stay in the first-level cache, and a node number below
// 2^22 (a board of up to 4 million positions) takes two passes, below
// 2^33 three.
const radixBits = 11

// radixMin is the shortest round sortNodes radix-sorts: below it the
// passes over the counters cost more than slices.Sort's comparisons.
const radixMin = 1024

// sortNodes sorts the node numbers of a (all below n) in increasing
// order, using spare (whose contents it overwrites) as the radix sort's
// second buffer, and returns the sorted numbers and the buffer left over;
// either may be spare's or a's memory. The order of a round does not
// change what the attractor passes compute (see nextRound), only how
// they read memory; the radix sort is there because slices.Sort of the
// rounds cost as much as the rounds themselves on kingulu boards (a CPU
// profile of BenchmarkSolve).
func sortNodes(a, spare []uint32, n int) (sorted, left []uint32) {
	if len(a) < radixMin {
		slices.Sort(a)
		return a, spare
	}
	spare = slices.Grow(spare[:0], len(a))[:len(a)]
	var count [1 << radixBits]int
	for shift := uint(0); n > 1<<shift; shift += radixBits {
		clear(count[:])
		for _, x := range a {
			count[x>>shift&(1<<radixBits-1)]++
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, x := range a {
			d := x >> shift & (1<<radixBits - 1)
			spare[count[d]] = x
			count[d]++
		}
		a, spare = spare, a
	}
	return a, spare
}
