package analysis

import (
	"fmt"
	"strings"
	"time"

	"github.com/baolab/baolab/analysis/figures"
	"github.com/baolab/baolab/analysis/htmlreport"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
)

// WriteIndex writes index.html into the report directory dir: the
// dataset's provenance (from its manifest when it has one, and from s),
// the verdicts of s, and every figure, table, example game and file that
// dir holds now (package htmlreport). It returns the page's path.
func WriteIndex(s *summary.Summary, dir string) (string, error) {
	ix := htmlreport.Index{
		Title:      "baolab report: " + s.Dataset,
		Provenance: provenance(s),
		Notes:      s.Notes,
		TableOrder: []string{"summary", "comparison", "effects", "ranking", "ladder", "exact", "exact-readings", "accuracy", "doubling", "methods"},
		Captions:   map[string]string{},
	}
	for _, c := range figures.Captions {
		ix.FigureOrder = append(ix.FigureOrder, c.Name)
		ix.Captions[c.Name] = c.Caption
	}
	for _, c := range s.Comparisons {
		ix.Verdicts = append(ix.Verdicts, fmt.Sprintf("%s vs %s (%s/%s): %s", c.RulesetA, c.RulesetB, c.AgentSouth, c.AgentNorth, c.Verdict))
	}
	p, err := htmlreport.WriteIndex(dir, ix)
	if err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	return p, nil
}

// provenance lists where the numbers come from: the experiment, the
// program that wrote it, and what was read. A dataset without a readable
// manifest gives what the summary knows.
func provenance(s *summary.Summary) []htmlreport.Fact {
	f := []htmlreport.Fact{fact("dataset", s.Dataset)}
	if m, err := dataset.ReadManifest(s.Dataset); err == nil {
		e := m.Experiment
		f = append(f,
			fact("experiment", e.ID()),
			fact("rulesets", strings.Join(e.Rules, ", ")),
			fact("agent pairs (South/North)", strings.Join(e.Agents, ", ")),
			fact("games per cell", fmt.Sprint(e.Games)),
			fact("seed", fmt.Sprint(e.Seed)),
			fact("batch size", fmt.Sprint(e.Batch)),
			fact("move log", yesNo(e.Moves)),
		)
		if len(e.Ladder) > 0 {
			f = append(f, fact("ladder (every ordered pair, self-play included)", strings.Join(e.Ladder, ", ")))
		}
		if e.OpeningPlies > 0 {
			f = append(f, fact("random opening", fmt.Sprintf("%d plies, the same for every agent pair of a ruleset", e.OpeningPlies)))
		}
		for _, b := range m.Builds {
			commit := b.Commit
			if commit == "" {
				commit = "unknown"
			}
			f = append(f, fact("written by", fmt.Sprintf("baolab %s, commit %s, %s", b.Version, commit, b.GoVersion)))
		}
		when := m.Start.UTC().Format(time.RFC3339)
		if m.End != nil {
			when += " to " + m.End.UTC().Format(time.RFC3339)
		}
		done := "complete"
		if !m.Complete {
			done = fmt.Sprintf("incomplete: %d of %d batches", m.BatchesDone, m.Batches)
		}
		f = append(f,
			fact("simulated", when),
			fact("manifest", fmt.Sprintf("%s; %d games, %d plies, %d shard manifest(s)", done, m.Games, m.Plies, len(m.Shards))),
		)
	} else {
		f = append(f, fact("manifest", "none readable: provenance unknown"))
	}
	moves := "games table only"
	if s.MoveLog {
		moves = "games and moves tables"
	}
	f = append(f,
		fact("analysed", fmt.Sprintf("%d games in %d cells (ruleset × agent pair) from %d files (%s), %d comparisons", s.Games, len(s.Cells), s.Files, moves, len(s.Comparisons))),
		fact("intervals", fmt.Sprintf("%g%%; verdicts at α = %g, Holm-corrected", 100*s.Confidence, s.Alpha)),
	)
	if s.EquivalenceMargin > 0 {
		f = append(f, fact("equivalence margin (TOST)", fmt.Sprintf("±%g: %s", s.EquivalenceMargin, MarginSource(s))))
	}
	return f
}

func fact(label, value string) htmlreport.Fact { return htmlreport.Fact{Label: label, Value: value} }
