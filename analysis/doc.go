// Package analysis turns a baolab simulation dataset (package
// dataset) into the statistics, tables and figures of a balance study,
// and replays single logged games with the engine (FindGame, Replay).
//
// Run it as `baolab analyze DIR [--out REPORT_DIR]` and
// `baolab replay DIR --game ID`. WriteReport writes the tables (package
// tables) and figures (package figures) of a summary (package summary),
// then index.html, the page that shows them (WriteIndex, package
// htmlreport); WriteExamples writes replay pages of a few logged games
// (WriteReplayHTML, with the board diagrams of package diagram) for that
// page to link. Package stats holds the statistical procedures.
//
// Analyze reads every games file of a dataset (listed by package load),
// and its moves file when the dataset has a move log, as a stream of
// Arrow record batches: memory does not grow with the number of games. Files are read by a few workers in
// parallel and their partial results merged in file order (cell, then
// batch), so the numbers do not depend on the number of workers.
//
// # Checks
//
// Nothing is skipped silently: the first problem stops the analysis with
// one line naming the file. Package load opens the dataset (load.Open):
// it lists the files and reads the manifest, finds the files that are
// foreign or missing, and reads tables that another tool wrote; its
// documentation says what it checks. In tables of another tool (Manifest
// "tables", which replay does not read) the moves of a game must be in
// ply order; a game is keyed on (experiment_id, game_id) when the games
// table has experiment_id (the tables of several datasets stacked) and on
// game_id alone when it has not.
//
// Reading then fails, naming the file (and, for a corrupt file, how to
// repair it), when a file is not readable Parquet (truncated or corrupt: every page of every column is
// decompressed and checked, the columns that the statistics do not need
// included), when its columns are not the dataset schema's, when its
// footer metadata (experiment, cell, batch, games, plies) disagrees with
// its name, its rows or the manifest, when a row's ruleset or agents are
// not its cell's, when game ids are not consecutive within a cell, and
// when the moves do not match the games: the moves file must hold, for
// each game of the games file in order, exactly `plies` rows with ply 0,
// 1, ... (the join of the two tables is a single streaming pass).
//
// # Statistics
//
// Per ruleset × agent pair (a cell), see package summary for the meaning
// of every number and package stats for the procedures. Choices where the
// issue was silent:
//
//   - First-player advantage counts draws and unfinished games (max_plies
//     reached) as half a win: neither player won them. Its interval is the
//     Wilson interval of the mean score, which is conservative.
//   - Balance (Ludii): 1 − |W1 − W2|/n over all games.
//   - Game-length quantiles are exact (a count histogram per cell) and
//     empirical: the smallest length reached by at least that share of
//     games.
//   - Lead changes and decisiveness use material (counters held,
//     banks and reserves included) after each move; equal material
//     leads nobody. Decisiveness is averaged over games won by a player.
//   - Convergence lists the first-player advantage after 10, 20, 50, 100,
//     ... games of a cell in game_id order, and after all of them.
//   - Per-move ratios (branching factor, decision moves, laps per move)
//     are ratios of sums with delta-method intervals over games, since
//     the moves of one game are not independent.
//   - Comparisons: every pair of cells with the same variant and agent
//     pair but different rulesets; with more than 16 such readings (a
//     grid) only the pairs that differ in one option, since all pairs of
//     48 readings are 1128 and of 384 readings 73,536. First-player advantage: difference of
//     mean scores with the unpooled z test and Wald interval. Draw rate:
//     pooled two-proportion z test (Pearson's chi-square) with Newcombe's
//     interval. When either reading has fewer than 30 games (or neither
//     reading's scores vary) the tests are exact instead: the permutation
//     test of the mean scores and Fisher's test of the draws (the
//     intervals stay as they are). Mean game length: Welch's t test and
//     interval, plus the Mann–Whitney U test on the exact length
//     histograms. Holm's
//     correction is applied over all pairs, one family per test; the
//     verdict "readings differ in balance" is the Holm-corrected test of
//     first-player advantage at 5%.
//   - Equivalence (stats.TOST): each cell's first-player advantage against
//     1/2 ± δ and each comparison's difference against ±δ, by two
//     one-sided z tests at α: balanced (shown within), not balanced (shown
//     beyond) or undecided, so that a non-significant difference is never
//     read as balance. δ is Options.EquivalenceMargin, else the manifest's
//     (chosen before the run, sim's equivalence_margin), else
//     DefaultEquivalenceMargin; Summary.EquivalenceMarginFrom says which.
//   - Effects of the rule options and the ranking of the readings by
//     balance (package analysis/effects) are computed from the cells'
//     counts and sums, for every variant × agent pair with two or more
//     readings; they go to effects.* and ranking.*.
//   - Distinct games: the distinct move sequences of a cell (a 64-bit
//     fingerprint of each game's moves, from the move log), counted up
//     to summary.DistinctCap so that memory stays bounded.
//
// # Ladders
//
// When the manifest's experiment has a ladder (`baolab sim --ladder`),
// the games between ladder agents of each ruleset are fitted by package
// rating: a Bradley–Terry (Elo) model with a first-move advantage and a
// draw parameter, as BayesElo, by maximum likelihood, with
// profile-likelihood intervals, anchored at random = 0 (or the ladder's
// first agent when random is not in it). The first-move advantage belongs
// to whoever moved first (South unless first=north); games no one won
// (draws and unfinished games) count as draws. The same games are also
// fitted with a first-move advantage per agent, and a likelihood-ratio
// test at level 0.05 chooses between the two models (the ladder's model
// and model_test); the chosen model's Pearson χ² goodness of fit, with
// each ordered pair's observed and predicted score, is the ladder's fit
// (package rating says how and when it is approximate). Each agent's
// self-play gives the first-player advantage with its Wilson interval,
// the share of draws and unfinished games, the mean length and the
// distinct games; these go to the summary's ladders, the ladder tables
// and the fpa-rating, draw-rating and length-rating figures.
//
// # Exact values
//
// Every ruleset of the dataset with at most Options.ExactMaxPositions
// reachable positions is solved by package solve (retrograde
// analysis; max_plies ignored): its perfect-play outcome and margin go to
// the summary's exact values, next to the first-player advantage of
// random against random in the same ruleset and whether that points to
// the perfect-play winner; they go to the exact tables and figure, set
// out by board (the options that size it, engine.Split) and reading (the
// other options) in exact-readings.md and .tex, and a
// solved ladder ruleset's fpa-rating curve ends at its perfect-play line.
// A board over the limit, or with a key too long to solve, is skipped
// with a note, never an error.
//
// # Accuracy against perfect play
//
// When the dataset has a move log, every game of a solved ruleset is
// replayed right after its board is solved, and each move an agent chose
// among two or more legal moves, after the random opening, is judged by
// the value the mover can force before and after it (solve.Value.For:
// South's south_can_force, North's north_can_force negated). A move can
// only keep that value or lower it. It keeps the margin when the value is
// the same after the move, and keeps the outcome when the value's class
// is: a forced win (> 0), draw (0), loss (< 0), or none, on a cyclic
// board, when the mover cannot force a finished game at all (the opponent
// can keep it going). So a move from a forced draw to none loses the
// outcome, and from none every move keeps both. This is exactly what the
// perfect agent maximises, so it keeps both at 1. The shares of each
// (ruleset, agent) go to summary.Accuracy with Wilson intervals (which
// treat the moves of a game as independent, so they are somewhat too
// narrow), with the agent's score against perfect play in each seat when
// the dataset has those games: accuracy.{json,csv,md,tex} and the
// accuracy figure. A logged move the engine rejects, or a position the
// solved board does not hold, stops the analysis with one line naming the
// file and game.
//
// # Doubling test
//
// For every ruleset and pair of agents where one is the other with its
// search budget doubled (alphabeta's nodes, mcts's iters; every other
// key the same), summary.Doubling holds the doubled agent's score over
// their games in both seat orders (draws and unfinished games count half)
// with its Wilson interval, whether a difference is detectable (the
// interval excludes 1/2) and its verdict, gain (above 1/2), worse (below)
// or none (summary.DoublingVerdict): doubling.{json,csv,md,tex}. A ladder of one
// agent at budgets N, 2N, 4N, ... (configs/doubling-*.toml) shows where
// strength stops growing at the games played.
package analysis
