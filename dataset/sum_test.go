package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSumFileCheckValue checks SumFile against CRC-32C's published check
// value: the CRC of the nine bytes "123456789" is e3069283 (RFC 3720,
// B.4's parameters; every CRC catalogue lists it).
func TestSumFileCheckValue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "check")
	os.WriteFile(path, []byte("123456789"), 0o666)
	got, err := SumFile(path)
	if err != nil || got != (FileSum{Size: 9, CRC32C: "e3069283"}) {
		t.Errorf("SumFile(\"123456789\") = %+v, %v; want size 9, crc32c e3069283", got, err)
	}
	if err := VerifySum(path, got); err != nil {
		t.Errorf("VerifySum of its own sum: %v", err)
	}
	os.WriteFile(path, []byte("123456780"), 0o666)
	if err := VerifySum(path, got); err == nil || !strings.Contains(err.Error(), "CRC-32C") || !strings.Contains(err.Error(), path) {
		t.Errorf("VerifySum of a changed byte: %v", err)
	}
	os.WriteFile(path, []byte("1234567890"), 0o666)
	if err := VerifySum(path, got); err == nil || !strings.Contains(err.Error(), "10 bytes") {
		t.Errorf("VerifySum of a longer file: %v", err)
	}
}

// commitSampleGames writes the sample games through w as the file final
// and commits it, aborting it instead when the write fails; it returns
// the file and the write's or the commit's error.
func commitSampleGames(t *testing.T, w *Writer, final string) (*TableFile, error) {
	t.Helper()
	games, _ := sampleRows()
	f, err := w.Open(final, Games)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteGames(gameBatch(games)); err != nil {
		f.Abort()
		return f, err
	}
	return f, f.Commit(FileMeta{})
}

// syncLog records, through a Writer's Create and OpenDir hooks, every
// sync of a file or directory and whether the final file existed then.
type syncLog struct {
	final  string
	events []string
}

type loggedFile struct {
	*os.File
	log  *syncLog
	kind string
}

func (f loggedFile) Sync() error {
	_, err := os.Stat(f.log.final)
	f.log.events = append(f.log.events, f.kind+map[bool]string{true: " (final exists)", false: " (final absent)"}[err == nil])
	return f.File.Sync()
}

// TestCommitSyncsFileThenDirectory counts the syncs of a commit through
// the writer's hooks: the data file is synced before it is renamed, and
// its directory after, so a batch that counts as done survives a power
// cut. The file's Sum is the CRC-32C of what is on disk.
func TestCommitSyncsFileThenDirectory(t *testing.T) {
	dir := t.TempDir()
	final := filepath.Join(dir, FileName(0, 0))
	log := &syncLog{final: final}
	w := NewWriter()
	w.Create = func(p string) (SyncFile, error) {
		f, err := CreateFile(p)
		if err != nil {
			return nil, err
		}
		return loggedFile{f.(*os.File), log, "file"}, nil
	}
	w.OpenDir = func(p string) (SyncFile, error) {
		if p != dir {
			t.Errorf("directory synced: %s, want %s", p, dir)
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		return loggedFile{f, log, "dir"}, nil
	}
	f, err := commitSampleGames(t, w, final)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"file (final absent)", "dir (final exists)"}
	if strings.Join(log.events, ", ") != strings.Join(want, ", ") {
		t.Errorf("syncs %q; want %q", log.events, want)
	}
	sum, err := SumFile(final)
	if err != nil || f.Sum() != sum {
		t.Errorf("Sum() = %+v; the file's is %+v (%v)", f.Sum(), sum, err)
	}
}

// faultyFile is a file or directory whose Write, Sync or Close fails with
// its error (nil: that call goes through).
type faultyFile struct {
	*os.File
	write, sync, close error
}

func (f faultyFile) Write(p []byte) (int, error) {
	if f.write != nil {
		return 0, f.write
	}
	return f.File.Write(p)
}

func (f faultyFile) Sync() error {
	if f.sync != nil {
		return f.sync
	}
	return f.File.Sync()
}

func (f faultyFile) Close() error {
	err := f.File.Close()
	if f.close != nil {
		return f.close
	}
	return err
}

// TestCommitReportsFaults injects a failing write, file sync, directory
// sync and directory close through the writer's hooks: each is reported
// by Commit, a write failure as the file's own error (not pqarrow's
// rewording of it), a failure before the rename leaves no temporary file
// behind, and a directory that cannot be synced at all
// (errors.ErrUnsupported) is no error.
func TestCommitReportsFaults(t *testing.T) {
	disk := errors.New("injected: disk on fire")
	for _, c := range []struct {
		name           string
		file, dir      faultyFile
		want           string // "" for no error
		final, leftTmp bool   // whether the final file exists, a temporary one is left
	}{
		{name: "write", file: faultyFile{write: disk}, want: disk.Error()},
		{name: "file sync", file: faultyFile{sync: disk}, want: "sync "},
		{name: "dir sync", dir: faultyFile{sync: disk}, want: "sync ", final: true},
		{name: "dir close", dir: faultyFile{close: disk}, want: "sync ", final: true},
		{name: "dir sync unsupported", dir: faultyFile{sync: errors.ErrUnsupported}, final: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			final := filepath.Join(dir, FileName(0, 0))
			w := NewWriter()
			w.Create = func(p string) (SyncFile, error) {
				f, err := CreateFile(p)
				if err != nil {
					return nil, err
				}
				ff := c.file
				ff.File = f.(*os.File)
				return ff, nil
			}
			w.OpenDir = func(p string) (SyncFile, error) {
				f, err := os.Open(p)
				if err != nil {
					return nil, err
				}
				fd := c.dir
				fd.File = f
				return fd, nil
			}
			_, err := commitSampleGames(t, w, final)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("Commit: %v, want no error", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, disk)):
				t.Errorf("Commit: %v, want an error with %q wrapping the injected one", err, c.want)
			case c.name == "write" && err != disk:
				t.Errorf("Commit: %v, want the file's own error", err)
			}
			if _, err := os.Stat(final); (err == nil) != c.final {
				t.Errorf("final file exists: %v, want %v", err == nil, c.final)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != map[bool]int{true: 1}[c.final] {
				t.Errorf("files left in the directory: %q", left)
			}
		})
	}
}
