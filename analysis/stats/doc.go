// Package stats provides the small statistical procedures that baolab's
// analysis needs on top of gonum/stat: interval estimates for proportions
// and their differences, the Holm correction, two-sample tests that work on
// summary counts (so the data never has to be held in memory), and exact
// count histograms of small integers (game lengths) with exact quantiles.
//
// Every interval is two-sided at the confidence level conf (0.95 in
// baolab's reports); every p-value is two-sided. Normal and Student's t
// quantiles and tail probabilities come from gonum/stat/distuv; means,
// variances and quantiles of histograms from gonum/stat.
//
// # Choices
//
//   - Proportions get the Wilson score interval, which stays inside [0, 1]
//     and is sensible at 0 and n successes of n.
//   - A difference of two proportions gets Newcombe's hybrid score interval
//     (method 10 of Newcombe 1998, built from the two Wilson intervals) and
//     the pooled two-proportion z test (the square of which is Pearson's
//     chi-square test of the 2×2 table, without continuity correction).
//   - A difference of two means of bounded scores (first-player advantage
//     with draws counted as half) gets a Wald interval and z test with the
//     unpooled sample variances; the test rejects at level α exactly when
//     the interval excludes zero.
//   - A difference of two means of unbounded values (game lengths) gets
//     Welch's t interval and test (Welch–Satterthwaite degrees of freedom).
//   - Small or degenerate samples get exact tests, since the normal
//     approximation would call 3 wins against 3 losses significant:
//     FisherExact (two proportions), ExactScoreTest (permutation test of
//     mean scores of wins, draws and losses), and in MeanDiff and Welch the
//     permutation test of two constant samples (both variances zero); with
//     a sample of one value and a varying other no test is made (p = 1).
//   - Mann–Whitney's U test is computed exactly from two count histograms
//     (mid-ranks for ties), with the normal approximation, the tie
//     correction of the variance and a continuity correction of 0.5, as R's
//     wilcox.test(correct = TRUE) does for large samples.
package stats
