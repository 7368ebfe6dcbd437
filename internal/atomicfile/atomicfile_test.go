package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failing writer leaves the old content and no temporary file.
	err := Write(p, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk full")
	})
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Errorf("content %q after a failed write", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries: temporary file left", len(ents))
	}
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o666&^os.FileMode(umask) {
		t.Errorf("mode %v, want 0666 less the umask %03o", st.Mode(), umask)
	}
	err = Write(filepath.Join(dir, "no", "b.txt"), func(io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "no/b.txt") || strings.Count(err.Error(), dir) != 1 {
		t.Errorf("missing directory: %v", err)
	}
}

// TestWriteHonoursUmask writes under umask 077: the file must be 0600,
// as a file the user creates (0666 less the umask), not 0644.
func TestWriteHonoursUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	p := filepath.Join(t.TempDir(), "private.txt")
	for range 2 { // a new file, then one replaced
		if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
			t.Fatal(err)
		}
		if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
			t.Errorf("mode %v under umask 077, want 0600", st.Mode().Perm())
		}
	}
}

// TestWriteRemovesStaleTemps leaves the temporary file of a writer that
// was killed (SIGTERM in the middle of a report): the next successful
// write of the same file removes it.
func TestWriteRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "summary.json")
	stale := filepath.Join(dir, ".summary.json.123456.tmp")
	other := filepath.Join(dir, ".summary.json.gz.123456.tmp") // another file's
	os.WriteFile(stale, []byte("half"), 0o666)
	os.WriteFile(other, []byte("half"), 0o666)
	if err := Write(p, func(w io.Writer) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file of %s kept: %v", p, err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("temporary file of another file removed: %v", err)
	}
}

// TestStop calls Stop while a write is in progress (from inside its
// fill): the temporary file is removed at once, the write fails with
// ErrStopped and leaves the previous file as it was, and a later write
// is refused without creating anything. (Shown to fail with Stop not
// removing the temporary files.)
func TestStop(t *testing.T) {
	defer func() { inProgress.Lock(); inProgress.stopped = false; inProgress.Unlock() }()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "old"); return err }); err != nil {
		t.Fatal(err)
	}
	hidden := func() []string {
		var names []string
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				names = append(names, e.Name())
			}
		}
		return names
	}
	err := Write(p, func(w io.Writer) error {
		io.WriteString(w, "half")
		if n := hidden(); len(n) != 1 {
			t.Errorf("temporary files during the write: %v, want one", n)
		}
		Stop()
		if n := hidden(); len(n) != 0 {
			t.Errorf("temporary files left by Stop: %v", n)
		}
		_, err := io.WriteString(w, " and the rest")
		return err
	})
	if !errors.Is(err, ErrStopped) {
		t.Errorf("the stopped write: %v, want ErrStopped", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("content %q after a stopped write, want the old one", b)
	}
	q := filepath.Join(dir, "b.txt")
	if err := Write(q, func(w io.Writer) error { return nil }); !errors.Is(err, ErrStopped) {
		t.Errorf("a write after Stop: %v, want ErrStopped", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries after Stop, want only a.txt", len(ents))
	}
}

// TestRemoveStaleForms: renameio's temporary names and those older
// versions left are removed on the next write; other files' are kept.
func TestRemoveStaleForms(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "manifest.json")
	stale := []string{".manifest.json123456", ".manifest.json.tmp-1a2b-3c", ".manifest.json.77.tmp"}
	kept := []string{".manifest.json.gz123", ".manifest.json.tmp-", ".manifest.jsonx1", "manifest.json1"}
	for _, n := range append(append([]string{}, stale...), kept...) {
		os.WriteFile(filepath.Join(dir, n), []byte("half"), 0o666)
	}
	if err := WriteFile(p, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s kept: %v", n, err)
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed: %v", n, err)
		}
	}
}

// TestModeAndBeforeRename: Mode sets the permissions whatever the umask;
// BeforeRename runs once the temporary file is complete and the target is
// not yet replaced.
func TestModeAndBeforeRename(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	p := filepath.Join(t.TempDir(), "job.sh")
	os.WriteFile(p, []byte("old"), 0o600)
	var during string
	if err := WriteFile(p, []byte("new"), Mode(0o755), BeforeRename(func() {
		b, _ := os.ReadFile(p)
		during = string(b)
	})); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755 under umask 077", st.Mode().Perm())
	}
	if b, _ := os.ReadFile(p); during != "old" || string(b) != "new" {
		t.Errorf("before the rename %q, after %q; want old, new", during, b)
	}
}
