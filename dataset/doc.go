// Package dataset defines the on-disk form of a baolab simulation dataset:
// the Arrow schemas of its two tables, the documentation of every column,
// the typed rows that the simulator writes and the analysis reads, and the
// Hive-style directory layout that outside tools (DuckDB, pandas, polars)
// read as one table per kind. Package sim plays games and hands their rows
// to this package; package analysis, its replay and its test-data writers
// read and write through the same types, so the import graph is
// cmd → {sim, analysis} → dataset → engine.
//
// A dataset directory holds
//
//	manifest.json
//	manifest.d/shard-<K>-of-<N>.json
//	rulesets.parquet
//	games/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//	moves/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//
// One file holds one batch: a fixed range of game indices of one cell (a
// ruleset × agent pair). Batch boundaries depend only on the experiment, so
// the same experiment writes the same files whatever the number of workers
// or shards. Every file carries all of its table's columns, ruleset
// included, so a single file can be read on its own; the partition
// directory repeats the ruleset for readers that use Hive partitioning.
// rulesets.parquet (RulesetsTable) has one row per ruleset with the
// experiment's ID and one typed column per rule option, defaults filled
// in, so that games can be modelled by option after a join on ruleset.
//
// # Experiment, cells and seeds
//
// Experiment describes a dataset: rulesets, agent pairs, games per cell,
// seed, batch size and whether moves are logged. Cell c plays
// Rules[c/len(Agents)] with Agents[c%len(Agents)]; its game i has game_id
// c×Games+i and the seed GameSeed(CellKey(Seed, ruleset, agents), i), which
// is the games table's seed column; each seat's agent is reset with
// AgentSeed(game seed, player). Experiment.Check is the one validation of
// an experiment, whether planned or read from a manifest.
//
// # Rows, batches, Writer and Reader
//
// GameRow and MoveRow are one row of each table, with the engine's types
// for the enumerated columns (ResultWords, EndReasonWords and PlayerWords
// are their words, ResultCode and EndReasonCode their codes).
// GameBatch and MoveBatch hold many rows column by column, in slices that
// are reused from batch to batch (appending never allocates once they
// have grown). Each column is defined once, with the slice it is written
// from and read into, so the schema, the Writer and the Reader cannot
// disagree. A Writer writes batches into a file under a temporary name
// and renames it when complete (TableFile.Commit, with FileMeta in the
// footer); a Reader streams chosen columns of a file back into a batch,
// checking the file as it goes.
//
// Columns are compressed with zstd and stored PLAIN (Boolean and hash
// columns, ply), dictionary-encoded (string columns) or
// DELTA_BINARY_PACKED (the other integer columns, deltaColumns); each
// column chunk's metadata names its encodings, which every Parquet reader
// follows. A Writer's encoders take their memory from a pool that keeps
// what the previous file freed.
//
// # Finished batches
//
// A file appears under its final name only once it is complete (it is
// written under a dot-name and renamed), and its footer's key-value
// metadata names the experiment (Experiment.ID), cell, batch, games and
// plies (MetaExperiment and the other Meta keys); CheckFile reads them.
// Within a batch the moves file is renamed before the games file, so a
// batch is finished exactly when its games file exists: after a crash a
// moves file may exist whose games file does not yet (it is rewritten
// when the run resumes); readers that must not see such rows join moves
// to games on game_id.
//
// # Manifests
//
// manifest.json (Manifest) is the merged view of the shard manifests in
// manifest.d (ShardManifest), one per process of `baolab sim --shard K/N`
// (an unsharded run is shard 0 of 1). ReadManifest merges the shard
// manifests afresh, so it is up to date even while shards still run.
//
// Each finished batch's record (BatchRecord) carries the size and the
// CRC-32C (Castagnoli polynomial, eight lowercase hex digits) of its files,
// as games_file and moves_file (FileSum; SumFile computes it, VerifySum
// checks a file against it). The writer sums the bytes as it writes them
// (TableFile.Sum). This extends format baolab-dataset/3 compatibly: the
// fields are optional, and a manifest written before them still reads.
// A resume of `baolab sim` checks every finished batch's footer, row
// counts and checksums against its record and plays again a batch whose
// files do not match; a batch recorded without checksums (an older
// dataset) or not recorded at all (a lost manifest, a run killed after the
// rename of its games file) is verified by reading its files whole
// (VerifyFile: every page decompressed, zstd checking each page's
// checksum), and its checksums are recorded from then on. Outside tools
// can check a file with any CRC-32C implementation (e.g. `crc32c` of
// Python's crc32c package, or `gsutil hash -c`, which prints it in base64).
//
// A file is written through a temporary file that is synced, renamed and
// whose directory is synced (Writer.Create and Writer.OpenDir let tests
// count those syncs). FaultHook, nil in every program, lets tests stop the
// process at each named point of a file's life (FaultWrite, FaultSynced,
// FaultRenamed, FaultCommitted, FaultManifest).
//
// # Reading
//
// Files lists a table's files, ReadFile reads one into an Arrow table with
// its dictionary columns, CheckFile reads a footer and CheckFooter checks
// it against the file's name and experiment; ParseFileName inverts
// FileName. They, OpenReader and OpenFile turn a corrupt or truncated
// file into a one-line error naming it: a panic of the Parquet reader is
// recovered (Recover), pages larger than MaxPageSize are refused, column
// chunks are read through a small buffer whatever length the footer gives,
// and an Arrow schema stored in the footer is used only when it is exactly
// one that baolab writes (decoding a corrupt one can exhaust memory).
//
// Outside tools read a table directly, e.g. in DuckDB:
//
//	SELECT ruleset, result, count(*) FROM 'DIR/games/*/*.parquet' GROUP BY ALL;
package dataset
