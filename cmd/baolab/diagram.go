package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/baolab/baolab/analysis/diagram"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/engine"
)

// diagramFiles are the files `baolab show` draws the position into.
type diagramFiles struct {
	svg, png, pdf string
	path          bool
}

func (d diagramFiles) any() bool { return d.svg != "" || d.png != "" || d.pdf != "" }

// write plays seq (already checked legal) from the start of g and draws
// the final position into every file asked for, each complete or absent.
func (d diagramFiles) write(g engine.Game, seq []engine.Move) error {
	s := g.NewState()
	var before diagram.Board
	var info engine.MoveInfo
	for i, m := range seq {
		if i == len(seq)-1 {
			b, err := diagram.Of(s)
			if err != nil {
				return badInput(err)
			}
			before = b
		}
		var err error
		if info, err = s.Apply(m); err != nil {
			return err
		}
	}
	b, err := diagram.Of(s)
	if err != nil {
		return badInput(err)
	}
	if len(seq) > 0 {
		b.Mark(before, before.ToMove, seq[len(seq)-1], info)
		b.ShowPath = d.path
	}
	for _, f := range []struct{ path, format string }{{d.svg, "svg"}, {d.png, "png"}, {d.pdf, "pdf"}} {
		if f.path == "" {
			continue
		}
		if err := writeFileAtomic(f.path, func(w io.Writer) error { return diagram.Encode(w, b, f.format) }); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomic writes path with what fill writes (a diagram, a replay
// page: small files, held in memory) through a temporary file in its
// directory, synced and renamed into place, with the permissions of a file
// the user creates (0666 less the umask; dataset.WriteFileAtomic).
func writeFileAtomic(path string, fill func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := fill(&buf); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return dataset.WriteFileAtomic(path, buf.Bytes())
}
