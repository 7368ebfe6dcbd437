// Package kimasai4 implements kimasai-four-rows: Bao la Kimasai, the
// stepping game on four rows that Martin Klamroth (1911, "Afrikanische
// Brettspiele") observed around Mpapua (now Mpwapwa), as this package doc
// restates its rules.
//
// Importing the package registers the variant "kimasai-four-rows" with
// package engine.
//
// # Board and numbering
//
// The board has four rows of n holes (n = holes option, 12 by default).
// Each player owns a front row (next to the middle) and a back row. A hole
// holds at most one stone. Each player's 2n holes are numbered in that
// player's stepping order, which is counterclockwise:
//
//   - front row 0..n-1 from the owner's right to the owner's left,
//   - back row n..2n-1 from the owner's left to the owner's right,
//   - then back to 0.
//
// Front hole f and back hole 2n-1-f are in the same column. Front hole f of
// one player faces front hole n-1-f of the other. Both players use the same
// (player-relative) numbering, so the game is symmetric.
//
// At the start every hole holds a stone except one front hole of each
// player: with empty_start=left (Klamroth's reading) the leftmost front
// hole of its owner, hole n-1; with empty_start=right the rightmost, hole
// 0. With the defaults this is (as South sees it, North's rows on top):
//
//	North back:  1 1 1 1 1 1 1 1 1 1 1 1
//	North front: 1 1 1 1 1 1 1 1 1 1 1 0
//	South front: 0 1 1 1 1 1 1 1 1 1 1 1
//	South back:  1 1 1 1 1 1 1 1 1 1 1 1
//
// # Moves
//
// A move is the number of the hole the stepping stone starts from. The
// mover picks one of their stones whose next hole (number+1, mod 2n; the
// last back hole 2n-1 is followed by front hole 0) is empty and steps it
// there. If the stone stepped into a front hole f and the facing opponent
// front hole n-1-f holds a stone, that stone is captured (removed from the
// game); in that case, if the opponent's back hole in the same column
// (opponent hole n+f) also holds a stone, it is captured too. A step into
// a back hole never captures, and an opponent back stone is never captured
// unless the front stone before it is captured by the same step.
//
// # End of the game
//
// After each move, in this order:
//
//  1. If the opponent has no stones left, the mover wins (all-captured).
//  2. If the opponent has no legal move, the opponent loses (no-moves).
//  3. With repetition=first, if the position (all stones and the player to
//     move) equals one seen earlier in the game, the initial position
//     included, the game is drawn (repetition); with repetition=third, when
//     the position occurs for the third time; with repetition=none, never.
//  4. If max_plies moves have been played, the game ends unfinished
//     (max-plies).
//
// FirstRepeatPly reports the first ply whose position repeats an earlier
// one under every repetition reading.
//
// Conservation: stones only leave the board, by capture; a player's stones
// on the board plus the stones the opponent captured from them equal their
// stones at the start.
//
// # Options
//
// Every option, the common ones included, as `baolab rules` lists them.
// The table is made from the option table in options.go, the one the
// ruleset parser reads (go generate ./engine/all rewrites it):
//
//	option       default  allowed                meaning
//	first        south    south, north           who moves first
//	max_plies    1000     an integer >= 1        a game not over after this many plies ends as unfinished
//	                                             (not a draw)
//	infinite     illegal  illegal, draw          (does not apply; accepted and ignored) a move whose sowing
//	                                             never ends is not legal (illegal) or ends the game drawn
//	                                             (draw)
//	lap_limit    none     an integer >= 1, none  (does not apply; accepted and ignored) none: exact
//	                                             never-ending detection; N: a move still sowing after N laps
//	                                             counts as never-ending
//	holes        12       4..16                  (board size) holes per row
//	repetition   first    first, third, none     draw on the first repeat of a position, on its third
//	                                             occurrence, or never
//	empty_start  left     left, right            which end of each front row starts empty (the owner's left,
//	                                             as Klamroth has it, or right)
//
// The common options infinite and lap_limit do not apply (a step always
// ends); they are accepted, checked and ignored.
//
// # Choices where the rules are silent
//
//   - Order of the end checks: as listed above. They cannot clash: a
//     position whose player to move has no stones or no move ends the
//     game the first time it occurs, and no position repeats anyway.
//   - In games from the initial position a player who still has stones
//     always has a move (they own at most 2n-1 stones, so some own hole is
//     empty and the stone behind it can step); no-moves happens only in
//     hand-built positions where a player fills all 2n holes.
//   - The repetition rule is implemented as stated, but no position of
//     this game can ever repeat (see the theorem below), so with every
//     reading a game never ends by repetition and FirstRepeatPly is always
//     -1. The engine therefore passes every step to engine.Track.Record
//     as irreversible ("no earlier position can recur"), which keeps the
//     history at one entry. The tests check the theorem exhaustively on
//     the 4- and 5-hole boards, play thousands of random games recording
//     every position to confirm no repeat happens, and test each reading
//     with repeats planted in the history.
//   - MoveInfo of a step: Laps=1, Sown=1; Captures=1 and Captured=1 or 2
//     when the step removes stones.
//   - Hand-built positions (NewStateAt): if exactly one player has no
//     stones, the other has already won (all-captured), whoever is to
//     move; if the player to move has no legal move they have lost
//     (no-moves). A position where neither player has a stone, or with a
//     stone outside the 2n holes, is refused.
//   - Perft sees positions only: a position where either player has no
//     stones, or the player to move has no move, has no moves; repetition
//     and max_plies are ignored.
//
// # Theorem: no position repeats
//
// Suppose a sequence of moves leads from a position back to itself. No
// capture can happen on the way (stones never come back), so each player
// makes T >= 1 steps and every hole ends as it started; hence each of a
// player's 2n edges (hole h to hole h+1) is crossed the same number of
// times c >= 1, and every stone moves. Repeat the cycle forever.
//
// (1) No position of the cycle has front stones of both players. In the
// front rows the two players move in opposite directions: South's front
// stones move from column n-1 to column 0 (columns counted from South's
// left), North's from column 0 to column n-1, each entering the front row
// at its own start column and leaving only at its end column. Two front
// stones of different players with North's to the left of South's must
// cross before either can leave, and the step that brings one into the
// other's column captures. If North's is to the right of South's (or in
// the same column), look back to the later of their two entries into the
// front row: South's enters at column n-1, the right end, North's at
// column 0, the left end, so just after that entry North's stone was to
// the left of South's or in its column, which is either the first case
// or a capture.
//
// (2) Take any South step from a front hole (hole 0..n-1). North moved
// just before it, when South's stones were the same, so South had a front
// stone; by (1) North had none, so North stepped from a back hole, and not
// from hole 2n-1 into its front hole 0 (North would then have a front
// stone beside South's). So South's front steps (n*c of them) map one to
// one onto North's steps from holes n..2n-2 ((n-1)*c of them), which is
// impossible for c >= 1.
//
// # Representation
//
// Each player's stones are one bitboard (uint32, bit h = the player's hole
// h). The candidates are the own stones whose next hole (the bitboard
// rotated within 2n bits) is empty. The position hash is a Zobrist hash
// (one random 64-bit key per player and hole, one for North to move)
// updated by XOR on each step.
package kimasai4
