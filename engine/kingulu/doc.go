// Package kingulu implements Bao Kingulu, a two-row mancala of the Ngulu
// of Tanzania (Klamroth 1911), as the baolab variant
// "kingulu". Importing the package registers the variant with package
// engine.
//
// # Board and numbering
//
// Two rows of holes (6 by default), 4 seeds in every hole, no stores:
// captured seeds go to the capturer's bank off the board. Each player owns
// the row on their side and numbers it 0..holes-1 from their own left to
// right; a move is the number of the hole it lifts. Sowing is
// counterclockwise around the whole board: South 0 to 5, North 0 to 5,
// South 0 again (North's 0 is the east end of the top row). Hole i of one
// player faces hole holes-1-i of the other.
//
// A hole can be reserved (kuweka mtoto, rule 3). A reserved hole belongs to
// the player who reserved it for the rest of the game: nobody lifts from
// it, its seeds count for its owner, and every seed that later falls into
// it goes straight to the owner's bank (the hole's count never changes
// again). Only a hole of the opponent's row can be reserved.
//
// # Moves
//
// The mover lifts all seeds of one of their own unreserved holes holding at
// least min_lift seeds and sows them one per hole counterclockwise,
// starting with the next hole: a lap. The hole where the last seed of a lap
// falls decides what follows, checked in this order, where "empty",
// "occupied" and "held exactly 3" are judged just before the last seed
// falls (so a long lap that already passed the hole counts the seed it
// left there):
//
//  1. A reserved hole: the seed goes to the hole owner's bank; the move ends.
//  2. An empty hole: the move ends. If the hole is the mover's own and the
//     facing hole is neither reserved nor empty, the mover banks the facing
//     hole's seeds and the capturing seed; otherwise the seed stays.
//  3. An opponent's hole that held exactly 3, while the mover holds fewer
//     reserved holes than max_reserved allows: kuweka mtoto. The hole becomes
//     reserved by the mover and the move ends. Then the penultimate seed of
//     that lap is taken out of the hole it was sown into and added to the
//     reserved hole (which then holds 5), unless that hole is reserved (then
//     nothing moves) or the penultimate option says not to.
//  4. Otherwise (an occupied hole, including an opponent's hole that held 3
//     when the mover may reserve no more): on the first lap of the move, a
//     hole of the mover's own row makes the move illegal
//     (first_lap_rule=on); otherwise the mover lifts all its seeds and sows
//     the next lap (a relay).
//
// A move is legal only if its first lap does not break rule 4 and, with
// infinite=illegal, its sowing ends.
//
// # End
//
// The game ends when the player to move has no legal move. Each player
// scores all seeds in their own unreserved holes, in the holes they
// reserved, and in their bank; the higher score wins and equal scores
// (half of all seeds each) draw. Every game ending this way has end reason
// "score", whoever wins. Material (State.Material) is this score at any
// moment. Seeds on the board plus both banks are conserved.
//
// # Options
//
// Every option, the common ones included, as `baolab rules` lists them.
// The table is made from the option table in options.go, the one the
// ruleset parser reads (go generate ./engine/all rewrites it):
//
//	option          default  allowed                meaning
//	first           south    south, north           who moves first
//	max_plies       1000     an integer >= 1        a game not over after this many plies ends as unfinished
//	                                                (not a draw)
//	infinite        illegal  illegal, draw          a move whose sowing never ends is not legal (illegal) or
//	                                                ends the game drawn (draw)
//	lap_limit       none     an integer >= 1, none  none: exact never-ending detection; N: a move still sowing
//	                                                after N laps counts as never-ending
//	seeds           4        1..12                  (board size) seeds per hole at the start
//	holes           6        3..12                  (board size) holes per row
//	min_lift        1        1..2                   fewest seeds a hole must hold to be lifted
//	penultimate     lap      lap, origin, never     kuweka mtoto also takes the penultimate seed: lap (unless
//	                                                the lap sowed one seed), origin (unless the move's hole held
//	                                                one seed, or the lap sowed one), never (the reserved hole
//	                                                keeps 4)
//	first_lap_rule  on       on, off                a first lap may not end in an occupied own hole (rule 4)
//	skip_origin     off      off, on                a lap of 2*holes seeds or more skips the hole it was lifted
//	                                                from (every lap of the move, relay laps included)
//	max_reserved    none     0..12, none            the most holes one player may hold reserved (0..holes); a
//	                                                lap that would reserve one more relays; 0 turns kuweka mtoto
//	                                                off
//
// # Words used in logs
//
// MoveInfo.Captures counts the applications of the capture rule: a rule-2
// capture that takes a non-empty facing hole. MoveInfo.Captured counts the
// facing hole's seeds (not the capturing seed). A kuweka mtoto is a
// reservation, not a capture: MoveInfo.Reserved says the move reserved a
// hole, and the newly reserved hole's seeds are not counted as
// captured. Seeds that fall into a reserved hole while sowing are not
// captures either (both show in the players' material). Laps counts every lifting and sowing; Sown counts
// all seeds put down (seeds falling into reserved holes included).
//
// # Choices where the rules are silent
//
//   - skip_origin: a lap of fewer than 2*holes seeds never reaches its own
//     hole, so the option is read as "every lap skips the hole it was lifted
//     from". A skipped lap has 2*holes-1 holes to go round, so its last seed
//     falls into hole origin-1 after a whole number of rounds, and its
//     penultimate seed is the one before the origin.
//   - The penultimate seed is the one sown just before the last seed of the
//     capturing lap, into whatever hole it fell (the mover's or the
//     opponent's). If it fell into a reserved hole it is already in a bank,
//     and nothing moves.
//   - A relay lap lifts at least 2 seeds; min_lift applies to the first lift
//     only.
//   - max_reserved counts the holes the mover holds reserved (the
//     opponent's do not count). Reservations are permanent, so it bounds
//     the reservations of a player in the game. A hand-made position may
//     give a player more reserved holes than max_reserved; that player then
//     reserves no more. max_reserved=none is the same game as
//     max_reserved=holes (no player can hold more), but a different
//     ruleset string.
//   - Without kuweka mtoto (max_reserved=0, or once a player's reservations
//     are used up) relay sowings get much longer, and exact never-ending
//     detection with them: with the defaults and max_reserved=0, random
//     play meets a never-ending move in about 1 game in 94 (213 of 20,000
//     games; TestNeverEndingRate with -kingulu.rules=kingulu:max_reserved=0
//     -kingulu.rate=20000), against about 1 in 4,500 with reservations
//     unbounded (TestNeverEndingRate); its longest moves run to 10^7 laps, and on
//     larger boards (holes=7, seeds=12) a single move can sow more than
//     10^8 laps before its cycle is found. Use lap_limit for such boards.
//   - Never-ending moves: the state of a lap start is the board and the hole
//     about to be lifted (banks and reservations cannot change within a
//     move without the board losing seeds, which makes every earlier lap
//     start unreachable). A move is never-ending when such a state repeats
//     within the move; the engine finds it exactly with Brent's cycle
//     finding, and also compares every lap start with the move's first:
//     the never-ending moves met in practice come back to their first lap
//     start (a lap that sows less than a round can be undone: the hole it
//     was lifted from is the first empty hole behind where it ended), so
//     they are found after one cycle of laps, where Brent's method needs
//     two or three. A move with a tail before its cycle (possible when a
//     lap sows a round or more) is left to Brent's method. A Game also
//     remembers the cycles it found, by landmarks (one lap start in 256,
//     chosen by a hash of the board; see cycle.go), so a move that runs
//     into a known cycle is found within a few hundred laps. On the
//     default board's large layers, where never-ending moves took 99% of
//     all laps, the two cut the time of `baolab solve --layers` by 3.7×
//     over its first 6e6 positions. A move can be never-ending only while
//     no hole is reserved:
//     laps only go forward and each lap sows into every hole it passes
//     (skip_origin skips only the hole lifted, never a reserved one), so
//     a cycle, which comes back to its hole after whole rounds of the
//     board, would sow into every reserved hole and lose those seeds to a
//     bank, and the board could not come back. Cycles are looked for only
//     then. With lap_limit=N a move that would need an N+1st lap is
//     never-ending (a move of exactly N laps is played); a real cycle found
//     before N laps also makes it never-ending.
//   - With infinite=draw a never-ending move is played as a ply that ends
//     the game drawn (end reason infinite-move). Its sowing has no last
//     position, so the board, banks and reservations stay as they were
//     before the move; the ply is counted and the turn passes.
//     MoveInfo.NeverEnding is set, and its Laps and Sown are one cycle of
//     the sowing: the laps after which a lap start repeats and all seeds
//     they sow (with lap_limit, N laps and their seeds when the limit
//     stops the move first). They do not depend on how the cycle was
//     found.
//   - With infinite=illegal, Apply of a never-ending candidate returns
//     engine.ErrNeverEnding and the move stops being a candidate at this
//     ply; if it was the last candidate, the player has no legal move and
//     the game ends by score. Applying it again at the same ply returns
//     ErrNeverEnding again without counting it twice.
//   - A position built by NewStateAt may hold any number of seeds (up to
//     4096); that number is then conserved and the draw score is half of it.
//   - Perft works on positions: a state whose game ended at max_plies still
//     has the position's moves; one that ended by an infinite=draw move has
//     none.
//
// # Representation
//
// A position is a plain value: the hole counts are 16-bit lanes packed four
// to a uint64 word (so one lap adds its whole rounds and its partial range
// with a few word additions from precomputed lane masks), two bitmasks of
// reserved holes, the banks, a candidate bitmask and a linear hash
// (sum of count*R[hole] plus bank and reservation keys) updated in O(1)
// per lap. Hash mixes it with the player to move through a finalizer. No
// rule reads the count of a reserved hole, so seeds a move sows into
// reserved holes stay in their lanes until the move ends and then go to
// the banks in one step (perft does not bank them at all).
//
// # Keys and layers
//
// Game implements engine.Encoder (key.go) and engine.Layered (layer.go).
// The banks never shrink and a reservation is permanent, so a position's
// layer is its two banks and its reserved holes; a move that changes it
// banks seeds or reserves a hole. The default board has 21 positions in
// its first layer (nothing banked or reserved) and enormous later ones;
// see `baolab solve --layers`.
package kingulu
