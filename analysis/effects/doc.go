// Package effects answers "which clause of the rules matters": for the
// readings (rulesets) of one variant played by one agent pair, it
// estimates the effect of each rule option on first-player advantage,
// draw rate, never-ending rate and mean game length, and ranks the
// readings by balance.
//
// # Effects
//
// The readings of a variant × agent pair form a design: every option that
// takes more than one value among them is a factor, its default the
// reference level (the first level present, in the option table's order,
// when the default was not played). Each non-reference level gets an
// indicator column. Estimate fits, per quantity, a regression of the
// per-game outcomes on these indicators:
//
//   - first_player_advantage: logistic regression of the first mover's
//     score (1 win, 1/2 draw or unfinished, 0 loss; fractional logit);
//   - draw_rate: logistic regression of "the game was drawn";
//   - never_ending_rate: logistic regression of "the game met a
//     never-ending move";
//   - mean_length: linear regression of the length in plies.
//
// Logistic fits are maximum likelihood (gonum/optimize, Newton's method);
// estimates of shares are log odds ratios (level against default), of
// mean length differences in plies. Every fit uses sandwich (robust)
// standard errors, Wald 95% intervals and two-sided z tests; p-values are
// Holm-corrected over every entry of a quantity (all variants, agent
// pairs, options and interactions together).
//
// A main effect comes from the model with main effects only: the effect of
// a level under additivity, averaged over the other options' levels as the
// design holds them. When every combination of the levels of two factors
// was played (a full grid), a second model adds the two-way interactions
// of every such pair; an interaction entry (option "a:b", value "x:y") is
// the departure from additivity of levels x and y together, on the same
// scale. A quantity whose outcome never (or always) occurred among a
// variant × agent pair's games is not estimated (a note says so); a level
// with no events (or only events) has no finite log odds ratio and is
// reported as undefined (null).
//
// The fits need only each reading's counts and sums (Cell), which
// package summary already holds, so the analysis stays flat in memory
// however many games there are.
//
// # Ranking
//
// Rank orders the readings of each variant × agent pair by imbalance
// |FPA − 1/2|, with the interval that the first-player advantage's
// interval maps to, and marks the readings not distinguishable from the
// most balanced by Gupta's subset selection: reading i stays in the set
// unless, for some other reading j, the one-sided z test of
// |FPA_i − 1/2| > |FPA_j − 1/2| rejects at level α/(k−1) (Bonferroni over
// the k−1 others; standard errors of the mean scores).
package effects
