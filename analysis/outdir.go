package analysis

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/baolab/baolab/dataset"
)

// ErrReportInDataset is wrapped by the error of a report directory inside
// a table directory of its dataset (games/, moves/) or inside manifest.d/:
// its files would be mixed with the dataset's.
var ErrReportInDataset = errors.New("report directory inside the dataset's tables")

// CheckReportDir refuses a report directory out inside the games/,
// moves/ or manifest.d/ directory of the dataset in dir. Anywhere else,
// inside dir too (the default dir/report), is fine. Symbolic links are
// followed as far as the paths exist.
func CheckReportDir(dir, out string) error {
	d, o := resolved(dir), resolved(out)
	for _, sub := range []string{dataset.Games, dataset.Moves, dataset.ShardDir} {
		t := filepath.Join(d, sub)
		if o == t || strings.HasPrefix(o, t+string(filepath.Separator)) {
			return fmt.Errorf("report: %s: %w (%s/ of %s); choose another --out, e.g. %s", out, ErrReportInDataset, sub, dir, filepath.Join(dir, "report"))
		}
	}
	return nil
}

// resolved returns the absolute path of p with the symbolic links of its
// longest existing ancestor resolved.
func resolved(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for cur := abs; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}
