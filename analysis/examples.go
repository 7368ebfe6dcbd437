package analysis

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/atomicfile"
)

// Example is a logged game worth showing in a report.
type Example struct {
	ID   int64
	Note string // why it was picked, e.g. "longest kingulu game"
}

// ExampleGames picks the games a report shows as replay pages: the
// longest game of each variant (the first in game_id order among equals)
// and the first game that met a never-ending move, if any. A dataset
// without a move log has none, and so have tables of another tool (which
// replay does not read). The choice depends only on the data.
func ExampleGames(ctx context.Context, ds *load.Dataset) ([]Example, error) {
	if ds.Moves == nil || ds.Foreign() {
		return nil, nil
	}
	type bestGame struct {
		id    int64
		plies int32
	}
	var variants []string
	longest := map[string]bestGame{}
	never := int64(-1)
	var b dataset.GameBatch
	for _, f := range ds.Games {
		t, err := dataset.OpenReader(ctx, f.Path, dataset.Games, []string{"game_id", "variant", "plies", "never_ending"})
		if err != nil {
			return nil, err
		}
		for {
			ok, err := t.Next()
			if err == nil && ok {
				err = t.Games(&b)
			}
			if err != nil || !ok {
				t.Close()
				if err != nil {
					return nil, err
				}
				break
			}
			for i, id := range b.ID {
				v, plies := b.Variant.At(i), b.Plies[i]
				best, seen := longest[v]
				if !seen {
					variants = append(variants, v)
				}
				if !seen || plies > best.plies || plies == best.plies && id < best.id {
					longest[v] = bestGame{id, plies}
				}
				if b.NeverEnding[i] > 0 && (never < 0 || id < never) {
					never = id
				}
			}
		}
	}
	var out []Example
	for _, v := range variants {
		out = append(out, Example{longest[v].id, "longest " + v + " game"})
	}
	if never >= 0 {
		dup := false
		for i := range out {
			if out[i].ID == never {
				out[i].Note += ", with a never-ending move"
				dup = true
			}
		}
		if !dup {
			out = append(out, Example{never, "first game with a never-ending move"})
		}
	}
	return out, nil
}

// ExampleFile is the file name of an example's replay page.
func ExampleFile(id int64) string { return fmt.Sprintf("replay-game-%d.html", id) }

// WriteExamples writes the replay page of every ExampleGames game into
// dir (created if needed), each file complete or absent, and returns
// their paths. Pages of other games that an earlier report left in dir
// (replay-game-*.html) are removed, so that index.html does not show
// games of another dataset. Write them before WriteReport so that
// index.html links them.
func WriteExamples(ctx context.Context, ds *load.Dataset, dir string) ([]string, error) {
	if err := CheckReportDir(ds.Dir, dir); err != nil {
		return nil, err
	}
	ex, err := ExampleGames(ctx, ds)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("report: %w", load.UnwrapPathError(err))
	}
	keep := map[string]bool{}
	for _, e := range ex {
		keep[ExampleFile(e.ID)] = true
	}
	old, _ := filepath.Glob(filepath.Join(dir, "replay-game-*.html"))
	for _, p := range old {
		if !keep[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return nil, fmt.Errorf("report: %w", load.UnwrapPathError(err))
			}
		}
	}
	var paths []string
	for _, e := range ex {
		g, err := FindGame(ctx, ds, e.ID)
		if err != nil {
			return paths, err
		}
		p := filepath.Join(dir, ExampleFile(e.ID))
		if err := atomicfile.Write(p, func(w io.Writer) error { return WriteReplayHTML(w, g, e.Note) }); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
