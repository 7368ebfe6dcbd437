package analysis

import (
	"fmt"
	"os"

	"github.com/baolab/baolab/analysis/figures"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/analysis/tables"
)

// WriteReport writes the figures and tables of s into dir (created if
// needed) and returns the paths written. Each file is written to a
// temporary name and renamed when complete, so a full disk or an
// unwritable directory leaves the files of an earlier report intact. The
// notes of figures left out are added to s.Notes before the tables are
// written. index.html (WriteIndex) is written last, so it shows every
// file of dir, example replay pages written before included.
//
// A dir inside the tables of the dataset s describes is refused
// (CheckReportDir).
func WriteReport(s *summary.Summary, dir string) ([]string, error) {
	if s.Dataset != "" {
		if err := CheckReportDir(s.Dataset, dir); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("report: %w", unwrapPathError(err))
	}
	paths, notes, err := figures.Write(s, dir)
	if err != nil {
		return paths, fmt.Errorf("report: %w", err)
	}
	s.Notes = append(s.Notes, notes...)
	tp, err := tables.Write(s, dir)
	paths = append(paths, tp...)
	if err != nil {
		return paths, fmt.Errorf("report: %w", err)
	}
	ip, err := WriteIndex(s, dir)
	if err != nil {
		return paths, err
	}
	return append(paths, ip), nil
}
