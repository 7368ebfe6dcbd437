// Package kimasai2 implements kimasai-two-rows, Bao la Kimasai in its
// two-phase form (herding, then raiding) on a board of 4 rows of 8 holes.
// Import it (or baolab/engine/all) and parse "kimasai-two-rows[:options]"
// with engine.Parse.
//
// # Board and numbering
//
// Each player owns two rows of holes (8 each by default): the inner row,
// next to the middle, and the outer row. A player sows only around their
// own two rows, clockwise. A player's 2*holes holes are numbered in that
// sowing order: the inner row 0..holes-1 from the owner's left to right,
// then the outer row holes..2*holes-1 from the owner's right to left, then
// back to 0. Inner hole i of one player faces inner hole holes-1-i of the
// other; outer holes face nothing. A move is logged as the number of the
// hole it starts from, in the mover's own numbering.
//
// At the start every inner hole holds one cow, the outer rows are empty,
// and each player holds reserve cows (24) off the board: 64 cows in all.
// South moves first unless first=north. The number of cows on the board
// plus both reserves never changes.
//
// # Laps
//
// A lap lifts every cow of a hole and sows them one per hole, starting
// with the next hole in sowing order (a long lap passes the hole it was
// lifted from and drops cows there too). Where the last cow of a lap falls
// decides what follows, judging the hole just before that cow falls:
// into an empty hole, the move ends; into an occupied hole, that hole is
// lifted and the next lap is sown from it (relay), except for raids.
//
// # Phase 1 (herding)
//
// While either player has cows in reserve, a move takes one cow from the
// mover's reserve, puts it into one of the mover's non-empty holes (inner
// or outer), then lifts that hole and sows it as above. Nothing is
// captured in phase 1. The first move of the game introduces no cow (the
// opener just lifts an occupied hole), unless opening_intro=on. The phase
// of a move is the phase in force when it starts: the move that brings in
// the last reserve cow is a phase-1 move (phase_change=next). With
// phase_change=immediate that move (the one after which both reserves are
// empty) brings in its cow and is then played by the phase-2 rules from
// its first lap on, so its laps can raid, and it counts as a phase-2 move
// for end_check. With the defaults South moves at
// plies 0, 2, ..., 48 and brings in a cow at every move but the first;
// North brings in cows at plies 1, ..., 47; phase 2 starts at ply 49 with
// North to move. In general phase 2 starts at ply 2*reserve+1 (the second
// player to move), or at ply 2*reserve (the first player) with
// opening_intro=on.
//
// # Phase 2 (raiding)
//
// Once both reserves are empty, a move lifts all cows of any non-empty
// hole of the mover's (a single cow may be lifted) and sows it. When the
// last cow of a lap falls into an occupied hole of the mover's inner row
// and the facing inner hole of the opponent holds cows, the mover raids
// them: they leave the opponent's hole and are sown at once as a new lap
// around the mover's rows, the first raided cow going into the capturing
// hole itself (capture_sow=here; the cows already there stay) or into the
// hole after it (capture_sow=next). The end of that lap is judged by the
// same rules, so raids can chain. A lap ending in any other occupied hole
// (an outer hole, or an inner hole facing an empty one) relays. With
// reserve=0 there is no phase 1 and no opening exception.
//
// With win_check=capture, the moment a raid leaves the opponent's inner
// row without cows the raided cows go into the capturing hole (they are
// not sown), the move ends and the mover wins (inner-row-empty); the rest
// of the sowing is not played, so such a move is never never-ending.
//
// With skip_origin=on a lap of 2*holes cows or more (16 with the
// defaults) skips the hole it was lifted from, on every lap of the move,
// relays included: its cows go round the other 2*holes-1 holes. A raid's
// lap (its cows come from the opponent's hole) skips nothing.
//
// # End
//
// After each move (end_check=always), or only after moves that started in
// phase 2 (end_check=phase2): if the opponent's inner row is empty the
// mover wins, else if the mover's own inner row is empty the mover loses
// (end reason inner-row-empty). A player with no legal move loses
// (no-moves); with infinite=illegal that includes a player all of whose
// moves never end. A game still going after max_plies moves is
// unfinished (max-plies).
//
// # Never-ending moves
//
// A relay sowing can go on for ever. With lap_limit=none the engine
// detects this exactly: the state at the start of a lap is the whole
// position plus the hole about to be lifted, and a repeat within one move
// means the sowing never ends. A raid lowers the opponent's cows for good,
// so no state before it can recur and the search restarts after each raid.
// A cycle can be more than 10^8 laps long (the engine sows about 10^8 laps
// per second), so the laps sown before the repeat is seen matter. Most
// moves end within a few laps, and the first 64 laps are sown by a small
// loop that looks for no cycle; a move still sowing then is sown again
// from its start under detection (the lost laps are few next to the
// detection's own). Detection uses Brent's cycle finding on the packed
// counts for the first 1024 laps (cheap, and enough for short cycles); a
// longer move goes on with Nivasch's stack algorithm on one state in 16
// (the distinguished ones, picked by a hash), split into 64 stacks by
// hash, which sees a repeat about 1.5% of a cycle after it happens, where
// Brent's method needs up to about 3 times lead-in plus cycle. Both
// declare a move never-ending only on an exact repeat of a lap-start
// state; Brent's method takes over again in the rare case the stacks
// cannot be relied on (a cycle without a distinguished state, a full
// stack). Measured on the 113 never-ending
// moves of testdata/never_ending.txt: 1.084*10^9 laps to detection with
// Brent's method alone, 4.07*10^8 now (0.375 as many); the three longest
// moves of 20,000 random games (seed 1): 7.49*10^9, 1.93*10^9 and
// 4.11*10^8 laps with Brent's method, 3.21*10^9, 8.58*10^8 and 1.46*10^8
// now. No exact method can see a repeat before lead-in + cycle laps, which
// the stacks come within a few percent of. A State given a never-ending
// memo (engine.NeverMemo, for search) reaches the same verdicts sooner,
// by cycle finding on rotated lap states once no raid is possible and by
// remembering states shown never to end, the rotated ones in one table
// for the whole process (memo.go, rotated.go); only the
// laps its never-ending moves report differ. With lap_limit=N a
// move still sowing after N laps counts as never-ending. With
// infinite=illegal such a move is not legal (Apply reports
// engine.ErrNeverEnding); with infinite=draw playing it ends the game
// drawn (infinite-move). In random play with the defaults about one game
// in 20 meets a never-ending move.
//
// # Options
//
// Every option, the common ones included, as `baolab rules` lists them.
// The table is made from the option table in options.go, the one the
// ruleset parser reads (go generate ./engine/all rewrites it):
//
//	option         default  allowed                meaning
//	first          south    south, north           who moves first
//	max_plies      1000     an integer >= 1        a game not over after this many plies ends as unfinished
//	                                               (not a draw)
//	infinite       illegal  illegal, draw          a move whose sowing never ends is not legal (illegal) or
//	                                               ends the game drawn (draw)
//	lap_limit      none     an integer >= 1, none  none: exact never-ending detection; N: a move still sowing
//	                                               after N laps counts as never-ending
//	reserve        24       0..64                  (board size) cows each player starts with in reserve
//	holes          8        4..16                  (board size) holes per row
//	capture_sow    here     here, next             raided cows are sown starting in the capturing hole (here)
//	                                               or in the hole after it (next)
//	end_check      always   always, phase2         the inner-row-empty end is checked after every move, or only
//	                                               after moves that started in phase 2
//	opening_intro  off      off, on                on: the first move of the game also introduces a reserve cow
//	skip_origin    off      off, on                a lap of 2*holes cows or more skips the hole it was lifted
//	                                               from (a raid's lap skips nothing)
//	win_check      move     move, capture          capture: a raid that empties the opponent's inner row ends
//	                                               the move at once and wins; move: the end is checked after
//	                                               the move
//	phase_change   next     next, immediate        immediate: the move that brings in the last reserve cow is
//	                                               already played by the phase-2 rules (it can raid)
//
// # Words used in logs
//
// A capture is one raid; captured counts the raided cows; a lap is one
// lifting and sowing, and the sowing of raided cows counts as a lap. The
// winning raid of win_check=capture is a capture, but its cows are put
// into the capturing hole, not sown: it adds no lap and no sown cows.
// Material of a player is the cows on their two rows plus their reserve.
//
// # Choices where the rules are silent
//
//   - The opening exception belongs to the game's first move, whoever
//     makes it (first=north: North opens without a cow). A hand-made
//     position says whether its next move is the opening (Position.Opening).
//   - A phase-1 mover whose own reserve is empty (possible only in a
//     hand-made position, since both players start with the same reserve)
//     lifts a non-empty hole without introducing a cow; still no raids.
//   - With capture_sow=here and a single raided cow, the raid lap's last
//     cow falls into the capturing hole itself, which is occupied and now
//     faces an empty hole: it relays.
//   - A never-ending move played under infinite=draw has no final
//     position: the board and reserves stay as they were before it, the
//     turn passes, and the game is drawn.
//   - After a move the checks are, in order: inner-row-empty (when
//     end_check applies), then no-moves for the player to move (no
//     non-empty hole), then max_plies. A player whose every candidate is
//     never-ending is found out only as Apply rejects them one by one
//     (engine.State), so it loses at that ply, not at the previous one.
//   - The inner-row-empty check is not applied to a hand-made starting
//     position, only after moves.
//   - win_check=capture and lap_limit=N: a winning raid at the end of lap N
//     ends the move (it needs no lap N+1), so the move wins rather than
//     counting as never-ending; an ordinary raid there would need lap N+1
//     and the move counts as never-ending. After any move that ends
//     otherwise, the inner-row-empty end is checked as with win_check=move.
//     capture_sow does not apply to the winning raid (its cows all go into
//     the capturing hole).
//   - win_check=capture counts the winning raid's cows as captured
//     (MoveInfo.Captures and Captured) like any raid.
//   - skip_origin: a lap of fewer than 2*holes cows never comes back to its
//     hole, so "skips the hole it was lifted from" only matters for longer
//     laps. The phase-1 cow brought into a hole is lifted with it, so that
//     lap's origin is the hole the cow went into. A raid lap has no origin
//     to skip, also with capture_sow=next (whose first cow falls into the
//     hole after the capturing hole, and a long raid lap passes the
//     capturing hole again). Never-ending detection is unchanged: the
//     lap-start state (position and hole about to be lifted) still fixes
//     the rest of the sowing.
//   - phase_change=immediate with opening_intro=off and reserve=1: the
//     opening brings in no cow, so the move that brings in the last cow is
//     the third move; with first=north the roles swap.
//   - skip_origin=on and win_check=capture are played by the general
//     sowing loop (the one of boards with more than 8 holes a row), which
//     is slower than the two-word loops of the defaults.
//   - For repetition tracking a move is irreversible when it brings in a
//     reserve cow or is the opening move. A raid is not: it lowers the
//     opponent's cows only within the move, and a later raid back can
//     restore an earlier position.
//
// # Hash
//
// The position hash is a linear hash of the counts (sum of count times a
// fixed random key per hole and player, updated in O(1) per lap), plus
// reserves, the opening flag and the player to move, put through a 64-bit
// finalizer.
package kimasai2
