package analysis

import (
	"bytes"
	"fmt"
	"io"

	"github.com/baolab/baolab/analysis/diagram"
	"github.com/baolab/baolab/analysis/htmlreport"
	"github.com/baolab/baolab/engine"
)

// WriteReplayHTML writes the replay page of g (package htmlreport): the
// board diagram (package diagram) of the start and of the position after
// every move, with the move's footprint, and the move list with laps,
// counters sown and captured, never-ending candidates and material. note, when not empty, starts
// the page's title (e.g. "longest game"). The game is first checked
// against the engine as Replay checks it; a game that the engine does not
// reproduce gives Replay's error and no page.
func WriteReplayHTML(w io.Writer, g *LoggedGame, note string) error {
	if err := Replay(io.Discard, g); err != nil {
		return err
	}
	if g.MovesFile == "" {
		return fmt.Errorf("replay: game %d: %w", g.ID, ErrNoMoves)
	}
	game, err := engine.Parse(g.Ruleset)
	if err != nil {
		return fmt.Errorf("replay: game %d: ruleset %q: %w", g.ID, g.Ruleset, err)
	}
	title := fmt.Sprintf("game %d: %s, %s/%s, %d plies, %s", g.ID, g.Ruleset, g.South, g.North, g.Plies, outcome(g))
	if note != "" {
		title = note + ": " + title
	}
	r := htmlreport.Replay{Title: title, Facts: []htmlreport.Fact{
		fact("game", fmt.Sprint(g.ID)),
		fact("ruleset", g.Ruleset),
		fact("agents", fmt.Sprintf("South %s, North %s; %s moves first", g.South, g.North, g.First)),
		fact("seed", fmt.Sprintf("%#x", g.Seed)),
		fact("result", fmt.Sprintf("%s after %d plies; final material South %d, North %d", outcome(g), g.Plies, g.MaterialSouth, g.MaterialNorth)),
		fact("play", fmt.Sprintf("%d captures, at most %d laps in a move, never-ending moves met: %d, first repeated position at ply %s", g.Captures, g.MaxLaps, g.NeverEnding, repeatPly(g.FirstRepeatPly))),
		fact("read from", g.GamesFile+" and "+g.MovesFile),
		fact("checked", "the engine replays every move and agrees with the log"),
	}}
	s := game.NewState()
	board := func(b diagram.Board) (htmlreport.Ply, error) {
		var buf bytes.Buffer
		if err := diagram.Encode(&buf, b, "svg"); err != nil {
			return htmlreport.Ply{}, err
		}
		return htmlreport.Ply{Board: htmlreport.InlineSVG(buf.String()),
			Material: fmt.Sprintf("South %d, North %d", b.Material[0], b.Material[1])}, nil
	}
	prev, err := diagram.Of(s)
	if err != nil {
		return err
	}
	p, err := board(prev)
	if err != nil {
		return err
	}
	p.Label = "start"
	r.Plies = append(r.Plies, p)
	var cands []engine.Move
	for k, m := range g.Moves {
		cands = s.Candidates(cands[:0])
		info, err := s.Apply(engine.Move(m.Move))
		if err != nil { // Replay checked every move
			return fmt.Errorf("replay: game %d, ply %d: %w", g.ID, k, err)
		}
		b, err := diagram.Of(s)
		if err != nil {
			return err
		}
		b.Mark(prev, prev.ToMove, engine.Move(m.Move), info)
		b.ShowPath = true
		p, err := board(b)
		if err != nil {
			return err
		}
		p.Label = fmt.Sprintf("ply %d: %s plays %d", k, m.Player, m.Move)
		p.Number, p.Player, p.Move, p.Legal = k, m.Player.String(), fmt.Sprint(m.Move), int(m.Legal)
		p.Laps, p.Sown, p.Captured = m.Laps, m.Sown, m.Captured
		p.NeverEnding = len(cands) - int(m.Legal)
		if info.NeverEnding { // played under infinite=draw
			p.NeverEnding++
		}
		r.Plies = append(r.Plies, p)
		prev = b
	}
	return htmlreport.WriteReplay(w, r)
}

// outcome says how g ended, e.g. "south wins (score)".
func outcome(g *LoggedGame) string {
	switch g.Result {
	case engine.SouthWins, engine.NorthWins:
		return fmt.Sprintf("%s wins (%s)", g.Result, g.EndReason)
	}
	return fmt.Sprintf("%s (%s)", g.Result, g.EndReason)
}

func repeatPly(p int32) string {
	if p < 0 {
		return "none"
	}
	return fmt.Sprint(p)
}
