package stats

import "math"

// logChoose returns log C(n, k).
func logChoose(n, k int64) float64 {
	if k < 0 || k > n {
		return math.Inf(-1)
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// relTol is the relative tolerance under which two statistics or two
// table probabilities count as equal, as in R's fisher.test (1e-7), so
// that rounding does not drop a table as extreme as the observed one.
const relTol = 1e-7

// FisherExact is Fisher's exact test of H0: p1 = p2 for k1 successes in
// n1 trials against k2 in n2. Given the margins, the number of successes
// in the first sample is hypergeometric; the two-sided p-value sums the
// probabilities of every table no more probable than the observed one (R's
// fisher.test). It is exact at any sample size, and is what baolab uses
// instead of the z test when a sample is small.
func FisherExact(k1, n1, k2, n2 int64) float64 {
	k, n := k1+k2, n1+n2
	if n1 <= 0 || n2 <= 0 || k == 0 || k == n {
		return 1
	}
	den := logChoose(n, n1)
	prob := func(x int64) float64 { return math.Exp(logChoose(k, x) + logChoose(n-k, n1-x) - den) }
	obs := prob(k1)
	p := 0.0
	for x := max(0, n1-(n-k)); x <= min(k, n1); x++ {
		if q := prob(x); q <= obs*(1+relTol) {
			p += q
		}
	}
	return math.Min(1, p)
}

// ExactScoreTest is the exact permutation test of H0: the two samples of
// scores come from one distribution, for scores 1 (win), 1/2 (draw) and 0
// (loss): w1, h1, l1 of the first sample and w2, h2, l2 of the second.
// Every split of the pooled games into samples of the observed sizes is
// equally likely under H0 (a multivariate hypergeometric law over the
// counts); the two-sided p-value is the probability of a split whose
// difference of mean scores is at least as large in absolute value as the
// observed one. It is exact at any sample size and costs up to
// (wins+1)·(draws+1) terms, so baolab uses it for small samples, where
// the z test is not to be trusted (3 wins against 3 losses: p = 2/20).
func ExactScoreTest(w1, h1, l1, w2, h2, l2 int64) float64 {
	n1, n2 := w1+h1+l1, w2+h2+l2
	if n1 <= 0 || n2 <= 0 {
		return 1
	}
	W, H, L, N := w1+w2, h1+h2, l1+l2, n1+n2
	total := float64(W) + float64(H)/2
	diff := func(kw, kh int64) float64 {
		s1 := float64(kw) + float64(kh)/2
		return s1/float64(n1) - (total-s1)/float64(n2)
	}
	obs := math.Abs(diff(w1, h1))
	den := logChoose(N, n1)
	p := 0.0
	for kw := max(0, n1-H-L); kw <= min(W, n1); kw++ {
		for kh := max(0, n1-kw-L); kh <= min(H, n1-kw); kh++ {
			if math.Abs(diff(kw, kh)) >= obs*(1-relTol) {
				p += math.Exp(logChoose(W, kw) + logChoose(H, kh) + logChoose(L, n1-kw-kh) - den)
			}
		}
	}
	return math.Min(1, p)
}

// constantSamplesP is the exact permutation test of two samples that are
// each constant: n1 copies of m1 against n2 copies of m2. A split that puts
// j copies of m1 into the first sample has difference of means
// (m1−m2)·(j/n1 − (n1−j)/n2) and probability C(n1, j)·C(n2, n1−j)/C(n, n1);
// the p-value sums the splits at least as extreme as the observed j = n1.
func constantSamplesP(m1, n1, m2, n2 float64) float64 {
	if m1 == m2 || n1 < 1 || n2 < 1 {
		return 1
	}
	a, b := int64(n1), int64(n2)
	d := func(j int64) float64 { return math.Abs(float64(j)/n1 - float64(a-j)/n2) }
	obs := d(a)
	den := logChoose(a+b, a)
	p := 0.0
	for j := max(0, a-b); j <= a; j++ {
		if d(j) >= obs*(1-relTol) {
			p += math.Exp(logChoose(a, j) + logChoose(b, a-j) - den)
		}
	}
	return math.Min(1, p)
}
