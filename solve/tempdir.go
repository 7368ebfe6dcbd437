package solve

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// tempDir is a directory of a run's temporary files (the keys waiting for
// later layers, a layered solve's layers), locked while the run lives so
// that a later run can tell it from one left by a run that was killed.
type tempDir struct {
	path string
	lock *flock.Flock
}

// makeTempDir makes a directory named prefix* in parent (os.TempDir() when
// ""), locked until remove. It first removes the directories named
// prefix* there that no run holds (left by runs killed, kill -9 or Ctrl-C,
// before they could remove them: they can hold tens of gigabytes); a
// directory without a lock file is left alone. The lock file is locked
// before it gets its name, so a directory being made is never taken for
// one left behind.
func makeTempDir(parent, prefix string) (*tempDir, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	removeLeftTempDirs(parent, prefix)
	path, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	lock := flock.New(filepath.Join(path, "lock.new"))
	if ok, err := lock.TryLock(); !ok || err != nil {
		os.RemoveAll(path)
		return nil, fmt.Errorf("solve: layers: cannot lock %s (%v)", path, err)
	}
	if err := os.Rename(filepath.Join(path, "lock.new"), filepath.Join(path, "lock")); err != nil {
		lock.Close()
		os.RemoveAll(path)
		return nil, fmt.Errorf("solve: layers: %w", err)
	}
	return &tempDir{path: path, lock: lock}, nil
}

// remove removes the directory and then lets its lock go. The lock file
// goes last, so that a run killed while it removes the directory leaves
// it locked by no one, for the next run to remove (a directory without a
// lock file is left alone: see makeTempDir).
func (d *tempDir) remove() {
	entries, _ := os.ReadDir(d.path)
	for _, e := range entries {
		if e.Name() != "lock" {
			os.RemoveAll(filepath.Join(d.path, e.Name()))
		}
	}
	os.RemoveAll(d.path)
	d.lock.Close()
}

// removeLeftTempDirs removes the directories parent/prefix* whose lock
// file no run holds, as far as it can (best effort: a directory it cannot
// lock or remove stays).
func removeLeftTempDirs(parent, prefix string) {
	dirs, _ := filepath.Glob(filepath.Join(parent, prefix+"*"))
	for _, dir := range dirs {
		name := filepath.Join(dir, "lock")
		if info, err := os.Lstat(name); err != nil || !info.Mode().IsRegular() {
			continue
		}
		lock := flock.New(name)
		if ok, err := lock.TryLock(); ok && err == nil {
			os.RemoveAll(dir)
		}
		lock.Close()
	}
}
