package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// denseLimit bounds the values an IntHist counts in its dense slice; the
// rare values outside [0, denseLimit) go to a map.
const denseLimit = 1 << 16

// IntHist is an exact count histogram of integers, for values such as game
// lengths in plies that are small and many. Its memory grows with the
// largest value, not with the number of values, and its quantiles are
// exact. The zero value is empty and ready to use.
type IntHist struct {
	dense  []int64         // dense[v] counts value v, 0 <= v < denseLimit
	sparse map[int64]int64 // other values
	n      int64
}

// Add counts one occurrence of v.
func (h *IntHist) Add(v int64) { h.AddN(v, 1) }

// AddN counts c occurrences of v.
func (h *IntHist) AddN(v, c int64) {
	if c == 0 {
		return
	}
	h.n += c
	if v >= 0 && v < denseLimit {
		if int(v) >= len(h.dense) {
			n := max(2*len(h.dense), int(v)+1, 64)
			h.dense = append(h.dense, make([]int64, min(n, denseLimit)-len(h.dense))...)
		}
		h.dense[v] += c
		return
	}
	if h.sparse == nil {
		h.sparse = make(map[int64]int64)
	}
	h.sparse[v] += c
}

// Merge adds every count of o to h.
func (h *IntHist) Merge(o *IntHist) {
	for v, c := range o.dense {
		h.AddN(int64(v), c)
	}
	for v, c := range o.sparse {
		h.AddN(v, c)
	}
}

// N returns the number of values counted.
func (h *IntHist) N() int64 { return h.n }

// Count returns how often v was counted.
func (h *IntHist) Count(v int64) int64 {
	if v >= 0 && v < int64(len(h.dense)) {
		return h.dense[v]
	}
	return h.sparse[v]
}

// Bins returns the distinct values in increasing order and their counts,
// as float64 for gonum/stat.
func (h *IntHist) Bins() (values, counts []float64) {
	for v, c := range h.dense {
		if c != 0 {
			values = append(values, float64(v))
			counts = append(counts, float64(c))
		}
	}
	if len(h.sparse) > 0 {
		keys := make([]int64, 0, len(h.sparse))
		for v := range h.sparse {
			keys = append(keys, v)
		}
		slices.Sort(keys)
		var neg, pos []float64
		var negC, posC []float64
		for _, v := range keys {
			if v < 0 {
				neg, negC = append(neg, float64(v)), append(negC, float64(h.sparse[v]))
			} else {
				pos, posC = append(pos, float64(v)), append(posC, float64(h.sparse[v]))
			}
		}
		values = append(append(neg, values...), pos...)
		counts = append(append(negC, counts...), posC...)
	}
	return values, counts
}

// Summary describes the distribution counted by an IntHist.
type Summary struct {
	N        int64
	Mean, SD float64 // SD is the unbiased sample standard deviation (NaN for N < 2)
	Min, Max float64
	// Quantiles at the Probs passed to Summarize, empirical: the smallest
	// value v with at least the fraction p of the values ≤ v.
	Quantiles []float64
}

// Summarize returns the mean, standard deviation, extremes and the
// empirical quantiles at probs (gonum's stat.Empirical) of the counted
// values. An empty histogram gives NaN everywhere.
func (h *IntHist) Summarize(probs ...float64) Summary {
	s := Summary{N: h.n, Quantiles: make([]float64, len(probs))}
	if h.n == 0 {
		s.Mean, s.SD, s.Min, s.Max = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		for i := range s.Quantiles {
			s.Quantiles[i] = math.NaN()
		}
		return s
	}
	x, w := h.Bins()
	s.Mean, s.SD = stat.MeanStdDev(x, w)
	if h.n < 2 {
		s.SD = math.NaN()
	}
	s.Min, s.Max = x[0], x[len(x)-1]
	for i, p := range probs {
		s.Quantiles[i] = stat.Quantile(p, stat.Empirical, x, w)
	}
	return s
}

// MannWhitney runs the two-sided Mann–Whitney U test (Wilcoxon rank-sum)
// of the values counted in a against those in b. Tied values share their
// mid-rank. U is the statistic of a: the number of pairs (x from a, y from
// b) with x > y plus half the pairs with x = y, so U/(n_a·n_b) estimates
// P(X > Y) + P(X = Y)/2. The p-value uses the normal approximation with
//
//	E[U] = n_a n_b / 2,  Var[U] = n_a n_b/12 · ((N+1) − Σ(t³−t)/(N(N−1)))
//
// (t the size of each group of ties, N = n_a + n_b) and a continuity
// correction of 0.5. With an empty sample, or when every value is the same,
// it returns p = 1.
func MannWhitney(a, b *IntHist) (u, z, p float64) {
	na, nb := float64(a.n), float64(b.n)
	if a.n == 0 || b.n == 0 {
		return math.NaN(), 0, 1
	}
	xa, ca := a.Bins()
	xb, cb := b.Bins()
	var rankSum, ties, below float64
	i, j := 0, 0
	for i < len(xa) || j < len(xb) {
		var v float64
		switch {
		case j >= len(xb) || (i < len(xa) && xa[i] <= xb[j]):
			v = xa[i]
		default:
			v = xb[j]
		}
		var t1, t2 float64
		if i < len(xa) && xa[i] == v {
			t1 = ca[i]
			i++
		}
		if j < len(xb) && xb[j] == v {
			t2 = cb[j]
			j++
		}
		t := t1 + t2
		rankSum += t1 * (below + (t+1)/2)
		ties += t*t*t - t
		below += t
	}
	u = rankSum - na*(na+1)/2
	n := na + nb
	variance := na * nb / 12 * ((n + 1) - ties/(n*(n-1)))
	if variance <= 0 {
		return u, 0, 1
	}
	d := u - na*nb/2
	switch {
	case d > 0.5:
		d -= 0.5
	case d < -0.5:
		d += 0.5
	default:
		d = 0
	}
	z = d / math.Sqrt(variance)
	return u, z, TwoSidedNormalP(z)
}
