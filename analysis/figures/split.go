package figures

import (
	"fmt"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/baolab/baolab/analysis/summary"
)

// MaxHeight is the tallest a figure may be: one page at single-column
// width. A figure with one row per cell that would be taller is split
// into parts of consecutive cells, saved as NAME, NAME-2, NAME-3, ...
const MaxHeight = 9 * vg.Inch

// parts builds the figure of s with build and, when it is taller than
// MaxHeight, builds it instead from as few runs of consecutive cells as
// keep every part within MaxHeight. The note names the parts.
func parts(s *summary.Summary, build func(*summary.Summary) *Figure) ([]*Figure, string) {
	return partsOf(s, build, func(s *summary.Summary) *[]summary.Cell { return &s.Cells }, "cells")
}

// partsOf is parts for a figure with one row per element of the slice
// rows points to in a summary (its cells, its exact values, ...); what
// names those rows in the note.
func partsOf[T any](s *summary.Summary, build func(*summary.Summary) *Figure, rows func(*summary.Summary) *[]T, what string) ([]*Figure, string) {
	f := build(s)
	all := *rows(s)
	if _, h := f.Size(); h <= MaxHeight || len(all) < 2 {
		return []*Figure{f}, ""
	}
	for k := 2; k <= len(all); k++ {
		var figs []*Figure
		fits := true
		for i, part := range chunks(all, k) {
			sub := *s
			*rows(&sub) = part
			g := build(&sub)
			if i > 0 {
				g.Name = fmt.Sprintf("%s-%d", f.Name, i+1)
			}
			if _, h := g.Size(); h > MaxHeight {
				fits = false
				break
			}
			figs = append(figs, g)
		}
		if fits {
			var names []string
			for _, g := range figs {
				names = append(names, g.Name)
			}
			return figs, fmt.Sprintf("figure %s split into %d parts of at most %d %s (%v), to stay one page tall", f.Name, k, len(chunks(all, k)[0]), what, names)
		}
	}
	return []*Figure{f}, "" // a single row taller than a page: not expected
}

// chunks cuts xs into k runs of nearly equal length, longer runs first.
func chunks[T any](xs []T, k int) [][]T {
	var out [][]T
	for i, start := 0, 0; i < k; i++ {
		n := len(xs) / k
		if i < len(xs)%k {
			n++
		}
		out = append(out, slices.Clone(xs[start:start+n]))
		start += n
	}
	return out
}

// byFPA returns s with its cells sorted as FPA draws them (largest
// first), so that the parts of a split FPA figure continue one another.
func byFPA(s *summary.Summary) *summary.Summary {
	sorted := *s
	sorted.Cells = slices.Clone(s.Cells)
	slices.SortStableFunc(sorted.Cells, func(a, b summary.Cell) int {
		return -cmpNum(a.FirstPlayerAdvantage.Value, b.FirstPlayerAdvantage.Value)
	})
	return &sorted
}
