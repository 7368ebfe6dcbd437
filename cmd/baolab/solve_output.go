package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/baolab/baolab/solve"
)

// solvePrinter writes what baolab solve found: as text lines (solveText)
// or, with --json, as JSON Lines (solveJSON), one object per line.
type solvePrinter interface {
	solved(r *solve.Result) error             // a board's values
	counted(r *solve.Result) error            // --count
	stopped(ruleset string, why string) error // a grid's board too big to solve
	layer(l solve.LayerSize) error            // --layers: one layer, when counted
	layers(c *solve.LayerCount) error         // --layers: the total
}

func newSolvePrinter(w io.Writer, asJSON, grid bool) solvePrinter {
	if asJSON {
		return solveJSON{newJSONEncoder(w)}
	}
	return solveText{w, grid}
}

// solveText writes the text lines of baolab solve; in a grid, each board's
// lines follow a line "rules=<ruleset>".
type solveText struct {
	w    io.Writer
	grid bool
}

func (t solveText) solved(r *solve.Result) error {
	if t.grid {
		if _, err := fmt.Fprintf(t.w, "rules=%s\n", r.Ruleset); err != nil {
			return err
		}
	}
	return printSolved(t.w, r)
}

func (t solveText) counted(r *solve.Result) error {
	_, err := fmt.Fprintf(t.w, "positions=%d terminal=%d\n", r.Positions, r.Terminal)
	return err
}

func (t solveText) stopped(ruleset, why string) error {
	_, err := fmt.Fprintf(t.w, "rules=%s stopped: %s\n", ruleset, why)
	return err
}

func (t solveText) layer(l solve.LayerSize) error {
	_, err := fmt.Fprintf(t.w, "layer %s positions=%d terminal=%d\n", l.Name, l.Positions, l.Terminal)
	return err
}

func (t solveText) layers(c *solve.LayerCount) error {
	_, err := fmt.Fprintf(t.w, "layers=%d positions=%d terminal=%d largest=%d\n", c.Layers, c.Positions, c.Terminal, c.Largest.Positions)
	return err
}

// printSolved writes the result in the exact form of baolab solve.
func printSolved(w io.Writer, r *solve.Result) error {
	cyc := "no"
	if r.Cyclic {
		cyc = "yes"
	}
	if _, err := fmt.Fprintf(w, "positions=%d terminal=%d cyclic=%s\n%v plies=%s\n", r.Positions, r.Terminal, cyc, r.Root, rootPlies(r)); err != nil {
		return err
	}
	for _, m := range r.Moves {
		if _, err := fmt.Fprintf(w, "move=%d %v\n", m.Move, m.Value); err != nil {
			return err
		}
	}
	return nil
}

// newJSONEncoder returns an encoder writing one JSON value per line, with
// <, > and & as they are (the --json output is not for HTML).
func newJSONEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// solveJSON writes the same facts as solveText, one JSON object per line.
type solveJSON struct{ enc *json.Encoder }

// valueJSON is a solved value: outcome under perfect play and the margins
// each side can force (null: none, the side cannot force a finished game).
type valueJSON struct {
	Outcome       string `json:"outcome"`
	SouthCanForce *int   `json:"south_can_force"`
	NorthCanForce *int   `json:"north_can_force"`
}

func valueOf(v solve.Value) valueJSON {
	force := func(f solve.Force) *int {
		if f == solve.None {
			return nil
		}
		n := int(f)
		return &n
	}
	return valueJSON{Outcome: v.Outcome().String(), SouthCanForce: force(v.South), NorthCanForce: force(v.North)}
}

type moveJSON struct {
	Move int `json:"move"`
	valueJSON
}

type solvedJSON struct {
	Ruleset   string `json:"ruleset"`
	Positions int64  `json:"positions"`
	Terminal  int64  `json:"terminal"`
	Cyclic    bool   `json:"cyclic"`
	valueJSON
	// Plies is the start's plies field of the text output: the winner's
	// distance to the end, "none" or "unknown".
	Plies string     `json:"plies"`
	Moves []moveJSON `json:"moves"`
}

func (j solveJSON) solved(r *solve.Result) error {
	out := solvedJSON{Ruleset: r.Ruleset, Positions: r.Positions, Terminal: r.Terminal, Cyclic: r.Cyclic, valueJSON: valueOf(r.Root), Plies: rootPlies(r), Moves: []moveJSON{}}
	for _, m := range r.Moves {
		out.Moves = append(out.Moves, moveJSON{Move: int(m.Move), valueJSON: valueOf(m.Value)})
	}
	return j.enc.Encode(out)
}

func (j solveJSON) counted(r *solve.Result) error {
	return j.enc.Encode(struct {
		Ruleset   string `json:"ruleset"`
		Positions int64  `json:"positions"`
		Terminal  int64  `json:"terminal"`
	}{r.Ruleset, r.Positions, r.Terminal})
}

func (j solveJSON) stopped(ruleset, why string) error {
	return j.enc.Encode(struct {
		Ruleset string `json:"ruleset"`
		Stopped string `json:"stopped"`
	}{ruleset, why})
}

func (j solveJSON) layer(l solve.LayerSize) error {
	return j.enc.Encode(struct {
		Layer     string `json:"layer"`
		Positions int64  `json:"positions"`
		Terminal  int64  `json:"terminal"`
	}{l.Name, l.Positions, l.Terminal})
}

func (j solveJSON) layers(c *solve.LayerCount) error {
	return j.enc.Encode(struct {
		Ruleset   string `json:"ruleset"`
		Layers    int    `json:"layers"`
		Positions int64  `json:"positions"`
		Terminal  int64  `json:"terminal"`
		Largest   int64  `json:"largest"`
	}{c.Ruleset, c.Layers, c.Positions, c.Terminal, c.Largest.Positions})
}
