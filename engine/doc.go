// Package engine defines the game API that every baolab rule set implements,
// and the ruleset syntax that selects a rule set and its options.
//
// The API has the shape game researchers know from OpenSpiel: a Game is an
// immutable rule set (variant plus option values) that makes States; a State
// is one position in one game with its history. A State tells whose turn it
// is, writes its moves into a caller-provided buffer, applies a move
// (undo is a value copy: Clone once, then CopyFrom, which does not allocate),
// and reports the result, the end reason, each player's material and a
// 64-bit position hash that the variant maintains incrementally.
//
// # Candidates and legal moves
//
// Some sowing moves never end. Whether a move ends is known only by sowing
// it, which can take more than 10^8 laps, so States offer two move lists:
//
//   - Candidates: the moves that pass every rule except the never-ending
//     check (cheap). A move already found to be never-ending at this ply is
//     left out.
//   - Legal: the exact list (each candidate is sown to its end on a copy).
//
// An agent that samples a move samples from Candidates and calls Apply. With
// infinite=illegal, Apply reports ErrNeverEnding for a never-ending move and
// leaves the position unchanged except that the move is no longer a
// candidate; if it was the last candidate the game is over (the player to
// move has no legal move). So random play pays for the full check only on
// the move it plays:
//
//	for !s.Over() {
//		moves = s.Candidates(moves[:0])
//		m := moves[rng.IntN(len(moves))]
//		if _, err := s.Apply(m); err != nil && !errors.Is(err, engine.ErrNeverEnding) {
//			return err
//		}
//	}
//
// # Position keys
//
// Every variant's Game also implements Encoder: a compact, comparable key
// of a position (everything that decides future play, not the ply or the
// history) and its inverse, StateFromKey (a new state) or LoadKey (into an
// existing state, without allocating). Keys make positions loggable and
// testable, and the exact solver (package solve) packs the keys of
// small boards into 64-bit words and loads each one into the same state.
//
// A Game whose positions fall into layers that no move goes back to also
// implements Layered (kingulu: its banks never shrink and its reservations
// are permanent): a position is then its layer and a shorter key within
// the layer, so a solver can count a board one layer at a time. A Game
// none of whose positions can recur says so by implementing Acyclic
// (kimasai-four-rows), so a solver can solve each position once from its
// successors, depth first.
//
// # Board geometry
//
// Every variant's State also implements Drawer: Board describes the
// position to a renderer (rows of holes as South sees them, each hole's
// owner, number, count and reservation, the banks or reserves, the phase),
// so analysis/diagram draws any variant without importing it. Drawer is
// an interface of its own, not a method of State, so that the State test
// doubles of other packages need not draw.
//
// # Rulesets
//
// A ruleset is written VARIANT or VARIANT:key=value,key=value. Parse checks
// the variant and every option against the variant's option table and
// returns a Game; its Ruleset method gives the canonical form: the variant
// name followed by every option that differs from its default, in
// alphabetical order. Options that do not apply to a variant are accepted,
// checked, and then dropped from the canonical form, since they cannot
// change the game.
//
// A ruleset grid stands for several rulesets: an option's value may be "*"
// (every value of the option) or "a..b" (a range of an integer option), as
// in kingulu:penultimate=*,min_lift=* or kingulu:holes=4..6. Expand lists
// the canonical rulesets of a grid in a stable order; `baolab sim` accepts
// grids in --rules and in experiment files.
//
// Variants register themselves with Register from their package's init
// function; import baolab/engine/all to get all of them.
//
// # Variant packages
//
// Every variant package has the same shape, so that a new game is one
// folder shaped like the others plus one import line in engine/all:
//
//   - doc.go: the rules, the numbering of holes and moves, the option
//     table, the choices made where the rule texts are silent.
//   - options.go: the option table (Options), the typed values (Rules),
//     MaxHoles.
//   - game.go: Name, registration, Game, New(engine.Values) (*Game,
//     error), MustNew(ruleset) *Game and Game's accessors.
//   - state.go: Position, State, NewState, NewStateAt(g, p, toMove)
//     (*State, error), State.SetPosition(p, toMove) error, State.Position,
//     Apply and Check.
//   - the move generator and sowing: sow.go (kingulu, kimasai-two-rows)
//     or step.go (kimasai-four-rows), with cycle.go for never-ending
//     sowings.
//   - key.go (Encoder), perft.go (Perft), show.go (State.String and
//     State.Board, the Drawer), and layer.go where positions fall into
//     layers (Layered, kingulu).
//
// enginetest.Conformance holds every check that any variant must pass;
// engine/all runs it on every registered variant, and also checks that
// each package doc's option table is the one its Table makes.
//
// Errors name the variant first: "VARIANT: option "KEY": value "V" not
// allowed (allowed: ...)" for option values (ParseValues, CheckValues),
// "VARIANT: NewStateAt: ..." for a hand-made position and MoveErrors'
// wording for Apply.
package engine
