// Package atomicfile is baolab's one way to write a whole file so that it
// is either complete or absent. It wraps renameio: the content goes to a
// temporary file in the same directory (renameio's name, "." + the base
// name + random digits), which is synced and renamed over the target, and
// then the directory is synced so the rename survives a crash. A full
// disk or an unwritable directory leaves the previous file (if any)
// untouched. The file gets the permissions of a file the user creates
// (0666 less the umask) unless Mode says otherwise, and a successful write
// removes the temporary files of earlier writes of the same file that were
// stopped before their rename (a program killed by SIGTERM). Stop, for a
// signal handler, removes the temporary files of the writes in progress
// and refuses later writes.
//
// The analysis outputs (tables, figures, report pages), the dataset
// manifests, the diagrams and the Slurm scripts all write through it; the dataset's streamed Parquet batch
// files (dataset.TableFile) keep their own commit, which has fault points
// between its steps.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/google/renameio/v2"
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

// begin creates the pending file of a write and registers it as in
// progress; after Stop it fails with ErrStopped.
func begin(path string, perm renameio.Option) (*renameio.PendingFile, error) {
	inProgress.Lock()
	defer inProgress.Unlock()
	if inProgress.stopped {
		return nil, ErrStopped
	}
	f, err := renameio.NewPendingFile(path, perm, renameio.WithTempDir(filepath.Dir(path)))
	if err == nil {
		inProgress.temps[f.Name()] = true
	}
	return f, err
}

// commit renames the synced pending file over its target unless Stop
// came first. The rename is under the lock: Stop either comes first (and
// removed the temporary file) or after (and the file is complete).
func commit(f *renameio.PendingFile) error {
	if err := f.Sync(); err != nil {
		return err
	}
	inProgress.Lock()
	defer inProgress.Unlock()
	delete(inProgress.temps, f.Name())
	if inProgress.stopped {
		return ErrStopped
	}
	return f.CloseAtomicallyReplace() // syncs, closes, renames
}

// Option changes how Write writes.
type Option func(*config)

type config struct {
	mode         os.FileMode // 0: 0666 less the umask
	beforeRename func()
}

// Mode gives the file exactly the permissions perm, whatever the umask
// (the Slurm scripts are 0755 so that sbatch can run them).
func Mode(perm os.FileMode) Option { return func(c *config) { c.mode = perm } }

// BeforeRename calls hook once the content is written and synced under
// the temporary name, just before the rename (the dataset's fault point
// FaultManifest).
func BeforeRename(hook func()) Option { return func(c *config) { c.beforeRename = hook } }

// WriteFile writes data to path.
func WriteFile(path string, data []byte, opts ...Option) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err }, opts...)
}

// Write writes the file at path with the content that fill writes.
// Errors start "write PATH: ".
func Write(path string, fill func(w io.Writer) error, opts ...Option) (err error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	perm := renameio.WithPermissions(0o666) // less the umask
	if c.mode != 0 {
		perm = renameio.WithStaticPermissions(c.mode)
	}
	f, err := begin(path, perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	defer func() {
		inProgress.Lock()
		delete(inProgress.temps, f.Name())
		inProgress.Unlock()
		f.Cleanup() // removes the temporary file unless renamed
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := fill(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	if c.beforeRename != nil {
		if err := f.Sync(); err != nil {
			return fmt.Errorf("write %s: %w", path, unwrap(err))
		}
		c.beforeRename()
	}
	if err := commit(f); err != nil {
		return fmt.Errorf("write %s: %w", path, unwrap(err))
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	RemoveStale(path)
	return nil
}

// syncDir makes a rename in dir durable. A file system that cannot sync a
// directory is not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync %s: %w", dir, unwrap(err))
	}
	return nil
}

// RemoveStale removes the temporary files of path that earlier writes
// left (best effort: a file that cannot be removed stays). A temporary
// name is "." + path's base name + a tag: renameio's digits, or, left by
// older versions of baolab, "." + a tag of digits, hex digits and '-' +
// ".tmp", or ".tmp-" + such a tag. The temporary files of a longer name
// (.x.csv.gz123 beside x.csv) are not taken; a base name that is path's
// own followed by digits only (x.csv12 beside x.csv) would be, and no
// file baolab writes is named so.
func RemoveStale(path string) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if e.IsDir() || !ok || !isTempTag(rest) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// isTempTag reports whether rest, a temporary name less its prefix, is a
// tag of one of the forms RemoveStale takes.
func isTempTag(rest string) bool {
	hex := func(s string) bool { return s != "" && strings.Trim(s, "0123456789abcdef-") == "" }
	if rest != "" && strings.Trim(rest, "0123456789") == "" {
		return true // renameio
	}
	if tag, ok := strings.CutPrefix(rest, ".tmp-"); ok {
		return hex(tag)
	}
	tag, ok := strings.CutPrefix(rest, ".")
	tag, ok2 := strings.CutSuffix(tag, ".tmp")
	return ok && ok2 && hex(tag)
}

// unwrap drops the operation and temporary path of an *os.PathError.
func unwrap(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
