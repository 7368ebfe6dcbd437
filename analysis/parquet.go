package analysis

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baolab/baolab/dataset"
)

// checkMeta checks the baolab key-value metadata of the footer of f
// against the file's name, its row count and, with a manifest, the
// experiment. plies is the number of moves the games file announced (-1
// when not known). It returns the experiment ID that wrote the file ("" if
// the footer does not say).
func checkMeta(t *dataset.Reader, f File, plies int64) (string, error) {
	exp, ok := t.Meta[dataset.MetaExperiment]
	if !ok {
		if f.want.known {
			return "", fmt.Errorf("%s: foreign file: no %s in its footer", t.Path, dataset.MetaExperiment)
		}
		return "", nil // written by another tool: the rows are checked anyway
	}
	if f.want.known && exp != f.want.experiment {
		return "", fmt.Errorf("%s: foreign file: written by experiment %s, the manifest's is %s", t.Path, exp, f.want.experiment)
	}
	num := func(key string) int64 {
		n, err := strconv.ParseInt(t.Meta[key], 10, 64)
		if err != nil {
			return -1
		}
		return n
	}
	if c, b := num(dataset.MetaCell), num(dataset.MetaBatch); c != int64(f.Cell) || b != int64(f.Batch) {
		return "", fmt.Errorf("%s: foreign file: its footer says cell %d batch %d", t.Path, c, b)
	}
	switch f.Table {
	case dataset.Games:
		if g := num(dataset.MetaGames); g != t.Rows {
			return "", fmt.Errorf("%s: holds %d games, its footer says %d", t.Path, t.Rows, g)
		}
		if f.want.known && t.Rows != f.want.games {
			return "", fmt.Errorf("%s: holds %d games, the experiment's batch has %d", t.Path, t.Rows, f.want.games)
		}
	case dataset.Moves:
		if p := num(dataset.MetaPlies); p != t.Rows || plies >= 0 && p != plies {
			return "", fmt.Errorf("%s: holds %d moves, its footer says %d and the games file %d", t.Path, t.Rows, p, plies)
		}
	}
	return exp, nil
}

// repairHintText tells the user how to repair a dataset with a corrupt or
// truncated file.
const repairHintText = "; to repair: delete the file and run the same baolab sim command again (it plays only the missing batches)"

// repairHint adds repairHintText to an error about a corrupt or truncated
// data file (the messages of openTable, next, verifyUnread and
// dataset.Recover).
func repairHint(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range []string{"corrupt", "truncated", "not a readable Parquet file", "rows, footer says"} {
		if strings.Contains(msg, s) && !strings.Contains(msg, repairHintText) {
			return fmt.Errorf("%w%s", err, repairHintText)
		}
	}
	return err
}
