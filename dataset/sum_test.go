package dataset

import (
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
	games, _ := sampleRows()
	var gb GameBatch
	for i := range games {
		gb.Append(&games[i])
	}
	f, err := w.Open(final, Games)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteGames(&gb); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(FileMeta{}); err != nil {
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
