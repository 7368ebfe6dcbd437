package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/gofrs/flock"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/atomicfile"
)

// ErrOtherExperiment is returned (wrapped) when the output directory
// holds a dataset of another experiment.
var ErrOtherExperiment = errors.New("holds another experiment")

// ReportDir is the directory in a dataset directory where baolab analyze
// writes its report by default; --force removes it with the dataset.
const ReportDir = "report"

// ErrForeignFile is returned (wrapped) when a table directory of the
// dataset holds a Parquet file that is not a batch file of the
// experiment (a copied or stray file, which every reader would read).
var ErrForeignFile = errors.New("is not a batch file of this experiment")

// ErrShardBusy is returned (wrapped) when another process runs the same
// shard into the same directory.
var ErrShardBusy = errors.New("is being written by another process")

// store keeps the manifests of one shard of a dataset directory.
//
// Each shard process owns manifest.d/shard-K-of-N.json and holds an
// exclusive flock on manifest.d/shard-K-of-N.lock while it runs, so the
// same shard cannot run twice at once. manifest.json is rewritten, always
// through a temporary file and a rename, while holding an flock on
// manifest.d/.lock, from all shard manifests on disk: the last shard to
// write sees every other shard's final record. On filesystems without
// flock the locks are skipped (shards then only risk a stale
// manifest.json, never a wrong data file: the data files are checked on
// their own at every resume).
type store struct {
	dir           string
	exp           dataset.Experiment
	shard, shards int
	piece         dataset.ShardManifest
	run           int // index of this run in piece.Runs
	done          map[[2]int]dataset.BatchRecord
	// known holds the batches that the shard manifests on disk record,
	// with their files' checksums: what a resume verifies the files
	// against.
	known map[[2]int]dataset.BatchRecord
	// notes tell the user what the store found and did (manifests
	// rebuilt, files verified without a checksum, batches replayed).
	notes     []string
	readWhole int // batch files verified by reading them whole
	shardLock *flock.Flock
	countLock *flock.Flock // shared flock on manifest.d/shards-N.lock
	lastFlush time.Time
}

func (st *store) path(parts ...string) string {
	return filepath.Join(append([]string{st.dir}, parts...)...)
}

// lock takes an exclusive flock (gofrs/flock) on path (created if
// needed, 0666 less the umask). With block false it fails with
// ErrShardBusy if the lock is held. Filesystems that do not support flock
// give a nil lock and no error.
func lock(path string, block bool) (*flock.Flock, error) {
	l := flock.New(path, flock.SetPermissions(0o666))
	if block {
		return takeLock(l, func() (bool, error) { return true, l.Lock() })
	}
	return takeLock(l, l.TryLock)
}

// sharedLock takes a shared flock on path, waiting for it, as lock does.
func sharedLock(path string) (*flock.Flock, error) {
	l := flock.New(path, flock.SetPermissions(0o666))
	return takeLock(l, func() (bool, error) { return true, l.RLock() })
}

// takeLock runs try (again after EINTR) and sorts its outcome: l when
// taken, ErrShardBusy when held elsewhere, nil and no error when the file
// system has no flock.
func takeLock(l *flock.Flock, try func() (bool, error)) (*flock.Flock, error) {
	ok, err := try()
	for errors.Is(err, syscall.EINTR) {
		ok, err = try()
	}
	switch {
	case noFlock(err):
		return nil, nil
	case err != nil:
		return nil, err
	case !ok:
		return nil, ErrShardBusy
	}
	return l, nil
}

// noFlock reports whether err says that the file system cannot flock.
func noFlock(err error) bool {
	return errors.Is(err, syscall.ENOLCK) || errors.Is(err, errors.ErrUnsupported)
}

// lockHeld reports whether another open file holds an flock on path (a
// missing file is not held). Filesystems without flock report false.
func lockHeld(path string) (bool, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	l := flock.New(path, flock.SetFlag(os.O_RDONLY))
	got, err := takeLock(l, l.TryLock)
	switch {
	case errors.Is(err, ErrShardBusy):
		return true, nil
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	}
	unlock(got)
	return false, nil
}

// countLockName is the lock file that every process of a run with n
// shards holds shared while it runs.
func countLockName(n int) string { return fmt.Sprintf("shards-%04d.lock", n) }

// busyWith returns the lock files in manifest.d (other than those named in
// except) that a running process holds: shards-M.lock of a run with M
// shards, shard-K-of-M.lock of one shard process.
func (st *store) busyWith(except ...string) ([]string, error) {
	ents, err := os.ReadDir(st.path(dataset.ShardDir))
	if err != nil {
		return nil, err
	}
	var busy []string
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".lock") || !strings.HasPrefix(n, "shard") || slices.Contains(except, n) {
			continue
		}
		held, err := lockHeld(st.path(dataset.ShardDir, n))
		if err != nil {
			return nil, err
		}
		if held {
			busy = append(busy, n)
		}
	}
	return busy, nil
}

func unlock(l *flock.Flock) {
	if l != nil {
		l.Unlock() // unlocks and closes the file
	}
}

// openStore prepares dir for shard k of n of exp: it refuses a directory
// holding another experiment (or replaces it with force), takes the shard
// lock, loads the shard's earlier record and starts a new run in it.
func openStore(dir string, exp dataset.Experiment, k, n int, force bool, run dataset.Run) (st *store, err error) {
	st = &store{dir: dir, exp: exp, shard: k, shards: n, done: make(map[[2]int]dataset.BatchRecord)}
	if err := os.MkdirAll(st.path(dataset.ShardDir), 0o777); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	st.shardLock, err = lock(st.path(dataset.ShardDir, shardLockName(k, n)), false)
	if err != nil {
		if errors.Is(err, ErrShardBusy) {
			return nil, fmt.Errorf("output directory %s: shard %d/%d %w", dir, k, n, ErrShardBusy)
		}
		return nil, fmt.Errorf("output directory: lock: %w", err)
	}
	locked := st
	defer func() {
		if err != nil {
			locked.close()
		}
	}()
	if err = st.prepare(force, run); err != nil {
		return nil, err
	}
	if err = st.writeManifest(); err != nil {
		return nil, err
	}
	return st, nil
}

// prepare checks the directory and starts this run's record, under the
// directory lock.
func (st *store) prepare(force bool, run dataset.Run) error {
	k, n, dir := st.shard, st.shards, st.dir
	dl, err := lock(st.path(dataset.ShardDir, ".lock"), true)
	if err != nil {
		return fmt.Errorf("output directory: lock: %w", err)
	}
	defer unlock(dl)
	// Processes of one run with n shards (a Slurm array) run at once, on
	// disjoint batches. A run with another shard count would play the same
	// batches, and --force of another experiment would delete files being
	// written: both wait until no other run holds its locks.
	busy, err := st.busyWith(countLockName(n), shardLockName(k, n))
	if err != nil {
		return fmt.Errorf("output directory: lock: %w", err)
	}
	for _, b := range busy {
		var m int
		if _, err := fmt.Sscanf(b, "shards-%d.lock", &m); err == nil {
			return fmt.Errorf("output directory %s %w with %d shards (--shard K/%d); wait for it to end or stop it, then run again", dir, ErrShardBusy, m, m)
		}
	}
	if err := st.checkExperiment(force, busy); err != nil {
		return err
	}
	st.countLock, err = sharedLock(st.path(dataset.ShardDir, countLockName(n)))
	if err != nil {
		return fmt.Errorf("output directory: lock: %w", err)
	}
	atomicfile.RemoveStale(filepath.Join(dir, dataset.ManifestName))
	atomicfile.RemoveStale(st.path(dataset.ShardDir, dataset.ShardManifestName(k, n)))
	own := st.path(dataset.ShardDir, dataset.ShardManifestName(k, n))
	if b, err := os.ReadFile(own); err == nil {
		if err := json.Unmarshal(b, &st.piece); err != nil {
			return fmt.Errorf("output directory: %s: %w", own, err)
		}
	}
	pieces, err := dataset.ReadShardManifests(dir)
	if err != nil {
		return fmt.Errorf("output directory: %w", err)
	}
	st.known = make(map[[2]int]dataset.BatchRecord)
	for _, p := range pieces {
		for _, b := range p.Batches {
			st.known[[2]int{b.Cell, b.Batch}] = b
		}
	}
	st.piece.Format, st.piece.Experiment, st.piece.Shard, st.piece.Shards = dataset.Format, st.exp, k, n
	for _, b := range st.piece.Batches {
		st.done[[2]int{b.Cell, b.Batch}] = b
	}
	st.piece.Runs = append(st.piece.Runs, run)
	st.run = len(st.piece.Runs) - 1
	// The rulesets table depends only on the experiment: every shard and
	// every resume writes the same bytes (atomically), and a dataset of an
	// earlier baolab gains it when its sim command is run again.
	if err := dataset.WriteRulesets(dir, st.exp); err != nil {
		return fmt.Errorf("output directory: %w", err)
	}
	return st.writePiece()
}

// formatDiff says why a dataset of another format is not extended.
func formatDiff(format string) string {
	if dataset.Readable(format) {
		return fmt.Sprintf("dataset format %q, which baolab analyze reads but sim does not extend (its rows lack the %s column of %q): start a new directory", format, dataset.ExperimentID, dataset.Format)
	}
	return fmt.Sprintf("dataset format %q, not %q", format, dataset.Format)
}

// checkExperiment refuses (or with force clears) a directory whose
// manifests or data belong to another experiment. Called under the
// directory lock.
func (st *store) checkExperiment(force bool, busy []string) error {
	var other []string
	var m dataset.Manifest
	b, err := os.ReadFile(st.path(dataset.ManifestName))
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &m); err != nil {
			// manifest.json is only the merged view of the shard
			// manifests: it is rebuilt from them, or from the files.
			st.notes = append(st.notes, fmt.Sprintf("%s was unreadable (%v): rebuilt", dataset.ManifestName, err))
			b = nil
		} else if d := m.Experiment.Diff(st.exp); d != "" {
			other = append(other, d)
		} else if m.Format != dataset.Format {
			other = append(other, formatDiff(m.Format))
		}
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("output directory: %w", err)
	}
	pieces, err := st.readPieces()
	if err != nil {
		return err
	}
	for _, p := range pieces {
		d := p.Experiment.Diff(st.exp)
		if d == "" && p.Format != dataset.Format {
			d = formatDiff(p.Format)
		}
		if d != "" && !strings.Contains(strings.Join(other, "\n"), d) {
			other = append(other, d)
		}
	}
	if len(other) == 0 && len(pieces) == 0 && len(b) == 0 {
		d, n := st.dataWithoutManifest()
		if d != "" {
			other = append(other, d)
		} else if n > 0 {
			st.notes = append(st.notes, fmt.Sprintf("no manifest: rebuilding it from the %d batch files of this experiment that verify", n))
		}
	}
	if len(other) == 0 {
		return nil
	}
	if !force {
		return fmt.Errorf("output directory %s %w (%s); use --force to replace it or choose another --out", st.dir, ErrOtherExperiment, other[0])
	}
	if len(busy) > 0 {
		return fmt.Errorf("output directory %s %w (%s held): --force would delete its files; wait for it to end or stop it", st.dir, ErrShardBusy, filepath.Join(dataset.ShardDir, busy[0]))
	}
	for _, t := range []string{dataset.Games, dataset.Moves} {
		if err := os.RemoveAll(st.path(t)); err != nil {
			return fmt.Errorf("output directory: --force: %w", err)
		}
	}
	if err := os.Remove(st.path(dataset.ManifestName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("output directory: --force: %w", err)
	}
	// The reports of the old experiment (baolab analyze's default
	// DIR/report, or any --out inside DIR) would describe a dataset that
	// is gone.
	if err := st.removeReports(); err != nil {
		return fmt.Errorf("output directory: --force: %w", err)
	}
	ents, _ := os.ReadDir(st.path(dataset.ShardDir))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".json") {
			if err := os.Remove(st.path(dataset.ShardDir, e.Name())); err != nil {
				return fmt.Errorf("output directory: --force: %w", err)
			}
		}
	}
	return nil
}

// readPieces reads the shard manifests in manifest.d. One that does not
// parse (a corrupt file) is moved aside to NAME.corrupt, with a note: the
// batches it recorded are found again from their files, which verify on
// their own (see finished).
func (st *store) readPieces() ([]dataset.ShardManifest, error) {
	for {
		pieces, err := dataset.ReadShardManifests(st.dir)
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if err == nil || !errors.As(err, &se) && !errors.As(err, &te) && !errors.Is(err, io.ErrUnexpectedEOF) {
			if err != nil {
				err = fmt.Errorf("output directory: %w", err)
			}
			return pieces, err
		}
		bad := corruptPiece(st.path(dataset.ShardDir))
		if bad == "" {
			return nil, fmt.Errorf("output directory: %w", err)
		}
		if err := os.Rename(bad, bad+".corrupt"); err != nil {
			return nil, fmt.Errorf("output directory: %w", err)
		}
		st.notes = append(st.notes, fmt.Sprintf("%s was unreadable: moved to %s.corrupt, its batches verified from their files", filepath.Join(dataset.ShardDir, filepath.Base(bad)), filepath.Base(bad)))
	}
}

// corruptPiece returns the first shard manifest in dir that is not valid
// JSON, "" if there is none.
func corruptPiece(dir string) string {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasPrefix(n, "shard-") || !strings.HasSuffix(n, ".json") {
			continue
		}
		var s dataset.ShardManifest
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil && json.Unmarshal(b, &s) != nil {
			return filepath.Join(dir, n)
		}
	}
	return ""
}

// dataWithoutManifest looks at the Parquet files of a directory that has
// no manifest. It returns what makes them not this experiment's (a file
// not named as one of its batches, or whose footer names another
// experiment), or else "" and the number of files, from which the
// manifest is rebuilt (a file whose footer is unreadable is a broken
// batch file: it is played again).
func (st *store) dataWithoutManifest() (other string, n int) {
	for _, t := range []string{dataset.Games, dataset.Moves} {
		files, err := st.tableFiles(t)
		if err != nil {
			return fmt.Sprintf("%s/ without a manifest (%v)", t, err), 0
		}
		for _, f := range files {
			if !f.expected {
				return fmt.Sprintf("%s without a manifest", f.rel), 0
			}
			if info, err := dataset.CheckFile(f.path); err == nil && info.Meta[dataset.MetaExperiment] != st.exp.ID() {
				return fmt.Sprintf("%s, without a manifest, written by experiment %q", f.rel, info.Meta[dataset.MetaExperiment]), 0
			}
			n++
		}
	}
	return "", n
}

// tableFile is a Parquet file found in a table directory.
type tableFile struct {
	path, rel string // rel: relative to the dataset directory
	expected  bool   // named as a batch file of the experiment, in its partition
}

// tableFiles lists the Parquet files (not the temporary dot files) of
// table in every partition directory, saying which are named as batch
// files of the experiment. A missing table directory has none.
func (st *store) tableFiles(table string) ([]tableFile, error) {
	parts, err := os.ReadDir(st.path(table))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []tableFile
	for _, p := range parts {
		if !p.IsDir() {
			if n := p.Name(); strings.HasSuffix(n, ".parquet") && !strings.HasPrefix(n, ".") {
				out = append(out, tableFile{path: st.path(table, n), rel: filepath.Join(table, n)})
			}
			continue
		}
		rs, rerr := dataset.RulesetFromPartition(p.Name())
		ents, err := os.ReadDir(st.path(table, p.Name()))
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			n := e.Name()
			if e.IsDir() || strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".parquet") {
				continue
			}
			c, b, ok := dataset.ParseFileName(n)
			ok = ok && rerr == nil && c < st.exp.NumCells() && b < st.exp.NumBatches() &&
				st.exp.Cell(c).Ruleset == rs && p.Name() == filepath.Base(dataset.PartitionDir("", table, rs)) &&
				(table == dataset.Games || st.exp.Moves)
			out = append(out, tableFile{path: st.path(table, p.Name(), n), rel: filepath.Join(table, p.Name(), n), expected: ok})
		}
	}
	return out, nil
}

// checkForeignFiles refuses a dataset whose table directories hold a
// Parquet file that is not one of the experiment's batch files.
func (st *store) checkForeignFiles() error {
	for _, t := range []string{dataset.Games, dataset.Moves} {
		files, err := st.tableFiles(t)
		if err != nil {
			return fmt.Errorf("output directory: %w", err)
		}
		for _, f := range files {
			if !f.expected {
				return fmt.Errorf("output directory %s: %s %w (readers would read it with the dataset); move it out of the directory", st.dir, f.rel, ErrForeignFile)
			}
		}
	}
	return nil
}

// summaryFormat starts the format of the summary.json of every report
// that baolab analyze writes (package analysis/summary, which sim does not
// import).
const summaryFormat = "baolab-summary/"

// removeReports removes every directory inside the dataset directory,
// outside its tables and manifests, that holds a report of baolab analyze:
// DIR/report with a summary.json, or another directory with a
// summary.json whose format is baolab's.
func (st *store) removeReports() error {
	var reports []string
	err := filepath.WalkDir(st.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != st.dir && slices.Contains([]string{dataset.Games, dataset.Moves, dataset.ShardDir}, d.Name()) && filepath.Dir(p) == st.dir {
			return filepath.SkipDir
		}
		if d.IsDir() || d.Name() != "summary.json" || filepath.Dir(p) == st.dir {
			return nil
		}
		var s struct{ Format string }
		if filepath.Dir(p) == st.path(ReportDir) {
			reports = append(reports, filepath.Dir(p)) // the default place: any summary.json
		} else if b, err := os.ReadFile(p); err == nil && json.Unmarshal(b, &s) == nil && strings.HasPrefix(s.Format, summaryFormat) {
			reports = append(reports, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range reports {
		if err := os.RemoveAll(r); err != nil {
			return err
		}
	}
	return nil
}

// removeBatchTemps removes the temporary files that earlier runs of this
// shard left behind (a run killed while writing a batch). Only this shard
// writes the batches it plays, and while it runs no run with another
// shard count may write into the directory (see openStore), so no file of
// a running writer is touched. Each partition directory is read once.
func (st *store) removeBatchTemps() {
	for _, r := range st.exp.Rules {
		for _, t := range []string{dataset.Games, dataset.Moves} {
			dir := dataset.PartitionDir(st.dir, t, r)
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				base, ok := dataset.TempBatch(e.Name())
				var c, b int
				if !ok {
					continue
				}
				if _, err := fmt.Sscanf(base, "part-c%d-b%d.parquet", &c, &b); err != nil || dataset.FileName(c, b) != base {
					continue
				}
				if c < st.exp.NumCells() && st.exp.Cell(c).Ruleset == r && dataset.ShardOf(b, st.shards) == st.shard {
					os.Remove(filepath.Join(dir, e.Name()))
				}
			}
		}
	}
}

// finished reports whether batch b of cell c is complete on disk: its
// games file (and moves file, if the experiment logs moves) has a valid
// footer written by this experiment for this batch, with the expected row
// counts (dataset.CheckFooter), and each file has the size and CRC-32C
// that a shard manifest records for it. A batch that no manifest records
// with checksums (an older dataset, a lost manifest, a run killed
// between the rename of a games file and the manifest update) is
// verified by reading its files whole (dataset.VerifyFile), and its
// checksums are recorded from then on. A batch whose files do not match
// its record has its games file (the mark of a finished batch) removed:
// it is played again.
func (st *store) finished(c, b int) (dataset.BatchRecord, bool) {
	cell := st.exp.Cell(c)
	name := dataset.FileName(c, b)
	path := func(table string) string {
		return filepath.Join(dataset.PartitionDir(st.dir, table, cell.Ruleset), name)
	}
	check := func(table string, plies int64) (dataset.FileInfo, bool) {
		info, err := dataset.CheckFile(path(table))
		if err == nil {
			_, err = dataset.CheckFooter(info.Meta, info.Rows, table, c, b, &st.exp, plies)
		}
		// A file of an older format (no experiment_id column) is not
		// this format's batch: it is played again, not extended.
		return info, err == nil && slices.Contains(info.Columns, dataset.ExperimentID)
	}
	g, ok := check(dataset.Games, -1)
	if !ok {
		return dataset.BatchRecord{}, false
	}
	plies := g.Int(dataset.MetaPlies)
	if st.exp.Moves {
		if _, ok := check(dataset.Moves, plies); !ok {
			return dataset.BatchRecord{}, false
		}
	}
	rec := dataset.BatchRecord{Cell: c, Batch: b, Games: int(g.Rows), Plies: plies}
	tables := []string{dataset.Games}
	if st.exp.Moves {
		tables = append(tables, dataset.Moves)
	}
	if err := st.verify(&rec, path, tables); err != nil {
		os.Remove(path(dataset.Games))
		st.notes = append(st.notes, fmt.Sprintf("batch %d of cell %d played again: %v", b, c, err))
		return dataset.BatchRecord{}, false
	}
	return rec, true
}

// verify checks the files of the batch of rec against the record of a
// shard manifest, or reads them whole when none records their checksums,
// and fills in rec's checksums.
func (st *store) verify(rec *dataset.BatchRecord, path func(string) string, tables []string) error {
	known, ok := st.known[[2]int{rec.Cell, rec.Batch}]
	sums := []**dataset.FileSum{&known.GamesFile, &known.MovesFile}
	out := []**dataset.FileSum{&rec.GamesFile, &rec.MovesFile}
	if ok && known.GamesFile != nil && (known.MovesFile != nil) == (len(tables) == 2) {
		if known.Games != rec.Games || known.Plies != rec.Plies {
			return fmt.Errorf("%s holds %d games and %d plies, the manifest records %d and %d", path(dataset.Games), rec.Games, rec.Plies, known.Games, known.Plies)
		}
		for i, t := range tables {
			if err := dataset.VerifySum(path(t), **sums[i]); err != nil {
				return err
			}
			*out[i] = *sums[i]
		}
		return nil
	}
	for i, t := range tables {
		if err := dataset.VerifyFile(path(t), t); err != nil {
			return err
		}
		sum, err := dataset.SumFile(path(t))
		if err != nil {
			return err
		}
		*out[i] = &sum
		st.readWhole++
	}
	return nil
}

// add records a finished batch.
func (st *store) add(r dataset.BatchRecord, thisRun bool) {
	st.done[[2]int{r.Cell, r.Batch}] = r
	if thisRun {
		st.piece.Runs[st.run].Games += int64(r.Games)
		st.piece.Runs[st.run].Plies += r.Plies
	}
}

// forget drops a batch recorded earlier whose files are gone or broken.
func (st *store) forget(c, b int) { delete(st.done, [2]int{c, b}) }

func (st *store) writePiece() error {
	st.piece.Batches = st.piece.Batches[:0]
	for _, b := range st.done {
		st.piece.Batches = append(st.piece.Batches, b)
	}
	sort.Slice(st.piece.Batches, func(i, j int) bool {
		x, y := st.piece.Batches[i], st.piece.Batches[j]
		return x.Cell < y.Cell || x.Cell == y.Cell && x.Batch < y.Batch
	})
	return dataset.WriteShardManifest(st.dir, st.piece)
}

// writeManifest rewrites manifest.json from every shard manifest on disk.
func (st *store) writeManifest() error {
	dl, err := lock(st.path(dataset.ShardDir, ".lock"), true)
	if err != nil {
		return fmt.Errorf("manifest: lock: %w", err)
	}
	defer unlock(dl)
	pieces, err := dataset.ReadShardManifests(st.dir)
	if err != nil {
		return err
	}
	m, err := dataset.Merge(st.exp, pieces)
	if err != nil {
		return err
	}
	st.lastFlush = time.Now()
	return dataset.WriteManifest(st.dir, m)
}

// flush writes the shard manifest and manifest.json, at most every
// interval unless force is set.
func (st *store) flush(force bool, interval time.Duration) error {
	if !force && time.Since(st.lastFlush) < interval {
		return nil
	}
	if err := st.writePiece(); err != nil {
		return err
	}
	return st.writeManifest()
}

// finish records the end of this run and writes the manifests. It
// returns whether the whole dataset (every shard) is complete.
func (st *store) finish(status string, runErr error) (bool, error) {
	now := time.Now().UTC()
	r := &st.piece.Runs[st.run]
	r.End, r.Status = &now, status
	if runErr != nil {
		r.Error = runErr.Error()
	}
	err := st.flush(true, 0)
	complete := false
	if m, rerr := dataset.ReadManifest(st.dir); rerr == nil {
		complete = m.Complete
	}
	return complete, err
}

func (st *store) close() {
	unlock(st.countLock)
	unlock(st.shardLock)
	st.countLock, st.shardLock = nil, nil
}

// shardLockName is the lock file that the process of shard k of n holds
// exclusively while it runs.
func shardLockName(k, n int) string {
	return strings.TrimSuffix(dataset.ShardManifestName(k, n), ".json") + ".lock"
}
