package agent

import (
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// TestMCTSEndgameKingulu: mcts with an endgame database of
// kingulu:holes=4,seeds=3 (at most 5 seeds in play) against the database
// and the board's full solve (checkMCTSEndgame).
func TestMCTSEndgameKingulu(t *testing.T) {
	checkMCTSEndgame(t, "kingulu:holes=4,seeds=3", 5, 40, 11,
		func(s engine.State) int { return endgame.InPlay(s.(*kingulu.State)) })
}

// TestMCTSEndgameFourRows: the same on kimasai-four-rows:holes=4 with at
// most 4 stones on the board.
func TestMCTSEndgameFourRows(t *testing.T) {
	checkMCTSEndgame(t, "kimasai-four-rows:holes=4", 4, 40, 12, endgame.Stones)
}

// checkMCTSEndgame builds ruleset rs's endgame database for K=k, solves
// the whole board, and plays mcts with the database on the positions of
// games random games (seed seed):
//
//   - at a position the database holds (pieces counts at most k), one
//     iteration proves the root (solver=true) to the database's outcome,
//     which is the solver's, without growing the tree; and the move
//     chosen, with the solver and without, keeps the database's outcome
//     for the mover (a win stays a win, a draw a draw);
//   - at a position it does not hold, with the solver, every root move
//     that leads into the database is proven at once to its outcome and
//     never expanded (its playouts stop there), every proven value is the
//     solver's, and more roots are proven than without the database in
//     the same iterations (the proofs propagate).
//
// It fails if too few positions test anything: database positions with a
// move that loses value, moves into the database, roots proven.
func checkMCTSEndgame(t *testing.T, rs string, k, games int, seed uint64, pieces func(engine.State) int) {
	t.Helper()
	g := engine.MustParse(rs)
	db, _, err := endgame.Build(g, k, solve.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	exact := exactScore(t, g)
	inDB := func(s engine.State, p engine.Player) (float64, bool) {
		v, ok := db.Lookup(s)
		if ok != (pieces(s) <= k) {
			t.Fatalf("%s: database holds a position with %d pieces: %v (K=%d)\n%s", rs, pieces(s), ok, k, s)
		}
		return v.Outcome().ScoreFor(p), ok
	}
	const iters = 60
	child := g.NewState()
	buf := make([]engine.Move, 0, engine.MaxMoves)
	dbRoots, losable, into, with, without := 0, 0, 0, 0, 0
	for i, s := range positions(t, rs, games, seed) {
		buf = s.Candidates(buf[:0])
		me := s.Player()
		if want, ok := inDB(s, me); ok {
			dbRoots++
			if e := exact(s, me); e != want {
				t.Fatalf("%s position %d: database %v, solver %v\n%s", rs, i, want, e, s)
			}
			for _, m := range buf {
				if applyOn(child, s, m) {
					if v, _ := inDB(child, me); v < want {
						losable++
						break
					}
				}
			}
			for _, solver := range []bool{true, false} {
				a := newMCTS(g, 1, DefaultC, false, solver)
				a.db = db
				a.Reset(uint64(i))
				m := a.Choose(s, buf)
				if v, ok := a.rootProof(); ok != solver || (solver && v != want) || len(a.nodes) != 1 {
					t.Fatalf("%s position %d, solver=%v: root proof %v, %v with %d nodes; want %v, %v with 1\n%s", rs, i, solver, v, ok, len(a.nodes), want, solver, s)
				}
				if !applyOn(child, s, m) {
					t.Fatalf("%s position %d: chose the never-ending move %d", rs, i, m)
				}
				if v, _ := inDB(child, me); v != want {
					t.Fatalf("%s position %d, solver=%v: move %d leads to %v for the mover, the position is %v\n%s", rs, i, solver, m, v, want, s)
				}
			}
			continue
		}
		a, plain := newMCTS(g, iters, DefaultC, false, true), newMCTS(g, iters, DefaultC, false, true)
		a.db = db
		a.Reset(uint64(i))
		plain.Reset(uint64(i))
		a.Choose(s, buf)
		plain.Choose(s, buf)
		if v, ok := a.rootProof(); ok {
			with++
			if e := exact(s, me); v != e {
				t.Fatalf("%s position %d: proven %v for the mover, the solver %v\n%s", rs, i, v, e, s)
			}
		}
		if _, ok := plain.rootProof(); ok {
			without++
		}
		root := &a.nodes[0]
		for j := root.first; j < root.first+int32(root.n); j++ {
			nd := &a.nodes[j]
			if nd.dead || nd.visits == 0 {
				continue
			}
			applyOn(child, s, nd.move)
			if want, ok := inDB(child, me); ok && !child.Over() {
				into++
				if !nd.proven || nd.reward != want || nd.first >= 0 {
					t.Fatalf("%s position %d: move %d into the database: proven %v, reward %v, expanded %v; want proven %v, not expanded\n%s",
						rs, i, nd.move, nd.proven, nd.reward, nd.first >= 0, want, s)
				}
			}
			if nd.proven && nd.reward != exact(child, me) {
				t.Fatalf("%s position %d: move %d proven %v, the solver %v\n%s", rs, i, nd.move, nd.reward, exact(child, me), s)
			}
		}
	}
	t.Logf("%s: %d database roots (%d with a move that loses value), %d visited moves into the database; roots proven in %d iterations: %d with the database, %d without",
		rs, dbRoots, losable, into, iters, with, without)
	if losable < 5 || into < 20 {
		t.Errorf("%s: too little tested: %d database roots with a move that loses value, %d moves into the database", rs, losable, into)
	}
	if with <= without {
		t.Errorf("%s: %d roots proven with the database, %d without: the proofs do not propagate", rs, with, without)
	}
}
