// Package solve computes the game-theoretic value of every position
// reachable from a start position, exactly, by retrograde analysis through
// the engine API (engine.State and engine.Encoder): it never looks inside
// a variant.
//
// # What "solved" means
//
// The positions are every position reachable from the start under the
// ruleset's legal moves; a position is what the variant's key holds (board,
// banks, reserves, reserved holes, phase, player to move). max_plies is a
// simulation cap, not a rule, and is ignored. With infinite=illegal a
// never-ending move is not a legal move (a player all of whose candidates
// never end has no move, and the engine ends the game as its rules say);
// with infinite=draw playing it ends the game drawn.
//
// A terminal position is one the engine reports over after the move that
// reached it. Its margin: for a game decided by score (kingulu, end reason
// score) South's score minus North's; otherwise +1 (South won), -1 (North
// won) or 0 (draw, including a game drawn by a never-ending move). Because
// a variant may decide the end by the move played (kimasai-two-rows checks
// an empty inner row after a move, and end_check=phase2 only after phase-2
// moves; a never-ending move under infinite=draw leaves the board as it
// was), a terminal position is a node of its own: the position's key with
// a flag (FlagTerminal, or FlagInfinite for a game drawn by a never-ending
// move), never the same node as a non-terminal position with that key.
//
// Positions can repeat (kingulu and kimasai-two-rows have no repetition
// rule), so values come from attractors, not from depth-first minimax
// (except for a game that declares that none of its positions recurs:
// see Depth first below; it gives the same values and distances).
// For a threshold t, W_S(t) is the least set holding every terminal
// position with margin >= t, every South-to-move position with a move into
// the set and every North-to-move non-terminal position all of whose moves
// lead into the set; W_N(t) likewise for margin <= t with the roles
// swapped. South's value (Value.South, "south_can_force") is the largest t
// with the position in W_S(t): South can force a finished game with margin
// >= t; None when the position is in no W_S(t) (North can keep the game
// going forever). North's value is the smallest t with the position in
// W_N(t), or None. One pass per side covers every threshold: terminals are
// released in margin order (best first for the side) and the attractor
// grows through predecessor lists with a counter per position of the
// successors not yet in it: O(positions + moves) per side.
//
// The outcome is south when South's value is >= 1, north when North's is
// <= -1, else draw (which includes a side forcing endless play; None counts
// as neither). When the two values are equal the value is exact.
//
// # Distance to the end
//
// Next to each value the table keeps the distance under it
// (Table.SouthPlies, Table.NorthPlies; the depth to win of retrograde
// analysis in games with cycles). Build W_S(t) breadth first, by rounds:
// round 0 holds the terminal positions (and dead ends) with margin >= t;
// a position joins at round r+1 when it is not in the set yet and either
// South is to move and one of its moves leads to a position of round r,
// or North is to move and all its moves lead into the set, the last of
// them at round r. The round a position joins is its rank in W_S(t):
// the number of plies within which South can force a finished game with
// margin >= t, whatever North plays, and North can keep it from being
// finished with such a margin in fewer. South's distance at a position
// with South value v (not None) is its rank in W_S(v); North's distance
// is its rank in W_N(w) for its North value w, with the roles swapped
// (North forces margin <= w). So:
//
//   - for the side that wins (South's value >= 1, or North's <= -1),
//     its distance is its shortest forced win by that margin, and the
//     loser's longest resistance against it: the usual distance to win;
//   - for the other side, its distance is how soon it can force a finished
//     game at least as good for it as its value, which for a losing side
//     is its shortest forced finish of the loss (the perfect agent does
//     not play by it: a loser lengthens the winner's distance instead);
//   - when the two values are equal (the value is exact) both distances
//     are within the same attractors as the usual distance to the end of
//     each side's guarantee; when they differ each side's distance is
//     under its own value, and neither says how long the other side can
//     make the game;
//   - a value None has no distance (NoPlies; stored as 65535, a null in
//     the file); a terminal position or dead end has distance 0.
//
// On the winner's moves along its best line the distance falls by exactly
// one each ply; on the loser's moves it falls by at least one (the loser
// may also move to a position where the winner's value is better still,
// where its distance is the one under that better value). A distance
// longer than MaxPlies is stored as MaxPlies. The distances are computed
// after the two attractor passes, one breadth-first pass per distinct
// value of each side (the attractor passes release terminals by margin,
// which gives the values but not the rounds of the distance's value):
// O((positions + moves) x distinct values) and 4 bytes per position more
// in the table (2 per side), 6 while computing (a count per node and the
// count it starts from). These passes are most of a solve's CPU time on
// boards with many distinct values (kingulu's score margins); baolab
// solve --stats prints the CPU time of each stage. The predecessor-list
// and depth-first methods compute them: the sweep method (Options.Sweep)
// and SolveLayers keep no distances (Table.HasPlies is false, the
// Result's RootPlies are NoPlies), and the perfect agent then plays as
// before (a value-keeping move at random, which keeps the value but on
// a board with cycles need not finish the game). WriteTable stores them
// in the file (format 2); a file without them (format 1) still loads.
//
// # How
//
// Solve enumerates the positions reachable from its start (SolveAll: from
// many starts at once, as an endgame database needs; package
// solve/endgame) (successors generated in parallel, one
// engine state per worker) into two hash tables, of non-terminal and of
// terminal positions, which are also the queue: each key is stored once,
// as a bijective mix of its bits with two tag bits (not yet expanded,
// expanded; or the terminal flag), in ordered linear-probing tables of 256
// parts, each growing alone by a quarter and kept 72% to 90% full: about
// 10 bytes per position (9 to 11). Then it copies the keys into one array,
// sorts it and indexes a position by interpolation within buckets of its
// top bits (half a byte per position). Two methods follow; a third,
// SolveLayers, solves one layer at a time (see Layers), and a fourth,
// depth first, needs no enumeration (below).
//
// Predecessor lists (the default for a game with cycles): the moves are generated twice more
// (count, then fill) to build the predecessor lists; then the two
// attractor passes and a topological sort that tells whether the graph has
// a cycle, each growing its set round by round, a round in node order.
// About 21 bytes per position and 4 per move (docs/speed.md lists the
// arrays).
//
// Sweep (Options.Sweep): no move lists; the moves of a node are generated
// again whenever needed (Kahn's sort, then sweeps; see sweep.go). 12.5
// bytes per position after the enumeration (8 of key, 4 of counter, values
// and level, the buckets) and 14.5 at the end (the table's two value
// bytes), which is the peak, for more move generation: four generations of
// every node's moves on an acyclic board, plus a few sweeps over the nodes
// on or below a cycle on a cyclic one (the first of them also counting the
// predecessors for Kahn's sort).
//
// Depth first (Options.Method; chosen by MethodAuto, the default, for a
// game that implements engine.Acyclic and returns true: kimasai-four-rows;
// see dfs.go): a search from the start solves each position once, from
// its successors, when its last move has been looked at, as a C solver of
// an acyclic game does (solve/testdata/csolve/four.c): one move generation
// per position, no move lists and no separate enumeration. One
// open-addressing hash table (linear probing, doubled when three quarters
// full) of 16-byte slots holds each node's key, its value and three
// distances: its rank in the winner's attractor and in W_S(-1) and W_N(+1),
// which hold every node; both sides' distances follow. That takes every
// margin to be +1 or -1 (a game won or lost), and a game with no cycle to
// have equal values on both sides. At the end the slots are radix-sorted by
// key into the Table's arrays. 21 to 43 bytes per position (the table's
// load), 1.5 times the table during a doubling, and the table with a sorted
// copy of its nodes at the end: on kimasai-four-rows:holes=7 about 40 at
// the peak. It runs on one goroutine whatever Options.Workers. A node met
// again while on the search path is a cycle: MethodDFS then fails with an
// error wrapping ErrCyclic (ErrMargin for a margin other than +1 or -1),
// and MethodAuto starts again with predecessor lists. Result.DepthFirst
// tells which method solved the board; Result.EnumerationBytes is 0.
//
// All give the same values. Keys are packed into a uint64, so a ruleset
// whose key (engine.Encoder.KeyBits) is longer than 62 bits is refused,
// and so is a board with more positions than Options.MaxPositions, with an
// error before memory runs out.
//
// # Layers
//
// CountLayers counts a board one layer at a time, for a game that
// implements engine.Layered: its positions fall into layers that no move
// goes back to (in kingulu the banks and the reserved holes). The layers
// are enumerated in increasing order, each as above from the positions
// that moves of earlier layers led to, which wait for it in memory (sorted
// and freed of repeats when a list has doubled) or, once more than an
// eighth of the limit wait, in a file per layer (Options.TempDir); a
// layer's tables are emptied for the next. The keys are the engine's keys within a layer,
// shorter than whole keys: the default kingulu board's whole keys take 74
// bits, its layer keys at most 61. Only the layer being counted and some
// of the keys waiting are in memory, so the limit applies to the largest
// layer, not to the board. Each layer is reported as soon as it is complete.
//
// SolveLayers solves such a board with the memory of one layer. It
// enumerates the layers as CountLayers does (a terminal node's key waits
// for its layer with its margin in a word beside it, so layer keys take
// up to MaxKeyBits bits, as whole keys do), appending each layer (sorted keys, terminal margins, dead ends)
// to a file; then solves them in decreasing order, each with predecessor
// lists as above. A move into a later layer, already solved, acts as a move
// to a terminal node: released in South's pass at the South value of the
// position it leads to, in North's pass at its North value, never when None
// (the values of a position depend only on the positions reachable from it,
// all in its layer or later). One node stands for all the moves of a layer
// into positions with the same pair of values (at most 65,536). The values
// of a solved layer (sorted keys, South's values, North's values) go to a
// second file, each layer at a page boundary, and the later layers that a
// layer's moves lead to are memory-mapped while it is solved (a small one
// is read), then unmapped; a position is found there by binary search: no
// index of the later layers is held, and the kernel keeps the pages read,
// or drops them, as memory allows. A move cannot lead back to an earlier
// layer, so the board has a cycle exactly when some layer has. The arrays
// at the peak: the largest layer's, about 25 bytes per position, or the
// enumeration's tables with the keys waiting for later layers
// (Result.Bytes), plus the pages of the mapped files. The keys are keys
// within layers, so the Result holds no Table. Given Options.LayerDir,
// SolveLayers keeps the two files there and checkpoints them as
// CountLayers checkpoints a count, so that a solve of many CPU hours
// survives a kill and continues where its last checkpoint was.
//
// # Layers larger than memory
//
// With Options.LayerMem a layer that does not fit that many bytes spills
// to disk, and the files of layers are the same, byte for byte, as those
// of a solve in memory (the in-memory path is unchanged for a layer that
// fits). A layer whose tables outgrow the budget (11 bytes per key) is
// enumerated out of core, breadth first with delayed duplicate detection
// (Korf): the keys of its tables are written out (those expanded, sorted,
// as the visited file; those not yet expanded as keys found; the terminal
// nodes with their margins), then each frontier, a sorted file, is read in
// batches and expanded by the workers; moves into later layers wait as
// before, the layer's own children are buffered (a quarter of the budget
// each for keys and terminal nodes), and each full buffer is sorted, freed
// of repeats and written as a run. At the end of a generation the runs are
// merged (at most 64 at once: more are first merged into one run), and the
// keys not in the visited file are the next frontier, merged into the
// visited file in the same pass. The terminal runs are merged at the end
// (a terminal node reached with two margins is an error, as in memory),
// and the layer goes to the nodes file from its files. A layer whose
// predecessor lists would take more than the budget (27 bytes per
// position) is solved by the sweep method out of core: its keys and its
// terminal nodes' margins are copied from the nodes file into files of a
// directory of its own, its 32-bit words are a third file, all mapped
// read-write (mapFileRW; read into memory where the system has no mmap), a
// successor in the layer is found by binary search in the mapped keys, a
// move into a later layer as in memory, and the values go to the solved
// file from the words a chunk at a time. What stays in memory then: the
// dead ends, Kahn's fronts (4 bytes per node of the largest), the list of
// peeled nodes (LayerMem/16 entries, at least 65,536), the pages of the
// mapped files the kernel keeps. The directories are made in
// Options.TempDir and removed when the layer is done, or by the next run
// after a kill: checkpoints are made between layers, so a layer stopped
// within is done again from its waiting keys. A layer out of core may hold
// up to 2^31-1 positions; Options.MaxPositions bounds what is in memory.
package solve
