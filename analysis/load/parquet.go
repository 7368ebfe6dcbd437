package load

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/dataset"
)

// CheckMeta checks the baolab metadata of the footer of f, which t reads,
// with dataset.CheckFooter, against the experiment of the manifest when
// there is one. plies is the number of moves the games file announced (-1
// when not known). It returns the experiment ID that wrote the file (""
// if the footer does not say).
func CheckMeta(t *dataset.Reader, f File, plies int64) (string, error) {
	exp, err := dataset.CheckFooter(t.Meta, t.Rows, f.Table, f.Cell, f.Batch, f.want.Exp, plies)
	if err != nil {
		return "", fmt.Errorf("%s: %w", t.Path, err)
	}
	return exp, nil
}

// repairHintText tells the user how to repair a dataset with a corrupt or
// truncated file.
const repairHintText = "; to repair: delete the file and run the same baolab sim command again (it plays only the missing batches)"

// RepairHint adds repairHintText to an error about a corrupt or truncated
// data file (the messages of OpenForeign, ForeignReader.Next, dataset's
// readers and dataset.Recover); other errors, and nil, it returns as they
// are.
func RepairHint(err error) error {
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
