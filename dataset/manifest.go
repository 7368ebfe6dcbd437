package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// Format names the manifest format; it changes when the dataset layout
// or a column changes incompatibly. Version 2 added games.reservations
// and moves.reserved, and stopped counting kingulu's reservations as
// captures. Version 3 added games.opening_plies. Version 4 added
// experiment_id to the games and moves tables.
const Format = "baolab-dataset/4"

// ReadFormats are the formats that this baolab reads: Format, and
// baolab-dataset/3, whose files lack the experiment_id column (a Reader
// takes it from each file's footer). baolab sim extends only a dataset
// of Format.
var ReadFormats = []string{"baolab-dataset/3", Format}

// Readable reports whether this baolab reads a dataset of format.
func Readable(format string) bool { return slices.Contains(ReadFormats, format) }

// ShardDir is the directory of the per-shard manifests. Each process of
// `baolab sim` (shard K of N; an unsharded run is shard 0 of 1) owns one
// file there, so shards running at once on a shared filesystem never
// write the same file. manifest.json is the merged view of these files.
const ShardDir = "manifest.d"

// ShardManifestName returns the file name of shard k of n's manifest.
func ShardManifestName(k, n int) string { return fmt.Sprintf("shard-%04d-of-%04d.json", k, n) }

// Build identifies the program that wrote data.
type Build struct {
	Version   string `json:"version"`          // baolab version: the main module version of its build information
	Commit    string `json:"commit,omitempty"` // VCS revision, "+dirty" if modified
	GoVersion string `json:"go_version"`
}

// Run records one invocation of `baolab sim` for one shard.
type Run struct {
	Build
	Host    string     `json:"host"`
	PID     int        `json:"pid"`
	Workers int        `json:"workers"`
	Start   time.Time  `json:"start"`
	End     *time.Time `json:"end,omitempty"`
	// Status is running, done, interrupted or failed. A process killed
	// with SIGKILL leaves running behind.
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	Games  int64  `json:"games"` // games this run wrote
	Plies  int64  `json:"plies"` // plies of those games
}

// BatchRecord records one finished batch: its files exist and are
// complete. GamesFile and MovesFile are the size and checksum of its
// files (MovesFile nil when the experiment logs no moves); manifests
// written before checksums were recorded have neither.
type BatchRecord struct {
	Cell      int      `json:"cell"`
	Batch     int      `json:"batch"`
	Games     int      `json:"games"`
	Plies     int64    `json:"plies"`
	GamesFile *FileSum `json:"games_file,omitempty"`
	MovesFile *FileSum `json:"moves_file,omitempty"`
}

// ShardManifest is the manifest of one shard (manifest.d/shard-K-of-N.json).
type ShardManifest struct {
	Format     string        `json:"format"`
	Experiment Experiment    `json:"experiment"`
	Shard      int           `json:"shard"`
	Shards     int           `json:"shards"`
	Runs       []Run         `json:"runs"`
	Batches    []BatchRecord `json:"batches"` // sorted by cell, then batch
}

// CellSummary describes one cell in the merged manifest.
type CellSummary struct {
	Cell
	// SeedKey is CellKey(seed, ruleset, agents); game i's seed is
	// GameSeed(SeedKey, i).
	SeedKey     uint64 `json:"seed_key"`
	FirstGameID int64  `json:"first_game_id"`
	// Ladder says that the cell is a cell of the experiment's ladder
	// (both agents are ladder agents).
	Ladder      bool  `json:"ladder,omitempty"`
	Batches     int   `json:"batches"`
	BatchesDone int   `json:"batches_done"`
	GamesDone   int64 `json:"games_done"`
	PliesDone   int64 `json:"plies_done"`
}

// Manifest is the merged view of a dataset (manifest.json).
type Manifest struct {
	Format     string        `json:"format"`
	Experiment Experiment    `json:"experiment"`
	Cells      []CellSummary `json:"cells"`
	Builds     []Build       `json:"builds"` // distinct builds that wrote data
	Start      time.Time     `json:"start"`
	End        *time.Time    `json:"end,omitempty"` // set once every batch is done
	Complete   bool          `json:"complete"`
	Batches    int           `json:"batches"`
	// BatchesDone, Games and Plies count finished batches and their
	// games and plies.
	BatchesDone int             `json:"batches_done"`
	Games       int64           `json:"games"`
	Plies       int64           `json:"plies"`
	Shards      []ShardManifest `json:"shards"`
}

// Merge builds the dataset manifest of e from the shard manifests. A
// batch finished by several shards (after a resume with another split)
// counts once. Shard manifests of another experiment are an error, and so
// are shard manifests of different formats; the merged manifest has the
// shards' format (Format when there are none).
func Merge(e Experiment, shards []ShardManifest) (Manifest, error) {
	m := Manifest{Format: Format, Experiment: e, Batches: e.NumCells() * e.NumBatches(), Shards: shards}
	if len(shards) > 0 {
		m.Format = shards[0].Format
	}
	for _, s := range shards {
		if s.Format != m.Format {
			return Manifest{}, fmt.Errorf("manifest: shard %d of %d has format %q, shard %d of %d %q", s.Shard, s.Shards, s.Format, shards[0].Shard, shards[0].Shards, m.Format)
		}
	}
	nb := e.NumBatches()
	done := make(map[[2]int]BatchRecord)
	var last time.Time
	for _, s := range shards {
		if d := e.Diff(s.Experiment); d != "" {
			return Manifest{}, fmt.Errorf("manifest: shard %d of %d belongs to another experiment (%s)", s.Shard, s.Shards, d)
		}
		for _, r := range s.Runs {
			if m.Start.IsZero() || r.Start.Before(m.Start) {
				m.Start = r.Start
			}
			if r.End != nil && r.End.After(last) {
				last = *r.End
			}
			if !slices.Contains(m.Builds, r.Build) {
				m.Builds = append(m.Builds, r.Build)
			}
		}
		for _, b := range s.Batches {
			if b.Cell < 0 || b.Cell >= e.NumCells() || b.Batch < 0 || b.Batch >= nb {
				return Manifest{}, fmt.Errorf("manifest: shard %d of %d lists batch %d of cell %d, outside the experiment", s.Shard, s.Shards, b.Batch, b.Cell)
			}
			done[[2]int{b.Cell, b.Batch}] = b
		}
	}
	m.Cells = make([]CellSummary, e.NumCells())
	for c := range m.Cells {
		cell := e.Cell(c)
		m.Cells[c] = CellSummary{Cell: cell, SeedKey: CellKey(e.Seed, cell.Ruleset, cell.Agents), FirstGameID: e.GameID(c, 0), Batches: nb, Ladder: e.InLadder(cell.Agents)}
	}
	for _, b := range done {
		cs := &m.Cells[b.Cell]
		cs.BatchesDone++
		cs.GamesDone += int64(b.Games)
		cs.PliesDone += b.Plies
		m.BatchesDone++
		m.Games += int64(b.Games)
		m.Plies += b.Plies
	}
	m.Complete = m.BatchesDone == m.Batches
	if m.Complete && !last.IsZero() {
		m.End = &last
	}
	return m, nil
}

// ReadShardManifests reads every shard manifest of the dataset in dir,
// sorted by shard count and shard. A missing manifest.d gives none.
func ReadShardManifests(dir string) ([]ShardManifest, error) {
	ents, err := os.ReadDir(filepath.Join(dir, ShardDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	var out []ShardManifest
	for _, e := range ents {
		if e.IsDir() || !strings.HasPrefix(e.Name(), "shard-") || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		var s ShardManifest
		if err := readJSON(filepath.Join(dir, ShardDir, e.Name()), &s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Shards != out[j].Shards {
			return out[i].Shards < out[j].Shards
		}
		return out[i].Shard < out[j].Shard
	})
	return out, nil
}

// ReadManifest returns the manifest of the dataset in dir. It merges the
// shard manifests when there are any (they are the most recent record,
// even while shards still run) and reads manifest.json otherwise.
func ReadManifest(dir string) (Manifest, error) {
	shards, err := ReadShardManifests(dir)
	if err != nil {
		return Manifest{}, err
	}
	if len(shards) > 0 {
		return Merge(shards[0].Experiment, shards)
	}
	var m Manifest
	if err := readJSON(filepath.Join(dir, ManifestName), &m); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Manifest{}, fmt.Errorf("%s is not a baolab dataset: no %s", dir, ManifestName)
		}
		return Manifest{}, err
	}
	return m, nil
}

// WriteShardManifest writes the manifest of shard s.Shard of s.Shards
// into the dataset directory dir (whose manifest.d must exist), atomically.
func WriteShardManifest(dir string, s ShardManifest) error {
	return writeJSON(filepath.Join(dir, ShardDir, ShardManifestName(s.Shard, s.Shards)), s)
}

// WriteManifest writes manifest.json into the dataset directory dir,
// atomically.
func WriteManifest(dir string, m Manifest) error {
	return writeJSON(filepath.Join(dir, ManifestName), m)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	return WriteFileAtomic(path, append(b, '\n'))
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("manifest: %s: %w", path, err)
	}
	return nil
}
