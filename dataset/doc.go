// Package dataset defines the on-disk form of a baolab simulation dataset:
// the Arrow schemas of its two tables, the documentation of every column,
// and the Hive-style directory layout that outside tools (DuckDB, pandas,
// polars) read as one table per kind.
//
// A dataset directory holds
//
//	manifest.json
//	manifest.d/shard-<K>-of-<N>.json
//	games/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//	moves/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//
// One file holds one batch: a fixed range of game indices of one cell (a
// ruleset × agent pair). Batch boundaries depend only on the experiment, so
// the same experiment writes the same files whatever the number of workers
// or shards. Every file carries all of its table's columns, ruleset
// included, so a single file can be read on its own; the partition
// directory repeats the ruleset for readers that use Hive partitioning.
//
// # Experiment, cells and seeds
//
// Experiment describes a dataset: rulesets, agent pairs, games per cell,
// seed, batch size and whether moves are logged. Cell c plays
// Rules[c/len(Agents)] with Agents[c%len(Agents)]; its game i has game_id
// c×Games+i and the seed GameSeed(CellKey(Seed, ruleset, agents), i), which
// is the games table's seed column.
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
// # Reading
//
// Files lists a table's files, ReadFile reads one into an Arrow table with
// its dictionary columns, and CheckFile reads a footer. They, and OpenFile
// through which package analysis streams files, turn a corrupt or truncated
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
