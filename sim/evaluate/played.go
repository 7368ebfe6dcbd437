package evaluate

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/baolab/baolab/engine"
)

// Chooser is a player of games: an agent of package sim/agent (which
// imports this package) satisfies it. Reset starts a game with a seed,
// Choose returns one of moves, s's candidates, without changing s.
type Chooser interface {
	Reset(seed uint64)
	Choose(s engine.State, moves []engine.Move) engine.Move
}

// Played is a position of a played game and the game's outcome for the
// position's player to move (1 a win, 0 a loss, 1/2 a draw or a game cut
// short by max_plies).
type Played struct {
	State engine.State
	Y     float64
}

// maxTries bounds the games PlayGames plays per position it returns: a
// game that ends during its opening gives none.
const maxTries = 100

// PlayGames plays n games of g and returns one position of each, labelled
// by how the game ended. Game i opens with opening uniformly random
// candidates from the start, and south and north play it on to its end
// (max_plies included), reset with seeds drawn for the game; then one of
// the positions after the opening where a player was to move (the
// position the opening reached included) is picked uniformly and labelled
// with the game's outcome for its player to move: the label is thus the
// outcome of self-play by south and north from that position (the game
// they played on from it). Every draw comes from one PCG stream seeded
// with seed, so the same arguments (and deterministic choosers) give the
// same positions. A game that ends during its opening is replaced by the
// next; after maxTries·n games PlayGames gives up with an error.
func PlayGames(g engine.Game, n, opening int, seed uint64, south, north Chooser) ([]Played, error) {
	rng := rand.New(rand.NewPCG(seed, 0x64656570)) // "deep"
	seats := [2]Chooser{engine.South: south, engine.North: north}
	s := g.NewState()
	var (
		seen  []engine.State // positions after the opening: seen[:k], reused from game to game
		k     int
		moves = make([]engine.Move, 0, engine.MaxMoves)
		out   = make([]Played, 0, n)
	)
	for tries := 0; len(out) < n; tries++ {
		if tries >= maxTries*n {
			return nil, fmt.Errorf("evaluate: %s: %d of %d games ended within their %d opening plies", g.Ruleset(), tries-len(out), tries, opening)
		}
		s.CopyFrom(g.NewState())
		south.Reset(rng.Uint64())
		north.Reset(rng.Uint64())
		k = 0
		for ply := 0; !s.Over(); {
			moves = s.Candidates(moves[:0])
			var m engine.Move
			if ply < opening {
				m = moves[rng.IntN(len(moves))]
			} else {
				if k < len(seen) {
					seen[k].CopyFrom(s)
				} else {
					seen = append(seen, s.Clone())
				}
				k++
				m = seats[s.Player()].Choose(s, moves)
			}
			_, err := s.Apply(m)
			switch {
			case errors.Is(err, engine.ErrNeverEnding):
				// m is no longer a candidate; choose again (a position the
				// game stays in is recorded again: drop the copy).
				if ply >= opening {
					k--
				}
				continue
			case err != nil:
				return nil, fmt.Errorf("evaluate: %s game %d ply %d: move %d: %w", g.Ruleset(), tries, s.Ply(), m, err)
			}
			ply++
		}
		if k == 0 {
			continue
		}
		p := seen[rng.IntN(k)]
		out = append(out, Played{State: p.Clone(), Y: s.Result().ScoreFor(p.Player())})
	}
	return out, nil
}

// Samples returns the samples of ps: each position's features from its
// player to move's view, and its label.
func Samples(ps []Played) []Sample {
	out := make([]Sample, len(ps))
	for i, p := range ps {
		Features(&out[i].X, p.State, p.State.Player())
		out[i].Y = p.Y
	}
	return out
}
