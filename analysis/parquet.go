package analysis

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/dataset"
)

// checkMeta checks the baolab metadata of the footer of f with
// dataset.CheckFooter, against the experiment of the manifest when there
// is one. plies is the number of moves the games file announced (-1 when
// not known). It returns the experiment ID that wrote the file ("" if the
// footer does not say).
func checkMeta(t *dataset.Reader, f File, plies int64) (string, error) {
	exp, err := dataset.CheckFooter(t.Meta, t.Rows, f.Table, f.Cell, f.Batch, f.want.exp, plies)
	if err != nil {
		return "", fmt.Errorf("%s: %w", t.Path, err)
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
