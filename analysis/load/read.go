package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/baolab/baolab/dataset"
)

// File is one Parquet file of a dataset.
type File struct {
	Table   string // dataset.Games or dataset.Moves
	Ruleset string // from the partition directory
	Cell    int
	Batch   int
	Path    string

	// What the manifest says the file must hold (want.Known false without
	// a manifest; see Want).
	want Expect
	// partitions holds the key=value directories of a file of another
	// tool's tables (see openTables).
	partitions map[string]string
}

// Want returns what the manifest says f must hold: Known is false
// without a manifest (and for tables of another tool).
func (f File) Want() Expect { return f.want }

// Expect is what a file of a dataset with a manifest must hold.
type Expect struct {
	Known   bool
	Exp     *dataset.Experiment // the manifest's experiment
	Agents  string              // SOUTH/NORTH, the agents of the file's cell
	FirstID int64               // the game_id of the batch's first game
	Games   int64               // the number of games of the batch
}

// Dataset is the checked list of the files of a dataset directory.
type Dataset struct {
	Dir string
	// Games lists the games files in order of cell, then batch.
	Games []File
	// Moves is nil when the dataset has no move log; otherwise Moves[i]
	// holds the moves of the games in Games[i].
	Moves []File
	// Manifest is "manifest" when manifest.json listed the expected
	// batches, "files" when only the files themselves could be checked
	// for gaps (a missing last batch of a cell then goes unnoticed), and
	// "tables" for tables written by another tool (see openTables; Moves
	// then need not pair with Games).
	Manifest string
	// Experiment is the manifest's experiment (nil without a manifest):
	// its ladder, if any, is fitted by analysis.Analyze.
	Experiment *dataset.Experiment
	foreign    bool // tables of another tool
}

// Foreign reports whether ds holds tables written by another tool
// (Manifest "tables"): their files are read with OpenForeign, and replay
// does not read them.
func (ds *Dataset) Foreign() bool { return ds.foreign }

// Open lists the files of the dataset in dir and checks that none is
// foreign or missing. The error names the offending file.
func Open(dir string) (*Dataset, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", dir, UnwrapPathError(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("dataset %s: not a directory", dir)
	}
	ds := &Dataset{Dir: dir, Manifest: "files"}
	man, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, dataset.Games)); man == nil && err == nil && !hasBaolabFile(dir) {
		return openTables(dir)
	}
	games, gtemps, err := listTable(dir, dataset.Games)
	if err != nil {
		return nil, err
	}
	if games == nil {
		return nil, fmt.Errorf("dataset %s: no %s/ directory: not a baolab dataset (write one with baolab sim)", dir, dataset.Games)
	}
	moves, mtemps, err := listTable(dir, dataset.Moves)
	if err != nil {
		return nil, err
	}
	if man != nil {
		ds.Manifest = "manifest"
		ds.Experiment = &man.Experiment
		if err := checkManifest(dir, man, games, moves); err != nil {
			return nil, err
		}
		if !man.Experiment.Moves {
			moves = nil
		}
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("dataset %s: %s/ holds no Parquet files", dir, dataset.Games)
	}
	if err := checkCells(dir, games); err != nil {
		return nil, err
	}
	if moves != nil {
		if err := checkCells(dir, moves); err != nil {
			return nil, err
		}
		if err := pairTables(dir, games, moves); err != nil {
			return nil, err
		}
		ds.Moves = moves
	}
	if t := append(gtemps, mtemps...); len(t) > 0 {
		return nil, fmt.Errorf("%s: temporary file of a batch being written: is baolab sim still running on this dataset? if not, run the same baolab sim command again to finish it", t[0])
	}
	ds.Games = games
	return ds, nil
}

// listTable lists the files of one table, sorted by cell and batch, and
// the temporary files of batches being written. It returns nil (and no
// error) when the table's directory does not exist.
func listTable(dir, table string) (files []File, temps []string, err error) {
	root := filepath.Join(dir, table)
	parts, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("dataset %s: %w", dir, UnwrapPathError(err))
	}
	files = []File{}
	for _, p := range parts {
		ppath := filepath.Join(root, p.Name())
		if !p.IsDir() {
			return nil, nil, fmt.Errorf("%s: foreign file in the dataset (%s/ holds only ruleset=... directories)", ppath, table)
		}
		ruleset, err := dataset.RulesetFromPartition(p.Name())
		if err != nil || dataset.PartitionDir(dir, table, ruleset) != ppath {
			return nil, nil, fmt.Errorf("%s: foreign directory in the dataset (want ruleset=<escaped ruleset>)", ppath)
		}
		entries, err := os.ReadDir(ppath)
		if err != nil {
			return nil, nil, fmt.Errorf("dataset %s: %w", dir, UnwrapPathError(err))
		}
		for _, e := range entries {
			path := filepath.Join(ppath, e.Name())
			name := e.Name()
			base, temp := dataset.TempBatch(name)
			if temp {
				name = base
			}
			cell, batch, ok := dataset.ParseFileName(name)
			if !ok || e.IsDir() {
				return nil, nil, fmt.Errorf("%s: foreign file in the dataset (want part-c<cell>-b<batch>.parquet)", path)
			}
			if temp {
				temps = append(temps, path)
				continue
			}
			files = append(files, File{Table: table, Ruleset: ruleset, Cell: cell, Batch: batch, Path: path})
		}
	}
	slices.SortFunc(files, func(a, b File) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return a.Batch - b.Batch
	})
	return files, temps, nil
}

// checkCells checks that each cell lives in one partition and that its
// batches are numbered 0, 1, ... without a gap.
func checkCells(dir string, files []File) error {
	for i, f := range files {
		if i > 0 && files[i-1].Cell == f.Cell {
			prev := files[i-1]
			if prev.Ruleset != f.Ruleset {
				return fmt.Errorf("%s: foreign file: cell %d is also in partition %s", f.Path, f.Cell, filepath.Dir(prev.Path))
			}
			if prev.Batch != f.Batch-1 {
				return fmt.Errorf("%s: missing (cell %d has batches %d and %d)", missingPath(dir, f, prev.Batch+1), f.Cell, prev.Batch, f.Batch)
			}
			continue
		}
		if f.Batch != 0 {
			return fmt.Errorf("%s: missing (cell %d starts at batch %d)", missingPath(dir, f, 0), f.Cell, f.Batch)
		}
	}
	return nil
}

func missingPath(dir string, like File, batch int) string {
	return dataset.BatchPath(dir, like.Table, like.Ruleset, like.Cell, batch)
}

// pairTables checks that the games and moves tables hold the same
// batches.
func pairTables(dir string, games, moves []File) error {
	i, j := 0, 0
	for i < len(games) || j < len(moves) {
		switch {
		case j == len(moves) || (i < len(games) && less(games[i], moves[j])):
			g := games[i]
			return fmt.Errorf("%s: missing (the games of %s have no moves file)", missingPath(dir, File{Table: dataset.Moves, Ruleset: g.Ruleset, Cell: g.Cell}, g.Batch), g.Path)
		case i == len(games) || less(moves[j], games[i]):
			m := moves[j]
			return fmt.Errorf("%s: missing (the moves of %s have no games file)", missingPath(dir, File{Table: dataset.Games, Ruleset: m.Ruleset, Cell: m.Cell}, m.Batch), m.Path)
		}
		if games[i].Ruleset != moves[j].Ruleset {
			return fmt.Errorf("%s: foreign file: cell %d is in partition %s of the games", moves[j].Path, moves[j].Cell, filepath.Base(filepath.Dir(games[i].Path)))
		}
		i++
		j++
	}
	return nil
}

func less(a, b File) bool {
	return a.Cell < b.Cell || a.Cell == b.Cell && a.Batch < b.Batch
}

// UnwrapPathError drops the operation and path of an *fs.PathError, which
// the caller names itself (as "dataset DIR: ..." or "report: ...").
func UnwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

// readManifest reads the dataset's manifest (manifest.json, or the shard
// manifests in manifest.d when there are any, which are the newer record)
// with package dataset. It returns nil when there is neither: the analysis
// then works from the Parquet files alone.
func readManifest(dir string) (*dataset.Manifest, error) {
	found := false
	for _, name := range []string{dataset.ManifestName, dataset.ShardDir} {
		_, err := os.Stat(filepath.Join(dir, name))
		if err == nil {
			found = true
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, name), errors.Unwrap(err))
		}
	}
	if !found {
		return nil, nil
	}
	m, err := dataset.ReadManifest(dir)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: corrupt manifest: %s", dir, dataset.OneLine(err))
	}
	if err := manifestsAgree(dir, m); err != nil {
		return nil, err
	}
	if !dataset.Readable(m.Format) {
		return nil, fmt.Errorf("%s: dataset format %q, this baolab reads only %s (written by another version of baolab: simulate it again)", filepath.Join(dir, dataset.ManifestName), m.Format, strings.Join(dataset.ReadFormats, " and "))
	}
	if err := m.Experiment.Check(); err != nil {
		return nil, fmt.Errorf("%s: corrupt manifest: %s", filepath.Join(dir, dataset.ManifestName), dataset.OneLine(err))
	}
	return &m, nil
}

// checkManifest checks that the files are exactly those of the manifest's
// experiment, and notes in each file what it must hold.
func checkManifest(dir string, m *dataset.Manifest, games, moves []File) error {
	e := m.Experiment
	tables := []struct {
		name  string
		files []File
		want  bool
	}{{dataset.Games, games, true}, {dataset.Moves, moves, e.Moves}}
	for _, t := range tables {
		if !t.want {
			if len(t.files) > 0 {
				return fmt.Errorf("%s: foreign file: the manifest says the experiment wrote no move log", t.files[0].Path)
			}
			continue
		}
		have := map[[2]int]*File{}
		for i := range t.files {
			f := &t.files[i]
			have[[2]int{f.Cell, f.Batch}] = f
			if f.Cell >= e.NumCells() || f.Batch >= e.NumBatches() {
				return fmt.Errorf("%s: foreign file: the experiment of the manifest has %d cells of %d batches", f.Path, e.NumCells(), e.NumBatches())
			}
			if cell := e.Cell(f.Cell); cell.Ruleset != f.Ruleset {
				return fmt.Errorf("%s: foreign file: cell %d of the experiment plays %s", f.Path, f.Cell, cell.Ruleset)
			}
		}
		for c := 0; c < e.NumCells(); c++ {
			cell := e.Cell(c)
			for b := 0; b < e.NumBatches(); b++ {
				f := have[[2]int{c, b}]
				if f == nil {
					path := dataset.BatchPath(dir, t.name, cell.Ruleset, c, b)
					if m.BatchesDone == m.Batches {
						return fmt.Errorf("%s: missing, though the manifest says the experiment is complete (deleted or moved?)", path)
					}
					return fmt.Errorf("%s: missing: the experiment has %d of %d batches done; if baolab sim is not running on it, run the same command (every shard of it) again to finish it", path, m.BatchesDone, m.Batches)
				}
				lo, hi := e.BatchRange(b)
				f.want = Expect{Known: true, Exp: &m.Experiment, Agents: cell.Agents, FirstID: e.GameID(c, lo), Games: int64(hi - lo)}
			}
		}
	}
	return nil
}

// manifestsAgree checks that manifest.json, when there is one beside the
// shard manifests (which ReadManifest merged into m), describes the same
// experiment: a directory holding the manifests of two experiments has
// been mixed up (copied over, or edited by hand).
func manifestsAgree(dir string, m dataset.Manifest) error {
	if len(m.Shards) == 0 {
		return nil
	}
	path := filepath.Join(dir, dataset.ManifestName)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	var top dataset.Manifest
	if err := json.Unmarshal(b, &top); err != nil {
		return fmt.Errorf("%s: corrupt manifest: %s", path, dataset.OneLine(err))
	}
	if d := top.Experiment.Diff(m.Experiment); d != "" {
		s := m.Shards[0]
		return fmt.Errorf("%s and %s disagree (%s): the directory mixes the manifests of two experiments; run baolab sim again (with --force to start over)",
			path, filepath.Join(dir, dataset.ShardDir, dataset.ShardManifestName(s.Shard, s.Shards)), d)
	}
	return nil
}
