package engine

// Golden is 2^64 divided by the golden ratio, rounded to odd: the increment
// of SplitMix64's Weyl sequence.
const Golden = 0x9e3779b97f4a7c15

// SplitMix64 advances *state by Golden and returns the next output of
// Steele, Lea and Flood's SplitMix64 generator. The variants draw their
// Zobrist keys from it with a fixed seed, so hashes are the same in every
// run and every process.
func SplitMix64(state *uint64) uint64 {
	*state += Golden
	return SplitMixFinal(*state)
}

// SplitMixFinal is SplitMix64's output function (Stafford's variant 13
// of MurmurHash3's finalizer): a bijection of uint64 whose output bits
// each depend on every input bit. The simulator derives its seeds with it
// (package dataset), the analysis its game fingerprints and the search agents
// their table keys.
func SplitMixFinal(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Fmix64 is the 64-bit finalizer of MurmurHash3: a bijection of uint64
// whose output bits each depend on every input bit. The variants pass
// their linear (additive) position hashes through it.
func Fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}
