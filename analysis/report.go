package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/baolab/baolab/analysis/figures"
	"github.com/baolab/baolab/analysis/load"
	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/analysis/tables"
)

// ReportOptions are the choices of a report that are not statistics.
type ReportOptions struct {
	// LabelPrefix is the prefix of the LaTeX labels (tab:PREFIX-NAME);
	// "" gives "baolab".
	LabelPrefix string
}

// WriteReport is WriteReportWith with the default options.
func WriteReport(s *summary.Summary, dir string) ([]string, error) {
	return WriteReportWith(s, dir, ReportOptions{})
}

// WriteReportWith writes the figures and tables of s into dir (created if
// needed), and methods.md and methods.tex (WriteMethods), and returns the
// paths written. Each file is written to a temporary name and renamed
// when complete, so a full disk or an unwritable directory leaves the
// files of an earlier report intact. The notes of figures left out are
// added to s.Notes before the tables are written. index.html (WriteIndex)
// is written last, so it shows every file of dir, example replay pages
// written before included.
//
// A dir inside the tables of the dataset s describes is refused
// (CheckReportDir).
func WriteReportWith(s *summary.Summary, dir string, o ReportOptions) ([]string, error) {
	if s.Dataset != "" {
		if err := CheckReportDir(s.Dataset, dir); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("report: %w", load.UnwrapPathError(err))
	}
	paths, notes, err := figures.Write(s, dir)
	if err != nil {
		return paths, fmt.Errorf("report: %w", err)
	}
	s.Notes = append(s.Notes, notes...)
	tp, err := tables.WriteWith(s, dir, tables.Options{LabelPrefix: o.LabelPrefix})
	paths = append(paths, tp...)
	if err != nil {
		return paths, fmt.Errorf("report: %w", err)
	}
	mp, err := WriteMethods(s, dir)
	paths = append(paths, mp...)
	if err != nil {
		return paths, err
	}
	ip, err := WriteIndex(s, dir)
	if err != nil {
		return paths, err
	}
	return append(paths, ip), nil
}

// labelRE is what a LaTeX label prefix may hold: letters, digits and
// '-', '_', '.', starting with a letter.
var labelRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9._-]*$`)

// LabelPrefix returns the LaTeX label prefix of a report of the dataset
// in dir: given, checked, or else the dataset directory's base name with
// every character a label should not hold replaced by '-' ("baolab" when
// nothing is left).
func LabelPrefix(given, dir string) (string, error) {
	if given != "" {
		if !labelRE.MatchString(given) {
			return "", fmt.Errorf("--label-prefix %q: use letters, digits, '-', '_' or '.', starting with a letter", given)
		}
		return given, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	name := strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '-'
	}, filepath.Base(abs))
	name = strings.TrimLeft(name, "-_.0123456789")
	if name == "" {
		return "baolab", nil
	}
	return name, nil
}

// MarginSource says where the equivalence margin of s came from, in
// words.
func MarginSource(s *summary.Summary) string {
	switch s.EquivalenceMarginFrom {
	case "flag":
		return "given by --equivalence-margin, overriding the manifest's"
	case "manifest":
		return "the manifest's: chosen before the run (sim's equivalence_margin)"
	}
	return "the default: no margin was chosen before the run"
}
