// Package atomicfile writes a file so that it is either complete or
// absent: the content goes to a temporary file in the same directory,
// which is synced and then renamed over the target. A full disk or an
// unwritable directory leaves the previous file (if any) untouched. The
// file gets the permissions of a file the user creates (0666 less the
// umask), and a successful write removes the temporary files of earlier
// writes of the same file that were stopped before their rename (a
// program killed by SIGTERM). Stop, for a signal handler, removes the
// temporary files of the writes in progress and refuses later writes.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/baolab/baolab/dataset"
)

// ErrStopped is the error of a write refused or cut short by Stop.
var ErrStopped = errors.New("stopped before the file was complete")

// inProgress holds the temporary files of the writes in progress, and
// whether Stop was called.
var inProgress = struct {
	sync.Mutex
	temps   map[string]bool
	stopped bool
}{temps: map[string]bool{}}

// Stop removes the temporary file of every write in progress (its Write
// then fails with ErrStopped instead of renaming it) and makes every
// later Write fail with ErrStopped: after Stop, the only files left are
// complete ones. It is for a program stopped by a signal.
func Stop() {
	inProgress.Lock()
	defer inProgress.Unlock()
	inProgress.stopped = true
	for name := range inProgress.temps {
		os.Remove(name)
	}
	clear(inProgress.temps)
}

// Write writes the file at path with the content that fill writes.
func Write(path string, fill func(w io.Writer) error) (err error) {
	f, err := create(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	defer func() {
		inProgress.Lock()
		delete(inProgress.temps, f.Name())
		inProgress.Unlock()
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := fill(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	// The rename under the lock: Stop either comes first (and removed
	// the temporary file) or after (and the file is complete).
	inProgress.Lock()
	stopped := inProgress.stopped
	if !stopped {
		err = os.Rename(f.Name(), path)
	}
	inProgress.Unlock()
	if stopped {
		return fmt.Errorf("write %s: %w", path, ErrStopped)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	removeStale(path)
	return nil
}

// tempPrefix and tempSuffix frame the temporary names of path's writes.
func tempPrefix(path string) string { return "." + filepath.Base(path) + "." }

const tempSuffix = ".tmp"

// create makes a new temporary file beside path, with mode 0666 less the
// umask (os.CreateTemp's 0600 would ignore the umask and a later chmod
// would override it).
// The new file is registered as in progress (for Stop); after Stop it
// fails with ErrStopped.
func create(path string) (*os.File, error) {
	inProgress.Lock()
	defer inProgress.Unlock()
	if inProgress.stopped {
		return nil, ErrStopped
	}
	for {
		name := filepath.Join(filepath.Dir(path), tempPrefix(path)+dataset.NewTag()+tempSuffix)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			inProgress.temps[name] = true
		}
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// removeStale removes the temporary files of path that earlier writes
// left (best effort: a file that cannot be removed stays). A temporary
// name is tempPrefix, a tag of digits, hex digits and '-' (NewTag, or
// os.CreateTemp's digits in older versions) and tempSuffix, so the
// temporary files of a longer name (x.csv.gz beside x.csv) are not taken.
func removeStale(path string) {
	ents, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range ents {
		n := e.Name()
		tag, ok := strings.CutPrefix(n, tempPrefix(path))
		tag, ok2 := strings.CutSuffix(tag, tempSuffix)
		if e.IsDir() || !ok || !ok2 || tag == "" || strings.Trim(tag, "0123456789abcdef-") != "" {
			continue
		}
		os.Remove(filepath.Join(filepath.Dir(path), n))
	}
}

// unwrap drops the operation and temporary path of an *os.PathError.
func unwrap(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
