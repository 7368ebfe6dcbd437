//go:build !linux

package solve

import (
	"os"
	"path/filepath"
)

// syncFiles flushes the named files in dir to the disk, one fsync each.
func syncFiles(dir string, names []string) error {
	for _, name := range names {
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY, 0)
		if err == nil {
			err = f.Sync()
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}
