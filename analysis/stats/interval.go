package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Z returns the two-sided standard normal critical value for confidence
// conf: the (1+conf)/2 quantile of N(0, 1), 1.959964 for conf = 0.95.
func Z(conf float64) float64 {
	return distuv.UnitNormal.Quantile((1 + conf) / 2)
}

// Wilson returns the Wilson score interval for a proportion with k
// successes in n trials:
//
//	(p̂ + z²/2n ± z·sqrt(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),  p̂ = k/n
//
// k may be fractional (a mean score of half points, for which the interval
// is conservative since the score's variance is at most p(1−p)). With n = 0
// nothing is known and the interval is [0, 1]. At k = 0 the lower bound is
// exactly 0, at k = n the upper bound exactly 1.
func Wilson(k, n, conf float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	z := Z(conf)
	p := k / n
	z2 := z * z
	den := 1 + z2/n
	mid := (p + z2/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / den
	lo, hi = mid-half, mid+half
	// Clamp the rounding error at the ends, where the exact bounds are 0
	// and 1.
	if k <= 0 {
		lo = 0
	}
	if k >= n {
		hi = 1
	}
	return math.Max(lo, 0), math.Min(hi, 1)
}

// NewcombeDiff returns Newcombe's hybrid score interval (method 10) for
// the difference p1 − p2 of two independent proportions k1/n1 and k2/n2:
//
//	d − sqrt((p1−l1)² + (u2−p2)²),  d + sqrt((u1−p1)² + (p2−l2)²)
//
// where [l1, u1] and [l2, u2] are the Wilson intervals of the two
// proportions. Unlike the Wald interval it does not collapse when both
// proportions are 0 or 1.
func NewcombeDiff(k1, n1, k2, n2, conf float64) (diff, lo, hi float64) {
	p1, p2 := prop(k1, n1), prop(k2, n2)
	l1, u1 := Wilson(k1, n1, conf)
	l2, u2 := Wilson(k2, n2, conf)
	diff = p1 - p2
	lo = diff - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2))
	hi = diff + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
	return diff, lo, hi
}

func prop(k, n float64) float64 {
	if n <= 0 {
		return 0
	}
	return k / n
}

// TwoProportionZ tests H0: p1 = p2 for k1 successes in n1 trials against
// k2 in n2 with the pooled z statistic
//
//	z = (p1 − p2) / sqrt(p(1−p)(1/n1 + 1/n2)),  p = (k1+k2)/(n1+n2)
//
// and returns z and the two-sided p-value. When the pooled proportion is 0
// or 1 the samples are identical and it returns z = 0, p = 1.
func TwoProportionZ(k1, n1, k2, n2 float64) (z, p float64) {
	if n1 <= 0 || n2 <= 0 {
		return 0, 1
	}
	pool := (k1 + k2) / (n1 + n2)
	se := math.Sqrt(pool * (1 - pool) * (1/n1 + 1/n2))
	if se == 0 || math.IsNaN(se) {
		return 0, 1
	}
	z = (k1/n1 - k2/n2) / se
	return z, TwoSidedNormalP(z)
}

// TwoSidedNormalP returns P(|Z| ≥ |z|) for a standard normal Z.
func TwoSidedNormalP(z float64) float64 {
	return 2 * distuv.UnitNormal.Survival(math.Abs(z))
}

// MeanDiff compares two means m1 and m2 of n1 and n2 independent values
// with sample variances v1 and v2 by the normal approximation: the Wald
// interval d ± z·se and the z test, se = sqrt(v1/n1 + v2/n2). It returns
// the difference m1 − m2, the interval, the statistic and its two-sided
// p-value.
//
// Where the normal approximation has nothing to stand on it does not
// pretend: when both samples are constant (se = 0, for instance 3 wins
// against 3 losses) the p-value is that of the exact permutation test of
// two constant samples (p = 2/C(6,3) = 0.1 for 3 against 3; 1 when the
// means are equal), z is ±Inf or 0 and the interval is undefined (NaN);
// when a sample has fewer than two values and the other varies, its
// variance is unknown, so no test is made (p = 1, conservative) and z and
// the interval are NaN.
func MeanDiff(m1, v1, n1, m2, v2, n2, conf float64) (diff, lo, hi, z, p float64) {
	diff = m1 - m2
	nan := math.NaN()
	se := math.Sqrt(v1/n1 + v2/n2)
	constant := (n1 < 2 || v1 == 0) && (n2 < 2 || v2 == 0)
	switch {
	case constant:
		if diff == 0 {
			return diff, nan, nan, 0, 1
		}
		return diff, nan, nan, math.Copysign(math.Inf(1), diff), constantSamplesP(m1, n1, m2, n2)
	case n1 < 2 || n2 < 2 || math.IsNaN(se):
		return diff, nan, nan, nan, 1
	}
	h := Z(conf) * se
	z = diff / se
	return diff, diff - h, diff + h, z, TwoSidedNormalP(z)
}

// Welch compares two means m1 and m2 of n1 and n2 values with sample
// variances v1 and v2 by Welch's t test. It returns the difference m1 − m2,
// its interval d ± t·se with se = sqrt(v1/n1 + v2/n2), the statistic
// t = d/se, the Welch–Satterthwaite degrees of freedom
//
//	df = (v1/n1 + v2/n2)² / ((v1/n1)²/(n1−1) + (v2/n2)²/(n2−1))
//
// and the two-sided p-value from Student's t with df degrees of freedom.
// Each sample needs at least two values and se > 0; otherwise it returns
// what MeanDiff returns in that case (an exact test of two constant
// samples, or no test: p = 1) with df = NaN.
func Welch(m1, v1, n1, m2, v2, n2, conf float64) (diff, lo, hi, t, df, p float64) {
	diff = m1 - m2
	a, b := v1/n1, v2/n2
	se := math.Sqrt(a + b)
	if n1 < 2 || n2 < 2 || se == 0 || math.IsNaN(se) {
		_, lo, hi, t, p = MeanDiff(m1, v1, n1, m2, v2, n2, conf)
		return diff, lo, hi, t, math.NaN(), p
	}
	df = (a + b) * (a + b) / (a*a/(n1-1) + b*b/(n2-1))
	dist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	h := dist.Quantile((1+conf)/2) * se
	t = diff / se
	p = 2 * dist.Survival(math.Abs(t))
	return diff, diff - h, diff + h, t, df, p
}

// Holm returns Holm's step-down adjusted p-values, in the order of p:
// with p sorted ascending as p(1) ≤ … ≤ p(m),
//
//	adj(i) = min(1, max over j ≤ i of (m − j + 1)·p(j)).
//
// Rejecting the hypotheses whose adjusted p-value is below α controls the
// family-wise error rate at α. NaN p-values are kept as NaN and left out
// of the family.
func Holm(p []float64) []float64 {
	adj := make([]float64, len(p))
	idx := make([]int, 0, len(p))
	for i, v := range p {
		if math.IsNaN(v) {
			adj[i] = math.NaN()
			continue
		}
		idx = append(idx, i)
	}
	// Insertion sort keeps ties in input order; families are small.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && p[idx[j]] < p[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	m := len(idx)
	running := 0.0
	for rank, i := range idx {
		v := math.Min(1, float64(m-rank)*p[i])
		running = math.Max(running, v)
		adj[i] = running
	}
	return adj
}
