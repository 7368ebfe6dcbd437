package dataset

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// castagnoli is the CRC-32C table (the checksum of iSCSI, ext4 and
// Google Cloud Storage; `gsutil hash -c`, `crc32c` tools compute it).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileSum is the size and CRC-32C checksum (eight lowercase hex digits,
// Castagnoli polynomial) of a whole file, as the manifest records it for
// every batch file (BatchRecord.GamesFile and MovesFile).
type FileSum struct {
	Size   int64  `json:"size"`
	CRC32C string `json:"crc32c"`
}

// SumFile returns the FileSum of the file at path.
func SumFile(path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	h := crc32.New(castagnoli)
	n, err := io.Copy(h, f)
	if err != nil {
		return FileSum{}, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return FileSum{Size: n, CRC32C: fmt.Sprintf("%08x", h.Sum32())}, nil
}

// VerifySum checks the file at path against the sum recorded for it. The
// error names the file and what differs.
func VerifySum(path string, want FileSum) error {
	if fi, err := os.Stat(path); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	} else if fi.Size() != want.Size {
		return fmt.Errorf("%s: %d bytes, the manifest records %d", path, fi.Size(), want.Size)
	}
	got, err := SumFile(path)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%s: CRC-32C %s, the manifest records %s", path, got.CRC32C, want.CRC32C)
	}
	return nil
}

// VerifyFile reads the whole file of table at path without a checksum to
// compare with: its schema, its game_id column and the row count, and
// every page of the other columns decompressed (zstd checks each page's
// own checksum). It is how a batch file with no FileSum in the manifest
// (an older dataset, or a lost manifest) is verified; a damaged page is
// found, a value altered and re-encoded with a valid page is not.
func VerifyFile(path, table string) error {
	r, err := OpenReader(context.Background(), path, table, []string{"game_id"})
	if err != nil {
		return err
	}
	defer r.Close()
	for {
		ok, err := r.Next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
	}
}

// Named points of a file's life at which FaultHook is called.
const (
	// FaultWrite: bytes of a data file were just written to its
	// temporary file (called after every write).
	FaultWrite = "write"
	// FaultSynced: a data file is complete and synced under its
	// temporary name, not yet renamed.
	FaultSynced = "synced"
	// FaultRenamed: a data file was renamed to its final name; its
	// directory is not yet synced.
	FaultRenamed = "renamed"
	// FaultCommitted: a data file was renamed and its directory synced.
	// For a moves file, its batch's games file is not yet written; for a
	// games file, the batch is not yet in the manifest.
	FaultCommitted = "committed"
	// FaultManifest: a manifest (or another file of WriteFileAtomic) is
	// written and synced under its temporary name, not yet renamed.
	FaultManifest = "manifest"
)

// FaultHook, when not nil, is called with a named point (FaultWrite and
// the other Fault constants) and the path of the file concerned. It is
// nil in every program: tests set it, before writing starts, to stop the
// process at a chosen point (a kill -9 inside a write, between write and
// rename, during a manifest update) and check that a resume recovers.
var FaultHook func(point, path string)

func fault(point, path string) {
	if FaultHook != nil {
		FaultHook(point, path)
	}
}
