// Package evaluate scores positions that a search stops at before the end
// of the game: a feature extractor per variant (kingulu,
// kimasai-four-rows, kimasai-two-rows) and a linear model over the
// features whose weights are fitted by logistic regression on positions
// labelled by the exact solver (package solve).
//
// The features of a position are taken from one player's view (own minus
// the opponent's where a feature counts both sides; a feature of the
// player to move alone, such as to_move, is + when that is the player and
// - when it is the opponent, so every feature is antisymmetric) and scaled
// by the board's size or material, so one set of weights serves every
// board size of a variant: the weights are fitted on boards the solver solves in
// seconds and used on the historical boards. The model predicts
//
//	P(the player wins) = 1 / (1 + exp(-(w · features)))
//
// with a draw (or endless play) labelled 1/2. Positions of boards too big
// to solve can join the fit labelled by deep search (PlayGames: the
// outcome of a search agent's self-play from positions of its games after
// random openings; baolab fit-eval --deep). Fit reproduces the weights
// from a seed (baolab fit-eval); the fitted weights of each variant are
// committed in weights/VARIANT.json with the command that made them and
// embedded in the binary, so loading them is deterministic.
package evaluate
