package stats

import "math"

// Moments accumulates the count, mean and variance of a stream of values
// with Welford's update, and merges partial results with Chan et al.'s
// formula, so a stream can be split across workers. The zero value is
// empty.
type Moments struct {
	N    float64
	mean float64
	m2   float64 // sum of squared deviations from the mean
}

// Add adds one value.
func (m *Moments) Add(x float64) {
	m.N++
	d := x - m.mean
	m.mean += d / m.N
	m.m2 += d * (x - m.mean)
}

// Merge adds the values that o accumulated.
func (m *Moments) Merge(o Moments) {
	if o.N == 0 {
		return
	}
	if m.N == 0 {
		*m = o
		return
	}
	n := m.N + o.N
	d := o.mean - m.mean
	m.mean += d * o.N / n
	m.m2 += o.m2 + d*d*m.N*o.N/n
	m.N = n
}

// Mean returns the mean (NaN when empty).
func (m Moments) Mean() float64 {
	if m.N == 0 {
		return math.NaN()
	}
	return m.mean
}

// Var returns the unbiased sample variance (NaN for fewer than two values).
func (m Moments) Var() float64 {
	if m.N < 2 {
		return math.NaN()
	}
	return m.m2 / (m.N - 1)
}

// SD returns the unbiased sample standard deviation.
func (m Moments) SD() float64 { return math.Sqrt(m.Var()) }

// MeanCI returns the normal-approximation interval of the mean,
// mean ± z·SD/sqrt(N). With fewer than two values the interval is the
// point estimate (NaN when empty).
func (m Moments) MeanCI(conf float64) (lo, hi float64) {
	if m.N < 2 {
		return m.Mean(), m.Mean()
	}
	h := Z(conf) * m.SD() / math.Sqrt(m.N)
	return m.mean - h, m.mean + h
}

// Ratio accumulates a ratio of sums over independent clusters, R = Σx/Σm,
// such as legal moves per move where each game (cluster) contributes its
// sum of legal moves x and its number of moves m. Its interval uses the
// delta method over clusters,
//
//	Var(R) ≈ Σ(x_g − R·m_g)² / (n(n−1)·m̄²),
//
// which respects the dependence of the moves within a game. The zero value
// is empty.
type Ratio struct {
	N                     float64 // clusters
	Sx, Sm, Sxx, Smm, Sxm float64
}

// Add adds one cluster with sum x over m units.
func (r *Ratio) Add(x, m float64) {
	r.N++
	r.Sx += x
	r.Sm += m
	r.Sxx += x * x
	r.Smm += m * m
	r.Sxm += x * m
}

// Merge adds the clusters that o accumulated.
func (r *Ratio) Merge(o Ratio) {
	r.N += o.N
	r.Sx += o.Sx
	r.Sm += o.Sm
	r.Sxx += o.Sxx
	r.Smm += o.Smm
	r.Sxm += o.Sxm
}

// Value returns Σx/Σm (NaN when Σm = 0).
func (r Ratio) Value() float64 {
	if r.Sm == 0 {
		return math.NaN()
	}
	return r.Sx / r.Sm
}

// CI returns the delta-method interval R ± z·se. With fewer than two
// clusters it is the point estimate.
func (r Ratio) CI(conf float64) (lo, hi float64) {
	v := r.Value()
	if r.N < 2 || math.IsNaN(v) {
		return v, v
	}
	ss := r.Sxx - 2*v*r.Sxm + v*v*r.Smm // Σ(x − R m)²
	if ss < 0 {
		ss = 0 // rounding
	}
	mbar := r.Sm / r.N
	se := math.Sqrt(ss/(r.N*(r.N-1))) / mbar
	h := Z(conf) * se
	return v - h, v + h
}
