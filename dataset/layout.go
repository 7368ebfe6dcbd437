package dataset

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
)

// Table kinds, which are also the directory names.
const (
	Games = "games"
	Moves = "moves"
)

// ManifestName is the manifest file in a dataset directory.
const ManifestName = "manifest.json"

// PartitionDir returns the directory of one ruleset's files of a table.
// The ruleset is escaped as Hive escapes partition values: every byte
// other than letters, digits, '.', '_' and '-' becomes %XX, so ':', '=' and
// ',' of a ruleset never clash with the path syntax.
func PartitionDir(dir, table, ruleset string) string {
	return filepath.Join(dir, table, "ruleset="+EscapePartitionValue(ruleset))
}

// EscapePartitionValue escapes a partition value as Hive does.
func EscapePartitionValue(v string) string {
	const hex = "0123456789ABCDEF"
	out := make([]byte, 0, len(v)+8)
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-' {
			out = append(out, c)
		} else {
			out = append(out, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(out)
}

// BatchPath returns the path of the file of table holding batch b of cell
// c of ruleset in the dataset directory dir: FileName in PartitionDir.
func BatchPath(dir, table, ruleset string, cell, batch int) string {
	return filepath.Join(PartitionDir(dir, table, ruleset), FileName(cell, batch))
}

// FileName returns the name of the file holding batch b of cell c.
func FileName(cell, batch int) string {
	return fmt.Sprintf("part-c%04d-b%06d.parquet", cell, batch)
}

// ParseFileName is the inverse of FileName: the cell and batch of a file
// named FileName(cell, batch), and false for any other name (another
// tool's file, or a number written with other digits).
func ParseFileName(name string) (cell, batch int, ok bool) {
	rest, found := strings.CutPrefix(name, "part-c")
	if !found {
		return 0, 0, false
	}
	c, rest, found := strings.Cut(rest, "-b")
	if !found {
		return 0, 0, false
	}
	b, found := strings.CutSuffix(rest, ".parquet")
	if !found {
		return 0, 0, false
	}
	cell, err1 := strconv.Atoi(c)
	batch, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || cell < 0 || batch < 0 || FileName(cell, batch) != name {
		return 0, 0, false
	}
	return cell, batch, true
}

// RulesetFromPartition returns the ruleset that a partition directory name
// ("ruleset=...") stands for.
func RulesetFromPartition(name string) (string, error) {
	const prefix = "ruleset="
	if len(name) <= len(prefix) || name[:len(prefix)] != prefix {
		return "", fmt.Errorf("directory %q is not a ruleset partition (want ruleset=...)", name)
	}
	return url.PathUnescape(name[len(prefix):])
}
