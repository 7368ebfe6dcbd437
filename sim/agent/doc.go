// Package agent provides the game-playing agents of baolab simulations:
// random, greedy, alpha-beta search and Monte Carlo tree search (each
// optionally with a kingulu or kimasai-four-rows endgame database) and
// perfect play from a solved table. They play any engine.Game through the
// engine.State API alone.
//
// # Specs
//
// An agent is chosen by a spec string, NAME or NAME:key=value,..., in the
// grammar of rulesets (engine.ParseValues). Each agent is declared once, as
// a Kind (registry.go and the agent's spec file): its name, a one-line
// doc and its keys, each an engine.Option binding the key, default,
// allowed values and help to the spec field it sets. Kinds lists them,
// and `baolab agents` prints them (--json for a program):
//
//	random                                   no keys
//	greedy                                   no keys
//	alphabeta:depth=N,nodes=N,tt=MB,endgame=DIR,eval=E
//	mcts:iters=N,c=C,rollout=R,solver=B,endgame=DIR
//	perfect:table=DIR
//	strong:KEYS                              alphabeta's keys, eval=fitted and nodes=20000 by default
//
// To add an agent: write its spec type (String, New), declare its Kind
// with declare (an engine.Table of its keys) and add it to Kinds.
//
// Parse reads a spec; omitted keys take their defaults; spaces around
// names, keys and values are ignored. The canonical form (Spec.String),
// written to logs, lists every key in the fixed order above with its
// value, e.g. "alphabeta:depth=4" and "mcts:iters=400,c=1.4"; "random" and
// "greedy" have none. Keys added later are written only when used, so
// older specs keep their canonical form (and their games' seeds):
// alphabeta's nodes ("alphabeta:nodes=20000" when depth is not given,
// "alphabeta:depth=6,nodes=20000" with both), tt, endgame and eval
// (",eval=fitted"), and mcts's rollout (",rollout=greedy"; random
// rollouts are not written) and solver (",solver=true"). strong is
// written in alphabeta's canonical form ("alphabeta:nodes=20000,eval=fitted"). A bad spec gives a one-line error that quotes it and
// names the problem and what is allowed.
//
// ParsePair reads the agents of both seats, "SOUTH/NORTH" (e.g.
// "mcts:iters=400,c=1.4/greedy"); a single spec puts the same agent in
// both seats. PairString writes the canonical pair, always both seats
// ("greedy/greedy").
//
// The spec types Random, Greedy, AlphaBeta and MCTS can also be built
// directly; a zero Depth or Iters takes its default.
//
// # Scores
//
// Greedy and alphabeta score a position for a player p as follows. While
// the game goes on: p's material minus the opponent's (engine
// State.Material). In kingulu and kimasai-two-rows the total material is
// constant, so this ranks positions as p's own material does; in
// kimasai-four-rows, where a player's own stones never increase, it is the
// stones p has captured minus the stones p has lost. A finished game scores ±(2^24 - d) for a win
// or a loss d plies from the position searched, so a faster win and a
// slower loss score higher, and 0 for a draw and for an unfinished game
// (max_plies reached), as MCTS scores both one half.
//
// # Agents
//
// random plays a candidate drawn uniformly.
//
// greedy plays every candidate on a spare state and plays the one of best
// score for the mover after the move (the most material, or a win), ties
// broken uniformly at random. A candidate that turns out never-ending
// (infinite=illegal) is skipped; if every candidate is never-ending it
// returns any of them, the caller's Apply rejects it and the state ends the
// game when none is left. With infinite=draw a never-ending move is
// playable and scores as a draw.
//
// alphabeta:depth=N searches by negamax with alpha-beta pruning
// (fail-soft), deepening iteratively: depth 1, 2, ..., N, scoring the
// positions at the depth limit and the finished games as above. At each
// node every candidate is played once and scored, the moves are searched
// best score first (captures and wins first) after the best move the
// previous iteration found there; at the root, in the order of the
// previous iteration's values. Never-ending candidates are skipped, and a
// node whose candidates are all never-ending is the end of the game the
// state reaches when it has rejected them all. A player who moves twice in
// a row is searched as such (no sign change). A transposition table of
// 2^TTBits entries (tt=MB: the largest power of two of entries of
// TTEntryBytes each that fits in MB MiB), keyed by the engine's position hash mixed with the
// ply (the value depends on the plies left before max_plies) and emptied
// for every move, answers only for the same position, ply and remaining
// depth, so it never changes the value of the plain fixed-depth search;
// entries of other depths only order the moves. At the root every move
// that ties with the best value is found exactly and one of them is
// played at random, drawn in the order of the candidates (not of the
// search), so the move is the plain depth-N search's for the same seed,
// and alphabeta:depth=1 chooses among the same moves as greedy. The
// deepening stops early when an iteration reaches no position at its
// depth limit (every line ended the game): deeper ones would agree.
//
// alphabeta:nodes=N deepens as long as its budget allows: a node is one
// move played on a search state, the root's own moves included; when an
// iteration needs more than N nodes it is abandoned and the move of the
// last complete iteration is played (depth 1 always completes). Node
// counts are deterministic, so the agent is too. With depth=D as well it
// stops at depth D at the latest. The table's size decides which entries
// survive, hence the cut-offs and the nodes an iteration needs, so under a
// node budget tt=MB can change the depth reached and the move (at a fixed
// depth it cannot).
// It uses one preallocated state and move buffer per ply of depth.
//
// Every move of an inner node is played twice, once to score it for the
// move order and once to search below it, and both count as nodes; table
// entries of another depth only order moves; the iteration the budget
// interrupts is discarded. On kingulu's default board more nodes buy
// little in the ladders' games: the games are short (about 23 plies), a
// budget of 4,000 nodes completes about 11 plies and 400,000 about 29, and
// 400,000 nodes prove the outcome of 84% of the 4-ply random openings
// (BenchmarkProvenOpenings), so most such games are decided by the
// opening; no defect of the search was found (docs/search-strength.md has
// the measurements).
//
// alphabeta:...,endgame=DIR uses an endgame database of kingulu (at most K
// seeds in play) or kimasai-four-rows (at most K stones on the board)
// (package solve/endgame): at a position the database holds it plays as perfect
// ranks values, without distances (the mover's forced wins first, largest
// margin first; then a draw, then endless play (none); then a loss, the
// smallest margin first; ties at random, without searching); in the search a position the
// database holds is not searched further but scored exactly: ±(2^23 + the
// margin the winner can force) for a forced win or loss (between a win
// seen in the search and any material difference), 0 when neither side
// can force a win (a four-rows value is a win or loss by 1: no draw,
// since no position repeats). The database ignores max_plies, as the
// solver does, and four-rows' repetition option, which cannot change a
// value (package solve/endgame). mcts takes the same key (below).
// Its lookups allocate nothing. A simulation calls Prepare first, so a missing,
// corrupt or foreign database (another ruleset) is an error at the start
// (agent.ErrPrepare). The key is written in the canonical form only when
// used.
//
// alphabeta:...,eval=fitted scores a position that goes on by the
// variant's fitted evaluation (package sim/evaluate: features of the
// position with weights fitted by logistic regression on positions the
// exact solver labels) instead of the material difference:
// round(EvalScale · logit), EvalScale = 1000, clamped to ±2^22 (below the
// endgame database's and finished games' scores). The weights are
// embedded in the binary (sim/evaluate/weights/VARIANT.json, made by
// baolab fit-eval), so every run loads the same ones; Prepare fails
// (agent.ErrPrepare) for a variant without them. eval=material is the
// default and the evaluation of every spec without the key. strong is
// alphabeta with eval=fitted and, unless depth or nodes is given,
// nodes=20000.
//
// mcts:iters=N,c=C,rollout=R runs N iterations of UCT from the position: descend from
// the root by the largest mean + C·sqrt(ln N_parent / n_child) (means of
// the mover at each node, rewards in [0, 1]), trying a node's unvisited
// moves first in random order; add the first new node, play uniformly
// random candidates (rollout=random) or the greedy agent's moves, ties at
// random (rollout=greedy), from it to the end of the game (a game that reaches
// max_plies ends there, unfinished), and back up the reward 1 for a win, 0
// for a loss, 1/2 for a draw or an unfinished game, each node seeing it
// from the view of the player who moved into it. It plays the most visited
// root move, ties broken at random. Never-ending moves met in the tree are
// marked and never chosen again; a node whose moves are all never-ending is
// an end of the game. The tree is rebuilt for each move in a node pool
// that is reused from move to move: reserved when the agent is made (one
// node per possible child of each iteration, at most 2^16 nodes) and grown
// by the first searches only, so 10^5 iterations per move allocate nothing
// once it has grown. The UCB value is computed without fused
// multiply-adds, so the choices are the same on every platform.
//
// mcts:...,solver=true is MCTS-Solver (Winands, Björnsson and Saito
// 2008, "Monte-Carlo Tree Search Solver", with draws): a node where the
// game ends (not at max_plies) is proven; after each descent, a node is
// proven a win for the player to move there when one of its children is
// a proven win for them, and otherwise, once every live child is proven,
// proven to the best of the children's outcomes for them. A descent that
// reaches a proven node backs up its outcome as a terminal's; selection
// skips proven children; the search stops once the root is proven. The
// move played is a proven win when the root is one, else the most visited
// move that is not a proven loss (the most visited of all when every move
// is one). A proven value is the exact outcome of the position under best
// play (the solver's outcome; tests compare them); solver=false plays
// exactly as before.
//
// mcts:...,endgame=DIR uses the endgame database alphabeta's key names.
// A node whose position the database holds is a solved node: no rollout
// is played from it and it is never expanded; its reward is the
// database's outcome (1 or 0 when a side can force a win, 1/2 when
// neither can: a draw, or endless play), backed up from it at each
// descent as a finished game's is. With solver=true it is a proven node,
// so its value proves its parents by the solver's backups. At a root the
// database holds, the agent searches nothing: it plays as alphabeta does
// there (the best value by perfect's ranking, ties at random), and with
// solver=true the root is proven to the database's outcome. Like
// alphabeta's, the values ignore max_plies (a game cut short by
// max_plies is unfinished, whatever the database says). The key is
// written in the canonical form only when used; a missing, corrupt or
// foreign database is alphabeta's error with mcts's name
// (agent.ErrPrepare).
//
// perfect plays exactly optimally from the solved table of the board
// (package solve): every candidate is played on a spare state and rated
// by the values and distances of its position (go doc ./solve, "Distance
// to the end"). A move that wins for the mover comes first, the largest
// margin it can force first, then the shortest forced win (its least
// distance: a won game ends within the start's distance whatever the
// opponent does, unless the opponent's moves raise the margin the winner
// can force, which on the Kimasai boards, of margins ±1, never happens);
// then a move after which neither side can force a win
// (a draw by the values, or an endless game one side can hold to: a
// value none for the mover ranks here, above every loss), by the mover's
// value; then a losing move, the least margin the winner can force first,
// then the longest resistance (the winner's greatest distance). Remaining
// ties go at random. On a board without cycles (exact values, never none)
// this is the largest value for the mover, as before distances.
// "perfect" solves the board itself, once per ruleset and process, shared
// by every worker; "perfect:table=DIR" loads DIR/solved.parquet instead. A
// simulation calls Prepare for every ruleset before the first game, so a
// board too big to solve or a missing, corrupt or foreign table is an
// error at the start (agent.ErrPrepare). A table without distances (a
// file of table format 1: written by an older baolab, or from a solve by
// the sweep method) is played by the values alone, with random ties, as
// before distances: on a cyclic board the agent then keeps the value but
// may wander among moves of equal value, and a won game ends with
// probability 1, not within a bound (nor within max_plies).
//
// # Determinism and cost
//
// Every agent is deterministic given the seed of its last Reset (an agent
// never reset plays as after Reset(0)): the same seed, game and positions
// give the same moves. Each agent kind draws from its own PCG stream, so
// different agents given the same seed do not make correlated choices;
// the simulator should still give each seat its own seed.
//
// random and greedy do not allocate per move, nor do alphabeta and mcts
// once their states and node pool have grown, as long as the engine's
// State methods do not. Greedy and alphabeta sow every candidate they
// consider, and MCTS rollouts sow the moves they play, so with exact
// never-ending detection (lap_limit=none) they pay for every never-ending
// move they meet; in kimasai-two-rows one such move can take 10^8 laps.
// alphabeta and mcts remember the never-ending moves they have met (with
// infinite=illegal), keyed by the position's hash and the move, in a
// direct-mapped cache of 4,096 entries per agent that lasts as long as
// the agent: a never-ending move met again (in the next iteration of the
// deepening, in a sibling line, at a later move or game) costs a lookup,
// not a sowing. The cache changes no choice and no node count: a
// remembered move is left out exactly as Apply's rejection leaves it out,
// and an mcts rollout draws again among the remaining candidates as it
// would after the rejection. It does not make exact kimasai-two-rows
// cheap: most never-ending moves a search meets start from positions met
// once (two games of alphabeta:nodes=20000 self-play met 698 distinct
// never-ending moves, and their detection was nearly all of the work), so
// a ladder there still ran many times slower than under lap_limit=2000.
//
// So greedy, alphabeta and mcts also give their working states one
// never-ending memo per agent (engine.NeverMemo, engine.ShareNeverMemo),
// with which kimasai-two-rows decides never-ending moves by cycle finding
// on rotated lap states once no raid is possible (a real cycle can be up
// to 16 times the rotated one) and remembers the states it has shown never
// to end. Verdicts and every move that ends are unchanged, so no choice
// changes; only the laps of a never-ending move, which agents do not read,
// differ. Exact kimasai-two-rows is still slower to search than under
// lap_limit=2000 (issue 26 asks for at most 2x, not yet shown): what is
// left is the few moves whose rotated cycle is itself 10^8 laps long.
package agent
